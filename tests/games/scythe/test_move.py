"""Move (S-6.1, S-8), the movement abilities (S-15) and the order after a Move (S-21.3-1)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from boardlab.engine import Frame, Step
from boardlab.engine.layouts import KEY, PLAYER
from boardlab.games.scythe import flow
from boardlab.games.scythe.frames import Path
from boardlab.games.scythe.state import ScytheState
from boardlab.games.scythe.tables import BOX_GAIN_COINS, BOX_MOVE_UNITS, UNITS_PER_SEAT

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
    worker_spaces,
    workers,
)


def moving(s: ScytheState, seat: int, units: int = 2, steps: int = 1) -> ScytheState:
    """Pose a Move of ``seat`` (the top-row Move unless told otherwise)."""
    return pose(s, ("move", seat, units, 0, 0, steps, 1, ()), active=seat)


def destinations(s: ScytheState) -> list[str]:
    return [option.removeprefix("to ") for option in options(s) if option.startswith("to ")]


@pytest.fixture
def recorded(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Frame]]:
    """The combat, encounter and Factory-card frames pushed, in order (their rules pop)."""
    seen: list[Frame] = []

    def record(s: ScytheState, f: Frame) -> None:
        seen.append(f)
        s.stack.pop()

    for key in ("combat", "encounter", "factory_card"):
        monkeypatch.setitem(flow.RULES, key, Step(record))
    yield seen


def nordic_and_rusviet(**options: object) -> ScytheState:
    s = game(("nordic", "rusviet"), None, 0, **options)
    clear(s)
    return s


# ---------------------------------------------------------------------- S-6.1, S-8.1
def test_s6_1_move_two_units_one_territory_each() -> None:
    """S-6.1, S-8.1: up to two different units, one step each; a unit moves once."""
    s = nordic_and_rusviet()
    workers(s, 0, "r1c4")
    workers(s, 0, "r1c5")
    turn(s, 0)
    play(s, "section move")
    assert options(s) == ["move", "gain coins", "skip"]
    play(s, "move")
    assert options(s) == ["character home_nordic", "worker r1c4", "worker r1c5", "done"]
    play(s, "character home_nordic")
    assert destinations(s) == ["r1c4", "r1c5"] and "stop" not in options(s)
    play(s, "to r1c4")
    assert options(s) == ["worker r1c4", "worker r1c5", "done"]
    play(s, "worker r1c5", "to r2c4")
    assert kind(s) == "choose_section" and s.to_move == 1  # two units moved: the Move ended
    assert s.units[0] == at("r1c4") and worker_spaces(s, 0) == sorted([at("r1c4"), at("r2c4")])


def test_s6_1_gain_coins_and_upgraded_values() -> None:
    """S-6.1: Gain takes 1 coin, 2 upgraded; Move takes 3 units upgraded (S-7.1)."""
    s = nordic_and_rusviet()
    coins = s.coins[0]
    turn(s, 0)
    play(s, "section move", "gain coins")
    assert s.coins[0] == coins + 1
    s.top_upgrades[0] = (1 << BOX_GAIN_COINS) | (1 << BOX_MOVE_UNITS)
    s.last_section[0] = -1
    turn(s, 0)
    play(s, "section move", "gain coins")
    assert s.coins[0] == coins + 3
    workers(s, 0, "r1c4", 3)
    moving(s, 0, units=3)
    play(s, "worker r1c4", "to r1c5", "worker r1c4", "to r1c5", "worker r1c4", "to r1c5")
    assert worker_spaces(s, 0) == [at("r1c5")] * 3


def test_s8_1_a_move_may_stop_early_and_each_unit_moves_once() -> None:
    s = nordic_and_rusviet()
    workers(s, 0, "r1c4")
    moving(s, 0)
    play(s, "worker r1c4", "to r1c5")
    assert options(s) == ["character home_nordic", "done"]  # the worker already moved
    play(s, "done")
    assert kind(s) == "choose_section"


# ---------------------------------------------------------------------- S-3.5, S-8.2, S-8.4
def test_s3_5_rivers_block_and_riverwalk_crosses_into_its_terrains() -> None:
    """S-3.5: no unit crosses a river; Riverwalk crosses into the faction's two terrains
    only (Rusviet: farms and villages)."""
    s = nordic_and_rusviet()
    mech(s, 1, "peoples_army", "r3c6")
    moving(s, 1)
    play(s, "mech r3c6")
    assert destinations(s) == ["r4c5", "r4c6"]  # r2c5, r2c6 and r3c5 lie across rivers
    s = nordic_and_rusviet()
    mech(s, 1, "riverwalk", "r3c6")
    moving(s, 1)
    play(s, "mech r3c6")
    assert destinations(s) == ["r2c5", "r2c6", "r4c5", "r4c6"]  # not the forest r3c5


def test_s15_6_rusviet_riverwalk_opens_the_river_from_its_home_base() -> None:
    s = nordic_and_rusviet()
    moving(s, 1)
    play(s, "character home_rusviet")
    assert destinations(s) == ["r3c6", "r4c6"]
    mech(s, 1, "riverwalk", "r4c6")
    moving(s, 1)
    play(s, "character home_rusviet")
    assert destinations(s) == ["r2c6", "r3c6", "r4c6"]


def test_s8_4_no_move_enters_a_home_base() -> None:
    s = nordic_and_rusviet()
    character(s, 0, "r1c4")
    moving(s, 0)
    play(s, "character r1c4")
    assert destinations(s) == ["r1c5", "r2c4"]


def test_s3_5_tunnels_are_adjacent_and_the_mine_is_a_tunnel_for_its_owner() -> None:
    """S-3.5, S-16.1: the six tunnels are adjacent to one another for every unit; the
    owner's Mine is a tunnel for its owner only."""
    s = nordic_and_rusviet()
    structure(s, 1, "mine", "r4c6")
    workers(s, 1, "r2c3")
    workers(s, 0, "r5c5")
    moving(s, 1)
    play(s, "worker r2c3")
    assert set(destinations(s)) == {"r3c2", "r3c3", "r3c5", "r4c6", "r5c2", "r6c3"}
    s = nordic_and_rusviet()
    structure(s, 1, "mine", "r4c6")
    workers(s, 0, "r2c3")
    moving(s, 0)
    play(s, "worker r2c3")
    # Nordic workers swim across rivers, but Rusviet's Mine is no tunnel for them
    assert "r4c6" not in destinations(s)
    assert {"r3c2", "r3c5", "r5c2", "r5c5", "r6c3"} <= set(destinations(s))


