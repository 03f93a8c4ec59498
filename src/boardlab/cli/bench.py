"""``boardlab bench``: random playouts on one core and the cost of each contract call."""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Annotated

import typer
from rich.table import Table

from boardlab import bench as benchmark
from boardlab.cli import display
from boardlab.cli.app import app
from boardlab.cli.errors import fail
from boardlab.cli.options import complete_game, game_spec, new_game, parse_options


@app.command()
def bench(
    game: Annotated[
        str,
        typer.Argument(
            help="The game to measure (see 'boardlab games').", autocompletion=complete_game
        ),
    ],
    players: Annotated[
        int | None,
        typer.Option("--players", "-n", help="Number of players \\[default: the game's minimum]."),
    ] = None,
    seconds: Annotated[
        float | None,
        typer.Option(
            help="Play random games for this long \\[default: 3, unless --games is given]."
        ),
    ] = None,
    games: Annotated[
        int | None,
        typer.Option(
            "--games",
            "-g",
            help="Play this many random games (with --seconds: whichever ends first).",
        ),
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the first game; game i uses seed + i.")] = 0,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="A game option as key=value (repeatable)."),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the figures as one JSON object.")
    ] = False,
) -> None:
    """Measure decisions/s, games/s and the microseconds of clone, pending, legal_actions, apply."""
    spec = game_spec(game)
    count = spec.min_players if players is None else players
    if seconds is not None and seconds <= 0:
        fail(f"--seconds must be positive, got {seconds:g}")
    if games is not None and games <= 0:
        fail(f"--games must be positive, got {games}")
    options = parse_options(option)
    new_game(game, count, seed, options)  # one-line errors for bad players or options
    figures = benchmark.run(game, count, seconds=seconds, games=games, seed=seed, **options)
    if as_json:
        typer.echo(json.dumps(asdict(figures)))
        return
    table = Table(title=f"{spec.title}, {count} players (one core)", title_justify="left")
    table.add_column("measure")
    table.add_column("value", justify="right")
    for label, value in rows(figures):
        table.add_row(label, value)
    display.quiet_console().print(table)


def rows(figures: benchmark.BenchFigures) -> list[tuple[str, str]]:
    """The figures as (label, formatted value) rows."""
    return [
        ("random games played", f"{figures.games:,}"),
        ("decisions", f"{figures.decisions:,}"),
        ("seconds", f"{figures.seconds:.2f}"),
        ("decisions / s", f"{figures.decisions_per_second:,.0f}"),
        ("games / s", f"{figures.games_per_second:,.2f}"),
        ("mean decisions per game", f"{figures.mean_decisions_per_game:,.1f}"),
        ("clone() µs", f"{figures.clone_us:.2f}"),
        ("pending() µs (builds a decision)", f"{figures.pending_us:.2f}"),
        ("legal_actions() µs (decision cached)", f"{figures.legal_actions_us:.2f}"),
        ("apply() µs", f"{figures.apply_us:.2f}"),
        ("states sampled x repetitions", f"{figures.sampled_states} x {figures.repetitions}"),
    ]
