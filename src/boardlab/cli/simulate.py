"""``boardlab simulate``: play many games between agents and summarise who wins.

The work is done by ``boardlab.sim``; this command reads the arguments, shows a progress
bar and prints the summary (rich tables, or one JSON object with ``--json``).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from boardlab.cli.app import app
from boardlab.cli.errors import fail, one_line
from boardlab.cli.options import complete_game, parse_options
from boardlab.engine import registry
from boardlab.sim import GameFailed, SimConfig, SimResult, run, split_agents
from boardlab.sim.backends import BACKENDS
from boardlab.sim.config import DEFAULT_MAX_DECISIONS
from boardlab.sim.plugins import load_plugins
from boardlab.sim.report import check_matplotlib, check_report_dir, write_report
from boardlab.sim.tables import summary_tables

EXIT_GAME_FAILED = 1
EXIT_INTERRUPTED = 130


@app.command()
def simulate(
    game: Annotated[
        str,
        typer.Argument(
            help="The game to simulate (see 'boardlab games').", autocompletion=complete_game
        ),
    ],
    players: Annotated[
        int | None,
        typer.Option("--players", "-n", help="Number of players \\[default: the game's minimum]."),
    ] = None,
    games: Annotated[int, typer.Option("--games", "-g", help="How many games to play.")] = 100,
    seed: Annotated[
        int, typer.Option(help="Seed of the run: game g (from 0) is played with seed SEED+g.")
    ] = 0,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="A game option as key=value (repeatable)."),
    ] = None,
    agents: Annotated[
        str | None,
        typer.Option(
            help="Agent specs, comma-separated: one for every seat or one per seat in seat "
            "order, e.g. 'random' or 'mcts:iterations=200,seconds=0.1,random' "
            "(key=value parts belong to the spec before them) \\[default: random].",
        ),
    ] = None,
    rotate_seats: Annotated[
        bool,
        typer.Option(
            "--rotate-seats",
            help="Game g seats agent (s+g) mod N in seat s, so every agent plays every seat "
            "equally often when GAMES is a multiple of N.",
        ),
    ] = False,
    same_deals: Annotated[
        bool,
        typer.Option(
            "--same-deals",
            help="With --rotate-seats, play every rotation of the seats on the same deal "
            "(game g is dealt from SEED + g // N), so the luck of the deal cancels "
            "between agents.",
        ),
    ] = False,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers",
            "-w",
            help="Processes (local) or concurrent tasks (ray) \\[default: every core / every "
            "CPU of the cluster]; 1 plays in this process.",
        ),
    ] = None,
    backend: Annotated[
        str,
        typer.Option(help=f"Where to play: {' or '.join(BACKENDS)} (ray needs boardlab\\[ray])."),
    ] = "local",
    address: Annotated[
        str | None,
        typer.Option(help="Address of a Ray cluster \\[default: start a local one]."),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            help="Write one JSON line per game here as games finish; a run stopped early "
            "resumes from this file: the games it holds are not played again.",
        ),
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(
            help="Keep every whole game here, one saved game (JSON) per line, led by its "
            "game number ('boardlab replay FILE --game K' finds game K).",
        ),
    ] = None,
    drop_partial: Annotated[
        bool,
        typer.Option(
            "--drop-partial",
            help="When resuming, drop a last line of --out or --save cut short by an "
            "interruption (it is said which); without it such a line stops the run.",
        ),
    ] = False,
    json_output: Annotated[
        bool, typer.Option("--json", help="Print the summary as one JSON object, quietly.")
    ] = False,
    report: Annotated[
        Path | None,
        typer.Option(help="Write PNG plots and report.md into this directory."),
    ] = None,
    max_decisions: Annotated[
        int,
        typer.Option(help="Stop with an error if a game is still going after this many decisions."),
    ] = DEFAULT_MAX_DECISIONS,
    plugin: Annotated[
        list[str] | None,
        typer.Option(
            help="Import this module and register its game SPEC first, here and in every "
            "worker (games defined outside boardlab; repeatable).",
        ),
    ] = None,
) -> None:
    """Play many games between agents on every core (or a Ray cluster) and summarise them."""
    config = _config(
        game, players, games, seed, option, agents, rotate_seats, plugin, max_decisions, same_deals
    )
    if workers is not None and workers < 1:
        fail(f"--workers must be at least 1, got {workers}")
    if backend not in BACKENDS:
        fail(f"--backend must be one of {', '.join(BACKENDS)}, got {backend!r}")
    if backend == "ray":
        from boardlab.sim.ray_backend import RayMissing, import_ray

        try:
            import_ray()
        except RayMissing as error:
            fail(str(error))
    elif address is not None:
        fail("--address is for --backend ray")
    if report is not None:
        try:
            check_matplotlib()
            check_report_dir(report)
        except ValueError as error:
            fail(str(error))
    result = _run(
        config, workers, backend, address, out, save, not json_output, drop_partial=drop_partial
    )
    if json_output:
        typer.echo(json.dumps(result_json(result, out, save, report)))
    else:
        Console(highlight=False).print(summary_tables(result.summary))
    if report is not None:
        try:
            path = write_report(result.summary, result.records, report)
        except ValueError as error:
            fail(str(error))
        if not json_output:
            typer.echo(f"report written to {path}")


def result_json(
    result: SimResult, out: Path | None, save: Path | None, report: Path | None
) -> dict[str, Any]:
    """The ``--json`` object: the summary's keys, then how the run went."""
    data = result.summary.to_json()
    data.update(
        rotate_seats=result.config.rotate_seats,
        same_deals=result.config.same_deals,
        seat_agents=list(result.config.agents),
        backend=result.backend,
        workers=result.workers,
        resumed=result.resumed,
        setup_seconds=result.setup_seconds,
        out=None if out is None else str(out),
        save=None if save is None else str(save),
        report=None if report is None else str(report),
    )
    return data


