"""``boardlab analyze``: every decision of a saved game judged, the way an engine reviews a
chess game (the work is ``boardlab.analysis``)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from boardlab.analysis import Analysis, analyse
from boardlab.cli import display
from boardlab.cli.app import app
from boardlab.cli.errors import fail
from boardlab.cli.replay import seat_names, which_game
from boardlab.cli.savefile import read_game
from boardlab.engine import GameState

MARK_STYLES = {"inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}


@app.command()
def analyze(
    file: Annotated[
        Path, typer.Argument(help="A saved game, or a JSON-lines file of saves (simulate --save).")
    ],
    seat: Annotated[
        int | None,
        typer.Option(help="Judge this seat's decisions only (from 0) \\[default: every seat]."),
    ] = None,
    game: Annotated[
        int | None,
        typer.Option(
            "--game",
            help="Which game of a simulate --save file: its number in the run \\[default: the "
            "first].",
        ),
    ] = None,
    seconds: Annotated[
        float,
        typer.Option(
            help="Search this long at each decision to look deeper (results then depend on "
            "the machine's speed) \\[default: 0, the calibrated evaluation alone].",
            show_default=False,
        ),
    ] = 0.0,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the analysis as one JSON object.")
    ] = False,
) -> None:
    """Judge every decision of a saved game: chance to win before and after, the preferred
    option, and marks for moves that gave up 10, 20 or 30 points of winning chance."""
    if not 0 <= seconds < math.inf:
        fail(f"--seconds must be a number of seconds, 0 or more, got {seconds:g}")
    loaded = read_game(file, game)
    state = loaded.state
    if seat is not None and not 0 <= seat < state.players:
        fail(f"--seat must be from 0 to {state.players - 1} for {state.players} players, "
             f"got {seat}")
    seats = None if seat is None else [seat]
    analysis = _run(state, seats, seconds)
    if as_json:
        typer.echo(json.dumps(analysis.to_json()))
        return
    console = display.quiet_console()
    names = seat_names(state, loaded.extra)
    console.print(
        Text(
            f"{state.SPEC.title}: {state.players} players, seed {state.seed}"
            f"{which_game(loaded)}; {len(analysis.moves)} decisions judged"
            + (f", {seconds:g} s of search each" if seconds else "")
        )
    )
    console.print(moves_table(analysis, names))
    console.print(summary_table(analysis, names))


def _run(state: GameState, seats: list[int] | None, seconds: float) -> Analysis:
    """The analysis, with a progress bar when stderr is a terminal (stdout stays clean)."""
    console = Console(stderr=True)
    bar = _progress_bar(console) if console.is_terminal else None
    task = bar.add_task("analysing", total=None) if bar is not None else None

    def progress(done: int, total: int) -> None:
        if bar is not None and task is not None:
            bar.update(task, completed=done, total=total)

    try:
        if bar is not None:
            bar.start()
        return analyse(state, seats, seconds=seconds, progress=progress)
    finally:
        if bar is not None:
            bar.stop()


def _progress_bar(console: Console) -> Progress:
    return Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    )


def percent(chance: float) -> str:
    return f"{100 * chance:.0f}%"


def moves_table(analysis: Analysis, names: list[str]) -> Table:
    """One row per judged decision: its number in ``replay --print``, the seat, the option
    played and the one preferred, the chances and the mark."""
    table = Table(title="Decisions", title_justify="left")
    for column in ("#", "seat", "played", "preferred"):
        table.add_column(column, justify="right" if column == "#" else "left")
    for column in ("before", "after", "best", "loss"):
        table.add_column(column, justify="right")
    table.add_column("mark")
    for move in analysis.moves:
        same = move.best == move.played
        table.add_row(
            str(move.index + 1),
            names[move.seat],
            move.played,
            "=" if same else move.best,
            percent(move.win_before),
            percent(move.win_after),
            percent(move.best_win),
            f"{100 * move.loss:.0f}" if move.loss >= 0.005 else "",
            Text(move.mark or "", style=MARK_STYLES.get(move.mark or "", "")),
        )
    return table


def summary_table(analysis: Analysis, names: list[str]) -> Table:
    """Each judged seat's moves, mean loss per move (points of winning chance) and marks."""
    table = Table(title="Summary (loss in points of winning chance)", title_justify="left")
    table.add_column("seat")
    for column in ("moves", "mean loss", "inaccuracies", "mistakes", "blunders"):
        table.add_column(column, justify="right")
    for row in analysis.summary:
        table.add_row(
            names[row.seat],
            str(row.moves),
            f"{100 * row.mean_loss:.1f}",
            str(row.inaccuracies),
            str(row.mistakes),
            str(row.blunders),
        )
    return table
