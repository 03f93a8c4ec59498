"""Rounds (C-5, C-9.9, C-14.1): the phase sequence, the end of the game, key passing; the
scores themselves are ``scoring.py``'s."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.games.compounded import events
from boardlab.games.compounded.content import CONTENT
from boardlab.games.compounded.frames import (
    D_TRADE_TURN,
    OVER,
    T_CAPACITY,
    T_CLAIMS,
    T_DRAW,
    T_END_ROUND,
    T_LAB,
    T_LAB_KEY,
    T_REFILL,
    T_RELOCATE,
    T_RESEARCH,
    T_ROUND,
    Frame,
)
from boardlab.games.compounded.scoring import end_conditions, final_bonus

if TYPE_CHECKING:
    from boardlab.games.compounded.state import CompoundedState


def start_round(s: CompoundedState, frame: Frame) -> None:
    """Reset per-round limits and queue the four phases; round 1 has no Discovery (A27)."""
    n = s.players
    s.equip_this_round = [0] * (n * 6)  # equipment taken last round is usable from now on (A37)
    s.used_cylinder = [0] * n
    s.used_pipette = [0] * n
    s.used_swap = [0] * n
    s.used_goggles = [0] * n
    s.used_paper = [0] * n
    s.offers = [0] * n
    s.lab_fire_this_round = 0
    s.announce("round", events.ROUND, s.round)
    stack = s.stack
    stack.pop()
    stack.append((T_END_ROUND, -1))
    stack.append((T_LAB_KEY, -1, 0))
    stack.append((T_REFILL, -1))
    stack.append((T_LAB, -1, 0))
    stack.append((T_RESEARCH, -1, 0))
    stack.append((T_RELOCATE, -1, 0))
    stack.append((T_CLAIMS, -1))
    if s.round > 1:
        stack.append((T_CAPACITY, -1))
        if s.options.get("trade_offers", CONTENT.proposals_per_phase) > 0:
            stack.append((D_TRADE_TURN, s.lead, 0))
        stack.append((T_DRAW, -1))


def end_round(s: CompoundedState, frame: Frame) -> None:
    """C-14.1 after the Lab Key window; otherwise the wooden key passes (C-9.9)."""
    if end_conditions(s):
        s.bonus = [final_bonus(s, p) for p in range(s.players)]
        s.phase = OVER
        s.stack.pop()
        return
    s.lead = s.next_lead if s.next_lead >= 0 else (s.lead + 1) % s.players
    s.next_lead = -1
    s.round += 1
    s.stack[-1] = (T_ROUND, -1)
