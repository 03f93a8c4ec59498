"""The Factory and Factory cards (S-11, S-21.1, S-21.2-2, S-21.2-7)."""

from __future__ import annotations

import random

from boardlab.games.scythe.board import HOME
from boardlab.games.scythe.content import CONTENT
from boardlab.games.scythe.state import ScytheState
from boardlab.games.scythe.tables import (
    BOX_MOVE_UNITS,
    FACTORY_SECTION,
    MILL,
    N_STRUCTURES,
    RECRUIT_BONUS,
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
    turn,
    workers,
)


def arrive(s: ScytheState, seat: int = 0) -> ScytheState:
    character(s, seat, "r3c3")
    return pose(s, ("move", seat, 1, 0, 0, 1, 1, ()), active=seat)


def two(**options: object) -> ScytheState:
    s = game(("nordic", "rusviet"), None, 0, **options)
    clear(s)
    return s


def test_s11_a_card_kept_from_every_card_on_the_factory() -> None:
    s = two()
    s.factory_offer = tuple([0, 4, 6])
    arrive(s)
    play(s, "character r3c3", "to r4c3")
    assert kind(s) == "factory_card" and options(s) == ["factory 1", "factory 5", "factory 7"]
    assert "Canteen" in s.decision.prompt  # type: ignore[union-attr]
    play(s, "factory 5")
    assert s.factory_card[0] == 4 and s.factory_offer == (0, 6)
    assert s.factory_seen == 1


def test_s11_one_factory_card_per_player_for_the_whole_game() -> None:
    s = two()
    s.factory_offer = tuple([0, 4, 6])
    s.factory_card[0] = 2
    arrive(s)
    play(s, "character r3c3", "to r4c3")
    assert kind(s) != "factory_card" and s.factory_offer == (0, 4, 6)


def test_s11_the_offer_is_hidden_from_seats_that_have_not_looked() -> None:
    s = two()
    s.factory_offer = tuple([0, 4, 6])
    arrive(s)
    play(s, "character r3c3", "to r4c3", "factory 5")
    offers = set()
    for k in range(30):
        mine = s.determinize(0, random.Random(k))
        assert isinstance(mine, ScytheState) and mine.factory_offer == (0, 6)
        theirs = s.determinize(1, random.Random(k))
        assert isinstance(theirs, ScytheState)
        assert len(theirs.factory_offer) == 2 and 4 not in theirs.factory_offer
        offers.add(theirs.factory_offer)
    assert len(offers) > 5


def test_s11_the_card_is_a_fifth_section_top_row_then_a_move_of_one_unit() -> None:
    s = two()
    s.factory_card[0] = 6  # Refinery: 2 oil for 4 coins
    workers(s, 0, "r1c4")
    resource(s, "r1c4", "oil", 2)
    coins = s.coins[0]
    turn(s, 0)
    play(s, "section factory")
    assert s.last_section[0] == FACTORY_SECTION
    assert kind(s) == "factory_top" and options(s) == ["factory top", "skip"]
    play(s, "factory top")
    assert s.coins[0] == coins + 4 and tokens(s, "r1c4") == {}
    assert kind(s) == "move_unit"
    assert options(s) == ["character home_nordic", "worker r1c4", "done"]
    play(s, "character home_nordic", "to r1c4", "to r1c5", "to r2c4")
    assert s.units[0] == at("r2c4")
    assert kind(s) is None or s.to_move == 1  # no bottom action, no more units: turn over


def test_s21_1_a_factory_row_that_cannot_be_paid_is_not_offered() -> None:
    s = two()
    s.factory_card[0] = 6
    turn(s, 0)
    play(s, "section factory")
    assert kind(s) == "move_unit"  # the top row was skipped at once


