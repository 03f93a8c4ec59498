"""The files a run writes as it goes: ``--out`` (one record per game, resumable) and ``--save``.

Each finished game's line is written and flushed at once, in the order games finish. A run
given an ``--out`` file that already holds games of the same run plays only the others:
the games found are read back, and a line of a different run (other game, seed, options or
agents) or a line that is not a game record is an error naming the line. No line is ever
dropped unsaid: a last line cut short by an interruption (no end of line, not whole JSON)
is an error too, unless the run is told to drop it (``drop_partial``), and then the
dropping is reported through ``note``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import IO

from boardlab.sim.config import SimConfig
from boardlab.sim.record import GameRecord

Note = Callable[[str], None]
"""Receives a one-line message about what a run did to its files (a dropped line)."""
RECORD_START = '{"index":'
"""How every ``--out`` line starts (``GameRecord.to_line``)."""
SAVE_STARTS = ('{"run":', '{"format":')
"""How a ``--save`` line starts (``sim.play.save_line``; ``to_json()`` for older runs)."""


class Journal:
    """The ``--out`` file of a run: the games it already holds, and a writer for new ones."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        config: SimConfig,
        drop_partial: bool = False,
        note: Note | None = None,
    ) -> None:
        self.path = Path(path)
        self.records: dict[int, GameRecord] = {}
        lines, tail = _lines(self.path, "--out", RECORD_START, drop_partial, note)
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                record = GameRecord.from_line(line)
            except json.JSONDecodeError as error:
                raise ValueError(
                    f"--out {self.path} line {number} is not JSON ({error}): the file is not "
                    "a run's journal; give another file"
                ) from None
            except ValueError as error:
                raise ValueError(f"--out {self.path} line {number}: {error}") from None
            mismatch = _mismatch(record, config)
            if mismatch:
                raise ValueError(
                    f"--out {self.path} line {number} is a game of another run ({mismatch}); "
                    "give another file or remove it"
                )
            if record.index < config.games:
                self.records.setdefault(record.index, record)
        _mend_tail(self.path, tail, "--out")
        self._file = _open_append(self.path, "--out")

    def write(self, record: GameRecord) -> None:
        self._file.write(record.to_line() + "\n")
        self._file.flush()

    def close(self) -> None:
        self._file.close()


class SaveFile:
    """The ``--save`` file: one save line per game; appended to when resuming."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        append: bool,
        drop_partial: bool = False,
        note: Note | None = None,
    ) -> None:
        self.path = Path(path)
        if append:
            _, tail = _lines(self.path, "--save", SAVE_STARTS, drop_partial, note)
            _mend_tail(self.path, tail, "--save")
            self._file = _open_append(self.path, "--save")
        else:
            try:
                self._file = self.path.open("w", encoding="utf-8")
            except OSError as error:
                raise ValueError(f"cannot write --save {self.path}: {error.strerror}") from None

    def write(self, record: GameRecord) -> None:
        if record.save is not None:
            self._file.write(record.save + "\n")
            self._file.flush()

    def close(self) -> None:
        self._file.close()


Tail = tuple[int, bool]
"""Where the file's complete lines end (-1: the file ends with one) and whether the bytes
after them are a whole line missing only its end of line (kept) or are to be cut."""


def _lines(
    path: Path,
    flag: str,
    starts: str | tuple[str, ...],
    drop_partial: bool,
    note: Note | None,
) -> tuple[list[str], Tail]:
    """The lines of ``path`` (none if it does not exist) and what to do with its end.

    A last line without its end of line is kept if it is whole JSON; one cut short is an
    error, or with ``drop_partial`` dropped and reported through ``note`` (only if it
    starts as this file's lines do: anything else is not a run's file).
    """
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return [], (-1, False)
    except OSError as error:
        raise ValueError(f"cannot read {flag} {path}: {error.strerror}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{flag} {path} is not a text file of JSON lines") from None
    end = data.rfind(b"\n") + 1
    lines = text.splitlines()
    if end == len(data):
        return lines, (-1, False)
    last = data[end:].decode("utf-8")
    number = len(lines)
    try:
        json.loads(last)
    except ValueError:
        pass
    else:
        return lines, (end, True)  # a whole line without its end of line: kept
    if not last.lstrip().startswith(starts):
        raise ValueError(
            f"{flag} {path} line {number} is not a line of a run (not JSON, no end of "
            "line): the file is not a run's file; give another file"
        )
    if not drop_partial:
        raise ValueError(
            f"{flag} {path} line {number} is cut short (no end of line, not whole JSON), "
            "as an interrupted run leaves it: pass --drop-partial to drop that line"
        )
    if note is not None:
        note(f"dropped line {number} of {flag} {path}: it was cut short ({len(last)} bytes)")
    return lines[:-1], (end, False)


def _mend_tail(path: Path, tail: Tail, flag: str) -> None:
    """End a kept last line with its end of line, or cut a dropped one off."""
    end, keep = tail
    if end < 0:
        return
    try:
        if keep:
            with path.open("ab") as file:
                file.write(b"\n")
        else:
            with path.open("r+b") as file:
                file.truncate(end)
    except OSError as error:
        raise ValueError(f"cannot write {flag} {path}: {error.strerror}") from None


def _open_append(path: Path, flag: str) -> IO[str]:
    try:
        return path.open("a", encoding="utf-8")
    except OSError as error:
        raise ValueError(f"cannot write {flag} {path}: {error.strerror}") from None


def _mismatch(record: GameRecord, config: SimConfig) -> str:
    """What differs between a record read back and game ``record.index`` of ``config``."""
    if record.game != config.game:
        return f"game {record.game!r}, not {config.game!r}"
    if record.index < 0:
        return f"game index {record.index}"
    if record.seed != config.game_seed(record.index):
        return f"game {record.index} has seed {record.seed}, not {config.game_seed(record.index)}"
    if dict(record.options) != dict(config.options):
        return f"options {dict(record.options)}, not {dict(config.options)}"
    expected = config.seat_agents(record.index)
    if record.agents != expected:
        return f"game {record.index} seats {', '.join(record.agents)}, not {', '.join(expected)}"
    return ""
