"""The ``boardlab`` program run as a real process: exit statuses, stdin and stderr."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import boardlab
from cli.replaying import forced_steps

Run = Callable[..., subprocess.CompletedProcess[str]]
OneLineError = Callable[[subprocess.CompletedProcess[str], str], str]

INSTALLED = Path(sys.executable).parent / "boardlab"


def test_installed_script_shows_help_and_rejects_bad_arguments(
    one_line_error: OneLineError,
) -> None:
    shown = subprocess.run(
        [INSTALLED, "--help"], stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60
    )
    assert shown.returncode == 0 and "replay" in shown.stdout
    unknown = subprocess.run(
        [INSTALLED, "play", "nosuchgame", "--players", "3"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "unknown game 'nosuchgame'" in one_line_error(unknown, "play")


def test_play_from_piped_stdin_then_replay_the_save(tmp_path: Path, run_with_toy: Run) -> None:
    """The save holds the moves the engine played itself (issue 27 item 3); replay reads them."""
    save = tmp_path / "game.json"
    play = ["play", "toy", "--players", "2", "--seat", "1", "--seed", "9", "--save", str(save)]
    played = run_with_toy([*play, "--option", "pile=5"], stdin="2\n?\nnope\nconfirm\n" + "1\n" * 30)
    assert played.returncode == 0, played.stderr
    assert played.stderr == ""
    assert "not an option of the pending decision" in played.stdout
    game = boardlab.load(save.read_text())
    assert game.is_over and forced_steps(game)
    replayed = run_with_toy(["replay", str(save), "--print"])
    assert replayed.returncode == 0, replayed.stderr
    assert f"{len(game.history)} actions" in replayed.stdout
    assert "Final scores" in replayed.stdout


def test_corrupt_save_from_a_real_process_is_one_line(
    tmp_path: Path, run_with_toy: Run, one_line_error: OneLineError
) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format": "boardlab-save", "version": 1, "game": "toy"', encoding="utf-8")
    assert "not a valid save" in one_line_error(run_with_toy(["replay", str(path)]), "replay")
