"""Scoring (C-14): the end conditions, final scoring by source and why the game ended."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.games.compounded.content import CONTENT, STABILITY
from boardlab.games.compounded.frames import OVER
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


def end_conditions(s: CompoundedState) -> list[str]:
    """The end conditions that hold now (C-14.1, A34): "A", "B", "C" and/or "round cap"."""
    held: list[str] = []
    if any(ap >= CONTENT.score_threshold for ap in s.ap):
        held.append("A")
    if any(maxed_count(s, p) >= CONTENT.maxed_needed for p in range(s.players)):
        held.append("B")
    if s.deck_ran_out:
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
