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
WIDE = 80  # columns of the smallest terminal people play in
WORDY = 50  # explanations longer than this wrap: lines between the rows then
SHORT_NAME = 10  # a longer seat name heads a column of numbers by its side alone ("P2")
HINT = (
    "Answer with a number or an id ('? N' explains option N); 'u' takes back your last "
    "decision, 'q' leaves the game."
)
Option = Mapping[str, Any]
"""One option of a view's decision: ``{"id", "label"}``."""


def number(value: float) -> str:
    """A score as people write it: ``12`` for a whole number (``12.0`` included), else as is."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return f"{value:g}" if isinstance(value, float) else str(value)


def board(state: GameState, seat: int | None, title: str) -> Panel:
    """The game's own text picture as ``seat`` sees it, framed; lines are never wrapped (a
    wrapped map is unreadable), and a picture wider than 80 columns says what it needs."""
    picture = state.render(seat)
    needs = max((len(line) for line in picture.splitlines()), default=0) + 4
    return Panel(
        Text(picture, no_wrap=True, overflow="crop"),
        title=title,
        title_align="left",
        subtitle=f"needs a terminal {needs} columns wide" if needs > WIDE else None,
        subtitle_align="right",
        expand=False,
    )


def option_text(option: Option) -> Text:
    """An option as a person reads it: its id in bold, then its label where the label says
    more (``"take 2 (take 2 stone(s))"``); a label that is the id followed by a bracket or a
    colon only continues it (``"collect D11 (violet: 1 light -> 1 rainbow)"``)."""
    ident, label = str(option["id"]), str(option["label"])
    text = Text(ident, style="bold")
    rest = label[len(ident) :] if label.startswith(ident) else None
    if rest is not None and (not rest or rest.startswith((" (", ":"))):
        text.append(rest)
    elif label.strip():
        text.append(f" ({label})")
    return text


def numbered_options(options: Sequence[Option]) -> Columns | Table:
    """The options numbered from 1, each with its id and label; in columns (numbers reading
    down) when there are many and they fit side by side."""
    if len(options) > MANY_OPTIONS:
        cells = [Text(f"{n:>3}. ").append_text(option_text(o)) for n, o in enumerate(options, 1)]
        return Columns(cells, padding=(0, 2), column_first=True)
    table = Table.grid(padding=(0, 1))
    for n, option in enumerate(options, 1):
        table.add_row(Text(f"{n:>3}."), option_text(option))
    return table


def explained_options(decision: Mapping[str, Any], explanations: Sequence[str]) -> Group:
    """Every option of a view's ``decision``: its number, its id and what it does
    (``explanations[i]`` says it for option ``i``, from ``state.explain``)."""
    wordy = any(len(meaning) > WORDY or "\n" in meaning for meaning in explanations)
    table = Table(show_lines=wordy)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("option", overflow="fold")
    table.add_column("what it does", overflow="fold", ratio=1)
    for n, (option, meaning) in enumerate(zip(decision["options"], explanations, strict=True), 1):
        table.add_row(str(n), Text(option["id"]), Text(meaning))
    heading = Text(f"Options of {decision['kind']}: {decision['prompt']}")
    return Group(heading, table, Text(HINT))


def explained_option(number: int, option: Option, explanation: str) -> Group:
    """One option of the pending decision and what it does."""
    title = Text(f"{number}. ").append_text(option_text(option))
    return Group(title, Text("   " + explanation))


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


def score_breakdown(state: GameState, names: Sequence[str]) -> Table:
    """Where each side's points came from (``state.score_breakdown()``): one row per source
    of points, named as the player's guide names it, one column per side (headed by its
    name when short, else by its side: ``"P2"``), and the totals. Numbers are never split."""
    breakdown = state.score_breakdown()
    sources: list[str] = []
    for points in breakdown:
        for source in points:
            if source not in sources:
                sources.append(source)
    table = Table(title="Points by source", title_justify="left")
    table.add_column("source", overflow="fold")
    for index in range(len(breakdown)):
        name = side_name(state, index, names)
        heading = name if len(name) <= SHORT_NAME else state.sides[index]
        table.add_column(heading, justify="right", no_wrap=True)
    for row, source in enumerate(sources, 1):
        cells = [number(points[source]) if source in points else "-" for points in breakdown]
        table.add_row(Text(source), *cells, end_section=row == len(sources))
    totals = [number(sum(points.values())) for points in breakdown]
    table.add_row(Text("total", style="bold"), *totals)
    return table


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