# ---------------------------------------------------------------------- S-8.3, S-21.3-6
def test_s8_3_s21_3_6_resources_picked_up_and_dropped_along_a_speed_path() -> None:
    """S-8.3, S-21.3-6: a moving unit takes resources along and sets them down anywhere on
    its path, the intermediate territory of a Speed move included."""
    s = nordic_and_rusviet()
    mech(s, 0, "speed", "r1c4")
    resource(s, "r1c4", "wood", 2)
    resource(s, "r1c5", "metal", 1)
    moving(s, 0)
    play(s, "mech r1c4")
    assert options(s)[:1] == ["load wood"]
    play(s, "load wood", "load wood")
    assert "load wood" not in options(s)
    play(s, "to r1c5")
    assert tokens(s, "r1c5") == {"wood": 2, "metal": 1} and "stop" in options(s)
    play(s, "load metal", "to r2c4")
    assert tokens(s, "r1c4") == {} and tokens(s, "r1c5") == {"wood": 2}
    assert tokens(s, "r2c4") == {"metal": 1}


def test_s8_3_mechs_carry_workers_and_workers_carry_resources() -> None:
    s = nordic_and_rusviet()
    mech(s, 0, "artillery", "r1c4")
    workers(s, 0, "r1c4", 2)
    resource(s, "r1c5", "oil", 1)
    workers(s, 0, "r1c5")
    moving(s, 0)
    play(s, "mech r1c4", "load worker", "load worker", "to r2c4")
    assert worker_spaces(s, 0) == sorted([at("r1c5"), at("r2c4"), at("r2c4")])
    play(s, "worker r1c5", "load oil", "to r1c4")
    assert tokens(s, "r1c4") == {"oil": 1}