def _config(
    game: str,
    players: int | None,
    games: int,
    seed: int,
    option: list[str] | None,
    agents: str | None,
    rotate_seats: bool,
    plugin: list[str] | None,
    max_decisions: int,
    same_deals: bool = False,
) -> SimConfig:
    """The run's config, checked; a one-line error for anything wrong."""
    try:
        load_plugins(plugin or ())
        spec = registry.spec(game)
    except ValueError as error:
        fail(str(error))
    except ImportError as error:
        fail(f"game {game!r} cannot be loaded: {error}")
    specs = split_agents(agents) if agents is not None else ()
    if agents is not None and not specs:
        fail("--agents is empty; give one agent spec, or one per seat")
    config = SimConfig(
        game=game,
        players=spec.min_players if players is None else players,
        games=games,
        seed=seed,
        options=parse_options(option),
        agents=specs or ("random",),
        rotate_seats=rotate_seats,
        plugins=tuple(plugin or ()),
        max_decisions=max_decisions,
        same_deals=same_deals,
    )
    try:
        return config.validated()
    except (ValueError, TypeError) as error:
        fail(str(error))


def _run(
    config: SimConfig,
    workers: int | None,
    backend: str,
    address: str | None,
    out: Path | None,
    save: Path | None,
    show_progress: bool,
    drop_partial: bool = False,
) -> SimResult:
    """Run the simulation with a progress bar on a terminal; errors end the command."""
    console = Console(stderr=True)
    bar = _progress_bar(console) if show_progress and console.is_terminal else None
    task = bar.add_task("games", total=config.games) if bar is not None else None

    def progress(done: int, total: int) -> None:
        if bar is not None and task is not None:
            bar.update(task, completed=done, total=total)

    def halt() -> None:
        """Take the bar off the screen for good, before any last message."""
        if bar is not None:
            bar.stop()

    def note(message: str) -> None:
        print(f"boardlab simulate: note: {one_line(message)}", file=sys.stderr)

    try:
        if bar is not None:
            bar.start()
        return run(
            config,
            workers=workers,
            backend=backend,
            address=address,
            out=out,
            save=save,
            progress=progress,
            drop_partial=drop_partial,
            note=note,
        )
    except ValueError as error:
        halt()
        fail(str(error))
    except GameFailed as error:
        halt()
        _stop(f"error: {error}", EXIT_GAME_FAILED)
    except KeyboardInterrupt:
        halt()
        resume = f"; run again with the same --out {out} to resume" if out is not None else ""
        _stop(f"interrupted{resume}", EXIT_INTERRUPTED)
    finally:
        halt()


class GamesPerSecond(ProgressColumn):
    """The recent speed of a task, in games per second."""

    def render(self, task: Task) -> Text:
        speed = task.speed
        return Text("" if speed is None else f"{speed:,.1f} games/s", style="progress.data.speed")


def _progress_bar(console: Console) -> Progress:
    return Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        GamesPerSecond(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    )


@contextmanager
def staged_progress(show: bool) -> Iterator[Callable[[str, int, int], None]]:
    """A ``progress(stage, done, total)`` callback drawing one bar per stage on stderr while
    the block runs (nothing when ``show`` is off or stderr is not a terminal); the bars are
    gone when the block ends, before any message about how it ended."""
    console = Console(stderr=True)
    bar = _progress_bar(console) if show and console.is_terminal else None
    tasks: dict[str, TaskID] = {}

    def progress(stage: str, done: int, total: int) -> None:
        if bar is None:
            return
        if stage not in tasks:
            tasks[stage] = bar.add_task(stage, total=total)
        bar.update(tasks[stage], completed=done, total=total)

    if bar is None:
        yield progress
        return
    bar.start()
    try:
        yield progress
    finally:
        bar.stop()


def _stop(message: str, code: int) -> NoReturn:
    print(f"boardlab simulate: {one_line(message)}", file=sys.stderr)
    raise typer.Exit(code)
