"""Upgrade (S-7.1): a cube from a top-row upgrade box to an empty bottom-row box.

Frames (``frames.py``): ``Upgrade`` asks which top-row box to uncover (``upgrade move``),
only when a bottom-row box is free too; ``UpgradeTo`` asks which bottom action the cube
makes cheaper (``cube deploy``). Encounter and Factory gains push the same frames.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.engine import Action, Frame
from boardlab.engine.layouts import PLAYER
from boardlab.games.scythe import actions as A
from boardlab.games.scythe.frames import UpgradeTo
from boardlab.games.scythe.tables import N_SECTIONS, N_UPGRADES, UPGRADE_SLOTS

if TYPE_CHECKING:
    from boardlab.games.scythe.state import ScytheState


def free_bottom_boxes(s: ScytheState, seat: int) -> list[int]:
    """The bottom actions with an empty upgradeable box left."""
    slots = UPGRADE_SLOTS[s.mat[seat]]
    cubes = s.bottom_cubes
    row = seat * N_SECTIONS
    return [b for b in range(N_SECTIONS) if cubes[row + b] < slots[b]]


def options_upgrade(s: ScytheState, f: Frame) -> list[Action]:
    seat = f[PLAYER]
    if not free_bottom_boxes(s, seat):
        return []
    done = s.top_upgrades[seat]
    return [A.UPGRADE_TOP[box] for box in range(N_UPGRADES) if not done & (1 << box)]


def resolve_upgrade(s: ScytheState, f: Frame, a: Action) -> None:
    s.stack[-1] = (UpgradeTo.key, f[PLAYER], A.INDEX_OF[a.id])


def options_upgrade_to(s: ScytheState, f: Frame) -> list[Action]:
    return [A.CUBE[b] for b in free_bottom_boxes(s, f[PLAYER])]


def resolve_upgrade_to(s: ScytheState, f: Frame, a: Action) -> None:
    seat, box = f[PLAYER], f[UpgradeTo.box]
    s.top_upgrades[seat] |= 1 << box
    s.bottom_cubes[seat * N_SECTIONS + A.INDEX_OF[a.id]] += 1
    s.stack.pop()