def test_s21_2_6_a_carried_worker_may_also_move_on_its_own() -> None:
    """S-21.2-6: a worker carried by a mech may also move alone in the same Move, either
    order; with the option off it may not."""
    s = nordic_and_rusviet()
    mech(s, 0, "artillery", "r1c4")
    workers(s, 0, "r1c4")
    moving(s, 0)
    play(s, "mech r1c4", "load worker", "to r1c5")
    assert "worker r1c5" in options(s)
    s = nordic_and_rusviet(carried_worker_may_also_move_alone=False)
    mech(s, 0, "artillery", "r1c4")
    workers(s, 0, "r1c4")
    moving(s, 0)
    play(s, "mech r1c4", "load worker", "to r1c5")
    assert options(s) == ["character home_nordic", "done"]


def test_s21_2_6_a_worker_that_moved_may_then_be_carried() -> None:
    s = nordic_and_rusviet()
    mech(s, 0, "artillery", "r1c5")
    workers(s, 0, "r1c4", 2)
    moving(s, 0)
    play(s, "worker r1c4", "to r1c5", "mech r1c5")
    assert "load moved_worker" in options(s) and "load worker" not in options(s)
    play(s, "load moved_worker", "to r2c4")
    assert worker_spaces(s, 0) == sorted([at("r1c4"), at("r2c4")])


# ---------------------------------------------------------------------- S-8.5, S-15.1 lakes
def test_s8_5_lakes_need_seaworthy_or_submerge_and_never_take_a_worker_alone() -> None:
    s = nordic_and_rusviet()
    mech(s, 0, "artillery", "r2c4")
    workers(s, 0, "r2c4")
    moving(s, 0)
    play(s, "mech r2c4")
    assert "r3c4" not in destinations(s)
    s = nordic_and_rusviet()
    mech(s, 0, "seaworthy", "r2c4")
    workers(s, 0, "r2c4")
    moving(s, 0)
    play(s, "worker r2c4")
    assert "r3c4" not in destinations(s)  # workers never step onto a lake
    play(s, "to r1c4", "mech r2c4")
    assert "r3c4" in destinations(s)


def test_s8_5_workers_and_resources_on_a_lake_leave_only_aboard_a_mech() -> None:
    """S-8.5: workers and resources ride a mech onto a lake but may not be left there, and a
    worker leaves a lake only aboard a mech."""
    s = nordic_and_rusviet()
    mech(s, 0, "seaworthy", "r2c4")
    workers(s, 0, "r2c4")
    resource(s, "r2c4", "food", 1)
    moving(s, 0)
    play(s, "mech r2c4", "load worker", "load food", "to r3c4")
    assert worker_spaces(s, 0) == [at("r3c4")] and tokens(s, "r3c4") == {"food": 1}
    moving(s, 0)
    assert "worker r3c4" not in options(s)
    play(s, "mech r3c4")
    assert destinations(s) == []  # the worker and the food must come along first
    assert options(s) == ["load food", "load worker"]
    play(s, "load worker")  # the food, the one thing left to do first, is loaded at once
    assert s.stack[-1][Path.loads] == (0, 0, 0, 1) and "r4c4" in destinations(s)


def test_s8_5_a_character_cannot_leave_workers_alone_on_a_lake() -> None:
    s = nordic_and_rusviet()
    character(s, 0, "r3c4")
    mech(s, 0, "seaworthy", "r3c4")
    workers(s, 0, "r3c4")
    moving(s, 0)
    assert "character r3c4" in options(s)  # the mech stays with the worker
    play(s, "mech r3c4")  # the worker may not stay with the character alone: loaded at once
    assert s.stack[-1][Path.loaded] == 1 << 5 and destinations(s)
    play(s, "to r4c4")
    workers(s, 0, "r3c4")  # (as after a retreat onto a lake)
    s.refresh()
    assert "character r3c4" not in options(s)


