"""The server's bounds on work: bot workers and their priority, a bot's time per move,
games, idle games, analyses and hints.

``boardlab serve`` takes each as an option and hands them to its server processes through
the environment (``BOARDLAB_<NAME>``), since uvicorn builds the application itself.
"""

from __future__ import annotations

import dataclasses
import math
import os
from collections.abc import Mapping
from dataclasses import dataclass, field

MAX_NICENESS = 19  # the lowest scheduling priority Linux gives


def default_bot_workers() -> int:
    """One worker process per core but one, which the server keeps (at least one)."""
    return max(1, (os.cpu_count() or 1) - 1)


@dataclass(frozen=True)
class Settings:
    """How much work a server takes on; every bound is checked when it is built."""

    bot_workers: int = field(default_factory=default_bot_workers)
    """Worker processes where bots think (a game's bots always think in the same one)."""
    bot_niceness: int = 10
    """How far below the server's the scheduling priority of bot workers is (an ``os.nice``
    increment, 0 to 19): on a machine whose cores are all busy, the kernel runs the server's
    answers to people first and gives the bots the time left."""
    bot_move_seconds: float = 15.0
    """A bot's time for one move; past it the worker is restarted and a cheap choice made."""
    bot_delay: float = 0.0
    """Seconds a bot waits before each move, so people can follow."""
    bot_games: int = 20
    """Unfinished games whose every seat is a bot, in the whole database."""
    bot_only_rate: float = 20.0
    """Moves per second of all the games whose every seat is a bot, together, in each server
    process (those games have nobody waiting; each of their moves costs the server's event
    loop about as much as a person's, so at 100 a second twenty of them took a seventh of a
    core from people's moves; at 20 they cost about a fiftieth)."""
    games_per_client: int = 100
    """Games (created or uploaded) one client address may add in an hour."""
    idle_seconds: float = 600.0
    """A game nobody read or changed for this long leaves memory (its log stays)."""
    analysis_jobs: int = 1
    """Analyses of finished games running at once in each server process (each in a worker
    process of its own); one more is refused (429) until one ends."""
    analysis_job_seconds: float = 1200.0
    """An analysis's time limit; past it, its worker is stopped and the analysis fails."""
    hint_seconds: float = 20.0
    """A hint's time limit (hints are worked out in one worker process per server process)."""

    def __post_init__(self) -> None:
        for name in ("bot_workers", "bot_games", "games_per_client", "analysis_jobs"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be 1 or more, got {getattr(self, name)}")
        if not 0 <= self.bot_niceness <= MAX_NICENESS:
            raise ValueError(f"bot_niceness must be between 0 and {MAX_NICENESS}, got "
                             f"{self.bot_niceness}")
        for name in ("bot_move_seconds", "idle_seconds", "bot_only_rate",
                     "analysis_job_seconds", "hint_seconds"):
            value = getattr(self, name)
            if not (math.isfinite(value) and value > 0):
                raise ValueError(f"{name} must be a number of seconds above 0, got {value}")
        if not (math.isfinite(self.bot_delay) and self.bot_delay >= 0):
            raise ValueError(f"bot_delay must be 0 or more seconds, got {self.bot_delay}")

    def to_env(self) -> dict[str, str]:
        """The settings as ``BOARDLAB_<NAME>`` environment variables."""
        return {_env_name(f.name): str(getattr(self, f.name)) for f in dataclasses.fields(self)}

    @classmethod
    def from_env(cls, environ: Mapping[str, str] = os.environ) -> Settings:
        """The settings given by ``BOARDLAB_<NAME>`` variables, the defaults for the others."""
        given: dict[str, int | float] = {}
        for item in dataclasses.fields(cls):
            raw = environ.get(_env_name(item.name), "")
            if raw:
                given[item.name] = int(raw) if item.type == "int" else float(raw)
        return cls(**given)  # type: ignore[arg-type]


def _env_name(name: str) -> str:
    return f"BOARDLAB_{name.upper()}"
