"""``boardlab analyze`` (issue 31 items 1 and 4): the table, the JSON and one-line errors."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import Result

import boardlab
from boardlab.engine import GameState, Rng

Invoke = Callable[..., Result]
OneLineError = Callable[[Result, str], str]


def random_game(seed: int) -> GameState:
    state = boardlab.new("toy", 2, seed, pile=10)
    rng = Rng(seed)
    while not state.is_over:
        options = state.legal_actions()
        state.apply(options[rng.randbelow(len(options))])
    return state


def saved(tmp_path: Path, *games: GameState) -> Path:
    path = tmp_path / "games.jsonl"
    path.write_text("".join(game.to_json() + "\n" for game in games), encoding="utf-8")
    return path


def test_json_gives_the_issue_shape_for_the_game_asked(invoke: Invoke, tmp_path: Path) -> None:
    games = [random_game(seed) for seed in (1, 2)]
    result = invoke(["analyze", str(saved(tmp_path, *games)), "--game", "1", "--json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert (data["game"], data["players"], data["seed"], data["seats"]) == ("toy", 2, 2, [0, 1])
    assert {move["played"] for move in data["moves"]} <= set(games[1].history)
    assert [row["seat"] for row in data["summary"]] == [0, 1]


def test_one_seat_and_the_same_numbers_each_time(invoke: Invoke, tmp_path: Path) -> None:
    path = saved(tmp_path, random_game(3))
    runs = [invoke(["analyze", str(path), "--seat", "1", "--json"]).stdout for _ in range(2)]
    assert runs[0] == runs[1]
    data = json.loads(runs[0])
    assert data["seats"] == [1]
    assert {move["seat"] for move in data["moves"]} == {1}


def test_the_table_lists_each_judged_decision_and_a_summary(
    invoke: Invoke, tmp_path: Path
) -> None:
    game = random_game(4)
    result = invoke(["analyze", str(saved(tmp_path, game))])
    assert result.exit_code == 0, result.stderr
    expected = json.loads(invoke(["analyze", str(saved(tmp_path, game)), "--json"]).stdout)
    assert "Summary" in result.stdout
    numbers = [line.split("│")[1].strip() for line in result.stdout.splitlines()
               if line.startswith("│") and line.split("│")[1].strip().isdigit()]
    assert numbers == [str(move["index"] + 1) for move in expected["moves"]]


@pytest.mark.parametrize(
    ("arguments", "reason"),
    [
        (["--seat", "2"], "--seat must be from 0 to 1"),
        (["--seat", "-1"], "--seat must be from 0 to 1"),
        (["--seconds", "-0.5"], "--seconds must be a number of seconds, 0 or more"),
        (["--seconds", "inf"], "--seconds must be a number of seconds, 0 or more"),
        (["--game", "7"], "--game 7"),
    ],
)
def test_bad_arguments_are_one_line_errors(
    invoke: Invoke, one_line_error: OneLineError, tmp_path: Path, arguments: list[str], reason: str
) -> None:
    path = saved(tmp_path, random_game(5))
    assert reason in one_line_error(invoke(["analyze", str(path), *arguments]), "analyze")


@pytest.mark.parametrize(
    ("content", "reason"),
    [("", "is empty"), ("not a save\n", "is not a valid save"), ('{"format": 3}\n', "not a valid")],
)
def test_bad_files_are_one_line_errors(
    invoke: Invoke, one_line_error: OneLineError, tmp_path: Path, content: str, reason: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    assert reason in one_line_error(invoke(["analyze", str(path)]), "analyze")


def test_a_missing_file_is_a_one_line_error(
    invoke: Invoke, one_line_error: OneLineError, tmp_path: Path
) -> None:
    missing = tmp_path / "missing.json"
    assert "no such file" in one_line_error(invoke(["analyze", str(missing)]), "analyze")
