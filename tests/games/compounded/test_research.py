"""Research phase: goggles (C-8.1, D5, A28, A39), turns (C-8.2, D8, A7, A8, A10, A11, A29,
A31), wild tokens (C-12.1, A2), extinguishers (C-12.2, A38), Bunsen windows (C-8.3, D6, A12,
A13)."""

from __future__ import annotations

from boardlab.games.compounded.research import research_player
from boardlab.games.compounded.workbench import value

from .helpers import (
    assert_clean,
    claim_for,
    fill,
    give_equipment,
    held,
    ids,
    new_game,
    pos_of,
    quiet_field,
    research_turn,
    set_card,
    set_storage,
    start_at,
    stopped,
    storage,
)

WATER, CO2, NO = pos_of(0, 0), pos_of(0, 1), pos_of(0, 2)


def table(players=3, seed=8, lead=0):
    """A quiet field with water at 0,0, carbon dioxide at 0,1 and nitric oxide at 0,2."""
    s = new_game(players, seed=seed)
    s.lead = lead
    quiet_field(s)
    set_card(s, WATER, "water")
    set_card(s, CO2, "carbon_dioxide")
    set_card(s, NO, "nitric_oxide")
    return s


def test_three_for_one_is_repeatable_and_takes_any_bag_element_C_8_2_A11():
    """C-8.2 / A11: return 3 of one element, take any element present in the bag; repeat."""
    s = table()
    set_storage(s, 0, H=6)
    research_turn(s, 0)
    assert "swap3 H" in ids(s)
    s.apply("swap3 H")
    assert s.decision.kind == "exchange_take"
    assert set(ids(s)) == {"take H", "take C", "take O", "take N", "take Ca", "take S"}
    s.apply("take S")
    s.apply("swap3 H")
    s.apply("take Ca")
    assert storage(s, 0) == {"S": 1, "Ca": 1}
    assert_clean(s)


def test_pipette_once_per_token_and_it_excludes_three_for_one_C_8_2_A31():
    """C-8.2 / A31 / C-13: the pipette trades 2 for 1 once per round per token held; after
    a pipette, no 3-for-1 this round, and after a 3-for-1, no pipette."""
    s = table()
    set_storage(s, 0, H=2, C=5)
    give_equipment(s, 0, "pipette")
    research_turn(s, 0)
    assert {"pipette H", "pipette C", "swap3 C"} <= set(ids(s))
    s.apply("pipette H")
    s.apply("take O")
    options = ids(s)
    assert not [a for a in options if a.startswith(("swap3", "pipette"))]
    assert held(s, 0, "pipette") == 1  # permanent: kept

    s = table()
    set_storage(s, 0, C=5)
    give_equipment(s, 0, "pipette")
    research_turn(s, 0)
    s.apply("swap3 C")
    s.apply("take N")
    assert "pipette C" not in ids(s)


def test_two_pipettes_give_two_uses_C_13():
    s = table()
    set_storage(s, 0, H=4)
    give_equipment(s, 0, "pipette")
    give_equipment(s, 0, "pipette")
    research_turn(s, 0)
    s.apply("pipette H")
    s.apply("take O")
    assert "pipette H" in ids(s)
    s.apply("pipette H")
    s.apply("take O")
    assert "pipette O" not in ids(s)


def test_exchanges_only_before_placing_A10():
    s = table()
    set_storage(s, 0, H=4, O=1)
    research_turn(s, 0)
    s.apply("place O")
    s.apply("space 0,0,2")
    assert s.decision.kind == "place_item"
    assert not [a for a in ids(s) if a.startswith("swap3")]


def test_place_up_to_the_research_value_then_the_turn_ends_A7_D8():
    """A7 / D8: up to the Research value, item by item (item, then space); done ends early."""
    s = table()
    set_storage(s, 0, H=3, C=1)
    research_turn(s, 0)
    assert value(s, 0, 2) == 2
    assert "done" in ids(s)
    s.apply("place H")
    assert s.decision.kind == "place_space"
    s.apply("space 0,0,0")
    s.apply("place H")
    s.apply("space 0,0,1")
    assert stopped(s)
    assert storage(s, 0) == {"H": 1, "C": 1}
    assert s.field_items[WATER] == (1, 1, 0)


def test_zero_placements_allowed_A7():
    s = table()
    set_storage(s, 0, H=3)
    research_turn(s, 0)
    s.apply("done")
    assert storage(s, 0) == {"H": 3}


