"""Rich renderings shared by the commands: the board, a decision's options, log lines and
the final scores.

Everything shown to a seat comes from what that seat may know: ``render(seat)``, the
decision of ``view(seat)`` (the v2 envelope: ``{"id", "kind", "prompt", "options"}`` with
options ``{"id", "label"}``) and ``log(seat)``; the result comes from ``outcome()``, public
once the game is over.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.columns import Columns
from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from boardlab.engine import GameState

MANY_OPTIONS = 16
Option = Mapping[str, Any]
"""One option of a view's decision: ``{"id", "label"}``."""


def number(value: float) -> str:
    """A score as people write it: ``12`` rather than ``12.0``."""
    return f"{value:g}" if isinstance(value, float) else str(value)


def board(state: GameState, seat: int | None, title: str) -> Panel:
    """The game's own text picture as ``seat`` sees it, framed."""
    return Panel(Text(state.render(seat)), title=title, title_align="left", expand=False)


def option_text(option: Option) -> str:
    """``"take 2"`` or ``"take 2 (take 2 stone(s))"`` when the label says more than the id."""
    ident, label = option["id"], option["label"]
    return str(ident) if label == ident else f"{ident} ({label})"


def numbered_options(options: Sequence[Option]) -> Columns | Table:
    """The options numbered from 1; in columns when there are many."""
    if len(options) > MANY_OPTIONS:
        cells = [Text(f"{n:>3}. {option['id']}") for n, option in enumerate(options, 1)]
        return Columns(cells, padding=(0, 2))
    table = Table.grid(padding=(0, 1))
    for n, option in enumerate(options, 1):
        table.add_row(Text(f"{n:>3}."), Text(option_text(option)))
    return table


def explained_options(decision: Mapping[str, Any]) -> Group:
    """Every option of a view's ``decision`` with its number, id and label."""
    table = Table()
    table.add_column("#", justify="right")
    table.add_column("id")
    table.add_column("label")
    for n, option in enumerate(decision["options"], 1):
        table.add_row(str(n), Text(option["id"]), Text(option["label"]))
    heading = Text(f"Options of {decision['kind']}: {decision['prompt']}")
    hint = Text("Answer with a number or an id; 'q' leaves the game.")
    return Group(heading, table, hint)


def log_text(entry: Mapping[str, Any], names: Sequence[str] = ()) -> str:
    """One entry of ``state.log(seat)`` as a line: its text, with the seat's full name
    (``"P2 random"``) in place of its side (``"P2"``) when ``names`` are given."""
    text = str(entry["text"])
    seat = entry["seat"]
    if seat is not None and seat < len(names):
        side = f"P{seat + 1}"
        if text.startswith(side) and names[seat].startswith(side):
            text = names[seat] + text[len(side) :]
    return text


def actions_played(state: GameState) -> int:
    """How many actions were applied, as every seat knows it: the pending decision's id, or
    the number of actions in the log once the game is over."""
    decision = state.decision
    if decision is not None:
        return decision.id
    return sum(1 for entry in state.log(None) if entry["seat"] is not None)


def final_scores(state: GameState, names: Sequence[str], seat: int | None = None) -> Group:
    """Each side's score with the winners marked, then who won; a side no seat plays (an
    automa) has no seat number. Before the end, the scores ``seat`` may know ("?" for
    those it may not)."""
    outcome = state.outcome()
    title = "Final scores" if state.is_over else "Scores so far (the game is not over)"
    table = Table()
    table.add_column("seat", justify="right")
    table.add_column("player")
    table.add_column("score", justify="right")
    table.add_column("winner")
    shown = state.view(seat)["scores"]
    for index, side in enumerate(outcome["sides"]):
        score = shown[index]
        table.add_row(
            str(index) if index < state.players else "-",
            side_name(state, index, names),
            "?" if score is None else number(score),
            "yes" if side in outcome["winners"] else "",
        )
    return Group(Text(title, style="bold"), table, Text(winners_line(state, names)))


def side_name(state: GameState, index: int, names: Sequence[str]) -> str:
    """The name of side ``index``: the seat's name from ``names``, else the side's own."""
    return names[index] if index < min(state.players, len(names)) else state.sides[index]


def winners_line(state: GameState, names: Sequence[str]) -> str:
    """``"Winner: P1 random"``, ``"Winners (tied): ..."``, ``"Winner: automa"`` or a note that
    the game is not over."""
    if not state.is_over:
        return "No winner yet."
    outcome = state.outcome()
    sides = outcome["sides"]
    winners = [side_name(state, sides.index(side), names) for side in outcome["winners"]]
    if len(winners) == 1:
        return f"Winner: {winners[0]}"
    return "Winners (tied): " + ", ".join(winners)


def quiet_console(width: int | None = None) -> Console:
    """A console that prints the games' text as is (no syntax highlighting or markup guessing)."""
    return Console(highlight=False, width=width)
