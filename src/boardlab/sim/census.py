"""What was played in a game, for balance reports: kinds of option chosen and offered, and
the points each scoring source gave.

Only decisions with a real choice (two options or more) are counted: a kind "offered" in a
game is one that some such decision listed, so a kind offered often and chosen never is a
line the players (bots) find worthless.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from boardlab.engine import Action, Decision, GameState


@dataclass(frozen=True, slots=True)
class Census:
    """``chosen[kind]``: how many times an option of that kind was chosen; ``offered[kind]``:
    at how many decisions with a choice it was among the options; ``sources``: per side,
    the points of each scoring source (``state.score_breakdown()``)."""

    chosen: Mapping[str, int]
    offered: Mapping[str, int]
    sources: tuple[Mapping[str, float], ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "chosen": dict(self.chosen),
            "offered": dict(self.offered),
            "sources": [dict(side) for side in self.sources],
        }

    @classmethod
    def from_json(cls, data: Any) -> Census:
        """The census ``to_json`` wrote; ``ValueError`` for anything else."""
        if not isinstance(data, dict) or set(data) != {"chosen", "offered", "sources"}:
            raise ValueError("not a game record (census: chosen, offered and sources)")
        chosen, offered, sources = data["chosen"], data["offered"], data["sources"]
        counts = all(
            isinstance(part, dict)
            and all(isinstance(n, int) and not isinstance(n, bool) for n in part.values())
            for part in (chosen, offered)
        )
        if not counts or not isinstance(sources, list):
            raise ValueError("not a game record (census: counts by kind, sources by side)")
        if not all(isinstance(side, dict) for side in sources):
            raise ValueError("not a game record (census: sources by side)")
        return cls(chosen, offered, tuple(sources))


class Tally:
    """Counts a game's choices as it is played (``see`` before each ``apply``)."""

    __slots__ = ("chosen", "offered")

    def __init__(self) -> None:
        self.chosen: Counter[str] = Counter()
        self.offered: Counter[str] = Counter()

    def see(self, decision: Decision, action: Action) -> None:
        if len(decision.options) < 2:
            return
        self.chosen[action.kind] += 1
        self.offered.update({option.kind for option in decision.options})

    def census(self, state: GameState) -> Census:
        """The census of the finished game ``state``."""
        return Census(dict(self.chosen), dict(self.offered), tuple(state.score_breakdown()))
