"""OpenSkill (Plackett-Luce) ratings of the agents of a run, from each game's finishing order.

A game ranks its sides (``state.outcome()``) by the game's own result: winners first
(sharing first place), then the others by score, equal scores sharing a place. A side no
seat plays (Linnaeus's solo ``"automa"``) takes part under its own name, as if it were one
more agent, so an agent that only ever plays against the automa is rated against it.
Games are rated in index order, so the ratings of a run do not depend on the order in
which its games finished. An agent sitting in several seats of one game is rated as one
copy per seat; its new rating is the mean of its copies' updates.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from boardlab.sim.record import GameRecord


@dataclass(frozen=True, slots=True)
class Rating:
    """An agent's skill estimate: ``mu`` and ``sigma``; ``ordinal`` is ``mu - 3 sigma``."""

    agent: str
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    def to_json(self) -> dict[str, Any]:
        return {"agent": self.agent, "mu": self.mu, "sigma": self.sigma, "ordinal": self.ordinal}


def finishing_ranks(scores: Sequence[float], winners: Sequence[int]) -> list[int]:
    """Each side's place from 0 (best): winners first, then by score, ties sharing a place.

    >>> finishing_ranks([3, 9, 5, 5], [1])
    [2, 0, 1, 1]
    """
    won = set(winners)
    keys = [(0 if seat in won else 1, -score) for seat, score in enumerate(scores)]
    levels = sorted(set(keys))
    return [levels.index(key) for key in keys]


def rate_agents(records: Sequence[GameRecord]) -> tuple[list[Rating] | None, str]:
    """The agents' ratings (and the other sides'), best ordinal first, and a note; ``None``
    and why when skipped."""
    agents = list(dict.fromkeys(name for record in records for name in _participants(record)))
    if len(agents) < 2:
        return None, "ratings need at least two different agents (or sides)"
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        return None, "openskill is not installed (pip install boardlab[sim]); ratings skipped"
    model = PlackettLuce()
    current = {agent: (model.mu, model.sigma) for agent in agents}
    for record in sorted(records, key=lambda r: r.index):
        names = _participants(record)
        outcome = record.outcome
        teams = [[model.rating(*current[name])] for name in names]
        places = finishing_ranks(outcome.scores, outcome.winner_indexes())
        rated = model.rate(teams, ranks=[float(rank) for rank in places])
        updates: dict[str, list[tuple[float, float]]] = {}
        for agent, (player,) in zip(names, rated, strict=True):
            updates.setdefault(agent, []).append((player.mu, player.sigma))
        for agent, values in updates.items():
            current[agent] = (
                sum(mu for mu, _ in values) / len(values),
                sum(sigma for _, sigma in values) / len(values),
            )
    ratings = [Rating(agent, mu, sigma) for agent, (mu, sigma) in current.items()]
    ratings.sort(key=lambda rating: -rating.ordinal)
    return ratings, "OpenSkill Plackett-Luce; ordinal = mu - 3 sigma"


def _participants(record: GameRecord) -> list[str]:
    """Who took part in a game, side by side: each seat's agent, then the other sides."""
    return [*record.agents, *record.outcome.sides[record.players :]]
