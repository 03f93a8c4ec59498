"""Encounters (S-10), card costs and gains (S-21.1), Meander (S-15.5)."""

from __future__ import annotations

from boardlab.games.scythe.board import BIT, HOME, LAND, SPACE_IDS, STEP_MASK, bits
from boardlab.games.scythe.content import CONTENT, FACTION_IDS
from boardlab.games.scythe.state import ScytheState
from boardlab.games.scythe.tables import (
    DEPLOY,
    ENLIST,
    GOAL_POPULARITY,
    MECH_SLOT,
    UNITS_PER_SEAT,
)

from .helpers import (
    at,
    character,
    clear,
    game,
    kind,
    options,
    play,
    pose,
    tokens,
    worker_spaces,
    workers,
)

SPOT = "r1c4"


def meet(card: int, factions: tuple[str, str] = ("nordic", "rusviet"), seat: int = 0,
         coins: int = 5, popularity: int = 5, below: tuple[tuple[object, ...], ...] = ()
         ) -> ScytheState:
    """``seat``'s character moves from its home base onto an encounter token on the first
    land territory next to it (``SPOT`` for Nordic); card ``card`` is on top of the deck."""
    s = game(factions)
    clear(s)
    s.coins[seat] = coins
    s.popularity[seat] = popularity
    s.encounter_deck = (*(c for c in s.encounter_deck if c != card), card)
    home = HOME[s.faction[seat]]
    spot = SPACE_IDS[bits(STEP_MASK[home] & LAND)[0]]
    s.encounter_tokens = BIT[at(spot)]
    pose(s, *below, ("move", seat, 1, 0, 0, 1, 1, ()), active=seat)
    play(s, f"character {SPACE_IDS[home]}", f"to {spot}")
    return s


def test_s10_the_token_goes_and_the_top_card_is_read_then_put_under_the_deck() -> None:
    s = meet(0)
    assert kind(s) == "encounter_option" and s.to_move == 0
    assert options(s) == ["option A", "option B", "option C"]
    assert not s.encounter_tokens & BIT[at(SPOT)]
    assert s.encounter_deck[0] == 0 and len(s.encounter_deck) == len(CONTENT.encounters)
    event = s.log(1)[-1]
    assert event["seat"] is None and event["kind"] == "encounter"
    assert "Schoolhouse on the hill" in event["text"]
    assert "Pay 2 coins" in s.decision.prompt  # type: ignore[union-attr]


def test_s10_an_option_whose_cost_cannot_be_paid_is_not_offered() -> None:
    s = meet(0, coins=1, popularity=1)
    # only A is left: taken at once
    assert kind(s) is None or kind(s) != "encounter_option"
    assert s.popularity[0] == 3 and s.coins[0] == 1


def test_s10_gains_go_on_the_characters_territory() -> None:
    s = meet(0)
    play(s, "option C")
    assert s.popularity[0] == 3  # paid first
    assert kind(s) == "card_take" and options(s) == ["take 2", "take 1", "take 0"]
    play(s, "take 2")
    assert options(s) == ["take 3", "take 2", "take 1", "take 0"]
    play(s, "take 3")
    assert worker_spaces(s, 0) == [at(SPOT)] * 2 and tokens(s, SPOT) == {"food": 3}


def test_s21_1_a_resource_or_worker_gain_may_be_taken_in_part() -> None:
    s = meet(0)
    play(s, "option C", "take 1", "take 0")
    assert worker_spaces(s, 0) == [at(SPOT)] and tokens(s, SPOT) == {}


def test_s10_deploy_and_build_on_the_characters_territory_or_declined() -> None:
    s = meet(5)
    play(s, "option B")
    assert kind(s) == "deploy_mech" and "skip" in options(s)
    play(s, "mech speed")  # one place only: the character's territory, no worker needed
    slot = MECH_SLOT[0]["speed"]
    assert s.units[1 + slot] == at(SPOT) and s.coins[0] == 3
    s = meet(8)
    play(s, "option C", "structure mill", "take 2")
    assert s.structures[1] == at(SPOT) and tokens(s, SPOT) == {"wood": 2}
    s = meet(8)
    play(s, "option C", "skip", "take 2")
    assert s.structures[1] == -1 and tokens(s, SPOT) == {"wood": 2}


