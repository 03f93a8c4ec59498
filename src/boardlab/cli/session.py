"""A game in the terminal: one person against bots (or bots alone), driven by lines of input.

Input and output are injected (``read_line`` and a rich ``Console``) so tests can script a game.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from boardlab.agents import Agent
from boardlab.cli import display
from boardlab.cli.invocation import command_name
from boardlab.cli.savefile import PlaySettings, save_text
from boardlab.engine import Decision, GameState, IllegalAction
from boardlab.undo import why_not_undo

ReadLine = Callable[[str], "str | None"]
"""Reads one line after showing a prompt; ``None`` at the end of input."""

HELP_LINE = (
    "Type an option's number or id, '?' to explain the options ('? N' explains one), "
    "'u' to take back your last decision, 'q' to quit."
)
APPLIED, UNDONE, ASK_AGAIN = "applied", "undone", "ask again"


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
    decision from ``view(seat)`` (answered with ``apply(option, expect=decision id)``),
    what an option does from ``explain(option)``, and every move and event as
    ``log(seat)`` tells it; with no person, a spectator's. ``save_path`` is where the game
    is saved at the end and on leaving (with ``settings``, so ``play --load`` continues
    it); ``offer_path`` is the file offered on ``q`` when there is no ``save_path``.
    The log is shown from entry ``shown_from`` (a continued game recalls its last moves).
    """

    state: GameState
    human: int | None
    bots: Mapping[int, Agent]
    names: list[str]
    console: Console
    read_line: ReadLine
    save_path: Path | None = None
    bot_delay: float = 0.0
    settings: PlaySettings | None = None
    offer_path: Path | None = None
    shown_from: int = 0

    def __post_init__(self) -> None:
        self._shown = self.shown_from  # entries of the viewer's log printed so far
        # The state before each of the person's decisions since a bot last moved: undo.
        self._kept: list[GameState] = []

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
        self.console.print(display.score_breakdown(self.state, self.names))
        return self.save() if self.save_path is not None else True

    def save(self, path: Path | None = None) -> bool:
        """Write the whole game and the play settings to ``path`` (default ``save_path``);
        ``False`` after saying why if that failed."""
        target = path or self.save_path
        if target is None:
            return True
        try:
            target.write_text(save_text(self.state, self.settings) + "\n", encoding="utf-8")
        except OSError as error:
            self._complain(f"could not save to {target}: {error.strerror or error}")
            return False
        played = display.actions_played(self.state)
        self.console.print(f"Game saved to {target} ({played} actions).")
        if not self.state.is_over:
            self.console.print(f"Continue it with: {command_name()} play --load {target}")
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
        self._kept.clear()  # the person's earlier decisions are behind another seat's now
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
            result = self._understand(line.strip(), decision)
            if result == APPLIED:
                self._report()
                return
            if result == UNDONE:
                return

    def _understand(self, text: str, decision: dict[str, Any]) -> str:
        """Apply the option ``text`` names, explain, undo or leave; ``ASK_AGAIN`` after
        saying why ``text`` is none of them."""
        options = decision["options"]
        if not text:
            self._complain(HELP_LINE)
            return ASK_AGAIN
        if text.startswith("?"):
            self._explain(text[1:].strip(), decision)
            return ASK_AGAIN
        if text.lower() in ("q", "quit"):
            raise _Quit(asked=True)
        if text.lower() == "u":
            return UNDONE if self._undo() else ASK_AGAIN
        found = find_option(text, [option["id"] for option in options])
        if isinstance(found, str):
            self._complain(found)
            return ASK_AGAIN
        chosen = text if found is None else options[found]["id"]
        before = self.state.clone()
        try:
            self.state.apply(chosen, expect=decision["id"])
        except IllegalAction as error:
            self._complain(str(error))
            return ASK_AGAIN
        self._kept.append(before)
        return APPLIED

    def _explain(self, which: str, decision: dict[str, Any]) -> None:
        """``?``: every option and what it does for the person; ``? N`` or ``? ID``: one."""
        options = decision["options"]
        actions = self.state.legal_actions()
        if not which:
            meanings = [self.state.explain(action) for action in actions]
            self.console.print(display.explained_options(decision, meanings))
            return
        found = find_option(which, [option["id"] for option in options])
        if isinstance(found, str):
            self._complain(found)
        elif found is None:
            self._complain(f"{which!r} is not an option; '?' lists them all")
        else:
            meaning = self.state.explain(actions[found])
            self.console.print(display.explained_option(found + 1, options[found], meaning))

    def _undo(self) -> bool:
        """Take back the person's last decision if nobody could have learnt anything from it."""
        if not self._kept:
            self._complain("you have no decision to take back (none since another seat last moved)")
            return False
        before = self._kept[-1]
        reason = why_not_undo(before, self.state, self.human)
        if reason:
            self._complain(f"that decision cannot be taken back: {reason}")
            return False
        self._kept.pop()
        taken = self.state.log(self.human, since=before.log_length())
        self.state = before
        self._shown = min(self._shown, before.log_length())
        for entry in taken:
            self.console.print(Text(f"Took back: {display.log_text(entry, self.names)}"))
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
        """Say where the game stopped; save it to ``save_path`` (asking first after ``q``),
        or after ``q`` offer to save it to ``offer_path`` or a file the person names."""
        played = display.actions_played(self.state)
        self.console.print(f"Leaving the game at step {played}.")
        path = self.save_path if self.save_path is not None else self.offer_path
        if not asked:
            return self.save() if self.save_path is not None else True
        while path is not None:
            answer = self.read_line(f"Save the game to {path}? [Y/n, or another file name] ")
            if answer is None:
                return self.save() if self.save_path is not None else True
            reply = answer.strip()
            if reply.lower() in ("n", "no"):
                return True
            if reply and reply.lower() not in ("y", "yes"):
                path = Path(reply).expanduser()
            problem = unwritable(path)
            if problem is None:
                return self.save(path)
            self._complain(problem)
        return True


