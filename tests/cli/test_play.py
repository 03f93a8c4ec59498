"""``boardlab play`` driven by scripted input on the toy game (take 1-3 stones, then confirm)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import Result

import boardlab
from cli.replaying import forced_steps, steps

Invoke = Callable[..., Result]

PLAY = ["play", "toy", "--players", "2", "--seed", "5"]


def test_numbers_play_a_whole_game_and_show_final_scores(invoke: Invoke, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = invoke([*PLAY, "--seat", "0", "--option", "pile=5", "--save", str(save)], "1\n" * 50)
    assert result.exit_code == 0, result.output
    game = boardlab.load(save.read_text())
    assert game.is_over
    assert "Final scores" in result.stdout
    # every decision of the human seat was answered with option 1: take 1, then confirm
    human_moves = [
        action for action, step in zip(game.history, steps(game), strict=True) if step.seat == 0
    ]
    assert human_moves and set(human_moves) <= {"take 1", "confirm"}
    for seat, score in enumerate(game.scores()):
        assert re.search(rf"│\s*{seat} │ P{seat + 1} [^│]*│\s*{score:g} │", result.stdout), seat
    winner = game.winners()
    expected = f"Winner: P{winner[0] + 1}" if len(winner) == 1 else "Winners (tied): "
    assert expected in result.stdout


def test_option_ids_are_accepted_as_typed(invoke: Invoke, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = invoke([*PLAY, "--seat", "0", "--save", str(save)], "take 3\nundo\ntake 2\nconfirm\n")
    assert result.exit_code == 0
    assert history(save)[:4] == ["take 3", "undo", "take 2", "confirm"]


def test_question_mark_explains_every_option_with_id_and_label(invoke: Invoke) -> None:
    result = invoke([*PLAY, "--seat", "0"], "2\n?\n")
    assert result.exit_code == 0
    explained = result.stdout.split("confirm: confirm taking 2?", 1)[1]
    assert "confirm" in explained and "undo" in explained and "choose again" in explained


def test_bad_input_reprompts_with_the_reason_and_the_game_goes_on(
    invoke: Invoke, tmp_path: Path
) -> None:
    save = tmp_path / "game.json"
    script = "take 9\n0\n4\n\n²\n2\n"
    result = invoke([*PLAY, "--seat", "0", "--save", str(save)], script)
    assert result.exit_code == 0
    assert "'take 9' is not an option of the pending decision 'take'" in result.stdout
    assert "there is no option 0; choose 1 to 3" in result.stdout
    assert "there is no option 4; choose 1 to 3" in result.stdout
    assert "Type an option's number or id" in result.stdout
    assert "'²' is not an option" in result.stdout
    assert history(save) == ["take 2"]


def test_end_of_input_leaves_cleanly_and_saves(invoke: Invoke, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = invoke([*PLAY, "--seat", "1", "--save", str(save)], "")
    assert result.exit_code == 0
    assert "Leaving the game at step" in result.stdout
    game = boardlab.load(save.read_text())
    assert not game.is_over and game.to_move == 1


def test_quit_asks_before_saving(invoke: Invoke, tmp_path: Path) -> None:
    kept, dropped = tmp_path / "kept.json", tmp_path / "dropped.json"
    assert invoke([*PLAY, "--seat", "0", "--save", str(kept)], "1\nq\ny\n").exit_code == 0
    assert invoke([*PLAY, "--seat", "0", "--save", str(dropped)], "1\nq\nn\n").exit_code == 0
    assert history(kept) == ["take 1"]
    assert not dropped.exists()


def test_watching_bots_needs_no_input_and_is_reproducible(invoke: Invoke) -> None:
    first = invoke([*PLAY, "--players", "3", "--seat", "none", "--delay", "0"], "")
    again = invoke([*PLAY, "--players", "3", "--delay", "0"], "")
    assert first.exit_code == 0
    assert "watching bots" in first.stdout and "Final scores" in first.stdout
    assert first.stdout == again.stdout


def test_watching_bots_pauses_half_a_second_after_each_move_unless_told(
    invoke: Invoke, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """One pause per bot decision: a move the engine plays itself (issue 27 item 3) comes
    with the bot's move before it, within the same pause."""
    pauses: list[float] = []
    monkeypatch.setattr("boardlab.cli.session.time.sleep", pauses.append)
    save = tmp_path / "watched.json"
    invoke([*PLAY, "--option", "pile=5", "--save", str(save)], "")
    game = boardlab.load(save.read_text())
    forced = len(forced_steps(game))
    assert forced > 0 and pauses == [0.5] * (len(game.history) - forced)
    pauses.clear()
    invoke([*PLAY, "--option", "pile=5", "--delay", "0"], "")
    invoke([*PLAY, "--option", "pile=5", "--seat", "0"], "1\n" * 40)
    assert pauses == []
    invoke([*PLAY, "--option", "pile=5", "--delay", "0.2"], "")
    assert pauses and set(pauses) == {0.2}


def test_bots_takes_one_spec_per_other_seat(invoke: Invoke) -> None:
    result = invoke([*PLAY, "--players", "3", "--seat", "2", "--bots", "random,random"], "")
    assert result.exit_code == 0
    assert "P1 random: take" in result.stdout and "P2 random: take" in result.stdout
    assert "you are P3 (seat 2)" in result.stdout
    assert "Your decision (take)" in result.stdout


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["play", "nosuchgame"], "unknown game 'nosuchgame'"),
        ([*PLAY, "--players", "9"], "toy is for 2 to 4 players, got 9"),
        ([*PLAY, "--players", "1"], "toy is for 2 to 4 players, got 1"),
        ([*PLAY, "--option", "colour=red"], "toy has no option 'colour'"),
        ([*PLAY, "--option", "pile=7"], "option 'pile': 7 is not one of"),
        ([*PLAY, "--option", "pile"], "--option takes key=value"),
        ([*PLAY, "--seed", "abc"], "'--seed'"),
        ([*PLAY, "--seat", "2"], "--seat must be from 0 to 1"),
        ([*PLAY, "--seat", "left"], "--seat takes a seat number"),
        ([*PLAY, "--bots", "nosuchbot"], "unknown agent 'nosuchbot'"),
        ([*PLAY, "--bots", "random:depth=3"], "agent 'random' takes no parameters"),
        (
            [*PLAY, "--players", "3", "--seat", "0", "--bots", "random,random,random"],
            "--bots takes one agent spec for every bot seat or one per bot seat (2), got 3",
        ),
        (
            [*PLAY, "--seat", "0", "--bots", "random,greedy"],
            "--bots takes one agent spec for the one bot seat, got 2",
        ),
        ([*PLAY, "--save", "no/such/dir/game.json"], "does not exist"),
        ([*PLAY, "--save", "."], "is a directory"),
        ([*PLAY, "--frobnicate"], "No such option"),
    ],
)
def test_bad_arguments_end_with_one_line_and_status_2(
    invoke: Invoke, one_line_error: Callable[[Result, str], str], args: list[str], reason: str
) -> None:
    line = one_line_error(invoke(args, ""), "play")
    assert reason in line


def history(save: Path) -> Any:
    """The action ids recorded in a save file."""
    return json.loads(save.read_text(encoding="utf-8"))["history"]
