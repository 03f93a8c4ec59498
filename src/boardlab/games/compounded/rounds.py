"""Rounds (C-5, C-9.9, C-14): the phase sequence, the end check, final scoring, key passing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.games.compounded import events
from boardlab.games.compounded.content import CONTENT, STABILITY
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
from boardlab.games.compounded.lab import points
from boardlab.games.compounded.workbench import (
    CARDS,
    EMPTY,
    complete_extinguishers,
    maxed_count,
    stored,
)

if TYPE_CHECKING:
    from boardlab.games.compounded.state import CompoundedState


def start_round(s: CompoundedState, frame: Frame) -> None:
    """Reset per-round limits and queue the four phases; round 1 has no Discovery (A27)."""
    n = s.players
    s.fresh = [0] * (n * 6)  # equipment taken last round is usable from now on (A37)
    s.used_cylinder = [0] * n
    s.used_pipette = [0] * n
    s.used_swap = [0] * n
    s.used_goggles = [0] * n
    s.used_paper = [0] * n
    s.offers = [0] * n
    s.lf_resolved = 0
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


def end_conditions(s: CompoundedState) -> list[str]:
    """The end conditions that hold now (C-14.1, A34): "A", "B", "C" and/or "round cap"."""
    held: list[str] = []
    if any(ap >= CONTENT.score_threshold for ap in s.ap):
        held.append("A")
    if any(maxed_count(s, p) >= CONTENT.maxed_needed for p in range(s.players)):
        held.append("B")
    if s.end_c:
        held.append("C")
    if s.round >= CONTENT.round_cap:
        held.append("round cap")
    return held


def end_reason(s: CompoundedState) -> str:
    """Why the game ended, in words: each end condition that held after the last round."""
    if s.phase != OVER:
        return ""
    reasons = []
    for held in end_conditions(s):
        if held == "A":
            who = [p for p in range(s.players) if s.ap[p] >= CONTENT.score_threshold]
            reasons.append(f"{_names(who)} reached {CONTENT.score_threshold} atomic points")
        elif held == "B":
            who = [p for p in range(s.players) if maxed_count(s, p) >= CONTENT.maxed_needed]
            verb = "has" if len(who) == 1 else "have"
            reasons.append(f"{_names(who)} {verb} {CONTENT.maxed_needed} experiments at "
                           "their top level")
        elif held == "C":
            reasons.append("the deck ran out, so the field could not be refilled")
        else:
            reasons.append(f"round {CONTENT.round_cap} is the last round the game allows")
    return f"The game ended after round {s.round}: {'; '.join(reasons)}."


def _names(seats: list[int]) -> str:
    return " and ".join(f"P{p + 1}" for p in seats)


# The names of the sources of points, as the player's guide names them (C-9.2, C-10.1, C-14.2).
COMPOUNDS_SCORED = "compounds scored"
STABILITY_APPROVAL = "Stability approval"
ITEMS_ON_CLAIMS = "items on claimed compounds"
STORAGE = "crystals in storage"
EXTINGUISHERS = "full extinguishers"
WILD_TOKENS = "wild tokens"


def end_bonuses(s: CompoundedState, p: int) -> dict[str, int]:
    """C-14.2 by source: items on own claims, half the storage, full extinguishers, wild tokens."""
    items = sum(
        sum(1 for slot in s.field_items[pos] if slot != EMPTY)
        for pos in range(16)
        if s.claim_owner[pos] == p and s.field_card[pos] >= 0
    )
    return {
        ITEMS_ON_CLAIMS: items * CONTENT.end_per_item_on_claim,
        STORAGE: stored(s, p) // CONTENT.end_storage_per_point,
        EXTINGUISHERS: len(complete_extinguishers(s, p)) * CONTENT.extinguisher_points,
        WILD_TOKENS: s.wild[p] * CONTENT.end_per_wild,
    }


def final_bonus(s: CompoundedState, p: int) -> int:
    """C-14.2: everything ``end_bonuses`` counts."""
    return sum(end_bonuses(s, p).values())


def score_breakdown(s: CompoundedState) -> list[dict[str, int]]:
    """Each scientist's points by source; the end bonuses are 0 until the game is over.

    Atomic points come from scoring compounds (C-9.2 step 2) except hydrogen peroxide, whose
    points come through Stability approval (C-10.1), which may also give half of them to the
    scientist it names: what a scientist's AP holds beyond their other scored compounds.
    """
    over = s.phase == OVER
    rows: list[dict[str, int]] = []
    for p in range(s.players):
        compounds = sum(
            points(s, card) for card in s.scored[p] if CARDS[card].reaction != STABILITY
        )
        row = {COMPOUNDS_SCORED: compounds, STABILITY_APPROVAL: s.ap[p] - compounds}
        bonuses = end_bonuses(s, p)
        row.update(bonuses if over else dict.fromkeys(bonuses, 0))
        rows.append(row)
    return rows


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
