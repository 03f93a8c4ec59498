"""Pause and continue: ``q`` offers to save, the save keeps the seat and bots next to the
engine's save, and ``play --load`` continues the game with them."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import Result

import boardlab

Invoke = Callable[..., Result]
OneLineError = Callable[[Result, str], str]
PLAY = ["play", "toy", "--players", "3", "--seed", "5"]


def paused_game(invoke: Invoke, tmp_path: Path) -> Path:
    """A toy game where P2 (seat 1) plays against greedy and random, left after one move."""
    save = tmp_path / "game.json"
    args = [*PLAY, "--seat", "1", "--bots", "greedy,random", "--save", str(save)]
    result = invoke(args, "1\nq\ny\n")
    assert result.exit_code == 0, result.output
    assert f"Continue it with: boardlab play --load {save}" in result.stdout
    return save


def test_the_save_keeps_the_seat_and_bots_and_still_loads_in_the_engine(
    invoke: Invoke, tmp_path: Path
) -> None:
    save = paused_game(invoke, tmp_path)
    text = save.read_text()
    assert json.loads(text)["play"] == {
        "seat": 1,
        "bots": {"0": "greedy", "2": "random"},
        "delay": None,
    }
    verified, trusted = boardlab.load(text), boardlab.load(text, verify=False)
    assert verified == trusted and not verified.is_over and verified.to_move == 1
    printed = invoke(["replay", str(save), "--print"])
    assert printed.exit_code == 0
    assert "P1 greedy" in printed.stdout and "P2 (you)" in printed.stdout


def test_load_continues_the_game_with_the_same_seat_and_bots_to_the_end(
    invoke: Invoke, tmp_path: Path
) -> None:
    save = paused_game(invoke, tmp_path)
    paused = boardlab.load(save.read_text())
    result = invoke(["play", "--load", str(save)], "1\n" * 200)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert f"continuing {save} at step {len(paused.history)}; you are P2 (seat 1)" in out
    assert "P1 greedy:" in out and "P3 random:" in out and "Final scores" in out
    finished = boardlab.load(save.read_text())  # saved again, at the end, to the loaded file
    assert finished.is_over
    assert finished.history[: len(paused.history)] == paused.history
    assert json.loads(save.read_text())["play"]["seat"] == 1


def test_load_takes_another_seat_or_bots_when_asked(invoke: Invoke, tmp_path: Path) -> None:
    save = paused_game(invoke, tmp_path)
    result = invoke(["play", "--load", str(save), "--seat", "0", "--bots", "random"], "q\nn\n")
    assert "you are P1 (seat 0)" in result.stdout
    assert "Your decision" in result.stdout or "P2 random" in result.stdout
    watched = invoke(["play", "--load", str(save), "--seat", "none", "--delay", "0"], "")
    assert "watching bots" in watched.stdout and "Final scores" in watched.stdout


def test_load_of_a_plain_save_watches_bots_unless_a_seat_is_given(
    invoke: Invoke, tmp_path: Path
) -> None:
    state = boardlab.new("toy", 2, 3, pile=5)
    state.apply("take 1")
    save = tmp_path / "plain.json"
    save.write_text(state.to_json())
    watched = invoke(["play", "toy", "--load", str(save), "--delay", "0"], "")
    assert watched.exit_code == 0 and "watching bots" in watched.stdout
    assert "Final scores" in watched.stdout
    played = invoke(["play", "--load", str(save), "--seat", "0"], "1\n" * 40)
    assert "you are P1 (seat 0)" in played.stdout and "Final scores" in played.stdout


def test_a_finished_game_loads_to_its_final_scores(invoke: Invoke, tmp_path: Path) -> None:
    save = paused_game(invoke, tmp_path)
    invoke(["play", "--load", str(save)], "1\n" * 200)
    again = invoke(["play", "--load", str(save)], "")
    assert again.exit_code == 0
    assert "Final scores" in again.stdout and "Points by source" in again.stdout


def test_q_offers_a_file_named_after_the_game_when_there_is_no_save(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = invoke([*PLAY, "--seat", "0"], "1\nq\n\n")
    assert "Save the game to toy-5.json? [Y/n, or another file name]" in result.stdout
    assert "Continue it with: boardlab play --load toy-5.json" in result.stdout
    assert boardlab.load((tmp_path / "toy-5.json").read_text()).history == ["take 1"]


def test_q_saves_to_a_file_named_at_the_prompt_and_asks_again_after_a_bad_one(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = invoke([*PLAY, "--seat", "0"], "1\nq\nno/such/dir/x.json\nmine.json\n")
    assert "there is no directory 'no/such/dir'; give another file name" in result.stdout
    assert (tmp_path / "mine.json").exists() and not (tmp_path / "toy-5.json").exists()
    refused = invoke([*PLAY, "--seat", "0", "--seed", "6"], "1\nq\nn\n")
    assert refused.exit_code == 0 and not (tmp_path / "toy-6.json").exists()


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["--players", "2"], "--players cannot be given with --load: the saved game fixes it"),
        (["--seed", "1"], "--seed cannot be given with --load"),
        (["--option", "pile=5"], "--option cannot be given with --load"),
    ],
)
def test_load_refuses_what_the_saved_game_fixes(
    invoke: Invoke, one_line_error: OneLineError, tmp_path: Path, args: list[str], reason: str
) -> None:
    save = paused_game(invoke, tmp_path)
    assert reason in one_line_error(invoke(["play", "--load", str(save), *args], ""), "play")


def test_load_refuses_another_game_a_file_of_many_games_and_bad_settings(
    invoke: Invoke, one_line_error: OneLineError, tmp_path: Path
) -> None:
    save = paused_game(invoke, tmp_path)
    other = one_line_error(invoke(["play", "compounded", "--load", str(save)], ""), "play")
    assert "is a game of toy, not compounded" in other
    many = tmp_path / "many.jsonl"
    many.write_text(save.read_text() * 2)
    assert "holds 2 games" in one_line_error(invoke(["play", "--load", str(many)], ""), "play")
    data = json.loads(save.read_text())
    data["play"]["seat"] = 7
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    line = one_line_error(invoke(["play", "--load", str(bad)], ""), "play")
    assert "its 'play' seat 7 is not a seat of the game" in line
    nothing = one_line_error(invoke(["play"], ""), "play")
    assert "give the GAME to play" in nothing