def test_s21_2_2_the_factory_move_goes_3_territories_4_with_speed_2_published() -> None:
    for distance, speed, steps in ((3, False, 3), (3, True, 4), (2, False, 2), (2, True, 3)):
        s = two(factory_card_move_distance=distance)
        s.factory_card[0] = 6
        if speed:
            mech(s, 0, "speed", "r1c4")
        pose(s, ("factory_move", 0), active=0)
        play(s, "character home_nordic")
        taken = 0
        while kind(s) == "move_step":
            step = next(o for o in options(s) if o.startswith("to "))
            play(s, step)
            taken += 1
        assert taken == steps


def test_s11_factory_rows_ignore_the_mat_and_pay_no_bonuses() -> None:
    s = two()
    s.factory_card[0] = 8  # Drafting Office: 3 power for an upgrade
    s.top_upgrades[0] = 1 << BOX_MOVE_UNITS  # Move upgraded on the mat: not on the card
    s.recruits[1] = 0b1111
    s.power = [5, 5]
    coins = list(s.coins)
    turn(s, 0)
    play(s, "section factory", "factory top", "upgrade power", "cube deploy")
    assert s.power == [2, 5] and s.coins == coins  # no coin bonus, no recruit bonus
    assert RECRUIT_BONUS  # (every bottom action has one; none applied)
    assert kind(s) == "move_unit"
    play(s, "character home_nordic", "to r1c4", "stop")
    assert kind(s) != "move_unit"  # one unit only, even with Move upgraded


def test_s21_2_7_relentless_rusviet_uses_its_factory_card_turn_after_turn() -> None:
    for relentless in (True, False):
        s = game(("nordic", "rusviet"), relentless_applies_to_factory_card=relentless)
        clear(s)
        s.factory_card[1] = 1
        s.last_section[1] = FACTORY_SECTION
        turn(s, 1)
        assert ("section factory" in options(s)) == relentless
    s = game(("nordic", "rusviet"))
    clear(s)
    s.factory_card[0] = 1
    s.last_section[0] = FACTORY_SECTION
    turn(s, 0)
    assert "section factory" not in options(s)


def test_s21_1_the_factory_produce_row_has_no_mill() -> None:
    s = two()
    s.factory_card[0] = 2  # Night Shift: 1 power, Produce on one territory
    workers(s, 0, "r1c4")
    structure(s, 0, "mill", "r1c5")
    s.power[0] = 2
    turn(s, 0)
    play(s, "section factory", "factory top")
    assert s.power[0] == 1
    assert options(s) == ["produce r1c4", "done"]  # the Mill's territory is not offered
    play(s, "produce r1c4")
    assert tokens(s, "r1c4") == {"wood": 1}
    assert s.structures[0 * N_STRUCTURES + MILL] == at("r1c5")


def test_s21_1_a_choice_and_resources_on_worker_territories() -> None:
    s = two()
    s.factory_card[0] = 0  # Exchange Hall: 1 coin, then 3 resources or 2 popularity
    workers(s, 0, "r1c4")
    workers(s, 0, "r1c5")
    popularity = s.popularity[0]
    turn(s, 0)
    play(s, "section factory", "factory top")
    assert kind(s) == "card_choice" and options(s) == ["choose 1", "choose 2"]
    play(s, "choose 1", "gain metal", "at r1c5", "gain food")
    assert options(s) == ["at r1c4", "at r1c5"]
    play(s, "at r1c4", "done")
    assert tokens(s, "r1c5") == {"metal": 1} and tokens(s, "r1c4") == {"food": 1}
    s = two()
    s.factory_card[0] = 0
    turn(s, 0)
    play(s, "section factory", "factory top", "choose 2")
    assert s.popularity[0] == popularity + 2


def test_s11_the_factory_card_move_may_fight_and_meet_encounters() -> None:
    s = two()
    s.factory_card[0] = 6
    character(s, 1, "r1c5")
    s.power = [3, 0]
    s.hand = [0] * len(s.hand)
    pose(s, ("factory_move", 0), active=0)
    play(s, "character home_nordic", "to r1c5")
    assert kind(s) == "combat_dial"
    play(s, "dial 1")
    assert s.combat_stars[0] == 1
    assert s.units[UNITS_PER_SEAT] == HOME[1]
    assert CONTENT.factory_cards[6].name == "Refinery"
