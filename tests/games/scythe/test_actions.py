"""The top-row actions Trade, Produce, Bolster (S-6.2-6.4) with their structures (S-16.1),
the bottom-row actions Upgrade, Deploy, Build, Enlist (S-7.1-7.4), Coercion (S-15.3) and
the track limits (S-3.7)."""

from __future__ import annotations

import pytest

from boardlab.games.scythe.content import TOP_ACTIONS
from boardlab.games.scythe.state import ScytheState
from boardlab.games.scythe.tables import (
    BOX_BOLSTER_CARDS,
    BOX_BOLSTER_POWER,
    BOX_PRODUCE,
    BOX_TRADE_POPULARITY,
    DEPLOY,
    ENLIST,
    MECH,
    N_VALUES,
    OFF_BOARD,
    SECTION_OF_TOP,
    UNITS_PER_SEAT,
)

from .helpers import (
    at,
    character,
    clear,
    game,
    kind,
    mech,
    options,
    play,
    pose,
    resource,
    structure,
    tokens,
    worker_spaces,
    workers,
)


def top(s: ScytheState, seat: int, action: str) -> ScytheState:
    """Pose the top action of the section holding ``action`` on ``seat``'s mat, alone."""
    section = SECTION_OF_TOP[s.mat[seat]][TOP_ACTIONS.index(action)]
    return pose(s, ("top", seat, section), active=seat)


def setup() -> ScytheState:
    s = game(("nordic", "rusviet"), mats=("industrial", "engineering"))
    clear(s)
    return s


# ---------------------------------------------------------------------- Trade (S-6.2)
def test_s6_2_trade_pays_a_coin_for_two_resources_on_worker_territories() -> None:
    s = setup()
    workers(s, 0, "r1c4")
    workers(s, 0, "r2c4")
    coins = s.coins[0]
    top(s, 0, "trade")
    play(s, "trade resources")
    assert options(s) == ["gain wood", "gain metal", "gain oil", "gain food", "done"]
    play(s, "gain wood", "at r1c4", "gain food")
    assert options(s) == ["at r1c4", "at r2c4"]  # split over territories (S-19 #8)
    play(s, "at r2c4")
    assert s.coins[0] == coins - 1
    assert tokens(s, "r1c4") == {"wood": 1} and tokens(s, "r2c4") == {"food": 1}


def test_s19_8_trade_on_one_territory_with_the_option() -> None:
    s = game(("nordic", "rusviet"), trade_resources_placement="one_territory")
    clear(s)
    workers(s, 0, "r1c4")
    workers(s, 0, "r2c4")
    top(s, 0, "trade")
    play(s, "trade resources", "gain wood", "at r1c4", "gain oil")
    assert tokens(s, "r1c4") == {"wood": 1, "oil": 1}  # the second went there at once


def test_s6_2_trade_needs_a_coin_and_workers_on_territories_for_resources() -> None:
    s = setup()
    top(s, 0, "trade")
    assert options(s) == ["trade popularity", "skip"]  # no worker on a territory
    s.coins[0] = 0
    workers(s, 0, "r1c4")
    top(s, 0, "trade")
    assert kind(s) == "choose_section"  # nothing to choose: the skip applied itself


def test_s6_2_s16_1_trade_popularity_upgraded_and_the_armory() -> None:
    s = setup()
    popularity, power = s.popularity[0], s.power[0]
    top(s, 0, "trade")
    play(s, "trade popularity")
    assert s.popularity[0] == popularity + 1 and s.power[0] == power
    s.top_upgrades[0] = 1 << BOX_TRADE_POPULARITY
    structure(s, 0, "armory", "r1c4")
    top(s, 0, "trade")
    play(s, "trade popularity")
    assert s.popularity[0] == popularity + 3 and s.power[0] == power + 1


# ---------------------------------------------------------------------- Bolster (S-6.4)
def test_s6_4_bolster_power_or_cards_upgraded_and_the_monument() -> None:
    s = setup()
    coins, power, popularity = s.coins[0], s.power[0], s.popularity[0]
    cards = s.hand_size(0)
    top(s, 0, "bolster")
    play(s, "bolster power")
    assert (s.coins[0], s.power[0]) == (coins - 1, power + 2)
    top(s, 0, "bolster")
    play(s, "bolster cards")
    assert s.hand_size(0) == cards + 1
    s.top_upgrades[0] = (1 << BOX_BOLSTER_POWER) | (1 << BOX_BOLSTER_CARDS)
    structure(s, 0, "monument", "r1c4")
    top(s, 0, "bolster")
    play(s, "bolster power")
    top(s, 0, "bolster")
    play(s, "bolster cards")
    assert s.power[0] == power + 5 and s.hand_size(0) == cards + 3
    assert s.popularity[0] == popularity + 2 and s.coins[0] == coins - 4


