"""Saved games on disk: one ``play --save`` file, or one game of a ``simulate --save`` file.

A save is the engine's ``save_data()`` object; the commands add keys ``boardlab.load`` does
not read: ``"play"`` (the settings of ``boardlab play``: the person's seat and the bots, so
``play --load`` continues with the same ones) and ``"run"`` (in a ``simulate --save`` line:
the game's index in its run and each seat's agent).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from boardlab.api import load
from boardlab.cli.errors import fail
from boardlab.engine import GameState, LoadError

PLAY_KEY = "play"
RUN_KEY = "run"
# A ``simulate --save`` line starts with its run key, so the index is read without parsing.
_RUN_INDEX = re.compile(r'\s*\{\s*"run"\s*:\s*\{\s*"index"\s*:\s*(\d+)\s*[,}]')


@dataclass(frozen=True)
class PlaySettings:
    """How ``boardlab play`` was playing a game: the person's seat (``None``: watching), the
    agent spec of each bot seat and the pause after a bot's move (``None``: the default)."""

    seat: int | None
    bots: Mapping[int, str]
    delay: float | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "bots": {str(seat): spec for seat, spec in sorted(self.bots.items())},
            "delay": self.delay,
        }

    @classmethod
    def from_json(cls, data: Any, players: int) -> PlaySettings:
        """The settings ``to_json`` wrote for a game of ``players`` seats; ``ValueError`` else."""
        if not isinstance(data, dict):
            raise ValueError("its 'play' settings are not an object")
        seat, bots, delay = data.get("seat"), data.get("bots"), data.get("delay")
        if seat is not None and (type(seat) is not int or not 0 <= seat < players):
            raise ValueError(f"its 'play' seat {seat!r} is not a seat of the game")
        if not isinstance(bots, dict) or not all(isinstance(v, str) for v in bots.values()):
            raise ValueError("its 'play' bots are not an object of agent specs")
        try:
            seats = {int(key): spec for key, spec in bots.items()}
        except ValueError:
            raise ValueError("its 'play' bots are not keyed by seat numbers") from None
        if sorted(seats) != [s for s in range(players) if s != seat]:
            raise ValueError("its 'play' bots do not name every seat but the person's")
        if delay is not None and (
            type(delay) not in (int, float) or not math.isfinite(delay) or delay < 0
        ):
            raise ValueError(f"its 'play' delay {delay!r} is not a number of seconds")
        return cls(seat, seats, None if delay is None else float(delay))


def save_text(state: GameState, settings: PlaySettings | None = None) -> str:
    """``state.to_json()`` with the play ``settings`` stored next to the engine's save."""
    if settings is None:
        return state.to_json()
    data = state.save_data()
    data[PLAY_KEY] = settings.to_json()
    return json.dumps(data, separators=(",", ":"))


@dataclass(frozen=True)
class LoadedGame:
    """A game read from a file: the state, its number and the numbers of every game in the
    file (the run's game indexes of a ``simulate --save`` file; otherwise from 0 in seed
    order), and the keys the save carries besides the engine's (``"play"``, ``"run"``)."""

    state: GameState
    number: int
    numbers: tuple[int, ...]
    extra: Mapping[str, Any] = field(default_factory=dict)
    indexed: bool = False

    @property
    def count(self) -> int:
        return len(self.numbers)


def read_game(path: Path, number: int | None = None) -> LoadedGame:
    """Game ``number`` of the save file at ``path`` (default: the lowest), or a one-line error.

    A ``simulate --save`` file numbers its games as the run did (its lines are in the order
    games finished); a file without run indexes numbers its saves from 0 in seed order.
    """
    name = repr(str(path))
    try:
        with path.open(encoding="utf-8") as file:
            texts = list(saves_in(file))
    except FileNotFoundError:
        fail(f"no such file: {name}")
    except IsADirectoryError:
        fail(f"{name} is a directory, not a saved game")
    except UnicodeDecodeError:
        fail(f"{name} is not a text file of saved games")
    except OSError as error:
        fail(f"cannot read {name}: {error.strerror or error}")
    if not texts:
        fail(f"{name} is empty: it holds no saved game")
    numbered, indexed = _numbered(texts, name)
    wanted = min(numbered) if number is None else number
    chosen = numbered.get(wanted)
    if chosen is None:
        fail(f"--game {wanted}: {name} holds games {ranges(sorted(numbered))}")
    where = "" if len(texts) == 1 else f" (game {wanted})"
    try:
        state = load(chosen)
    except LoadError as error:
        fail(f"{name}{where} is not a valid save: {error}")
    data = json.loads(chosen)
    extra = {key: data[key] for key in (PLAY_KEY, RUN_KEY) if key in data}
    return LoadedGame(state, wanted, tuple(sorted(numbered)), extra, indexed)


def _numbered(texts: list[str], name: str) -> tuple[dict[int, str], bool]:
    """Each save by its number, and whether the numbers are the run's own game indexes."""
    if len(texts) == 1:
        found = _RUN_INDEX.match(texts[0])
        return {int(found.group(1)) if found else 0: texts[0]}, found is not None
    indexes = [_RUN_INDEX.match(text) for text in texts]
    if all(found is not None for found in indexes):
        numbered: dict[int, str] = {}
        for found, text in zip(indexes, texts, strict=True):
            assert found is not None
            numbered.setdefault(int(found.group(1)), text)
        return numbered, True
    seeds = []
    for line, text in enumerate(texts, 1):
        try:
            seed = json.loads(text).get("seed")
        except (ValueError, AttributeError):
            fail(f"{name}: save {line} is not a saved game (not a JSON object)")
        seeds.append(seed if type(seed) is int else math.inf)
    order = sorted(range(len(texts)), key=seeds.__getitem__)
    return {number: texts[position] for number, position in enumerate(order)}, False


def ranges(numbers: list[int]) -> str:
    """``[0, 1, 2, 5, 7, 8]`` -> ``"0 to 2, 5, 7 to 8"``."""
    parts: list[str] = []
    start = previous = numbers[0]
    for value in [*numbers[1:], None]:
        if value is not None and value == previous + 1:
            previous = value
            continue
        parts.append(str(start) if start == previous else f"{start} to {previous}")
        if value is not None:
            start = previous = value
    return ", ".join(parts)


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