def test_s10_free_upgrade_and_enlist_from_a_card() -> None:
    s = meet(0)
    play(s, "option B")
    assert kind(s) == "upgrade_top" and options(s)[-1] == "skip"
    play(s, "upgrade power", "cube deploy")
    assert s.top_upgrades[0] and s.bottom_cubes[DEPLOY] == 1 and s.power[0] == 5
    s = meet(15)
    play(s, "option B", "recruit enlist", "bonus coins")
    assert s.recruits[0] == 1 << ENLIST and s.coins[0] == 5 - 2 + 2


def test_s10_card_gains_pay_no_coin_bonus_and_no_recruit_bonus() -> None:
    s = meet(5)
    s.recruits[1] = 1 << DEPLOY
    s.recruits[0] = 1 << DEPLOY
    coins, power = list(s.coins), list(s.power)
    play(s, "option B", "mech speed")
    assert s.coins == [coins[0] - 2, coins[1]] and s.power == power


def test_s10_any_resources_chosen_token_by_token() -> None:
    s = meet(25)
    play(s, "option B")
    assert kind(s) == "card_resource" and options(s)[-1] == "done"
    play(s, "gain wood", "gain oil", "gain oil", "done")
    assert tokens(s, SPOT) == {"wood": 1, "oil": 2} and s.coins[0] == 2


def test_s15_5_meander_two_options_the_first_paying_for_the_second() -> None:
    s = meet(2, ("rusviet", "polania"), seat=1, coins=0, popularity=0)
    # only A can be paid: taken at once; its 3 coins then pay for B
    assert kind(s) == "encounter_option" and options(s) == ["option B", "done"]
    play(s, "option B")
    assert kind(s) == "upgrade_top"
    assert s.coins[1] == 1 and s.hand_size(1) == CONTENT.factions[4].starting_combat_cards


def test_s15_5_one_option_only_without_meander() -> None:
    s = meet(2, coins=0, popularity=0)
    assert s.coins[0] == 3 and kind(s) != "encounter_option"


def test_s21_3_2_a_star_from_an_encounter_is_placed_when_the_action_ends() -> None:
    s = meet(0, popularity=16, below=(("stars", 0),))
    play(s, "option A", "take 2")
    assert s.popularity[0] == 18 and s.star_goals[0] & (1 << GOAL_POPULARITY)


def test_s10_no_encounter_for_a_character_that_lost_its_combat() -> None:
    s = game(("nordic", "rusviet"))
    clear(s)
    s.encounter_tokens = BIT[at("r2c4")]
    character(s, 0, "r1c4")
    character(s, 1, "r2c4")
    s.hand = [0] * len(s.hand)
    s.power = [0, 2]
    pose(s, ("move", 0, 1, 0, 0, 1, 1, ()), active=0)
    play(s, "character r1c4", "to r2c4", "dial 1")
    assert s.units[0] == HOME[0] and s.encounter_tokens == BIT[at("r2c4")]
    assert kind(s) != "encounter_option"


def test_s10_an_encounter_by_a_character_already_on_the_token_only_after_moving() -> None:
    """Only a character that ended its Move there has the encounter (S-8.7, S-10)."""
    s = game(("nordic", "rusviet"))
    clear(s)
    character(s, 0, SPOT)
    workers(s, 0, "r1c4")
    s.encounter_tokens = BIT[at(SPOT)]
    pose(s, ("move", 0, 1, 0, 0, 1, 1, ()), active=0)
    play(s, "worker r1c4", "to r2c4")
    assert kind(s) != "encounter_option" and s.encounter_tokens == BIT[at(SPOT)]
    assert s.units[UNITS_PER_SEAT] == HOME[FACTION_IDS.index("rusviet")]
