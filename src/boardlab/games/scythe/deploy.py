"""Deploy (S-7.2): a mech from the faction mat, unlocking the ability it covered.

Frames (``frames.py``): ``Deploy`` asks which mech (``mech speed``: by the ability it
unlocks); ``DeployAt`` asks where (``at r3c3``): a territory the seat controls holding one
of its workers, never a lake. A ``territory`` >= 0 fixes it (an encounter's gain goes on
the character's territory, S-10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.engine import Action, Frame
from boardlab.engine.layouts import PLAYER
from boardlab.games.scythe import actions as A
from boardlab.games.scythe.board import BIT, LAKES, TERRITORIES, bits
from boardlab.games.scythe.control import worker_territories
from boardlab.games.scythe.frames import Deploy, DeployAt
from boardlab.games.scythe.tables import MECH, MECH_SLOT, N_MECHS, OFF_BOARD, UNITS_PER_SEAT

if TYPE_CHECKING:
    from boardlab.games.scythe.state import ScytheState


def places(s: ScytheState, seat: int, at: int) -> int:
    if at >= 0:
        return BIT[at] & TERRITORIES & ~LAKES
    return worker_territories(s, seat)


def options_deploy(s: ScytheState, f: Frame) -> list[Action]:
    seat, at = f[PLAYER], f[Deploy.territory]
    if not places(s, seat, at):
        return []
    base = seat * UNITS_PER_SEAT + MECH
    row = A.MECH[s.faction[seat]]
    return [row[k] for k in range(N_MECHS) if s.units[base + k] == OFF_BOARD]


def resolve_deploy(s: ScytheState, f: Frame, a: Action) -> None:
    seat = f[PLAYER]
    slot = MECH_SLOT[s.faction[seat]][str(a.args[0])]
    s.stack[-1] = (DeployAt.key, seat, slot, f[Deploy.territory])


def options_deploy_at(s: ScytheState, f: Frame) -> list[Action]:
    return [A.AT[space] for space in bits(places(s, f[PLAYER], f[DeployAt.territory]))]


def resolve_deploy_at(s: ScytheState, f: Frame, a: Action) -> None:
    seat, slot = f[PLAYER], f[DeployAt.slot]
    s.units[seat * UNITS_PER_SEAT + MECH + slot] = A.space_of(a)
    s.stack.pop()