def test_s3_7_tracks_are_capped() -> None:
    """S-3.7: power stops at 16, popularity at 18; gains beyond are lost."""
    s = setup()
    s.power[0] = 15
    top(s, 0, "bolster")
    play(s, "bolster power", "take 2")  # the power star is earned: declining is offered
    assert s.power[0] == 16
    s.popularity[0] = 18
    top(s, 0, "trade")
    play(s, "trade popularity")
    assert s.popularity[0] == 18


def test_s4_1_drawing_from_an_empty_deck_shuffles_the_discards_or_fails() -> None:
    s = setup()
    s.combat_deck = ()
    s.combat_discard = [0, 0, 1, 0]
    cards = s.hand_size(0)
    s.top_upgrades[0] = 1 << BOX_BOLSTER_CARDS
    top(s, 0, "bolster")
    play(s, "bolster cards")  # two to draw, one card in the discard
    assert s.hand_size(0) == cards + 1 and s.hand[0 * N_VALUES + 2] >= 1
    assert s.combat_deck == () and sum(s.combat_discard) == 0


# ---------------------------------------------------------------------- Produce (S-6.3)
def test_s6_3_produce_on_controlled_worker_territories() -> None:
    """S-6.3: up to two territories with the seat's workers; each worker produces one of the
    territory's product there; a village produces workers from the mat."""
    s = setup()
    workers(s, 0, "r1c4", 2)  # forest: wood
    workers(s, 0, "r1c3")  # village: workers
    workers(s, 0, "r2c4")  # mountain: metal
    top(s, 0, "produce")
    play(s, "produce")
    assert options(s) == ["produce r1c3", "produce r1c4", "produce r2c4", "done"]
    play(s, "produce r1c4", "produce r1c3")
    assert tokens(s, "r1c4") == {"wood": 2} and tokens(s, "r2c4") == {}
    assert worker_spaces(s, 0).count(at("r1c3")) == 2
    assert kind(s) == "choose_section"


@pytest.mark.parametrize(
    ("off_mat", "cost"), [(2, (0, 0, 0)), (4, (1, 0, 0)), (6, (1, 1, 0)), (8, (1, 1, 1))]
)
def test_s6_3_produce_cost_from_the_exposed_boxes(off_mat: int, cost: tuple[int, ...]) -> None:
    s = setup()
    workers(s, 0, "r1c4", off_mat)
    before = (s.power[0], s.popularity[0], s.coins[0])
    top(s, 0, "produce")
    play(s, "produce", "produce r1c4")
    assert tuple(b - a for a, b in zip((s.power[0], s.popularity[0], s.coins[0]), before,
                                       strict=True)) == cost
    assert tokens(s, "r1c4") == {"wood": off_mat}


def test_s6_3_produce_cannot_be_taken_without_paying_its_cost() -> None:
    s = setup()
    workers(s, 0, "r1c4", 4)
    s.power[0] = 0
    top(s, 0, "produce")
    assert kind(s) == "choose_section" and tokens(s, "r1c4") == {}


def test_s6_3_village_stops_when_the_mat_is_empty_and_three_territories_upgraded() -> None:
    s = setup()
    workers(s, 0, "r1c3", 6)
    workers(s, 0, "r1c4")
    workers(s, 0, "r2c4")
    s.top_upgrades[0] = 1 << BOX_PRODUCE
    s.power[0] = s.popularity[0] = 5
    top(s, 0, "produce")
    play(s, "produce", "produce r1c3", "produce r1c4", "produce r2c4")
    assert OFF_BOARD not in worker_spaces(s, 0) and len(worker_spaces(s, 0)) == 8
    assert tokens(s, "r1c4") == {"wood": 1} and tokens(s, "r2c4") == {"metal": 1}


def test_s21_2_4_s21_3_5_the_mill_is_a_produce_choice_on_a_controlled_territory() -> None:
    """S-6.3, S-21.2-4: the Mill works as one more worker and its territory uses one of the
    choices; S-21.3-5: a Mill on a territory the seat does not control cannot be chosen."""
    s = setup()
    structure(s, 0, "mill", "r1c5")
    workers(s, 0, "r1c4")
    workers(s, 0, "r2c4")
    top(s, 0, "produce")
    play(s, "produce")
    assert options(s) == ["produce r1c4", "produce r1c5", "produce r2c4", "done"]
    play(s, "produce r1c5", "produce r1c4")
    assert tokens(s, "r1c5") == {"oil": 1} and tokens(s, "r2c4") == {}
    workers(s, 1, "r1c5")  # Rusviet stands on the Mill: Nordic loses control of it
    top(s, 0, "produce")
    play(s, "produce")
    assert "produce r1c5" not in options(s)


def test_s21_2_4_option_the_mill_territory_outside_the_two_choices() -> None:
    s = game(("nordic", "rusviet"), mill_territory_uses_a_produce_slot=False)
    clear(s)
    structure(s, 0, "mill", "r1c5")
    workers(s, 0, "r1c5")
    workers(s, 0, "r1c4")
    workers(s, 0, "r2c4")
    top(s, 0, "produce")
    play(s, "produce", "produce r1c5", "produce r1c4", "produce r2c4")
    assert tokens(s, "r1c5") == {"oil": 2} and tokens(s, "r2c4") == {"metal": 1}


