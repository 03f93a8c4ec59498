"""``boardlab ladder``: a round-robin of a game's named bot levels, their ratings and whether
each level beats the one below (the work is ``boardlab.sim.ladder``)."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console, Group
from rich.table import Table

from boardlab.agents import levels as named_levels
from boardlab.agents.levels import BAR, Level, Measurement
from boardlab.cli.app import app
from boardlab.cli.errors import fail
from boardlab.cli.options import complete_game, game_spec
from boardlab.cli.simulate import staged_progress
from boardlab.sim import GameFailed
from boardlab.sim.ladder import DEFAULT_GAMES, play_ladder
from boardlab.sim.tables import number, percent

EXIT_GAME_FAILED = 1


@app.command()
def ladder(
    game: Annotated[
        str,
        typer.Argument(help="The game whose levels to measure.", autocompletion=complete_game),
    ],
    games: Annotated[
        int, typer.Option("--games", "-g", help="Games between every two levels.")
    ] = DEFAULT_GAMES,
    seed: Annotated[
        int, typer.Option(help="First deal: each pair plays deals SEED, SEED+1... from both seats.")
    ] = 0,
    only: Annotated[
        str | None,
        typer.Option(
            "--levels",
            help="Levels to play, comma-separated (kept in the game's order) \\[default: all].",
        ),
    ] = None,
    adjacent_only: Annotated[
        bool,
        typer.Option(
            "--adjacent-only",
            help="Play each level against the next one only, not every two levels.",
        ),
    ] = False,
    workers: Annotated[
        int | None,
        typer.Option("--workers", "-w", help="Processes \\[default: every core]; 1 plays here."),
    ] = None,
    write: Annotated[
        bool,
        typer.Option("--write", help="Store the figures in the package, shipped for the lobby."),
    ] = False,
    json_output: Annotated[
        bool, typer.Option("--json", help="Print the figures as one JSON object, quietly.")
    ] = False,
) -> None:
    """Play every two named bot levels of GAME against each other at 2 players, rate them,
    and check that each level wins at least 65% of its games against the one below."""
    game_spec(game)
    chosen = _chosen_levels(game, only)
    if games < 1:
        fail(f"--games must be at least 1, got {games}")
    if workers is not None and workers < 1:
        fail(f"--workers must be at least 1, got {workers}")
    measurement = _run(
        game, games, seed, chosen, adjacent_only, workers, show_progress=not json_output
    )
    if json_output:
        typer.echo(json.dumps(measurement.to_json()))
    else:
        Console(highlight=False).print(ladder_tables(measurement))
    if write:
        path = named_levels.write_measurement(measurement)
        if not json_output:
            typer.echo(f"figures written to {path}")


def ladder_tables(measurement: Measurement) -> Group:
    """The levels with their ratings, then each level against the one below."""
    levels = Table(title=f"Levels of {measurement.game} (2 players)", title_justify="left")
    for header in ("level", "spec", "rating", "mu", "sigma", "games"):
        levels.add_column(header, justify="left" if header in ("level", "spec") else "right")
    for name, spec in measurement.specs.items():
        rating = measurement.ratings[name]
        levels.add_row(
            name,
            spec,
            f"{rating.ordinal:.2f}",
            f"{rating.mu:.2f}",
            f"{rating.sigma:.2f}",
            str(rating.games),
        )
    steps = Table(title="Each level against the one below", title_justify="left")
    for header in ("level", "against", "games", "wins", "win %", "95% CI", f"{BAR:.0%}?"):
        steps.add_column(header, justify="left" if header in ("level", "against") else "right")
    for step in measurement.steps:
        low, high = step.interval
        steps.add_row(
            step.upper,
            step.lower,
            str(step.games),
            number(step.upper_wins),
            percent(step.win_rate),
            f"{percent(low)}-{percent(high)}",
            "yes" if step.meets_bar else "[bold red]no[/]",
        )
    settings = measurement.settings
    note = (
        f"{settings['games_per_pair']} games per pair, deals {settings['deals'][0]}-"
        f"{settings['deals'][1]} from both seats; ratings: {settings['rating']}; "
        f"a shared win counts half"
    )
    return Group(levels, steps, note)


def _chosen_levels(game: str, only: str | None) -> tuple[Level, ...]:
    """The levels to play, in the game's order; a one-line error for an unknown one."""
    try:
        every = named_levels.levels(game)
        if only is None:
            return every
        names = {name.strip() for name in only.split(",") if name.strip()}
        for name in names:
            named_levels.level(game, name)
    except ValueError as error:
        fail(str(error))
    chosen = tuple(level for level in every if level.name in names)
    if len(chosen) < 2:
        fail(f"--levels needs at least two levels, got {only!r}")
    return chosen


def _run(
    game: str,
    games: int,
    seed: int,
    chosen: tuple[Level, ...],
    adjacent_only: bool,
    workers: int | None,
    show_progress: bool,
) -> Measurement:
    try:
        with staged_progress(show_progress) as progress:
            return play_ladder(
                game,
                games,
                seed,
                workers=workers,
                progress=progress,
                chosen=chosen,
                adjacent_only=adjacent_only,
            )
    except ValueError as error:
        fail(str(error))
    except GameFailed as error:
        typer.echo(f"boardlab ladder: error: {error}", err=True)
        raise typer.Exit(EXIT_GAME_FAILED) from None
