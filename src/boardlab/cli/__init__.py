"""The ``boardlab`` command line: games, play, replay, analyze, simulate, ladder, bench and
serve."""

from __future__ import annotations

from collections.abc import Sequence
from importlib import import_module

import typer

COMMAND_MODULES = (
    "games",
    "rules",
    "play",
    "replay",
    "analyze",
    "simulate",
    "balance",
    "ladder",
    "bench",
    "serve",
)


def load_commands() -> typer.Typer:
    """The typer app with every command module imported (each adds its command to it)."""
    for name in COMMAND_MODULES:
        import_module(f"boardlab.cli.{name}")
    from boardlab.cli.app import app

    return app


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``boardlab`` command with ``argv`` (default: the process arguments)."""
    command = typer.main.get_command(load_commands())
    code: int = command.main(args=argv, prog_name="boardlab", standalone_mode=False)
    return code
