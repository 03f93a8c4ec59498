"""Issue 28, item 11: once the bag is empty and a claim's missing crystals are locked on
another scientist's claim, the greedy bot feeds that claim (or trades it what it misses)
instead of ending its turn, so the game does not stall until the round cap."""

from __future__ import annotations

from boardlab.agents import make
from boardlab.games.compounded.state import CompoundedState

from .helpers import (
    claim_for,
    complete_ext,
    fill,
    new_game,
    pos_of,
    quiet_field,
    research_turn,
    set_card,
    set_storage,
    stopped,
)

THEIRS, MINE = pos_of(0, 0), pos_of(3, 3)
OXYGEN = 2  # element index


def dry_table() -> CompoundedState:
    """Five scientists, an empty bag and no wild tokens. P2's water has its two H and misses
    its O; P1's ammonia misses one H, and every H is locked on the two claims. P1 holds the
    one free O, its extinguisher is full, P3 leads on points, and P1 is to place."""
    s = new_game(5, seed=8)
    s.lead = 0
    quiet_field(s)
    for seat, pos, compound, leave in ((1, THEIRS, "water", "O"), (0, MINE, "ammonia", "H")):
        set_card(s, pos, compound)
        s.avail[seat] = max(s.avail[seat], 1)
        claim_for(s, pos, seat)
        fill(s, pos, leave=(leave,))
    for seat in range(5):
        set_storage(s, seat)
        s.wild_out += s.wild[seat]
        s.wild[seat] = 0
    set_storage(s, 0, O=1)
    complete_ext(s, s.ext_holder.index(0))
    s.ap[2] = 30
    s.bag = [0] * 6
    research_turn(s, 0)
    return s


def test_issue_28_item_11_greedy_feeds_the_claim_that_holds_what_its_own_claim_misses():
    s = dry_table()
    assert s.decision.kind == "place_item"
    assert "place O" in [option.id for option in s.decision.options]
    greedy = make("greedy", seed=1)
    while not stopped(s):
        s.apply(greedy.choose(s))
    assert s.field_open[THEIRS] == 0, "P1 kept the O that completes P2's water"
    assert s.claim_owner[THEIRS] == 1
    assert s.storage[OXYGEN] == 0