def test_targets_claimed_unclaimed_and_only_own_extinguisher_A29_C_12_2_A38():
    """A29: items may go on anyone's claim or unclaimed compounds; C-12.2 / A38: only on
    extinguishers the placer holds (a traded one belongs to its holder)."""
    s = table()
    claim_for(s, CO2, 1)
    set_storage(s, 0, O=1)
    s.extinguisher_holder[2] = 0  # player 0 now also holds extinguisher 2
    research_turn(s, 0)
    s.apply("place O")
    options = ids(s)
    assert {"space 0,0,2", "space 0,1,1", "space 0,2,0", "space ext,0,1", "space ext,2,1"} <= set(
        options
    )
    assert "space ext,1,1" not in options
    assert "space 0,1,2" not in options  # one option per element per compound
    s.apply("space ext,2,1")
    assert s.extinguisher_items[2] == (0, 1, 0)
    assert_clean(s)


def test_wild_token_fills_any_space_and_is_spent_C_12_1_A2():
    """C-12.1 / A2: the wild token goes into an empty space of any element, counts toward
    the Research limit, and leaves the scientist's area."""
    s = table()
    set_storage(s, 0)
    research_turn(s, 0)
    assert "place wild" in ids(s)
    s.apply("place wild")
    options = ids(s)
    assert {"space 0,0,0", "space 0,0,2", "space 0,1,0", "space 0,1,1", "space 0,2,1"} <= set(
        options
    )
    s.apply("space 0,2,1")
    assert s.wild[0] == 0 and s.field_items[NO] == (0, 2)
    assert stopped(s)  # nothing left to place: the turn ended by itself


def test_completing_unclaimed_compound_makes_a_temporary_claim_C_8_2():
    """C-8.2 step 3: completing an unclaimed compound puts a reserve disc on it, temporary."""
    s = table()
    fill(s, WATER, leave=["O"])
    set_storage(s, 0, O=1)
    research_turn(s, 0)
    s.apply("place O")
    s.apply("space 0,0,2")
    assert s.claim_owner[WATER] == 0 and s.claim_temp[WATER] == 1
    assert s.reserve[0] == 1
    assert_clean(s)


def test_empty_reserve_means_no_temporary_claim_A8():
    """A8: with an empty reserve the placement is legal; the compound stays unclaimed."""
    s = table()
    fill(s, WATER, leave=["O"])
    claim_for(s, pos_of(1, 0), 0, temporary=True)
    claim_for(s, pos_of(1, 1), 0, temporary=True)
    set_storage(s, 0, O=1)
    research_turn(s, 0)
    s.apply("place O")
    s.apply("space 0,0,2")
    assert s.field_open[WATER] == 0 and s.claim_owner[WATER] == -1


def test_completing_anothers_claim_gives_the_placer_nothing_A29():
    s = table()
    fill(s, WATER, leave=["O"])
    claim_for(s, WATER, 1)
    set_storage(s, 0, O=1)
    research_turn(s, 0)
    s.apply("place O")
    s.apply("space 0,0,2")
    assert s.claim_owner[WATER] == 1 and s.reserve[0] == 2 and s.ap == [0, 0, 0]


def test_goggles_second_discovery_into_a_pool_C_8_1_A28():
    """C-8.1 / A28: discard goggles at the start of Research to draw the Discovery value
    into a separate pool; pool crystals are placeable (they count toward the limit) but
    not exchangeable, and leftovers go back to the bag after placing."""
    s = table(players=2)
    give_equipment(s, 0, "goggles")
    set_storage(s, 0, H=1)
    start_at(s, "research")
    assert s.decision.kind == "goggles" and s.decision.player == 0
    bag_before = sum(s.bag)
    s.apply("goggles")
    assert held(s, 0, "goggles") == 0 and s.supply[3] == 4 and s.used_goggles[0] == 1
    assert sum(s.pool[0:6]) == 2 and sum(s.bag) == bag_before - 2
    assert s.decision.kind == "place_item" and s.decision.player == 0
    pool_items = [a for a in ids(s) if a.endswith(",pool")]
    assert pool_items
    assert not [a for a in ids(s) if a.startswith("swap3")]
    s.apply("done")
    assert sum(s.pool[0:6]) == 0 and sum(s.bag) == bag_before
    assert_clean(s)


def test_goggles_come_before_the_first_bunsen_window_A39():
    s = table(players=2)
    give_equipment(s, 0, "goggles")
    give_equipment(s, 1, "bunsen")
    start_at(s, "research")
    assert s.decision.kind == "goggles"
    s.apply("decline")
    assert s.decision.kind == "bunsen" and s.decision.player == 1


