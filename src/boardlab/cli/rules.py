"""``boardlab rules``: a game's player's guide, paged in a terminal."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from typing import Annotated

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.pager import Pager

from boardlab.api import guide
from boardlab.cli.app import app
from boardlab.cli.errors import fail
from boardlab.cli.options import complete_game, game_spec


@app.command()
def rules(
    game: Annotated[
        str,
        typer.Argument(
            help="The game whose guide to show (see 'boardlab games').",
            autocompletion=complete_game,
        ),
    ],
) -> None:
    """Show a game's player's guide (paged in a terminal, as Markdown otherwise).

    The guide says what the game is about, how a turn goes, what every action costs and
    does, how the game ends and scores, with a worked example.
    """
    game_spec(game)
    try:
        text = guide(game)
    except ValueError as error:
        fail(str(error))
    if not sys.stdout.isatty():
        typer.echo(text, nl=not text.endswith("\n"))
        return
    console = Console()
    with console.pager(pager=CommandPager(), styles=True):
        console.print(Markdown(text))


class CommandPager(Pager):
    """Pages through ``$PAGER`` (default ``less``, told to keep colours); prints the text
    when no pager can be started."""

    def show(self, content: str) -> None:
        command = os.environ.get("PAGER") or ("less" if shutil.which("less") else "")
        environment = {**os.environ}
        environment.setdefault("LESS", "-R")
        try:
            argv = shlex.split(command)
        except ValueError:
            argv = []
        if not argv:
            sys.stdout.write(content)
            return
        try:
            subprocess.run(argv, input=content, text=True, env=environment, check=False)
        except OSError:
            sys.stdout.write(content)
