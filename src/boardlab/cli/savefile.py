"""Reading saved games: one ``to_json()`` save, or one line of a JSON-lines file of saves."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from boardlab.api import load
from boardlab.cli.errors import fail
from boardlab.engine import GameState, LoadError


@dataclass(frozen=True)
class LoadedGame:
    """A game read from a file: the state, which game of the file it is (from 1) and how many."""

    state: GameState
    number: int
    count: int


def read_game(path: Path, number: int | None = None) -> LoadedGame:
    """Game ``number`` (from 1; default 1) of the save file at ``path``, or a one-line error."""
    wanted = 1 if number is None else number
    name = repr(str(path))
    chosen: str | None = None
    count = 0
    try:
        with path.open(encoding="utf-8") as file:
            for count, text in enumerate(saves_in(file), 1):
                if count == wanted:
                    chosen = text
    except FileNotFoundError:
        fail(f"no such file: {name}")
    except IsADirectoryError:
        fail(f"{name} is a directory, not a saved game")
    except UnicodeDecodeError:
        fail(f"{name} is not a text file of saved games")
    except OSError as error:
        fail(f"cannot read {name}: {error.strerror or error}")
    if count == 0:
        fail(f"{name} is empty: it holds no saved game")
    if chosen is None:
        fail(f"--game {wanted}: {name} holds games 1 to {count}")
    where = "" if count == 1 else f" (game {wanted})"
    try:
        state = load(chosen)
    except LoadError as error:
        fail(f"{name}{where} is not a valid save: {error}")
    return LoadedGame(state, wanted, count)


def saves_in(file: TextIO) -> Iterator[str]:
    """The saves in ``file``: one per non-blank line, or the whole text if it is one document.

    A ``to_json()`` save is one line; a save pretty-printed over many lines is read whole.
    """
    lines = (line for line in file if line.strip())
    first = next(lines, None)
    if first is None:
        return
    try:
        json.loads(first)
    except ValueError:
        rest = list(lines)
        whole = first + "".join(rest)
        try:
            json.loads(whole)
        except ValueError:
            yield from [first, *rest]  # not JSON at all: load() will say what is wrong
            return
        yield whole
        return
    yield first
    yield from lines
