"""Discovery phase: draws (C-6.1), offers (C-6.2, D1, A33, A37, A38), capacity (C-6.3, D2)."""

from __future__ import annotations

from boardlab.games.compounded.content import GOGGLES
from boardlab.games.compounded.workbench import stored, usable

from .helpers import (
    assert_clean,
    give_equipment,
    held,
    ids,
    new_game,
    set_storage,
    start_discovery,
    storage,
)


def round_two(players=3, seed=4, trading=True, lead=0):
    s = new_game(players, seed=seed)
    s.round = 2
    s.lead = lead
    for p in range(players):
        set_storage(s, p, H=1)
    start_discovery(s, trading=trading)
    return s


def test_draws_by_discovery_value_in_lead_order_C_6_1():
    """C-6.1: each scientist draws their Discovery value; storage may exceed capacity."""
    s = new_game(3, seed=4)
    s.round = 2
    s.lead = 1
    set_storage(s, 0, H=4)
    set_storage(s, 1, H=1)
    set_storage(s, 2, H=1)
    s.track_level[0 * 4 + 0] = 3  # Discovery level 4: value 4
    start_discovery(s)
    assert stored(s, 0) == 8  # over the capacity of 4 until the check
    assert stored(s, 1) == 3 and stored(s, 2) == 3
    assert s.phase_name == "discovery" and s.decision.kind == "trade_offer"
    assert s.decision.player == 1  # trading starts with the lead
    assert_clean(s)


def test_draws_stop_when_the_bag_runs_out_C_6_1_A7():
    """A7: draws are exact but limited by the bag."""
    s = new_game(3, seed=4)
    s.round = 2
    s.lead = 0
    for e in range(6):
        s.storage[2 * 6 + e] += s.bag[e]
        s.bag[e] = 0
    s.storage[2 * 6 + 0] -= 1
    s.bag[0] = 1
    start_discovery(s, trading=False)
    assert sum(s.bag) == 0
    assert stored(s, 0) == 5 and stored(s, 1) == 4  # the lead drew the last crystal
    assert_clean(s)


def test_offer_accepted_moves_both_bundles_C_6_2_D1():
    """C-6.2 / D1: an offer is built item by item; the addressee accepts; both bundles move."""
    s = round_two()
    set_storage(s, 0, H=2, O=1)
    set_storage(s, 1, C=2)
    give_equipment(s, 0, "pipette")
    s.refresh()
    assert s.decision.kind == "trade_offer" and s.decision.player == 0
    assert set(ids(s)) == {"offer 1", "offer 2", "pass"}
    for step in ("offer 1", "give H", "give pipette", "give wild", "ask C"):
        s.apply(step)
    assert s.decision.kind == "trade_build"
    assert "give H" in ids(s) and "ask C" in ids(s) and "send" in ids(s)
    s.apply("send")
    assert s.decision.kind == "trade_reply" and s.decision.player == 1
    assert set(ids(s)) == {"accept", "decline"}
    s.apply("accept")
    assert storage(s, 0) == {"H": 1, "O": 1, "C": 1}
    assert storage(s, 1) == {"C": 1, "H": 1}
    assert held(s, 1, "pipette") == 1 and held(s, 0, "pipette") == 0
    assert s.wild == [0, 2, 1]
    assert_clean(s)


def test_offer_declined_changes_nothing_D1():
    s = round_two()
    before = (list(s.storage), list(s.wild))
    for step in ("offer 2", "give H", "send", "decline"):
        s.apply(step)
    assert (s.storage, s.wild) == before
    assert s.decision.kind == "trade_offer" and s.decision.player == 1


def test_gifts_and_requests_are_offers_C_6_2():
    """C-6.2: one-sided offers (gifts) are allowed in both directions."""
    s = round_two()
    set_storage(s, 0, H=1)
    set_storage(s, 1, N=1)
    s.refresh()
    for step in ("offer 1", "give H", "send", "accept"):
        s.apply(step)
    assert storage(s, 1) == {"H": 1, "N": 1} and storage(s, 0) == {}
    assert s.decision.player == 1
    for step in ("offer 0", "give N", "send", "accept"):
        s.apply(step)
    assert storage(s, 0) == {"N": 1}