def find_option(text: str, ids: Sequence[str]) -> int | str | None:
    """The index of the option ``text`` names, a reason when it names none or several, or
    ``None`` when it looks like no option (the engine then says what the options are).

    ``text`` is an option's number (from 1), its id (case and spacing aside), or the
    start of one id's words (``"act dev grind"`` for ``"activate device grind"``); a word
    with a digit in it must be typed whole, so ``"take 1"`` never means ``"take 12"``.
    """
    if text.isdecimal():
        number = int(text)
        if not 1 <= number <= len(ids):
            return f"there is no option {number}; choose 1 to {len(ids)}"
        return number - 1
    typed = text.lower().split()
    exact = [n for n, ident in enumerate(ids) if ident.lower().split() == typed]
    if len(exact) == 1:
        return exact[0]
    fitting = [n for n, ident in enumerate(ids) if _starts(typed, ident.lower().split())]
    if len(fitting) == 1:
        return fitting[0]
    if len(fitting) > 1:
        shown = ", ".join(ids[n] for n in fitting[:8])
        more = f", ... ({len(fitting)} in all)" if len(fitting) > 8 else ""
        return f"{text!r} could be {shown}{more}: type more of it, or its number"
    return None


def _starts(typed: list[str], words: list[str]) -> bool:
    if not typed or len(typed) > len(words):
        return False
    for part, word in zip(typed, words, strict=False):
        whole = any(c.isdigit() for c in part)
        if part != word if whole else not word.startswith(part):
            return False
    return True


def unwritable(path: Path) -> str | None:
    """Why a save cannot be written to ``path`` (a directory, no such folder), else ``None``."""
    if path.is_dir():
        return f"{path} is a directory; give a file name"
    if not path.parent.is_dir():
        return f"there is no directory {str(path.parent)!r}; give another file name"
    return None
