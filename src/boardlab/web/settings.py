"""The server's bounds on work: bot workers, a bot's time per move, games, idle games.

``boardlab serve`` takes each as an option and hands them to its server processes through
the environment (``BOARDLAB_<NAME>``), since uvicorn builds the application itself.
"""

from __future__ import annotations

import dataclasses
import math
import os
from collections.abc import Mapping
from dataclasses import dataclass, field


def default_bot_workers() -> int:
    """One worker process per core but one, which the server keeps (at least one)."""
    return max(1, (os.cpu_count() or 1) - 1)


@dataclass(frozen=True)
class Settings:
    """How much work a server takes on; every bound is checked when it is built."""

    bot_workers: int = field(default_factory=default_bot_workers)
    """Worker processes where bots think (a game's bots always think in the same one)."""
    bot_move_seconds: float = 15.0
    """A bot's time for one move; past it the worker is restarted and a cheap choice made."""
    bot_delay: float = 0.0
    """Seconds a bot waits before each move, so people can follow."""
    bot_games: int = 20
    """Unfinished games whose every seat is a bot, in the whole database."""
    bot_only_rate: float = 100.0
    """Moves per second of all the games whose every seat is a bot, together (those games
    have nobody waiting; bounded, they cannot crowd out people's moves)."""
    games_per_client: int = 100
    """Games (created or uploaded) one client address may add in an hour."""
    idle_seconds: float = 600.0
    """A game nobody read or changed for this long leaves memory (its log stays)."""

    def __post_init__(self) -> None:
        for name in ("bot_workers", "bot_games", "games_per_client"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be 1 or more, got {getattr(self, name)}")
        for name in ("bot_move_seconds", "idle_seconds", "bot_only_rate"):
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
