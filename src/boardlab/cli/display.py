"""Rich renderings shared by the commands: the board, a decision's options, the final scores."""

from __future__ import annotations

from collections.abc import Sequence

from rich.columns import Columns
from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from boardlab.engine import Action, Decision, GameState

MANY_OPTIONS = 16


def number(value: float) -> str:
    """A score as people write it: ``12`` rather than ``12.0``."""
    return f"{value:g}" if isinstance(value, float) else str(value)


def board(state: GameState, seat: int | None, title: str) -> Panel:
    """The game's own text picture as ``seat`` sees it, framed."""
    return Panel(Text(state.render(seat)), title=title, title_align="left", expand=False)


def option_text(action: Action) -> str:
    """``"take 2"`` or ``"take 2 (take 2 stone(s))"`` when the label says more than the id."""
    return action.id if action.label == action.id else f"{action.id} ({action.label})"


def numbered_options(options: Sequence[Action]) -> Columns | Table:
    """The options numbered from 1; in columns when there are many."""
    if len(options) > MANY_OPTIONS:
        cells = [Text(f"{n:>3}. {action.id}") for n, action in enumerate(options, 1)]
        return Columns(cells, padding=(0, 2))
    table = Table.grid(padding=(0, 1))
    for n, action in enumerate(options, 1):
        table.add_row(Text(f"{n:>3}."), Text(option_text(action)))
    return table


def explained_options(decision: Decision) -> Group:
    """Every option of ``decision`` with its number, id and label."""
    table = Table()
    table.add_column("#", justify="right")
    table.add_column("id")
    table.add_column("label")
    for n, action in enumerate(decision.options, 1):
        table.add_row(str(n), Text(action.id), Text(action.label))
    heading = Text(f"Options of {decision.kind}: {decision.prompt}")
    hint = Text("Answer with a number or an id; 'q' leaves the game.")
    return Group(heading, table, hint)


def final_scores(state: GameState, names: Sequence[str]) -> Group:
    """Each seat's score with the winners marked, then who won."""
    winners = set(state.winners())
    title = "Final scores" if state.is_over else "Scores so far (the game is not over)"
    table = Table()
    table.add_column("seat", justify="right")
    table.add_column("player")
    table.add_column("score", justify="right")
    table.add_column("winner")
    for seat, score in enumerate(state.scores()):
        table.add_row(str(seat), names[seat], number(score), "yes" if seat in winners else "")
    return Group(Text(title, style="bold"), table, Text(winners_line(state, names)))


def winners_line(state: GameState, names: Sequence[str]) -> str:
    """``"Winner: P1 random"``, ``"Winners (tied): ..."`` or a note that the game is not over."""
    winners = state.winners()
    if not state.is_over:
        return "No winner yet."
    if len(winners) == 1:
        return f"Winner: {names[winners[0]]}"
    return "Winners (tied): " + ", ".join(names[seat] for seat in winners)


def quiet_console(width: int | None = None) -> Console:
    """A console that prints the games' text as is (no syntax highlighting or markup guessing)."""
    return Console(highlight=False, width=width)
