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
            seen.append(state.view(None)["body"]["pile"])
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


def duel_after_one_pick() -> GameState:
    state = boardlab.new("duel", players=3, seed=5)
    state.apply(state.legal_actions()[0])
    return state


def test_the_others_hands_and_unrevealed_picks_are_re_dealt() -> None:
    state = duel_after_one_pick()
    real = state.snapshot()
    worlds = [state.determinize(2, random.Random(k)).snapshot() for k in range(20)]
    assert all(world["hands"][2] == real["hands"][2] for world in worlds)
    assert len({world["picks"][0] for world in worlds}) > 3
    assert len({tuple(world["hands"][1]) for world in worlds}) > 3
    for world in worlds:
        cards = world["pile"] + [c for h in world["hands"] for c in h] + world["picks"]
        assert sorted(c for c in cards if c) == list(range(1, 16))
    own = [state.determinize(0, random.Random(k)).snapshot() for k in range(5)]
    assert all(world["picks"][0] == real["picks"][0] for world in own)


def test_the_waiting_seat_s_options_come_from_its_re_dealt_hand() -> None:
    """Seat 2 determinizes while seat 1 decides: seat 1's options are not its real cards."""
    state = duel_after_one_pick()
    assert state.to_move == 1
    for k in range(10):
        twin = state.determinize(2, random.Random(k))
        hand = twin.snapshot()["hands"][1]
        assert [action.args[0] for action in twin.legal_actions()] == hand
        twin.apply(twin.legal_actions()[-1])
        assert twin.to_move == 2


def test_a_determinization_keeps_the_seat_s_log() -> None:
    state = duel_after_one_pick()
    for seat in (None, 0, 1, 2):
        assert state.determinize(seat, Rng(3)).log(seat) == state.log(seat)


@pytest.mark.parametrize("seat", [3, -1, True, "0", 1.0])
def test_a_seat_not_in_the_game_cannot_determinize(seat: object) -> None:
    with pytest.raises(ValueError, match=r"seat .* is not in this 3-player duel game"):
        duel_after_one_pick().determinize(seat, Rng(1))  # type: ignore[arg-type]
