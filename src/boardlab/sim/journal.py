"""The files a run writes as it goes: ``--out`` (one record per game, resumable) and ``--save``.

Each finished game's line is written and flushed at once, in the order games finish. A run
given an ``--out`` file that already holds games of the same run plays only the others:
the games found are read back, a last line cut short by an interruption is dropped, and a
line of a different run (other game, seed, options or agents) is an error.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO

from boardlab.sim.config import SimConfig
from boardlab.sim.record import GameRecord


class Journal:
    """The ``--out`` file of a run: the games it already holds, and a writer for new ones."""

    def __init__(self, path: str | os.PathLike[str], config: SimConfig) -> None:
        self.path = Path(path)
        self.records: dict[int, GameRecord] = {}
        lines, end = _complete_lines(self.path, "--out")
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                record = GameRecord.from_line(line)
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
        _cut_tail(self.path, end, "--out")
        self._file = _open_append(self.path, "--out")

    def write(self, record: GameRecord) -> None:
        self._file.write(record.to_line() + "\n")
        self._file.flush()

    def close(self) -> None:
        self._file.close()


class SaveFile:
    """The ``--save`` file: one ``state.to_json()`` line per game; appended to when resuming."""

    def __init__(self, path: str | os.PathLike[str], append: bool) -> None:
        self.path = Path(path)
        if append:
            _cut_tail(self.path, _complete_lines(self.path, "--save")[1], "--save")
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


def _complete_lines(path: Path, flag: str) -> tuple[list[str], int]:
    """The complete lines of ``path`` (none if it does not exist) and where they end."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return [], -1
    except OSError as error:
        raise ValueError(f"cannot read {flag} {path}: {error.strerror}") from None
    end = data.rfind(b"\n") + 1
    try:
        return data[:end].decode("utf-8").splitlines(), end if end < len(data) else -1
    except UnicodeDecodeError:
        raise ValueError(f"{flag} {path} is not a text file of JSON lines") from None


def _cut_tail(path: Path, end: int, flag: str) -> None:
    """Drop what follows the last complete line (a line cut short by an interruption)."""
    if end < 0:
        return
    try:
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