def test_bunsen_windows_before_each_turn_and_after_the_last_C_8_3_A12():
    """C-8.3 / A12: a Bunsen window before every research turn and once after the last."""
    s = table(players=2)
    give_equipment(s, 1, "bunsen")
    start_at(s, "research")
    seen = []
    while s.phase_name == "research":
        seen.append((s.decision.kind, s.decision.player))
        s.apply("decline" if s.decision.kind == "bunsen" else "done")
    assert seen == [
        ("bunsen", 1),
        ("place_item", 0),
        ("bunsen", 1),
        ("place_item", 1),
        ("bunsen", 1),
    ]


def test_bunsen_makes_a_compound_flammable_with_limit_2_C_8_3_C_11_1():
    """C-8.3 / C-11.1: a token only on a compound with none; a non-flammable compound
    becomes flammable with limit 2; the token is single use and returns to the supply."""
    s = table(players=2)
    give_equipment(s, 0, "bunsen")
    s.fire[CO2] = 1
    s.burned[CO2] = 1
    start_at(s, "research")
    assert s.decision.kind == "bunsen"
    assert "burn 0,1" not in ids(s) and "burn 0,0" in ids(s)
    s.apply("burn 0,0")
    assert s.fire[WATER] == 1 and s.burned[WATER] == 1
    assert s.view(0)["body"]["field"][WATER]["fire_limit"] == 2
    assert held(s, 0, "bunsen") == 0 and s.supply[5] == 4
    assert s.decision.kind == "place_item"


def test_bunsen_on_a_limit_1_compound_explodes_it_at_once_and_the_gap_waits_C_8_3_A13():
    """C-8.3 / A13: reaching the limit explodes at once; the vacancy stays empty until
    the Lab-phase refill."""
    s = table(players=2)
    target = pos_of(2, 2)
    set_card(s, target, "hydrazoic_acid")
    give_equipment(s, 0, "bunsen")
    start_at(s, "research")
    s.apply("burn 2,2")
    assert s.field_card[target] == -1
    assert s.decision.kind == "place_item"
    s.apply("done")
    assert s.field_card[target] == -1 and s.phase_name == "research"
    s.apply("done")  # last research turn; the Lab phase refill fills the gap
    assert s.field_card[target] >= 0 and s.round == 2
    assert_clean(s)


def test_extinguisher_can_answer_a_bunsen_C_11_2_D7():
    """C-11.2 / D7: a complete extinguisher may be discarded to stop the Bunsen token."""
    s = table(players=2)
    give_equipment(s, 0, "bunsen")
    s.bag[1] -= 1
    s.bag[2] -= 2
    s.extinguisher_items[1] = (1, 1, 1)
    start_at(s, "research")
    s.apply("burn 0,0")
    assert s.decision.kind == "extinguish" and s.decision.player == 1
    assert set(ids(s)) == {"protect 0,0", "decline"}
    bag = sum(s.bag)
    s.apply("protect 0,0")
    assert s.fire[WATER] == 0 and s.burned[WATER] == 0
    assert s.extinguisher_holder[1] == -1 and sum(s.bag) == bag + 3
    assert_clean(s)


def test_a_window_repeats_until_a_full_pass_without_use_D6():
    """D6: holders are asked in lead order again and again until nobody uses one."""
    s = table(players=2)
    give_equipment(s, 0, "bunsen")
    give_equipment(s, 0, "bunsen")
    start_at(s, "research")
    s.apply("burn 0,0")
    assert s.decision.kind == "bunsen" and s.decision.player == 0  # asked again
    assert "burn 0,0" not in ids(s)
    s.apply("burn 0,1")
    assert s.decision.kind == "place_item"  # no Bunsen left: the window is over
    assert s.fire[WATER] == 1 and s.fire[CO2] == 1


def test_goggles_once_per_round_even_with_two_A28_D5():
    s = table(players=2)
    give_equipment(s, 0, "goggles")
    give_equipment(s, 0, "goggles")
    start_at(s, "research")
    s.apply("goggles")
    assert s.decision.kind == "place_item" and held(s, 0, "goggles") == 1


def test_research_turns_follow_the_lead_one_window_apart_C_8_2():
    """C-8.2: research turns go in lead order, each after a Bunsen window (the odd steps)."""
    s = new_game(3, seed=3)
    s.lead = 1
    assert [research_player(s, step) for step in (2, 4, 6)] == [1, 2, 0]
