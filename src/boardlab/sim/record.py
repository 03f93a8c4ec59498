"""The outcome of one simulated game, and its one-line JSON form in ``--out`` files."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from boardlab.sim.census import Census

LINE_KEYS = ("index", "game", "seed", "options", "agents", "scores", "winners", "decisions")


@dataclass(frozen=True, slots=True)
class Outcome:
    """A finished game's result by side, as ``state.outcome()`` gives it: every side's name
    (the seats' ``"P1"``, ``"P2"``, ..., then sides no seat plays, such as ``"automa"``), its
    score, and the names of the winning sides (a win shared by ``k`` sides)."""

    sides: tuple[str, ...]
    scores: tuple[float, ...]
    winners: tuple[str, ...]

    @classmethod
    def of_seats(cls, scores: Sequence[float], winners: Sequence[int]) -> Outcome:
        """The outcome of a game whose only sides are its seats (records older than sides)."""
        sides = tuple(f"P{seat + 1}" for seat in range(len(scores)))
        return cls(sides, tuple(scores), tuple(sides[seat] for seat in winners))

    @classmethod
    def from_json(cls, data: Any) -> Outcome:
        """The outcome ``to_json`` wrote; ``ValueError`` for anything else."""
        if not isinstance(data, dict) or any(k not in data for k in ("sides", "scores", "winners")):
            raise ValueError("not a game record (outcome: sides, scores and winners)")
        sides, scores, winners = data["sides"], data["scores"], data["winners"]
        if not all(isinstance(part, list) for part in (sides, scores, winners)):
            raise ValueError("not a game record (outcome: sides, scores and winners are lists)")
        return cls(tuple(sides), tuple(scores), tuple(winners))

    def to_json(self) -> dict[str, Any]:
        return {
            "sides": list(self.sides),
            "scores": list(self.scores),
            "winners": list(self.winners),
        }

    def winner_indexes(self) -> list[int]:
        """The winners as indexes into ``sides``."""
        return [index for index, side in enumerate(self.sides) if side in self.winners]

    def check(self, seat_scores: Sequence[float]) -> None:
        """``ValueError`` unless this is a sound outcome of a game with these seat scores."""
        players = len(seat_scores)
        names = all(isinstance(side, str) for side in self.sides)
        if not names or len(set(self.sides)) != len(self.sides) or len(self.sides) < players:
            raise ValueError("not a game record (outcome: one distinct name per side)")
        if not _numbers(self.scores) or len(self.scores) != len(self.sides):
            raise ValueError("not a game record (outcome: one number of score per side)")
        if list(self.scores[:players]) != list(seat_scores):
            raise ValueError("not a game record (outcome: the seats' scores differ)")
        if not set(self.winners) <= set(self.sides):
            raise ValueError("not a game record (outcome: winners are sides)")


NO_OUTCOME = Outcome((), (), ())


@dataclass(frozen=True, slots=True)
class GameRecord:
    """Game ``index`` of a run: its seed, each seat's agent, scores and winners, its length.

    ``winners`` are the winning seats (``state.winners()``: none in a game lost to a side
    no seat plays); ``outcome`` is the result by side (``state.outcome()``), from which
    summaries count wins. A record made or read without one (``--out`` lines written before
    sides existed) gets the outcome of its seats.
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
    outcome: Outcome = NO_OUTCOME
    seconds: float = field(default=0.0, compare=False)
    searches: tuple[int, ...] = field(default=(), compare=False)
    iterations: tuple[int, ...] = field(default=(), compare=False)
    save: str | None = field(default=None, compare=False, repr=False)
    census: Census | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if self.outcome is NO_OUTCOME:
            object.__setattr__(self, "outcome", Outcome.of_seats(self.scores, self.winners))

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
        data["outcome"] = self.outcome.to_json()
        data.update(
            seconds=round(self.seconds, 6),
            searches=list(self.searches),
            iterations=list(self.iterations),
        )
        if self.census is not None:
            data["census"] = self.census.to_json()
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
            outcome=Outcome.from_json(data["outcome"]) if "outcome" in data else NO_OUTCOME,
            seconds=float(data.get("seconds", 0.0)),
            searches=tuple(data.get("searches", ())),
            iterations=tuple(data.get("iterations", ())),
            census=Census.from_json(data["census"]) if "census" in data else None,
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
        if not _numbers(self.scores) or len(self.scores) != len(self.agents):
            raise ValueError("not a game record (one number of score per agent)")
        self.outcome.check(self.scores)
        for counts in (self.searches, self.iterations):
            whole = all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in counts)
            if not whole or len(counts) not in (0, len(self.agents)):
                raise ValueError("not a game record (searches, iterations: one count per agent)")


def _numbers(values: Sequence[Any]) -> bool:
    return all(isinstance(v, int | float) and not isinstance(v, bool) for v in values)
