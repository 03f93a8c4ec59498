"""Rounds (C-5, C-9.9, C-14.1): the phase sequence, the end of the game, key passing; the
scores themselves are ``scoring.py``'s."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.games.compounded import events
from boardlab.games.compounded.content import CONTENT
from boardlab.games.compounded.frames import (
    OVER,
    CapacityCheck,
    Draws,
    EndRound,
    Frame,
    LabKeyWindow,
    LabTurns,
    Refill,
    RelocationRound,
    ResearchPhase,
    StartClaims,
    StartRound,
    TradeOffer,
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
    stack.append((EndRound.key, -1))
    stack.append((LabKeyWindow.key, -1, 0))
    stack.append((Refill.key, -1))
    stack.append((LabTurns.key, -1, 0))
    stack.append((ResearchPhase.key, -1, 0))
    stack.append((RelocationRound.key, -1, 0))
    stack.append((StartClaims.key, -1))
    if s.round > 1:
        stack.append((CapacityCheck.key, -1))
        if s.options.get("trade_offers", CONTENT.proposals_per_phase) > 0:
            stack.append((TradeOffer.key, s.lead, 0))
        stack.append((Draws.key, -1))


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
    s.stack[-1] = (StartRound.key, -1)
