"""Enlist (S-7.4): a recruit token from a bottom-row section to a one-time bonus space.

Frames (``frames.py``): ``Enlist`` asks which section's recruit (``recruit build``: from
then on that bottom action pays its recruit ongoing bonus to the seat when it or a
neighbour takes it); ``EnlistBonus`` asks which one-time bonus (``bonus power``), gained at
once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.engine import Action, Frame
from boardlab.engine.layouts import PLAYER
from boardlab.games.scythe import actions as A
from boardlab.games.scythe.frames import EnlistBonus
from boardlab.games.scythe.tables import ALL_BOTTOM, ENLIST_BONUS, N_SECTIONS
from boardlab.games.scythe.tracks import offer_gain

if TYPE_CHECKING:
    from boardlab.games.scythe.state import ScytheState


def options_enlist(s: ScytheState, f: Frame) -> list[Action]:
    seat = f[PLAYER]
    if s.recruit_bonuses[seat] == ALL_BOTTOM:
        return []
    taken = s.recruits[seat]
    return [A.RECRUIT[b] for b in range(N_SECTIONS) if not taken & (1 << b)]


def resolve_enlist(s: ScytheState, f: Frame, a: Action) -> None:
    s.stack[-1] = (EnlistBonus.key, f[PLAYER], A.INDEX_OF[a.id])


def options_enlist_bonus(s: ScytheState, f: Frame) -> list[Action]:
    covered = s.recruit_bonuses[f[PLAYER]]
    return [A.BONUS[k] for k in range(len(ENLIST_BONUS)) if not covered & (1 << k)]


def resolve_enlist_bonus(s: ScytheState, f: Frame, a: Action) -> None:
    seat, recruit = f[PLAYER], f[EnlistBonus.recruit]
    k = A.INDEX_OF[a.id]
    s.recruits[seat] |= 1 << recruit
    s.recruit_bonuses[seat] |= 1 << k
    s.stack.pop()
    offer_gain(s, seat, *ENLIST_BONUS[k])
