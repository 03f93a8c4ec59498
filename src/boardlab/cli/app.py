"""The typer application every command module adds itself to."""

import typer

app = typer.Typer(
    name="boardlab",
    help="Play, replay, simulate and benchmark boardlab's board games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