def test_cannot_offer_more_than_is_held_and_only_tradeable_things_C_6_2():
    """C-6.2: crystals, wild tokens, equipment and extinguishers only; never AP,
    experiments or claim discs; never more than the holder has (A40: binding although
    not an A-ruling)."""
    s = round_two()
    set_storage(s, 0, H=1)
    set_storage(s, 1, C=1)
    s.refresh()
    s.apply("offer 1")
    s.apply("give H")
    options = ids(s)
    assert "give H" not in options
    assert {a.split()[0] for a in options} <= {"give", "ask", "send", "cancel"}
    assert "give ext,0" in options and "ask ext,1" in options
    assert "ask C" in options and "ask wild" in options


def test_extinguisher_travels_with_its_crystals_A38():
    """C-6.2 / A38: a traded extinguisher keeps its crystals; only its new holder fills it."""
    s = round_two()
    s.bag[1] -= 1
    s.extinguisher_items[0] = (1, 0, 0)
    s.refresh()
    for step in ("offer 1", "give ext,0", "send", "accept"):
        s.apply(step)
    assert s.extinguisher_holder[0] == 1 and s.extinguisher_items[0] == (1, 0, 0)
    assert_clean(s)


def test_equipment_received_in_trade_is_usable_at_once_A37():
    """A37: equipment received in a trade may be used at once (unlike supply equipment)."""
    s = round_two()
    give_equipment(s, 0, "goggles")
    s.refresh()
    for step in ("offer 2", "give goggles", "send", "accept"):
        s.apply(step)
    assert usable(s, 2, GOGGLES) == 1


def test_three_offers_per_phase_then_trading_closes_A33():
    """A33: at most 3 offers each per Discovery phase; a full cycle of passes closes it."""
    s = round_two(players=2)
    for _ in range(3):
        assert s.decision.kind == "trade_offer" and s.decision.player == 0
        s.apply("offer 1")
        s.apply("cancel")
        assert s.decision.player == 1
        s.apply("pass")
    # player 0 has no offer left and passes automatically: the cycle of passes is complete
    assert s.offers[0] == 3
    assert s.decision.kind != "trade_offer"
    assert s.phase_name in ("discovery", "study")


def test_full_cycle_of_passes_closes_trading_D1():
    s = round_two(players=3)
    s.apply("pass")
    s.apply("pass")
    assert s.decision.kind == "trade_offer"
    s.apply("pass")
    assert s.decision.kind != "trade_offer"


def test_an_offer_resets_the_pass_cycle_D1():
    s = round_two(players=3)
    s.apply("pass")
    s.apply("pass")
    for step in ("offer 0", "give H", "send", "decline"):
        s.apply(step)
    assert s.decision.kind == "trade_offer" and s.decision.player == 0


def test_trade_offers_option_zero_turns_trading_off():
    s = new_game(3, seed=4, trade_offers=0)
    s.round = 2
    start_discovery(s, trading=False)
    assert s.decision.kind != "trade_offer"


def test_capacity_check_returns_the_excess_by_choice_C_6_3_D2():
    """C-6.3 / D2: over-capacity scientists in lead order return exactly the excess,
    choosing which crystals; a scientist with one element left has no choice to make."""
    s = round_two(trading=True, lead=1)
    set_storage(s, 0, H=3, S=3)
    set_storage(s, 1, C=6)
    set_storage(s, 2, O=2)
    s.refresh()
    for _ in range(3):
        s.apply("pass")
    # player 1 (lead) had only carbon: returned automatically; player 0 chooses
    assert storage(s, 1) == {"C": 4}
    assert s.decision.kind == "return_excess" and s.decision.player == 0
    assert set(ids(s)) == {"return H", "return S"}
    s.apply("return H")
    s.apply("return H")
    assert storage(s, 0) == {"H": 1, "S": 3}
    assert s.decision.kind == "claim"
    assert_clean(s)
