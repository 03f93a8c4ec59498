"""Determinize: a clone with hidden information and future chance re-sampled for one seat."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from toy_game import BONUS_POOL

import boardlab
from boardlab import GameState
from boardlab.engine import Rng

Play = Callable[[GameState, int, int], GameState]


@pytest.fixture
def game(play_random: Play) -> GameState:
    return play_random(boardlab.new("toy", players=3, seed=2, pile=20), 6, 4)


@pytest.mark.parametrize("seat", [None, 0, 1, 2])
def test_the_seat_sees_the_same_game(game: GameState, seat: int | None) -> None:
    for k in range(10):
        twin = game.determinize(seat, random.Random(k))
        assert twin.view(seat) == game.view(seat)
        assert twin.view(None) == game.view(None)
        assert twin.history == game.history and twin.decision == game.decision


def test_what_the_seat_cannot_see_is_re_dealt_consistently(game: GameState) -> None:
    real = game.snapshot()["bonus"]
    others_seen: set[tuple[int, int]] = set()
    for k in range(20):
        bonus = game.determinize(0, random.Random(k)).snapshot()["bonus"]
        assert bonus[0] == real[0]
        assert len(set(bonus)) == 3 and set(bonus) <= set(BONUS_POOL)
        others_seen.add((bonus[1], bonus[2]))
    assert len(others_seen) > 5


def test_the_original_is_untouched(game: GameState) -> None:
    before = game.to_json()
    twin = game.determinize(1, random.Random(3))
    twin.apply(twin.legal_actions()[0])
    assert game.to_json() == before


def test_the_generator_is_re_seeded_from_the_given_one(game: GameState) -> None:
    twins = [game.determinize(0, random.Random(k)) for k in range(20)]
    assert len({twin.rng.state for twin in twins}) == 20
    assert all(twin.rng != game.rng for twin in twins)


def test_future_chance_differs_from_the_real_one(game: GameState) -> None:
    """The toy adds a stone a quarter of the time on confirm: the piles soon part ways."""

    def piles(state: GameState) -> list[int]:
        seen = []
        for _ in range(6):
            state.apply("take 1")
            state.apply("confirm")
            seen.append(state.view(None)["pile"])
        return seen

    real = piles(game.clone())
    differing = sum(piles(game.determinize(0, random.Random(k))) != real for k in range(20))
    assert differing >= 15


def test_the_same_generator_gives_the_same_determinization(game: GameState) -> None:
    assert game.determinize(2, random.Random(5)) == game.determinize(2, random.Random(5))
    assert game.determinize(2, Rng(5)) == game.determinize(2, Rng(5))


def test_a_determinization_plays_to_the_end(game: GameState, play_random: Play) -> None:
    twin = play_random(game.determinize(1, Rng(9)), 500, 1)
    assert twin.is_over and twin.winners()
