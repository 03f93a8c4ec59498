"""The typer application every command module adds itself to, with ``--version`` and shell
completion (``boardlab --install-completion`` sets it up for the shell in use)."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from typing import Annotated

import typer

from boardlab.cli.errors import OneLineErrorGroup

app = typer.Typer(
    name="boardlab",
    cls=OneLineErrorGroup,
    help=("Play boardlab's board games in a terminal or serve them to browsers; replay, "
          "simulate and benchmark them; read their rules."),
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
)


def boardlab_version() -> str:
    """The installed distribution's version (the package's own when not installed)."""
    try:
        return version("boardlab")
    except PackageNotFoundError:
        from boardlab import __version__

        return __version__


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"boardlab {boardlab_version()}")
        raise typer.Exit()


@app.callback()
def options(
    show_version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_show_version,
            is_eager=True,
            help="Print boardlab's version and exit.",
        ),
    ] = False,
) -> None:
    """Options that come before the command."""