# ---------------------------------------------------------------------- bottom row (S-7)
def test_s7_1_upgrade_moves_a_cube_and_the_bottom_action_costs_less() -> None:
    s = setup()
    workers(s, 0, "r1c4")
    resource(s, "r1c4", "oil", 3)
    pose(s, ("upgrade", 0), active=0)
    assert len(options(s)) == 6
    play(s, "upgrade produce")
    # Industrial's boxes: Upgrade 1, Deploy 2, Build 1, Enlist 2
    assert options(s) == ["cube upgrade", "cube deploy", "cube build", "cube enlist"]
    play(s, "cube enlist")
    assert s.top_upgrades[0] == 1 << BOX_PRODUCE and s.bottom_cubes[ENLIST] == 1
    s.bottom_cubes[0:4] = [1, 2, 1, 1]
    pose(s, ("upgrade", 0), active=0)
    play(s, "upgrade move")
    assert s.bottom_cubes[0:4] == [1, 2, 1, 2]  # the one box left: no choice
    pose(s, ("upgrade", 0), active=0)
    assert kind(s) == "choose_section"  # no empty bottom box: nothing to upgrade


def test_s7_2_deploy_a_chosen_mech_where_a_worker_stands_never_on_a_lake() -> None:
    s = setup()
    mech(s, 0, "seaworthy", "r2c4")
    workers(s, 0, "r1c4")
    workers(s, 0, "r3c4")  # a worker on a lake (carried there)
    pose(s, ("deploy", 0, -1), active=0)
    assert options(s) == ["mech riverwalk", "mech artillery", "mech speed"]
    play(s, "mech speed")
    assert s.units[0 * UNITS_PER_SEAT + MECH + 3] == at("r1c4")


def test_s7_3_build_one_structure_per_territory_not_on_a_lake() -> None:
    s = setup()
    workers(s, 0, "r1c4")
    workers(s, 0, "r2c4")
    workers(s, 0, "r4c3")
    structure(s, 1, "mine", "r2c4")  # a structure of anyone blocks the territory
    pose(s, ("build", 0, -1), active=0)
    play(s, "structure armory")
    assert options(s) == ["at r1c4", "at r4c3"]  # the Factory is allowed
    play(s, "at r4c3")
    assert s.structures[0 * 4 + 2] == at("r4c3")


def test_s7_4_enlist_a_recruit_and_gain_the_one_time_bonus() -> None:
    s = setup()
    power = s.power[0]
    pose(s, ("enlist", 0), active=0)
    play(s, "recruit deploy")
    assert options(s) == ["bonus power", "bonus coins", "bonus popularity", "bonus cards"]
    play(s, "bonus power")
    assert s.power[0] == power + 2
    assert s.recruits[0] == 1 << DEPLOY and s.recruit_bonuses[0] == 0b0001
    pose(s, ("enlist", 0), active=0)
    assert "recruit deploy" not in options(s)
    play(s, "recruit build")
    assert "bonus power" not in options(s)


def test_s15_3_coercion_pays_one_resource_with_a_combat_card_once_per_turn() -> None:
    s = game(("crimea", "saxony"), mats=("industrial", "engineering"))
    clear(s)
    workers(s, 0, "r8c3")
    resource(s, "r8c3", "wood", 2)
    s.hand[0:4] = [1, 1, 0, 0]
    # Industrial Build costs 3 wood: 2 wood and a card
    pose(s, ("bottom", 0, 2), active=0)
    assert options(s) == ["build", "skip"]
    play(s, "build")
    assert options(s) == ["from r8c3", "card 2", "card 3"]
    play(s, "card 3")
    assert kind(s) == "build_structure"  # the two wood came from r8c3, the one source left
    assert s.hand[0:4] == [1, 0, 0, 0] and s.combat_discard[1] == 1
    assert tokens(s, "r8c3") == {}
    play(s, "structure mine")
    pose(s, ("pay", 0, 0, 1), active=0)
    assert kind(s) == "choose_section"  # nothing left to pay with: Coercion was used


def test_s7_2_the_mechs_ability_is_unlocked_once_deployed() -> None:
    s = setup()
    character(s, 0, "r1c4")
    workers(s, 0, "r1c4")
    resource(s, "r1c4", "metal", 3)
    pose(s, ("deploy", 0, -1), active=0)
    play(s, "mech riverwalk")
    pose(s, ("move", 0, 1, 0, 0, 1, 1, ()), active=0)
    play(s, "character r1c4")
    assert "to r2c3" not in options(s)  # a tundra: not a Riverwalk terrain
    assert "to r1c3" not in options(s)  # a village
    s2 = setup()
    mech(s2, 0, "riverwalk", "r2c4")
    pose(s2, ("move", 0, 1, 0, 0, 1, 1, ()), active=0)
    play(s2, "mech r2c4")
    assert "to r3c5" in options(s2)  # forest across the river
