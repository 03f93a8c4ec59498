"""Issue 31 item 1: the analysis of a whole game, its JSON shape, determinism and progress."""

from __future__ import annotations

import json

import pytest

import boardlab
from boardlab.analysis import Analysis, analyse
from boardlab.engine import GameState

from .positions import played_game

MOVE_KEYS = {
    "index", "seat", "played", "best", "win_before", "win_after", "best_win", "loss", "mark"
}


@pytest.fixture(scope="module")
def konoten_game() -> GameState:
    return played_game("konoten", seed=3)


@pytest.fixture(scope="module")
def konoten_analysis(konoten_game: GameState) -> Analysis:
    return analyse(konoten_game)


def test_the_json_has_the_shape_the_issue_gives(konoten_analysis: Analysis) -> None:
    data = json.loads(json.dumps(konoten_analysis.to_json()))
    assert set(data) == {"game", "players", "seed", "seats", "moves", "summary"}
    assert (data["game"], data["players"], data["seed"], data["seats"]) == ("konoten", 2, 3, [0, 1])
    assert data["moves"]
    for move in data["moves"]:
        assert set(move) == MOVE_KEYS
        assert all(0 <= move[key] <= 1 for key in ("win_before", "win_after", "best_win"))
        assert move["loss"] == pytest.approx(move["best_win"] - move["win_after"], abs=2e-4)
        assert move["loss"] >= 0
        assert move["mark"] in (None, "inaccuracy", "mistake", "blunder")
        assert (move["best"] == move["played"]) == (move["loss"] == 0)
    by_seat = {row["seat"]: row for row in data["summary"]}
    for seat in (0, 1):
        own = [m for m in data["moves"] if m["seat"] == seat]
        assert by_seat[seat]["moves"] == len(own)
        assert by_seat[seat]["blunders"] == sum(m["mark"] == "blunder" for m in own)


def test_the_same_save_analysed_twice_gives_the_same_marks(
    konoten_game: GameState, konoten_analysis: Analysis
) -> None:
    reloaded = boardlab.load(konoten_game.to_json())
    assert analyse(reloaded).to_json() == konoten_analysis.to_json()


def test_one_seat_is_judged_alone_and_as_it_is_judged_among_all(
    konoten_game: GameState, konoten_analysis: Analysis
) -> None:
    alone = analyse(konoten_game, seats=[1])
    assert alone.seats == (1,)
    assert {move.seat for move in alone.moves} == {1}
    everyone = konoten_analysis
    assert alone.moves == tuple(move for move in everyone.moves if move.seat == 1)


def test_forced_moves_and_the_automa_are_not_judged() -> None:
    """The duel has an automa side, and in its eighth round the pile is out: a seat left with
    one card plays it without choosing."""
    game = played_game("duel", seed=2, options={"rounds": 8})
    replayed = type(game).unsettled(2, 2, game.options)  # replays keep forced moves pending
    choices = []
    for index, action_id in enumerate(game.history):
        decision = replayed.decision
        assert decision is not None
        if len(decision.options) > 1:
            choices.append(index)
        replayed.apply_raw(action_id)
    assert len(choices) < len(game.history)  # the game has forced moves to leave out
    assert [move.index for move in analyse(game).moves] == choices


def test_progress_counts_the_decisions_to_judge(konoten_game: GameState) -> None:
    calls: list[tuple[int, ...]] = []
    result = analyse(konoten_game, seats=[0], progress=lambda *call: calls.append(call))
    total = len(result.moves)
    assert calls == [(done, total) for done in range(total + 1)]


def test_a_seat_not_in_the_game_is_refused(konoten_game: GameState) -> None:
    with pytest.raises(ValueError, match="seat 2"):
        analyse(konoten_game, seats=[2])