# ---------------------------------------------------------------------- S-8.6 enemy territory
def test_s8_6_workers_only_territory_sends_them_home_at_a_popularity_cost() -> None:
    """S-8.6: a character or mech entering a territory held only by enemy workers ends its
    move; the workers go home at once, leaving their resources; 1 popularity per worker."""
    s = nordic_and_rusviet()
    mech(s, 0, "speed", "r1c5")
    workers(s, 1, "r2c4", 2)
    resource(s, "r2c4", "wood", 1)
    popularity = s.popularity[0]
    moving(s, 0)
    play(s, "mech r1c5", "to r2c4")
    assert worker_spaces(s, 1) == [at("home_rusviet")] * 2
    assert s.popularity[0] == popularity - 2 and tokens(s, "r2c4") == {"wood": 1}
    assert options(s) == ["character home_nordic", "done"]  # Speed or not, the move ended


def test_s8_6_workers_never_enter_enemy_units_on_their_own() -> None:
    s = nordic_and_rusviet()
    workers(s, 1, "r4c6")
    workers(s, 0, "r3c6")
    character(s, 0, "r4c5")
    moving(s, 1)
    # r3c6 and r4c5 hold enemies, r5c6 is a lake, the home base is closed
    assert "worker r4c6" not in options(s)


def test_s8_6_a_territory_held_only_by_an_enemy_structure_may_be_entered() -> None:
    s = nordic_and_rusviet()
    workers(s, 0, "r1c5")
    structure(s, 1, "mill", "r2c4")
    mech(s, 0, "speed", "r1c4")
    moving(s, 0)
    play(s, "worker r1c5", "to r2c4", "mech r1c4", "to r1c5")
    assert "r2c4" in destinations(s) and "stop" in options(s)


def test_s8_6_s9_1_entering_an_enemy_unit_ends_the_move_and_combat_follows(
    recorded: list[Frame],
) -> None:
    """S-8.6, S-9.1: a character or mech entering an enemy character or mech stops; after the
    whole Move a combat per contested territory, in the attacker's order, records the
    attacker, territory, defender and the units that moved in with where they came from."""
    s = nordic_and_rusviet()
    mech(s, 0, "speed", "r1c4")
    workers(s, 0, "r1c4")
    character(s, 1, "r2c4")
    resource(s, "r1c4", "oil", 1)
    moving(s, 0)
    play(s, "mech r1c4", "load worker", "load oil", "to r2c4")
    assert options(s) == ["character home_nordic", "done"]  # Speed, but the move ended
    assert recorded == []  # no combat before the whole Move is over
    play(s, "done")
    assert recorded == [("combat", 0, at("r2c4"), 1, ((4, at("r1c4"), 0, 0, 1, 0),
                                                      (5, at("r1c4"), 0, 0, 0, 0)))]
    assert kind(s) == "choose_section"
    # two contested territories: the attacker picks the order
    recorded.clear()
    s = nordic_and_rusviet()
    mech(s, 0, "speed", "r1c4")
    mech(s, 0, "riverwalk", "r2c5")
    character(s, 1, "r2c4")
    mech(s, 1, "peoples_army", "r1c6")
    workers(s, 0, "r1c4")
    moving(s, 0)
    play(s, "mech r1c4", "load worker", "to r2c4", "mech r2c5", "to r1c6")
    assert kind(s) == "choose_combat" and options(s) == ["fight r1c6", "fight r2c4"]
    play(s, "fight r2c4")
    base = 0
    speed_mech = base + 4
    worker = base + 5
    assert recorded == [
        ("combat", 0, at("r2c4"), 1, ((speed_mech, at("r1c4"), 0, 0, 0, 0),
                                      (worker, at("r1c4"), 0, 0, 0, 0))),
        ("combat", 0, at("r1c6"), 1, ((1, at("r2c5"), 0, 0, 0, 0),)),
    ]


def test_s21_2_5_camaraderie_does_not_cover_workers_only_territories() -> None:
    s = game(("rusviet", "polania"))
    clear(s)
    mech(s, 1, "camaraderie", "r4c1")
    workers(s, 0, "r4c0")
    popularity = s.popularity[1]
    moving(s, 1)
    play(s, "mech r4c1", "to r4c0")
    assert s.popularity[1] == popularity - 1
    s = game(("rusviet", "polania"), camaraderie_covers_worker_only_territories=True)
    clear(s)
    mech(s, 1, "camaraderie", "r4c1")
    workers(s, 0, "r4c0")
    moving(s, 1)
    play(s, "mech r4c1", "to r4c0")
    assert s.popularity[1] == popularity


