"""``boardlab replay``: step through a saved game forwards and back, or print it whole."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.text import Text

from boardlab.cli import display
from boardlab.cli.app import app
from boardlab.cli.options import options_text, parse_seat
from boardlab.cli.savefile import PLAY_KEY, RUN_KEY, LoadedGame, PlaySettings, ranges, read_game
from boardlab.cli.session import ReadLine, console_reader
from boardlab.cli.timeline import Timeline
from boardlab.engine import GameState

COMMANDS = (
    "Commands: n or Enter (next), p (previous), g N (go to step N), s (start), e (end), q (quit)."
)


@app.command()
def replay(
    file: Annotated[
        Path, typer.Argument(help="A saved game, or a JSON-lines file of saves (simulate --save).")
    ],
    game: Annotated[
        int | None,
        typer.Option(
            "--game",
            help="Which game of a simulate --save file: its number in the run (from 0, as "
            "simulate numbers games), whatever order the lines are in \\[default: the first].",
        ),
    ] = None,
    print_all: Annotated[
        bool, typer.Option("--print", help="Print every step's action and the final scores.")
    ] = False,
    seat: Annotated[
        str | None,
        typer.Option(
            help="See the game as this seat (from 0) sees it: its board and what it knew of "
            "each move \\[default: none, a spectator]."
        ),
    ] = None,
) -> None:
    """Step through a saved game: n/Enter next, p previous, g N, s start, e end, q quit."""
    loaded = read_game(file, game)
    console = display.quiet_console()
    state = loaded.state
    viewer = parse_seat(seat, state.players)
    timeline = Timeline(state, keep_states=not print_all)
    names = seat_names(state, loaded.extra)
    console.print(
        Text(
            f"{state.SPEC.title}: {state.players} players, seed {state.seed}, "
            f"{options_text(state)}, {len(timeline)} actions{which_game(loaded)}; "
            f"seen {seen_as(state, viewer)}"
        )
    )
    if print_all:
        print_game(timeline, viewer, console, names)
    else:
        ReplaySession(timeline, console, console_reader(console), names=names, viewer=viewer).run()


def which_game(loaded: LoadedGame) -> str:
    """``", game 3 of the run (the file holds games 0 to 9)"``; nothing for a lone save."""
    if loaded.count == 1 and not loaded.indexed:
        return ""
    held = f"the file holds games {ranges(list(loaded.numbers))}"
    if loaded.indexed:
        return f", game {loaded.number} of the run ({held})"
    return f", game {loaded.number} ({held}, numbered in seed order)"


def seen_as(state: GameState, viewer: int | None) -> str:
    return "as a spectator" if viewer is None else f"as {state.sides[viewer]} (seat {viewer})"


def seat_names(state: GameState, extra: Mapping[str, Any] | None = None) -> list[str]:
    """The seats' names: their sides (``"P1"``, ``"P2"``, ...), followed by who played them
    when the save says it (``"P2 mcts"``; ``"P1 (you)"`` for the person of ``play``)."""
    sides = state.sides[: state.players]
    extra = extra or {}
    played: dict[int, str] = {}
    run = extra.get(RUN_KEY)
    if isinstance(run, dict) and isinstance(run.get("agents"), list):
        played = {seat: str(agent) for seat, agent in enumerate(run["agents"])}
    settings = extra.get(PLAY_KEY)
    if isinstance(settings, dict):
        try:
            stored = PlaySettings.from_json(settings, state.players)
        except ValueError:
            stored = None
        if stored is not None:
            played = dict(stored.bots)
            if stored.seat is not None:
                played[stored.seat] = "(you)"
    return [f"{side} {played[seat]}" if seat in played else side for seat, side in enumerate(sides)]


def print_game(
    timeline: Timeline, viewer: int | None, console: Console, names: list[str] | None = None
) -> None:
    """Every entry of ``viewer``'s log (the spectator's for ``None``), actions numbered from 1
    with their id when the viewer knows it, then the final scores."""
    final = timeline.final
    for line in log_lines(final.log(viewer)):
        console.print(Text(line))
    names = names or seat_names(final)
    console.print(display.final_scores(final, names, viewer))
    if final.is_over:
        console.print(display.score_breakdown(final, names))


def log_lines(entries: list[dict[str, Any]]) -> list[str]:
    """``"    3  P1: take 2 stone(s)  [take 2]"`` for an action, the step number blank for a
    public event and the id left out where the viewer does not know it."""
    lines = []
    step = 0
    for entry in entries:
        number = ""
        if entry["seat"] is not None:
            step += 1
            number = str(step)
        known = f"  [{entry['id']}]" if entry["id"] is not None else ""
        lines.append(f"{number:>5}  {entry['text']}{known}")
    return lines


@dataclass
class ReplaySession:
    """Shows one position of ``timeline`` at a time, as ``viewer`` saw it, and moves on the
    commands it reads."""

    timeline: Timeline
    console: Console
    read_line: ReadLine
    position: int = 0
    names: list[str] = field(default_factory=list)
    viewer: int | None = None

    def run(self) -> None:
        """Show the start, then follow commands until ``q`` or the end of input."""
        self.names = self.names or seat_names(self.timeline.final)
        self.console.print(COMMANDS)
        self.show()
        while True:
            line = self.read_line("replay> ")
            if line is None or line.strip().lower() in ("q", "quit"):
                return
            target = self.target(line.strip().lower())
            if target is not None:
                self.position = target
                self.show()

    def target(self, command: str) -> int | None:
        """The position ``command`` asks for, or ``None`` after saying what is wrong."""
        last = len(self.timeline)
        if command in ("", "n", "next"):
            if self.position == last:
                self.complain("this is the end of the game (s goes to the start)")
                return None
            return self.position + 1
        if command in ("p", "prev", "previous"):
            if self.position == 0:
                self.complain("this is the start of the game")
                return None
            return self.position - 1
        if command in ("s", "start"):
            return 0
        if command in ("e", "end"):
            return last
        go_to = re.fullmatch(r"(?:goto|go|g)\b\s*(.*)|g(\d+)", command)
        if go_to is not None:
            argument = go_to.group(1) if go_to.group(1) is not None else go_to.group(2)
            try:
                wanted = int(argument)
            except ValueError:
                self.complain(f"g takes a step number from 0 to {last}, got {argument!r}")
                return None
            if not 0 <= wanted <= last:
                self.complain(f"there is no step {wanted}; steps go from 0 to {last}")
                return None
            return wanted
        self.complain(f"unknown command {command!r}. {COMMANDS}")
        return None

    def complain(self, reason: str) -> None:
        self.console.print(Text(reason, style="red"))

    def show(self) -> None:
        """The board after the current step, what the viewer's log says led to it and what
        comes next."""
        state = self.timeline.state(self.position)
        last = len(self.timeline)
        viewer = self.viewer
        self.console.print(display.board(state, viewer, f"step {self.position} of {last}"))
        entries = self.timeline.entries(self.position, viewer)
        lead = "Start of the game." if self.position == 0 else f"Step {self.position}:"
        for entry in entries:
            self.console.print(Text(f"{lead} {entry['text']}"))
            lead = " " * len(lead)
        if self.position == 0 and not entries:
            self.console.print(lead)
        decision = state.decision
        if decision is None:
            self.console.print(display.final_scores(state, self.names, viewer))
            self.console.print(display.score_breakdown(state, self.names))
            return
        shown = state.view(viewer)["decision"]
        who = state.sides[decision.player]
        if shown is None:
            self.console.print(Text(f"Next: {who} to decide ({decision.kind})"))
        else:
            self.console.print(Text(f"Next: {who} to decide ({shown['kind']}): {shown['prompt']}"))
