"""``boardlab replay``: step through a saved game forwards and back, or print it whole."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from boardlab.cli import display
from boardlab.cli.app import app
from boardlab.cli.options import options_text
from boardlab.cli.savefile import read_game
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
            "--game", "-g", help="Which game of a JSON-lines file, from 1 \\[default: 1]."
        ),
    ] = None,
    print_all: Annotated[
        bool, typer.Option("--print", help="Print every step's action and the final scores.")
    ] = False,
) -> None:
    """Step through a saved game: n/Enter next, p previous, g N, s start, e end, q quit."""
    loaded = read_game(file, game)
    console = display.quiet_console()
    state = loaded.state
    of = f", game {loaded.number} of {loaded.count}" if loaded.count > 1 else ""
    console.print(
        Text(
            f"{state.SPEC.title}: {state.players} players, seed {state.seed}, "
            f"{options_text(state)}, {len(state.history)} actions{of}"
        )
    )
    if print_all:
        print_game(Timeline(state, keep_states=False), console)
    else:
        ReplaySession(Timeline(state), console, console_reader(console)).run()


def seat_names(state: GameState) -> list[str]:
    return [f"P{seat}" for seat in range(state.players)]


def print_game(timeline: Timeline, console: Console) -> None:
    """Every step as ``number player action (label)``, then the final scores."""
    for step in timeline.steps:
        console.print(Text(f"{step.number:>5}  P{step.player}  {display.option_text(step.action)}"))
    names = seat_names(timeline.final)
    console.print(display.final_scores(timeline.final, names))


@dataclass
class ReplaySession:
    """Shows one position of ``timeline`` at a time and moves on the commands it reads."""

    timeline: Timeline
    console: Console
    read_line: ReadLine
    position: int = 0
    names: list[str] = field(default_factory=list)

    def run(self) -> None:
        """Show the start, then follow commands until ``q`` or the end of input."""
        self.names = seat_names(self.timeline.final)
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
        """The board after the current step, the action that led to it and what comes next."""
        state = self.timeline.state(self.position)
        last = len(self.timeline)
        self.console.print(display.board(state, None, f"step {self.position} of {last}"))
        step = self.timeline.step(self.position)
        if step is None:
            self.console.print("Start of the game.")
        else:
            played = display.option_text(step.action)
            self.console.print(Text(f"Step {step.number}: P{step.player} played {played}"))
        decision = state.decision
        if decision is not None:
            self.console.print(
                Text(f"Next: P{decision.player} to decide ({decision.kind}): {decision.prompt}")
            )
        else:
            self.console.print(display.final_scores(state, self.names))
