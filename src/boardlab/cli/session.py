"""A game in the terminal: one person against bots (or bots alone), driven by lines of input.

Input and output are injected (``read_line`` and a rich ``Console``) so tests can script a game.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.text import Text

from boardlab.agents import Agent
from boardlab.cli import display
from boardlab.engine import Action, Decision, GameState, IllegalAction

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
    """Plays ``state`` to the end: ``human`` answers from input, every other seat is a bot."""

    state: GameState
    human: int | None
    bots: Mapping[int, Agent]
    names: list[str]
    console: Console
    read_line: ReadLine
    save_path: Path | None = None
    bot_delay: float = 0.0

    def run(self) -> bool:
        """Play until the game is over or the person leaves; ``False`` only if saving failed."""
        try:
            self._play()
        except _Quit as leaving:
            return self._leave(leaving.asked)
        except KeyboardInterrupt:
            self.console.print()
            return self._leave(asked=False)
        self._show_board()
        self.console.print(display.final_scores(self.state, self.names))
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
        self.console.print(f"Game saved to {self.save_path} ({len(self.state.history)} actions).")
        return True

    def _play(self) -> None:
        shown_for: int | None = None
        while not self.state.is_over:
            decision = self.state.decision
            assert decision is not None
            if decision.player == self.human:
                self._human_turn(decision)
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
        self.state.apply(action)
        self._announce(decision.player, action)
        if self.bot_delay:
            time.sleep(self.bot_delay)

    def _human_turn(self, decision: Decision) -> None:
        self._show_board()
        self._show_decision(decision)
        while True:
            line = self.read_line("> ")
            if line is None:
                raise _Quit(asked=False)
            action = self._understand(line.strip(), decision)
            if action is not None:
                self._announce(decision.player, action)
                return

    def _understand(self, text: str, decision: Decision) -> Action | None:
        """Apply the option ``text`` names and return it, or say why it is not one."""
        if not text:
            self._complain(HELP_LINE)
            return None
        if text == "?":
            self.console.print(display.explained_options(decision))
            return None
        if text.lower() in ("q", "quit"):
            raise _Quit(asked=True)
        chosen: Action | str = text
        if text.isdecimal():
            index = int(text)
            if not 1 <= index <= len(decision.options):
                self._complain(f"there is no option {index}; choose 1 to {len(decision.options)}")
                return None
            chosen = decision.options[index - 1]
        try:
            self.state.apply(chosen)
        except IllegalAction as error:
            self._complain(str(error))
            return None
        last = self.state.history[-1]
        return next(option for option in decision.options if option.id == last)

    # ------------------------------------------------------------------ output
    def _show_board(self) -> None:
        state = self.state
        title = f"{state.game}, step {len(state.history)}"
        self.console.print(display.board(state, self.human, title))

    def _show_decision(self, decision: Decision) -> None:
        heading = f"Your decision ({decision.kind}): {decision.prompt}"
        self.console.print(Text(heading, style="bold"))
        self.console.print(display.numbered_options(decision.options))

    def _announce(self, seat: int, action: Action) -> None:
        self.console.print(Text(f"{self.names[seat]}: {display.option_text(action)}"))

    def _complain(self, reason: str) -> None:
        self.console.print(Text(reason, style="red"))

    def _leave(self, asked: bool) -> bool:
        """Say where the game stopped and save it unless the person says no."""
        self.console.print(f"Leaving the game at step {len(self.state.history)}.")
        if self.save_path is None:
            return True
        if asked:
            answer = self.read_line(f"Save the game to {self.save_path}? [Y/n] ")
            if answer is not None and answer.strip().lower() in ("n", "no"):
                return True
        return self.save()
