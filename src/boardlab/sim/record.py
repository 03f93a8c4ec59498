"""The outcome of one simulated game, and its one-line JSON form in ``--out`` files."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

LINE_KEYS = ("index", "game", "seed", "options", "agents", "scores", "winners", "decisions")


@dataclass(frozen=True, slots=True)
class GameRecord:
    """Game ``index`` of a run: its seed, each seat's agent, scores and winners, its length.

    ``decisions`` counts every decision taken (the length of the game's history).
    ``searches[s]`` and ``iterations[s]`` count the decisions seat ``s``'s agent searched
    and the iterations it spent on them (agents with ``last_iterations``, such as mcts).
    ``seconds`` (time to play it), the search counts (a time budget makes them vary) and
    ``save`` (``state.to_json()``, kept on request) take no part in equality: two runs of
    the same config give equal records.
    """

    index: int
    game: str
    seed: int
    options: Mapping[str, Any]
    agents: tuple[str, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    decisions: int
    roles: tuple[str, ...] = ()
    seconds: float = field(default=0.0, compare=False)
    searches: tuple[int, ...] = field(default=(), compare=False)
    iterations: tuple[int, ...] = field(default=(), compare=False)
    save: str | None = field(default=None, compare=False, repr=False)

    @property
    def players(self) -> int:
        return len(self.agents)

    def to_line(self) -> str:
        """One JSON line (without the newline) holding everything but ``save``."""
        data: dict[str, Any] = {
            "index": self.index,
            "game": self.game,
            "seed": self.seed,
            "options": dict(self.options),
            "agents": list(self.agents),
            "scores": list(self.scores),
            "winners": list(self.winners),
            "decisions": self.decisions,
        }
        if self.roles:
            data["roles"] = list(self.roles)
        data.update(
            seconds=round(self.seconds, 6),
            searches=list(self.searches),
            iterations=list(self.iterations),
        )
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_line(cls, text: str) -> GameRecord:
        """The record written by ``to_line``; ``ValueError`` for anything else."""
        data = json.loads(text)
        if not isinstance(data, dict) or any(key not in data for key in LINE_KEYS):
            raise ValueError("not a game record (keys missing)")
        record = cls(
            index=data["index"],
            game=data["game"],
            seed=data["seed"],
            options=data["options"],
            agents=tuple(data["agents"]),
            scores=tuple(data["scores"]),
            winners=tuple(data["winners"]),
            decisions=data["decisions"],
            roles=tuple(data.get("roles", ())),
            seconds=float(data.get("seconds", 0.0)),
            searches=tuple(data.get("searches", ())),
            iterations=tuple(data.get("iterations", ())),
        )
        record._check_types()
        return record

    def _check_types(self) -> None:
        ints = (self.index, self.seed, self.decisions, *self.winners)
        if not all(isinstance(n, int) and not isinstance(n, bool) for n in ints):
            raise ValueError("not a game record (index, seed, decisions, winners are integers)")
        if not isinstance(self.game, str) or not isinstance(self.options, dict):
            raise ValueError("not a game record (game is text, options an object)")
        if not all(isinstance(a, str) for a in self.agents):
            raise ValueError("not a game record (agents are text)")
        texts = all(isinstance(role, str) for role in self.roles)
        if not texts or len(self.roles) not in (0, len(self.agents)):
            raise ValueError("not a game record (roles: one text per agent, or none)")
        numbers = all(isinstance(s, int | float) and not isinstance(s, bool) for s in self.scores)
        if not numbers or len(self.scores) != len(self.agents):
            raise ValueError("not a game record (one number of score per agent)")
        for counts in (self.searches, self.iterations):
            whole = all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in counts)
            if not whole or len(counts) not in (0, len(self.agents)):
                raise ValueError("not a game record (searches, iterations: one count per agent)")
