"""Sides: the seats ``"P1"``, ``"P2"``... and the sides no seat plays (an automa); the outcome
names the winning sides, ``winners()`` the winning seats."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import boardlab
from boardlab import GameState

Play = Callable[[GameState, int, int], GameState]


def finished(game: str, players: int, seed: int, play: Play) -> GameState:
    state = play(boardlab.new(game, players, seed), 10_000, seed)
    assert state.is_over
    return state


def test_the_seats_come_first_then_the_other_sides(duel: GameState, toy: GameState) -> None:
    assert duel.sides == ["P1", "P2", "automa"]
    assert boardlab.new("duel", players=1, seed=1).sides == ["P1", "automa"]
    assert toy.sides == ["P1", "P2"]
    assert boardlab.new("toy", players=4).sides == ["P1", "P2", "P3", "P4"]


def test_no_winner_before_the_end(duel: GameState, play_random: Play) -> None:
    play_random(duel, 6, 2)
    outcome = duel.outcome()
    assert outcome["sides"] == duel.sides and outcome["winners"] == []
    assert outcome["scores"][:2] == duel.scores() and len(outcome["scores"]) == 3
    assert duel.winners() == [] and duel.view(0)["winners"] == []


def test_a_game_lost_to_the_automa(play_random: Play) -> None:
    state = finished("duel", 2, 4, play_random)
    assert state.outcome() == {
        "sides": ["P1", "P2", "automa"],
        "scores": [4, 6, 12],
        "winners": ["automa"],
    }
    assert state.winners() == []
    assert state.view(None)["winners"] == ["automa"] and state.view(1)["scores"] == [4, 6, 12]


def test_a_seat_and_the_automa_share_a_win(play_random: Play) -> None:
    state = finished("duel", 2, 1, play_random)
    assert state.outcome()["winners"] == ["P1", "automa"] and state.winners() == [0]


def test_seats_share_a_win(play_random: Play) -> None:
    state = finished("duel", 2, 9, play_random)
    assert state.outcome()["winners"] == ["P1", "P2"] and state.winners() == [0, 1]


@pytest.mark.parametrize("seed", range(4))
def test_a_game_without_other_sides_is_won_by_seats(seed: int, play_random: Play) -> None:
    state = finished("toy", 3, seed, play_random)
    outcome = state.outcome()
    assert outcome["winners"] == [f"P{seat + 1}" for seat in state.winners()]
    assert outcome["scores"] == state.scores()


def test_running_scores_hide_what_the_seat_cannot_know(toy: GameState) -> None:
    toy.apply("take 3")
    toy.apply("confirm")
    scores = toy.scores()
    assert toy.view(0)["scores"] == [scores[0], None]
    assert toy.view(1)["scores"] == [None, scores[1]]
    assert toy.view(None)["scores"] == [None, None]
