"""Fixtures for the command-line tests: the toy game registered, and a way to run ``boardlab``."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest
import toy_game
from typer.testing import CliRunner, Result

from boardlab.cli import load_commands
from boardlab.engine import registry

TESTS_DIR = Path(__file__).resolve().parent.parent
# A wide plain console whatever the CI sets (rich would colour output when FORCE_COLOR is set).
PLAIN_WIDE: dict[str, str | None] = {
    "COLUMNS": "200",
    "FORCE_COLOR": None,
    "TTY_COMPATIBLE": None,
    "TTY_INTERACTIVE": None,
}

Invoke = Callable[..., Result]


@pytest.fixture(scope="session", autouse=True)
def toy_registered() -> Iterator[None]:
    """The toy game is known as ``"toy"`` (registered here unless the suite already did)."""
    already = toy_game.SPEC.name in registry.names()
    registry.register(toy_game.SPEC)
    yield
    if not already:
        registry.unregister(toy_game.SPEC.name)


@pytest.fixture
def invoke() -> Invoke:
    """``invoke(args, input=None)`` runs the ``boardlab`` app in-process on a wide console."""
    runner = CliRunner()
    app = load_commands()

    def run(args: Sequence[str], input: str | None = None) -> Result:
        return runner.invoke(app, list(args), input=input, env=PLAIN_WIDE, catch_exceptions=False)

    return run


@pytest.fixture
def run_with_toy() -> Callable[..., subprocess.CompletedProcess[str]]:
    """``run_with_toy(args, stdin="")`` runs ``boardlab`` in a new process knowing the toy game."""
    return _run_with_toy


def _run_with_toy(args: Sequence[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run ``boardlab`` in a new Python process where the toy game is registered."""
    program = (
        "import sys; sys.path.insert(0, sys.argv.pop(1)); import toy_game; "
        "from boardlab.engine import registry; registry.register(toy_game.SPEC); "
        "from boardlab.cli import main; sys.exit(main())"
    )
    return subprocess.run(
        [sys.executable, "-c", program, str(TESTS_DIR), *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=plain_environment(),
        timeout=60,
    )


def plain_environment() -> dict[str, str]:
    """This process's environment with ``PLAIN_WIDE`` applied, for a child process."""
    environment = {**os.environ, **PLAIN_WIDE}
    return {key: value for key, value in environment.items() if value is not None}


@pytest.fixture
def one_line_error() -> Callable[[Result | subprocess.CompletedProcess[str], str], str]:
    """``one_line_error(result, command)`` checks a usage error and returns its line."""
    return _one_line_error


def _one_line_error(result: Result | subprocess.CompletedProcess[str], command: str) -> str:
    """The run ended with status 2 and exactly one line on stderr (no traceback); returns it."""
    code = result.exit_code if isinstance(result, Result) else result.returncode
    lines = result.stderr.splitlines()
    assert code == 2, (code, result.stdout, result.stderr)
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    prefix = f"boardlab {command}" if command else "boardlab"
    assert lines[0].startswith(f"{prefix}: error: "), lines[0]
    return lines[0]
