"""Objectives (S-12, S-21.1): every designed condition holds in a built position and fails
in its near miss; none holds at setup; revealing, its star, Saxony's second card (S-15.4)."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest

from boardlab.games.scythe import objectives
from boardlab.games.scythe.content import CONTENT, FACTION_IDS
from boardlab.games.scythe.state import ScytheState
from boardlab.games.scythe.tables import (
    GOAL_MECHS,
    GOAL_RECRUITS,
    GOAL_STRUCTURES,
    GOAL_UPGRADES,
    GOAL_WORKERS,
    OFF_BOARD,
    UNITS_PER_SEAT,
    WORKER,
)
from boardlab.games.scythe.vocabulary import STRUCTURES

from .helpers import (
    MATS,
    at,
    character,
    clear,
    game,
    kind,
    mech,
    new,
    options,
    play,
    pose,
    resource,
    structure,
    workers,
)

Build = Callable[[ScytheState], None]


def _no_worker_on(s: ScytheState, space_id: str) -> None:
    for piece in range(WORKER, UNITS_PER_SEAT):
        if s.units[piece] == at(space_id):
            s.units[piece] = OFF_BOARD


def _many(*steps: Build) -> Build:
    def build(s: ScytheState) -> None:
        for step in steps:
            step(s)

    return build


def _workers(*spaces: str, seat: int = 0) -> Build:
    def build(s: ScytheState) -> None:
        for space in spaces:
            workers(s, seat, space)

    return build


def _structure_off(s: ScytheState, name: str) -> None:
    s.structures[STRUCTURES.index(name)] = OFF_BOARD


def _set(name: str, seat: int, value: int) -> Build:
    return lambda s: getattr(s, name).__setitem__(seat, value)


#: card number -> (the position where it holds, the change that makes it fail)
CASES: dict[int, tuple[Build, Build]] = {
    1: (
        _many(lambda s: character(s, 0, "r1c1"), lambda s: mech(s, 0, "speed", "r2c4"),
              _workers("r3c2")),
        lambda s: _no_worker_on(s, "r3c2"),
    ),
    2: (
        _many(_workers("r2c3", "r3c2", "r3c5"), lambda s: structure(s, 0, "mine", "r2c3")),
        lambda s: structure(s, 0, "mine", "r1c4"),
    ),
    3: (
        _many(_workers("r1c2", "r2c5", "r2c6"), lambda s: resource(s, "r1c2", "food", 5)),
        lambda s: resource(s, "r1c2", "food", 4),
    ),
    4: (
        _many(lambda s: character(s, 0, "r1c1"), _workers("r1c2", "r1c3", "r1c4", "r1c5")),
        lambda s: character(s, 0, "home_nordic"),
    ),
    5: (
        _many(lambda s: character(s, 0, "r4c3"), _workers("r3c3", "r4c4")),
        lambda s: _no_worker_on(s, "r4c4"),
    ),
    6: (lambda s: character(s, 0, "r3c6"), lambda s: character(s, 0, "r3c5")),
    7: (
        _many(lambda s: mech(s, 0, "speed", "r1c4"), lambda s: mech(s, 0, "artillery", "r1c5"),
              _workers("r1c4", "r1c5", "r2c4")),
        _workers("r2c5"),
    ),
    8: (
        _many(lambda s: character(s, 0, "r2c4"), lambda s: workers(s, 0, "r2c4", 3)),
        _many(lambda s: character(s, 0, "r1c3"), lambda s: _no_worker_on(s, "r2c4"),
              lambda s: workers(s, 0, "r1c3", 3)),
    ),
    9: (
        _many(_workers("r1c4"), lambda s: resource(s, "r1c4", "wood", 11),
              lambda s: resource(s, "r1c4", "food", 4)),
        _many(lambda s: resource(s, "r1c4", "wood", 12),
              lambda s: resource(s, "r1c4", "food", 3)),
    ),
    10: (
        _many(_workers("r1c4", "r3c1", "r3c3"), lambda s: resource(s, "r1c4", "wood", 5)),
        lambda s: resource(s, "r1c4", "wood", 4),
    ),
    11: (
        _many(_workers("r1c3", "r1c6", "r3c6"), lambda s: workers(s, 0, "home_nordic", 4)),
        lambda s: _no_worker_on(s, "home_nordic"),
    ),
    12: (_set("coins", 0, 20), _set("coins", 0, 19)),
    13: (
        _many(*(lambda s, name=name, where=where: structure(s, 0, name, where)
                for name, where in (("mine", "r1c4"), ("mill", "r1c5"), ("armory", "r2c4")))),
        _workers("r2c4", seat=1),
    ),
    14: (
        _many(_workers("r1c4"),
              *(lambda s, r=r: resource(s, "r1c4", r, 3)
                for r in ("wood", "metal", "oil", "food"))),
        lambda s: resource(s, "r1c4", "oil", 2),
    ),
    15: (
        _workers("r1c2", "r1c4", "r2c4", "r1c5", "r1c3"),
        lambda s: _no_worker_on(s, "r1c3"),
    ),
    16: (
        _many(lambda s: character(s, 0, "r5c1"), _workers("r4c0", "r4c1", "r5c0", seat=1)),
        _workers("r5c1"),
    ),
    17: (
        _many(lambda s: character(s, 0, "r1c1"), lambda s: mech(s, 0, "speed", "r3c3"),
              lambda s: mech(s, 0, "artillery", "r5c5"),
              _workers("r1c4", "r1c5", "r2c4", "r2c5")),
        lambda s: mech(s, 0, "artillery", "r3c2"),
    ),
    18: (_set("popularity", 0, 13), _set("combat_stars", 0, 1)),
    19: (
        _many(_workers("r2c3", "r2c4", "r3c5"), lambda s: structure(s, 0, "armory", "r2c4")),
        lambda s: _structure_off(s, "armory"),
    ),
    20: (
        _many(_workers("r1c1"), lambda s: structure(s, 0, "mill", "r1c1")),
        _many(_workers("r1c2"), lambda s: structure(s, 0, "mill", "r1c2")),
    ),
    21: (
        _many(_workers("r1c4"), _workers("r4c6", seat=1),
              lambda s: resource(s, "r1c4", "metal", 8),
              lambda s: resource(s, "r4c6", "metal", 7)),
        lambda s: resource(s, "r4c6", "metal", 8),
    ),
    22: (
        _many(_set("top_upgrades", 0, 0b000111), lambda s: mech(s, 0, "speed", "r1c4"),
              lambda s: mech(s, 0, "artillery", "r1c5")),
        _set("top_upgrades", 0, 0b000011),
    ),
    23: (
        _many(_set("power", 0, 9), _set("power", 1, 8),
              lambda s: s.hand.__setitem__(slice(0, 4), [3, 0, 0, 0])),
        _set("power", 1, 9),
    ),
}


def _bare() -> ScytheState:
    s = game(("nordic", "rusviet"))
    clear(s)
    s.hand = [0] * len(s.hand)
    s.coins = [0, 0]
    s.popularity = [0, 0]
    s.power = [0, 0]
    return s


@pytest.mark.parametrize("number", sorted(CASES))
def test_s21_1_each_designed_objective_holds_and_fails_in_its_near_miss(number: int) -> None:
    card = number - 1
    holds, breaks = CASES[number]
    s = _bare()
    assert not objectives.holds(s, 0, card)
    holds(s)
    assert objectives.holds(s, 0, card), CONTENT.objectives[card].text
    assert not objectives.holds(s, 1, card)
    breaks(s)
    assert not objectives.holds(s, 0, card), CONTENT.objectives[card].text


def test_every_designed_objective_has_a_case() -> None:
    assert sorted(CASES) == [card.number for card in CONTENT.objectives]


def test_s21_1_no_objective_holds_at_setup() -> None:
    """Content README: no card holds at setup, for any faction with any mat, at 5 players
    and in every 2-player pairing."""
    for seed in range(5):
        deals = [new(5, seed, mats=list(MATS[seed:] + MATS[:seed]))]
        for pair in itertools.permutations(FACTION_IDS, 2):
            deals.append(new(2, seed, factions=list(pair)))
        for s in deals:
            for seat in range(s.players):
                for card in range(len(CONTENT.objectives)):
                    assert not objectives.holds(s, seat, card), (seed, seat, card)


# ---------------------------------------------------------------------- S-12
def holding(cards: tuple[int, int], factions: tuple[str, str] = ("nordic", "rusviet")
            ) -> ScytheState:
    s = game(factions)
    clear(s)
    s.objectives[0:2] = list(cards)
    return s


def test_s12_reveal_at_the_start_of_the_turn_a_star_and_both_cards_under_the_deck() -> None:
    s = holding((11, 6))  # 12: 20 coins; 7: machine over muscle
    s.coins[0] = 20
    deck = s.objective_deck
    pose(s, ("turn_end", 0), ("turn", 0), active=0)
    assert options(s)[-1] == "objective 12"
    play(s, "objective 12")
    assert s.objective_stars[0] == 1 and s.stars(0) == 1
    assert s.objectives[0:2] == [-1, -1]
    assert sorted(s.objective_deck[:2]) == [6, 11] and s.objective_deck[2:] == deck
    assert kind(s) == "choose_section" and not any(o.startswith("objective") for o in options(s))
    revealed = [entry for entry in s.log(1) if entry["seat"] == 0]
    assert revealed[-1]["id"] == "objective 12"  # a revealed card is public


def test_s12_the_condition_must_hold_when_the_card_is_revealed() -> None:
    s = holding((11, 6))
    s.coins[0] = 19
    pose(s, ("turn", 0), active=0)
    assert not any(o.startswith("objective") for o in options(s))


def test_s12_s15_4_one_objective_star_saxony_completes_both_cards() -> None:
    s = holding((11, 17), ("saxony", "nordic"))  # 12: 20 coins; 18: 13 popularity, no combat
    s.coins[0] = 20
    s.popularity[0] = 13
    pose(s, ("turn", 0), active=0)
    assert [o for o in options(s) if o.startswith("objective")] == ["objective 12", "objective 18"]
    play(s, "objective 12")
    assert s.objectives[0:2] == [-1, 17]
    play(s, "objective 18")
    assert s.objective_stars[0] == 2 and s.objectives[0:2] == [-1, -1]
    s = holding((11, 17))
    s.coins[0] = 20
    s.popularity[0] = 13
    pose(s, ("turn", 0), active=0)
    play(s, "objective 18")
    assert s.objective_stars[0] == 1 and s.objectives[0:2] == [-1, -1]


def test_s12_revealing_in_the_bottom_decision_and_at_the_end_of_the_turn() -> None:
    s = holding((11, 6))  # Industrial: Move/Build
    s.coins[0] = 19
    workers(s, 0, "r1c4")
    resource(s, "r1c4", "wood", 3)
    pose(s, ("turn_end", 0), ("turn", 0), active=0)
    play(s, "section move", "gain coins")
    assert kind(s) == "bottom_action" and options(s) == ["build", "skip", "objective 12"]
    play(s, "skip")
    assert kind(s) == "turn_end" and options(s) == ["objective 12", "end turn"]
    play(s, "objective 12")
    assert s.objective_stars[0] == 1 and s.to_move == 1


def test_s12_the_log_of_a_turn_end_reads_the_same_whether_or_not_a_condition_holds() -> None:
    """No other seat can tell from the log that a held card's condition holds: with nothing
    to reveal the engine ends the turn itself (issue 27: a single option is never posed), and
    the log records it as the seat's own "end turn", as when the seat declines a reveal."""
    logs = []
    for coins in (18, 19):  # card 12 needs 20 coins; "gain coins" gives 1
        s = holding((11, 6))
        s.coins[0] = coins
        pose(s, ("turn_end", 0), ("turn", 0), active=0)
        play(s, "section move", "gain coins")
        if coins == 19:
            assert kind(s) == "turn_end" and options(s) == ["objective 12", "end turn"]
            play(s, "end turn")
        assert s.to_move == 1
        logs.append([(entry["seat"], entry["id"], entry["text"]) for entry in s.log(1)[-2:]])
    assert logs[0][-1][1] == "end turn"
    assert logs[0][-1][0] == 0 and logs[0][-1][1:] == logs[1][-1][1:]


def test_s14_an_objectives_sixth_star_ends_the_game_at_once() -> None:
    s = holding((11, 6))
    s.coins[0] = 20
    s.star_goals[0] = (
        (1 << GOAL_UPGRADES) | (1 << GOAL_MECHS) | (1 << GOAL_STRUCTURES)
        | (1 << GOAL_RECRUITS) | (1 << GOAL_WORKERS)
    )
    pose(s, ("turn_end", 0), ("turn", 0), active=0)
    play(s, "objective 12")
    assert s.is_over and s.ended == 1 and s.stars(0) == 6
