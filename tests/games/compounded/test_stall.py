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
        s.free_discs[seat] = max(s.free_discs[seat], 1)
        claim_for(s, pos, seat)
        fill(s, pos, leave=(leave,))
    for seat in range(5):
        set_storage(s, seat)
        s.wild_out += s.wild[seat]
        s.wild[seat] = 0
    set_storage(s, 0, O=1)
    complete_ext(s, s.extinguisher_holder.index(0))
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


def empty_bag_table(
    claims: tuple[tuple[int, int, str, tuple[str, ...]], ...],
    hands: dict[int, dict[str, int]],
    points: dict[int, int],
    p1_wild: int = 0,
) -> CompoundedState:
    """Five scientists and an empty bag: each ``(seat, position, compound, left empty)`` of
    ``claims`` is claimed and filled but for the elements left empty, the scientists hold
    only ``hands`` (and P1 ``p1_wild`` wild tokens), score ``points``, and P1 is to place."""
    s = new_game(5, seed=8)
    s.lead = 0
    quiet_field(s)
    for seat, pos, compound, leave in claims:
        set_card(s, pos, compound)
        s.free_discs[seat] = max(s.free_discs[seat], 1)
        claim_for(s, pos, seat)
        fill(s, pos, leave=leave)
    for seat in range(5):
        set_storage(s, seat)
        s.wild_out += s.wild[seat]
        s.wild[seat] = 0
    s.wild_out -= p1_wild
    s.wild[0] = p1_wild
    for seat, counts in hands.items():
        set_storage(s, seat, **counts)
    for seat, ap in points.items():
        s.ap[seat] = ap
    s.bag = [0] * 6
    research_turn(s, 0)
    return s


def greedy_turn(s: CompoundedState) -> None:
    greedy = make("greedy", seed=1)
    while not stopped(s):
        s.apply(greedy.choose(s))


def test_round_cap_A34_issue_28_far_behind_greedy_feeds_the_leaders_claim_holding_its_oxygen():
    """Seed 67 at five players: P1 holds the last free O and its oxalate misses two; the
    other O are on P2's calcium nitrate, which misses one. Keeping the O for its own claim
    freezes the table until the round cap with P2 ahead; completing P2's claim sends its six
    O back to the bag."""
    s = empty_bag_table(
        ((0, MINE, "calcium_oxalate", ("O", "O")), (1, THEIRS, "calcium_nitrate", ("O",))),
        {0: {"O": 1}},
        {0: 20, 1: 38},
    )
    greedy_turn(s)
    assert s.field_open[THEIRS] == 0, "P1 kept the O that completes P2's calcium nitrate"
    assert s.storage[OXYGEN] == 0


def test_round_cap_A34_issue_28_the_holder_of_the_last_oxygen_completes_its_own_claim():
    """P1 holds an O that completes its sulfamic acid; P3 holds the only other free O and
    has no claim. Completing frees three O for P2's calcium nitrate, which misses two; the
    bot used to sink its O into its extinguisher rather than let the leader's claim go on,
    counting on P3's O for its own claim."""
    s = empty_bag_table(
        ((0, MINE, "sulfamic_acid", ("O",)), (1, THEIRS, "calcium_nitrate", ("O", "O"))),
        {0: {"O": 1}, 2: {"O": 1}},
        {0: 28, 1: 30},
    )
    greedy_turn(s)
    assert s.field_open[MINE] == 0, "P1 did not complete its sulfamic acid"


def test_round_cap_A34_issue_28_a_wild_token_completes_the_claim_that_frees_the_oxygen():
    """Seed 26 at five players: the bag is empty and every O is locked; P1, last on points,
    holds a wild token and its calcium nitrate misses one O. A wild token kept is worth more
    than the last space of a claim, but only placing it lets the table go on: P2's sulfuric
    acid waits for the O the calcium nitrate returns once it scores."""
    s = empty_bag_table(
        ((0, MINE, "calcium_nitrate", ("O",)), (1, THEIRS, "sulfuric_acid", ("O", "O"))),
        {},
        {0: 0, 1: 38},
        p1_wild=1,
    )
    greedy_turn(s)
    assert s.field_open[MINE] == 0, "P1 kept its wild token"
    assert s.wild[0] == 0


def test_round_cap_A34_issue_28_the_leader_completes_the_claim_that_frees_the_oxygen():
    """Seed 262 at five players: P1 leads and holds the last free O. Its hydrogen peroxide
    misses one O; its sulfuric acid and P2's calcium nitrate miss two. On the peroxide the O
    frees two O, which complete the nitrate, whose six O complete the acid; on the acid it
    freezes every claim until the round cap. A cost shared by every seat alike made the frozen
    table look better to the leader (its lead is judged against smaller values)."""
    acid = pos_of(1, 1)
    s = empty_bag_table(
        (
            (0, MINE, "hydrogen_peroxide", ("O",)),
            (0, acid, "sulfuric_acid", ("O", "O")),
            (1, THEIRS, "calcium_nitrate", ("O", "O")),
        ),
        {0: {"O": 1}},
        {0: 39, 1: 30},
    )
    greedy_turn(s)
    assert s.field_open[MINE] == 0, "P1 put its O on the claim that cannot complete"
    assert s.storage[OXYGEN] == 0


def test_round_cap_A34_issue_28_the_leader_does_not_freeze_claims_it_barely_owns():
    """Seed 358 at five players: P1 leads and holds the last free O, which completes its
    ethylene glycol, and four N for later in its turn; every other claim misses two or three
    O. Anywhere else the O freezes all five claims until the round cap; P1 owns only one of
    them, so a cost on stuck claims for their owners alone does not stop it: the seat to
    move pays for a frozen table too."""
    s = empty_bag_table(
        (
            (0, MINE, "ethylene_glycol", ("O",)),
            (1, pos_of(0, 1), "sulfamic_acid", ("O", "O")),
            (2, pos_of(1, 1), "calcium_nitrate", ("O", "O", "O")),
            (3, pos_of(3, 2), "peroxydisulfuric_acid", ("O", "O")),
            (4, THEIRS, "formic_acid", ("O", "O")),
        ),
        {0: {"O": 1, "N": 4}},
        {0: 26, 1: 22, 2: 14, 3: 4, 4: 16},
    )
    greedy_turn(s)
    assert s.field_open[MINE] == 0, "P1 froze the table rather than complete its own claim"
