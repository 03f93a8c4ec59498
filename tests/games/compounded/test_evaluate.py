"""The bots' evaluation (evaluate.py): claims a seat can build are worth more than passing,
a chosen item is worth its best space, a trade offer is valued as it would be answered, and
claims and extinguishers are valued against the crystals still free (issue 28)."""

from __future__ import annotations

from boardlab.games.compounded import evaluate
from boardlab.games.compounded import frames as F
from boardlab.games.compounded.discovery import ASK_AT, BUNDLE_LEN, GIVE_AT
from boardlab.games.compounded.evaluate import locked_claims
from boardlab.games.compounded.state import CompoundedState

from .helpers import (
    EL,
    claim_for,
    fill,
    ids,
    new_game,
    pos_of,
    quiet_field,
    research_turn,
    run_frames,
    set_card,
    set_storage,
    stopped,
)

WATER, NO = pos_of(0, 0), pos_of(0, 2)


def table() -> CompoundedState:
    """A quiet field with water at 0,0 and nitric oxide at 0,2; P1 holds H2 O1 and one
    available claim disc; P2 is to place (so P1's value has no pending step of its own)."""
    s = new_game(3, seed=8)
    s.lead = 0
    quiet_field(s)
    set_card(s, WATER, "water")
    set_card(s, NO, "nitric_oxide")
    set_storage(s, 0, H=2, O=1)
    research_turn(s, 1)
    return s


def test_a_claim_on_a_compound_the_seat_can_build_beats_passing():
    s = table()
    passing = evaluate(s, 0)
    buildable = s.clone()
    claim_for(buildable, WATER, 0)  # H2O: every space fits P1's crystals
    other = s.clone()
    claim_for(other, NO, 0)  # NO: only the O fits
    assert evaluate(buildable, 0) > evaluate(other, 0) >= passing


def test_a_chosen_item_is_worth_its_best_space_so_ending_the_turn_is_not_a_tie():
    s = table()
    claim_for(s, WATER, 0)
    research_turn(s, 0)
    done = s.clone()
    done.apply("done")
    assert stopped(done)
    s.apply("place H")
    assert s.decision.kind == "place_space"
    spaces = []
    for option in ids(s):
        after = s.clone()
        after.apply(option)
        spaces.append(evaluate(after, 0))
    assert evaluate(s, 0) == max(spaces)
    assert evaluate(s, 0) > evaluate(done, 0)


def offer(s: CompoundedState, give: dict[str, int], ask: dict[str, int]) -> CompoundedState:
    """P1 has offered ``give`` for ``ask`` to P2, who is to answer."""
    frame = [F.TradeReply.key, 1, 0, *([0] * (2 * BUNDLE_LEN))]
    for symbol, count in give.items():
        frame[GIVE_AT + EL[symbol]] = count
    for symbol, count in ask.items():
        frame[ASK_AT + EL[symbol]] = count
    return run_frames(s, tuple(frame))


def test_a_gift_is_valued_as_accepted_and_a_demand_as_declined():
    s = new_game(2, seed=3)
    set_storage(s, 0, H=2, C=1)
    set_storage(s, 1, O=2)
    base = evaluate(run_frames(s.clone()), 0)
    gift = offer(s.clone(), {"H": 1, "C": 1}, {})
    given = gift.clone()
    given.apply("accept")
    assert evaluate(gift, 0) == evaluate(given, 0) < base
    demand = offer(s.clone(), {}, {"O": 2})
    assert evaluate(demand, 0) == base


def test_a_claim_the_free_crystals_cannot_complete_is_worth_less_issue_28():
    s = table()
    claim_for(s, WATER, 0)
    set_storage(s, 0, O=1)  # P1 holds the O; both H must still come from somewhere
    s.wild[0] = 0
    for seat in (1, 2):
        set_storage(s, seat)
    free = s.clone()
    dry = s.clone()
    dry.bag[EL["H"]] = 0
    assert evaluate(dry, 0) < evaluate(free, 0)
    dry.storage[1 * 6 + EL["H"]] = 2  # P2 could trade them: the claim can be completed again
    assert evaluate(dry, 0) == evaluate(free, 0)


def test_oxygen_in_an_extinguisher_is_worth_less_than_in_storage_when_claims_lack_it_issue_28():
    s = table()
    claim_for(s, NO, 0)  # nitric oxide misses its O, and P1 holds the only free one
    set_storage(s, 0, O=1)
    for seat in (1, 2):
        set_storage(s, seat)
    s.bag[EL["O"]] = 0
    x = s.extinguisher_holder.index(0)
    held = evaluate(s, 0)
    s.storage[EL["O"]] = 0
    s.extinguisher_items[x] = (0, 1, 0)  # the O on P1's extinguisher (spaces C O O)
    assert evaluate(s, 0) < held


def dry(s: CompoundedState, **hands: dict[str, int]) -> CompoundedState:
    """P1's water and P2's nitric oxide are claimed; each scientist holds only its entry of
    ``hands`` (``p1``, ``p2``, ``p3``) and no wild token, and the bag has no O and no N."""
    claim_for(s, WATER, 0)
    claim_for(s, NO, 1)
    for seat in range(3):
        set_storage(s, seat, **hands.get(f"p{seat + 1}", {}))
        s.wild_out += s.wild[seat]
        s.wild[seat] = 0
    s.bag[EL["O"]] = s.bag[EL["N"]] = 0
    return s


def test_a_crystal_in_another_scientists_hands_does_not_complete_a_claim_issue_28():
    s = table()
    fill(s, WATER, leave=("O",))
    fill(s, NO, leave=("O",))  # both claims miss their O, and only one O is free
    held_away = dry(s.clone(), p3={"O": 1})  # P3 has no claim: only a trade or a gift helps
    assert locked_claims(held_away) == (1 << EL["O"], 1 << WATER | 1 << NO)
    # in P1's hands, it completes the water, whose O then completes P2's claim
    assert locked_claims(dry(s.clone(), p1={"O": 1})) == (1 << EL["O"], 0)


def test_a_claim_waits_only_for_a_claim_that_its_owner_can_complete_issue_28():
    s = table()
    fill(s, WATER, leave=("O",))
    fill(s, NO, leave=("N",))  # nitric oxide holds the O the water misses, and misses its N
    flowing = dry(s.clone(), p2={"N": 1})
    assert locked_claims(flowing)[1] == 0  # P2 completes it and the O goes back to the bag
    frozen = dry(s.clone())
    assert locked_claims(frozen)[1] == 1 << WATER | 1 << NO
    assert evaluate(frozen, 0) < evaluate(flowing, 0)
