"""A game in the terminal: one person against bots (or bots alone), driven by lines of input.

Input and output are injected (``read_line`` and a rich ``Console``) so tests can script a game.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from boardlab.agents import Agent
from boardlab.cli import display
from boardlab.engine import Decision, GameState, IllegalAction

ReadLine = Callable[[str], "str | None"]
"""Reads one line after showing a prompt; ``None`` at the end of input."""

HELP_LINE = "Type an option's number or id, '?' to explain the options, 'q' to quit."


def console_reader(console: Console) -> ReadLine:
    """A ``ReadLine`` over ``console.input`` (line editing on a terminal), ``None`` at EOF."""

    def read(prompt: str) -> str | None:
        try:
            return console.input(prompt)
        except (EOFError, KeyboardInterrupt):
            console.print()
            return None

    return read


class _Quit(Exception):
    """The person asked to leave (``q``) or the input ended."""

    def __init__(self, asked: bool) -> None:
        super().__init__("quit")
        self.asked = asked


@dataclass
class PlaySession:
    """Plays ``state`` to the end: ``human`` answers from input, every other seat is a bot.

    The person sees what their seat may know: the board as ``render(seat)`` draws it, their
    decision from ``view(seat)`` (answered with ``apply(option, expect=decision id)``) and
    every move and event as ``log(seat)`` tells it; with no person, a spectator's.
    """

    state: GameState
    human: int | None
    bots: Mapping[int, Agent]
    names: list[str]
    console: Console
    read_line: ReadLine
    save_path: Path | None = None
    bot_delay: float = 0.0

    def __post_init__(self) -> None:
        self._shown = 0  # entries of the viewer's log printed so far

    @property
    def viewer(self) -> int | None:
        """Whose eyes the session shows the game through: the person's seat, or a spectator's."""
        return self.human

    def run(self) -> bool:
        """Play until the game is over or the person leaves; ``False`` only if saving failed."""
        try:
            self._report()
            self._play()
        except _Quit as leaving:
            return self._leave(leaving.asked)
        except KeyboardInterrupt:
            self.console.print()
            return self._leave(asked=False)
        self._show_board()
        self.console.print(display.final_scores(self.state, self.names, self.viewer))
        return self.save()

    def save(self) -> bool:
        """Write the whole game to ``save_path`` (if one was given); ``False`` if that failed."""
        if self.save_path is None:
            return True
        try:
            self.save_path.write_text(self.state.to_json() + "\n", encoding="utf-8")
        except OSError as error:
            self._complain(f"could not save to {self.save_path}: {error.strerror or error}")
            return False
        played = display.actions_played(self.state)
        self.console.print(f"Game saved to {self.save_path} ({played} actions).")
        return True

    def _play(self) -> None:
        shown_for: int | None = None
        while not self.state.is_over:
            decision = self.state.decision
            assert decision is not None
            if decision.player == self.human:
                self._human_turn()
                shown_for = None
            else:
                if self.human is None and decision.player != shown_for:
                    self._show_board()
                    shown_for = decision.player
                self._bot_turn(decision)

    # ------------------------------------------------------------------ turns
    def _bot_turn(self, decision: Decision) -> None:
        agent = self.bots[decision.player]
        if self.console.is_terminal:
            with self.console.status(f"{self.names[decision.player]} is thinking..."):
                action = agent.choose(self.state)
        else:
            action = agent.choose(self.state)
        self.state.apply(action, expect=decision.id)
        self._report()
        if self.bot_delay:
            time.sleep(self.bot_delay)

    def _human_turn(self) -> None:
        """The person's decision, read from their view (``view(seat)["decision"]``)."""
        self._show_board()
        decision = self.state.view(self.human)["decision"]
        assert decision is not None
        self._show_decision(decision)
        while True:
            line = self.read_line("> ")
            if line is None:
                raise _Quit(asked=False)
            if self._understand(line.strip(), decision):
                self._report()
                return

    def _understand(self, text: str, decision: dict[str, Any]) -> bool:
        """Apply the option ``text`` names (a number or an id), or say why it is not one."""
        if not text:
            self._complain(HELP_LINE)
            return False
        if text == "?":
            self.console.print(display.explained_options(decision))
            return False
        if text.lower() in ("q", "quit"):
            raise _Quit(asked=True)
        options = decision["options"]
        chosen = text
        if text.isdecimal():
            index = int(text)
            if not 1 <= index <= len(options):
                self._complain(f"there is no option {index}; choose 1 to {len(options)}")
                return False
            chosen = options[index - 1]["id"]
        try:
            self.state.apply(chosen, expect=decision["id"])
        except IllegalAction as error:
            self._complain(str(error))
            return False
        return True

    # ------------------------------------------------------------------ output
    def _show_board(self) -> None:
        state = self.state
        title = f"{state.game}, step {display.actions_played(state)}"
        self.console.print(display.board(state, self.viewer, title))

    def _show_decision(self, decision: dict[str, Any]) -> None:
        heading = f"Your decision ({decision['kind']}): {decision['prompt']}"
        self.console.print(Text(heading, style="bold"))
        self.console.print(display.numbered_options(decision["options"]))

    def _report(self) -> None:
        """Print what the viewer's log gained since the last report: moves as the viewer
        may know them (another seat's secret move without what it was) and public events."""
        for entry in self.state.log(self.viewer, since=self._shown):
            self.console.print(Text(display.log_text(entry, self.names)))
            self._shown = entry["n"] + 1

    def _complain(self, reason: str) -> None:
        self.console.print(Text(reason, style="red"))

    def _leave(self, asked: bool) -> bool:
        """Say where the game stopped and save it unless the person says no."""
        played = display.actions_played(self.state)
        self.console.print(f"Leaving the game at step {played}.")
        if self.save_path is None:
            return True
        if asked:
            answer = self.read_line(f"Save the game to {self.save_path}? [Y/n] ")
            if answer is not None and answer.strip().lower() in ("n", "no"):
                return True
        return self.save()
