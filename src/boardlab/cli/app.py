"""The typer application every command module adds itself to."""

import typer

from boardlab.cli.errors import OneLineErrorGroup

app = typer.Typer(
    name="boardlab",
    cls=OneLineErrorGroup,
    help="Play, replay, simulate and benchmark boardlab's board games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
