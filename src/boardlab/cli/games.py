"""``boardlab games``: the games there are, their player counts and options."""

from __future__ import annotations

import json
from typing import Any

from rich.table import Table
from rich.text import Text

from boardlab.api import games as game_names
from boardlab.cli import display
from boardlab.cli.app import app
from boardlab.engine import registry


@app.command()
def games() -> None:
    """List the games with their title, player counts and options (name, default, help)."""
    console = display.quiet_console()
    table = Table(title="boardlab games", title_justify="left", show_lines=True)
    table.add_column("game")
    table.add_column("title")
    table.add_column("players", justify="center")
    table.add_column("options (name = default: help)")
    for name in game_names():
        try:
            spec = registry.spec(name)
        except ValueError as error:  # a game that fails to import must not hide the others
            table.add_row(name, Text(str(error), style="red"), "", "")
            continue
        players = (
            str(spec.min_players)
            if spec.min_players == spec.max_players
            else f"{spec.min_players}-{spec.max_players}"
        )
        lines = [option_line(o.name, o.default, o.help, o.choices) for o in spec.options]
        title = f"{spec.title}\n{spec.summary}" if spec.summary else spec.title
        table.add_row(name, Text(title), players, Text("\n".join(lines) or "none"))
    console.print(table)


def option_line(name: str, default: Any, help_text: str, choices: tuple[Any, ...] | None) -> str:
    """``"pile = 15: stones in the pile at the start (5, 10, 15, 20)"``."""
    accepted = f" ({', '.join(map(str, choices))})" if choices else ""
    return f"{name} = {default_text(default)}: {help_text}{accepted}"


def default_text(value: Any) -> str:
    """A default as it would be typed after ``--option name=``."""
    if isinstance(value, str):
        return value
    try:
        return json.dumps(list(value) if isinstance(value, tuple) else value)
    except TypeError:
        return str(value)
