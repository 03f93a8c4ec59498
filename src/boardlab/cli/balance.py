"""``boardlab balance``: mirror matches and probes, reported by seat, role, option and source.

The work is done by ``boardlab.sim.balance``; this command reads the arguments, shows a
progress bar per run and prints the report (rich tables, or one JSON object with ``--json``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from boardlab.agents import split_specs
from boardlab.cli.app import app
from boardlab.cli.errors import fail
from boardlab.cli.options import complete_game, parse_options
from boardlab.cli.simulate import staged_progress
from boardlab.engine import registry
from boardlab.sim import GameFailed
from boardlab.sim.backends import BACKENDS
from boardlab.sim.balance import DEFAULT_AGENT, BalanceConfig, BalanceReport, balance
from boardlab.sim.balance_report import balance_tables, write_balance_report
from boardlab.sim.report import check_matplotlib, check_report_dir

EXIT_GAME_FAILED = 1


@app.command(name="balance")
def balance_command(
    game: Annotated[
        str,
        typer.Argument(
            help="The game to report on (see 'boardlab games').", autocompletion=complete_game
        ),
    ],
    players: Annotated[
        int | None,
        typer.Option("--players", "-n", help="Number of players \\[default: the game's minimum]."),
    ] = None,
    games: Annotated[int, typer.Option("--games", "-g", help="Mirror games to play.")] = 200,
    probe_games: Annotated[
        int | None,
        typer.Option(help="Games of each probe against the agent \\[default: GAMES]."),
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the mirror run: game g uses SEED+g.")] = 0,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="A game option as key=value (repeatable)."),
    ] = None,
    agent: Annotated[
        str,
        typer.Option(help="The agent of every seat of the mirror games, and the probes' opponent."),
    ] = DEFAULT_AGENT,
    probes: Annotated[
        str | None,
        typer.Option(
            help="Probes to play, comma-separated, or 'none' \\[default: every probe of the game]."
        ),
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option("--workers", "-w", help="Processes \\[default: every core]; 1 plays here."),
    ] = None,
    backend: Annotated[
        str, typer.Option(help=f"Where to play: {' or '.join(BACKENDS)}.")
    ] = "local",
    address: Annotated[str | None, typer.Option(help="Address of a Ray cluster.")] = None,
    json_output: Annotated[
        bool, typer.Option("--json", help="Print the report as one JSON object, quietly.")
    ] = False,
    report: Annotated[
        Path | None, typer.Option(help="Write PNG plots and report.md into this directory.")
    ] = None,
) -> None:
    """Play mirror matches and probes, and report win rates by seat and role, score spreads,
    game length, options chosen and points by source."""
    config = _config(game, players, games, probe_games, seed, option, agent, probes)
    if workers is not None and workers < 1:
        fail(f"--workers must be at least 1, got {workers}")
    if backend not in BACKENDS:
        fail(f"--backend must be one of {', '.join(BACKENDS)}, got {backend!r}")
    if report is not None:
        try:
            check_matplotlib()
            check_report_dir(report)
        except ValueError as error:
            fail(str(error))
    result = _run(config, workers, backend, address, show_progress=not json_output)
    if json_output:
        typer.echo(json.dumps(result.to_json()))
    else:
        Console(highlight=False).print(balance_tables(result))
    if report is not None:
        path = write_balance_report(result, report)
        if not json_output:
            typer.echo(f"report written to {path}")


def _config(
    game: str,
    players: int | None,
    games: int,
    probe_games: int | None,
    seed: int,
    option: list[str] | None,
    agent: str,
    probes: str | None,
) -> BalanceConfig:
    """The report's config, checked before any game is played; a one-line error if wrong."""
    try:
        spec = registry.spec(game)
    except ValueError as error:
        fail(str(error))
    if games < 1:
        fail(f"--games must be at least 1, got {games}")
    if probe_games is not None and probe_games < 1:
        fail(f"--probe-games must be at least 1, got {probe_games}")
    agents = split_specs(agent)
    if len(agents) != 1:
        fail(f"--agent takes one agent spec, got {agent!r}")
    chosen: tuple[str, ...] | None = None
    if probes is not None:
        names = tuple(p.strip() for p in probes.split(",") if p.strip())
        chosen = () if names == ("none",) else names
    config = BalanceConfig(
        game=game,
        players=spec.min_players if players is None else players,
        games=games,
        seed=seed,
        options=parse_options(option),
        agent=agents[0],
        probes=chosen,
        probe_games=probe_games,
    )
    try:
        config.mirror().validated()
        config.probe_names()
    except (ValueError, TypeError) as error:
        fail(str(error))
    return config


def _run(
    config: BalanceConfig,
    workers: int | None,
    backend: str,
    address: str | None,
    show_progress: bool,
) -> BalanceReport:
    try:
        with staged_progress(show_progress) as progress:
            return balance(
                config, workers=workers, backend=backend, address=address, progress=progress
            )
    except ValueError as error:
        fail(str(error))
    except GameFailed as error:
        typer.echo(f"boardlab balance: error: {error}", err=True)
        raise typer.Exit(EXIT_GAME_FAILED) from None
