"""Build (S-7.3): a structure from the player mat, one per territory, never on a lake or a
home base; the Factory is allowed.

Frames (``frames.py``): ``Build`` asks which structure (``structure mill``); ``BuildAt``
asks where (``at r3c3``): a territory the seat controls holding one of its workers and no
structure of anyone. A ``territory`` >= 0 fixes it (encounters).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.engine import Action, Frame
from boardlab.engine.layouts import PLAYER
from boardlab.games.scythe import actions as A
from boardlab.games.scythe.board import BIT, LAKES, TERRITORIES, bits
from boardlab.games.scythe.control import worker_territories
from boardlab.games.scythe.frames import Build, BuildAt
from boardlab.games.scythe.tables import N_STRUCTURES, OFF_BOARD

if TYPE_CHECKING:
    from boardlab.games.scythe.state import ScytheState


def built_mask(s: ScytheState) -> int:
    """Every territory holding a structure, of any seat."""
    mask = 0
    for space in s.structures:
        mask |= BIT[space]
    return mask


def places(s: ScytheState, seat: int, at: int) -> int:
    mask = (BIT[at] & TERRITORIES & ~LAKES) if at >= 0 else worker_territories(s, seat)
    return mask & ~built_mask(s)


def options_build(s: ScytheState, f: Frame) -> list[Action]:
    seat, at = f[PLAYER], f[Build.territory]
    if not places(s, seat, at):
        return []
    row = seat * N_STRUCTURES
    return [A.STRUCTURE[k] for k in range(N_STRUCTURES) if s.structures[row + k] == OFF_BOARD]


def resolve_build(s: ScytheState, f: Frame, a: Action) -> None:
    s.stack[-1] = (BuildAt.key, f[PLAYER], A.INDEX_OF[a.id], f[Build.territory])


def options_build_at(s: ScytheState, f: Frame) -> list[Action]:
    return [A.AT[space] for space in bits(places(s, f[PLAYER], f[BuildAt.territory]))]


def resolve_build_at(s: ScytheState, f: Frame, a: Action) -> None:
    seat, structure = f[PLAYER], f[BuildAt.structure]
    s.structures[seat * N_STRUCTURES + structure] = A.space_of(a)
    s.stack.pop()