def test_s21_2_8_a_loss_below_zero_stops_at_zero_or_blocks_with_the_option() -> None:
    s = nordic_and_rusviet()
    mech(s, 0, "artillery", "r1c5")
    workers(s, 1, "r2c4", 2)
    s.popularity[0] = 1
    moving(s, 0)
    play(s, "mech r1c5", "to r2c4")
    assert s.popularity[0] == 0 and worker_spaces(s, 1) == [at("home_rusviet")] * 2
    s = nordic_and_rusviet(loss_below_zero="blocks_action")
    mech(s, 0, "artillery", "r1c5")
    workers(s, 1, "r2c4", 2)
    s.popularity[0] = 1
    moving(s, 0)
    play(s, "mech r1c5")  # r1c4 is its one destination left: it goes there at once
    assert s.units[3] == at("r1c4") and worker_spaces(s, 1) == [at("r2c4")] * 2


# ---------------------------------------------------------------------- S-8.7, S-8.8
def test_s8_8_speed_two_steps_stopping_on_any_opponent_unit() -> None:
    s = nordic_and_rusviet()
    mech(s, 0, "speed", "r1c4")
    moving(s, 0)
    play(s, "character home_nordic", "to r1c5")
    assert destinations(s) == ["r1c4", "r2c4"] and "stop" in options(s)
    play(s, "to r2c4")
    assert s.units[0] == at("r2c4")
    s = nordic_and_rusviet()
    mech(s, 0, "speed", "r1c4")
    workers(s, 1, "r1c5")
    moving(s, 0)
    play(s, "character home_nordic", "to r1c5")
    assert options(s) == ["mech r1c4", "done"]


def test_s8_7_an_encounter_stops_the_character_and_comes_after_the_combats(
    recorded: list[Frame],
) -> None:
    """S-8.7, S-21.3-1: a character entering an encounter token stops; the encounter comes
    after every combat, if the character is still there; then the bottom action."""
    s = nordic_and_rusviet()
    mech(s, 0, "speed", "r1c4")
    s.encounter_tokens = 1 << at("r1c5")
    character(s, 1, "r2c4")
    moving(s, 0)
    play(s, "character home_nordic", "to r1c5")
    assert options(s) == ["mech r1c4", "done"]
    play(s, "mech r1c4", "to r2c4")
    assert [f[KEY] for f in recorded] == ["combat", "encounter"]
    assert recorded[1] == ("encounter", 0, at("r1c5"))


def test_s10_no_encounter_when_the_character_lost_its_combat(
    monkeypatch: pytest.MonkeyPatch, recorded: list[Frame]
) -> None:
    def lose(s: ScytheState, f: Frame) -> None:
        recorded.append(f)
        s.units[f[PLAYER] * UNITS_PER_SEAT] = at("home_nordic")
        s.stack.pop()

    monkeypatch.setitem(flow.RULES, "combat", Step(lose))
    s = nordic_and_rusviet()
    s.encounter_tokens = 1 << at("r2c4")
    character(s, 0, "r1c4")
    character(s, 1, "r2c4")
    moving(s, 0)
    play(s, "character r1c4", "to r2c4")
    assert [f[KEY] for f in recorded] == ["combat"]


def test_s11_the_factory_card_when_the_character_ends_its_move_on_the_factory(
    recorded: list[Frame],
) -> None:
    s = nordic_and_rusviet()
    character(s, 0, "r3c3")
    moving(s, 0)
    play(s, "character r3c3", "to r4c3")
    assert recorded == [("factory_card", 0, at("r4c3"))]
    s.factory_card[0] = 2
    character(s, 0, "r3c3")
    moving(s, 0)
    play(s, "character r3c3", "to r4c3")
    assert len(recorded) == 1  # one Factory card per player


