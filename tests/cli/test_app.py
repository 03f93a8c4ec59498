"""The ``boardlab`` program itself: ``--version``, shell completion and flags that mean the
same in every command."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path

import pytest
import typer
from typer.testing import Result

from boardlab.cli import load_commands

Invoke = Callable[..., Result]
INSTALLED = Path(sys.executable).parent / "boardlab"


def test_version_prints_the_installed_version(invoke: Invoke) -> None:
    result = invoke(["--version"])
    assert result.exit_code == 0
    assert result.stdout == f"boardlab {version('boardlab')}\n"


def test_show_completion_prints_the_script_of_the_shell_it_runs_in() -> None:
    """The shell is found from the parent process, so the test runs boardlab from bash
    (``&& true`` keeps bash from replacing itself with boardlab)."""
    shown = subprocess.run(
        ["bash", "-c", f"'{INSTALLED}' --show-completion && true"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert shown.returncode == 0, shown.stderr
    assert "_BOARDLAB_COMPLETE=complete_bash" in shown.stdout
    assert "complete -o default -F _boardlab_completion boardlab" in shown.stdout


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        ("boardlab pl", ["play"]),
        ("boardlab play ko", ["konoten"]),
        ("boardlab rules co", ["compounded"]),
    ],
)
def test_completion_offers_commands_and_game_names(words: str, expected: list[str]) -> None:
    environment = {
        **os.environ,
        "_BOARDLAB_COMPLETE": "complete_bash",
        "COMP_WORDS": words,
        "COMP_CWORD": str(len(words.split()) - 1),
    }
    done = subprocess.run([INSTALLED], capture_output=True, text=True, env=environment, timeout=60)
    assert done.stdout.split() == expected


def test_every_short_flag_means_the_same_long_flag_in_every_command() -> None:
    group = typer.main.get_command(load_commands())
    meaning: dict[str, set[str]] = {}
    for command in group.commands.values():  # type: ignore[attr-defined]
        for param in command.params:
            shorts = [o for o in param.opts if o.startswith("-") and not o.startswith("--")]
            longs = [o for o in param.opts if o.startswith("--")]
            for short in shorts:
                meaning.setdefault(short, set()).update(longs)
    assert meaning["-g"] == {"--games"}  # replay's --game has no short flag
    assert all(len(longs) == 1 for longs in meaning.values()), meaning