def test_s21_3_1_bottom_action_after_the_move() -> None:
    s = game(("nordic", "rusviet"), mats=("industrial", "engineering"))
    clear(s)
    workers(s, 0, "r1c4")
    resource(s, "r1c5", "wood", 3)
    turn(s, 0)
    # Industrial: Move/Build; the wood is on r1c5, controlled only once the worker is there
    play(s, "section move", "move", "worker r1c4", "to r1c5", "done")
    assert options(s) == ["build", "skip"]


# ---------------------------------------------------------------------- S-15 abilities
def test_s15_1_swim_nordic_workers_cross_rivers_not_onto_lakes() -> None:
    s = nordic_and_rusviet()
    workers(s, 0, "r1c4")
    workers(s, 1, "r1c3")
    moving(s, 0)
    play(s, "worker r1c4")
    assert destinations(s) == ["r1c5", "r2c3", "r2c4"]  # r1c3 holds a Rusviet worker
    s = nordic_and_rusviet()
    workers(s, 1, "r3c6")
    moving(s, 1)
    play(s, "worker r3c6")
    assert destinations(s) == ["r4c5", "r4c6"]  # no Swim for Rusviet


def test_s15_2_township_links_controlled_villages_and_the_factory() -> None:
    s = nordic_and_rusviet()
    mech(s, 1, "township", "r4c6")
    character(s, 1, "r3c6")
    workers(s, 1, "r5c5")
    moving(s, 1)
    play(s, "character r3c6")
    assert set(destinations(s)) == {"r4c3", "r4c5", "r4c6", "r5c5"}  # not village r1c3


def test_s15_3_wayfare_to_crimea_home_or_an_absent_faction_home_never_albion() -> None:
    """S-15.3, S-21.3-8: Wayfare reaches the Crimean home base and the home bases of factions
    not in the game, never the unused Albion and Togawa slots."""
    s = game(("nordic", "rusviet", "crimea"))
    clear(s)
    mech(s, 2, "wayfare", "r7c4")
    moving(s, 2)
    play(s, "mech r7c4")
    assert set(destinations(s)) == {"r7c3", "r8c3", "home_crimea", "home_saxony", "home_polania"}


def test_s15_4_underpass_links_controlled_mountains_and_tunnels() -> None:
    s = game(("nordic", "saxony"))
    clear(s)
    mech(s, 1, "underpass", "r6c0")
    character(s, 1, "r6c0")
    workers(s, 1, "r4c4")
    moving(s, 1)
    play(s, "character r6c0")
    assert set(destinations(s)) == {
        "r6c1", "r7c1", "r4c4", "r2c3", "r3c2", "r3c5", "r5c2", "r5c5", "r6c3"
    }


@pytest.mark.parametrize("units", ["character_and_mechs", "character"])
def test_s15_5_submerge_onto_off_and_between_lakes(units: str) -> None:
    """S-15.5: Polania's character (and mechs, S-19 #9) move onto and off lakes, and from
    any lake to any other lake."""
    s = game(("rusviet", "polania"), submerge_units=units)
    clear(s)
    mech(s, 1, "submerge", "r3c1")
    character(s, 1, "r2c0")
    moving(s, 1)
    play(s, "character r2c0")
    assert set(destinations(s)) >= {"r1c1", "r2c1", "r3c1", "r2c2", "r3c4", "r4c2", "r5c4",
                                      "r5c6", "r7c2"}
    play(s, "to r7c2", "mech r3c1")
    assert ("r2c0" in destinations(s)) == (units == "character_and_mechs")


def test_move_conserves_resources_and_units() -> None:
    """Conservation: a Move only carries tokens (none made or lost) and never removes a
    unit from the board."""
    s = nordic_and_rusviet()
    mech(s, 0, "speed", "r1c4")
    workers(s, 0, "r1c4", 3)
    resource(s, "r1c4", "wood", 3)
    resource(s, "r1c5", "oil", 2)
    total = sum(s.resources)
    moving(s, 0)
    play(s, "mech r1c4", "load worker", "load wood", "to r1c5", "load oil", "load worker",
         "to r2c4", "worker r1c4", "load wood", "to r1c5")
    assert sum(s.resources) == total
    assert len(worker_spaces(s, 0)) == 3
