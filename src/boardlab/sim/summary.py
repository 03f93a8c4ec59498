"""The summary of a run: wins, scores and game lengths per seat, per agent, per role (a
character or faction, for games whose seats differ) and per side, with ratings.

Wins count sides (``state.outcome()``), not only seats: a game won by a side no seat plays
(Linnaeus's solo ``"automa"``) is a loss for every seat and a win for that side. Ties: a
game won jointly by ``k`` sides gives each of them ``1/k`` of a win, so the wins of all
sides of a run add up to its number of games and a win rate is a share of the games won.
Win-rate intervals are 95% Wilson score intervals; spreads are sample standard deviations.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from boardlab.sim.ratings import Rating, rate_agents
from boardlab.sim.record import GameRecord
from boardlab.sim.stats import mean, stdev, wilson_interval

TIES = "a win shared by k sides counts 1/k for each"


@dataclass(frozen=True, slots=True)
class Standing:
    """How one seat, agent, role or side (or an agent in one seat or role) did over its games.

    ``games`` counts appearances (an agent in two seats of a game appears twice);
    ``mean_decisions`` is the mean length of the games it played; ``searches`` and
    ``iterations_per_search`` count the decisions it searched and the mean iterations it
    spent on one (``None`` for agents that do not search).
    """

    agent: str | None
    seat: int | None
    games: int
    wins: float
    win_rate: float
    win_rate_ci: tuple[float, float]
    mean_score: float
    stdev_score: float
    mean_decisions: float
    stdev_decisions: float
    scores: tuple[float, ...] = field(default=(), repr=False, compare=False)
    searches: int = field(default=0, compare=False)
    iterations_per_search: float | None = field(default=None, compare=False)
    role: str | None = None
    side: str | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.side is not None:
            data["side"] = self.side
        if self.agent is not None:
            data["agent"] = self.agent
        if self.seat is not None:
            data["seat"] = self.seat
        if self.role is not None:
            data["role"] = self.role
        data.update(
            games=self.games,
            wins=self.wins,
            win_rate=self.win_rate,
            win_rate_ci=list(self.win_rate_ci),
            mean_score=self.mean_score,
            stdev_score=self.stdev_score,
            mean_decisions=self.mean_decisions,
            stdev_decisions=self.stdev_decisions,
            searches=self.searches,
            iterations_per_search=self.iterations_per_search,
        )
        return data


@dataclass(frozen=True, slots=True)
class Summary:
    """Everything ``boardlab simulate`` reports about a set of games (see the module notes).

    ``sides`` names every side (the seats' ``"P1"``, ... then the others); ``per_side`` has
    one standing per side, the seats' with the same figures as ``per_seat``.
    """

    game: str
    players: int
    games: int
    seed: int
    options: dict[str, Any]
    agents: tuple[str, ...]
    per_seat: tuple[Standing, ...]
    per_agent: tuple[Standing, ...]
    per_agent_seat: tuple[Standing, ...]
    mean_decisions: float
    stdev_decisions: float
    ratings: tuple[Rating, ...] | None
    ratings_note: str
    seconds: float | None = field(default=None, compare=False)
    played: int | None = field(default=None, compare=False)
    per_role: tuple[Standing, ...] = ()
    per_agent_role: tuple[Standing, ...] = ()
    last_seed: int | None = None
    sides: tuple[str, ...] = ()
    per_side: tuple[Standing, ...] = ()

    @property
    def other_sides(self) -> tuple[Standing, ...]:
        """The standings of the sides no seat plays (an automa); empty for most games."""
        return tuple(standing for standing in self.per_side if standing.seat is None)

    @property
    def wins(self) -> list[float]:
        return [standing.wins for standing in self.per_seat]

    @property
    def mean_scores(self) -> list[float]:
        return [standing.mean_score for standing in self.per_seat]

    @property
    def games_per_second(self) -> float | None:
        """Games played by the run per second of play; ``None`` when not timed or none played."""
        if self.seconds is None or not self.played or self.seconds <= 0:
            return None
        return self.played / self.seconds

    def to_json(self) -> dict[str, Any]:
        """One JSON-able object: the keys ``boardlab simulate --json`` prints."""
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "last_seed": self.last_seed,
            "options": self.options,
            "agents": list(self.agents),
            "sides": list(self.sides),
            "ties": TIES,
            "wins": self.wins,
            "win_rates": [standing.win_rate for standing in self.per_seat],
            "mean_scores": self.mean_scores,
            "stdev_scores": [standing.stdev_score for standing in self.per_seat],
            "mean_decisions": self.mean_decisions,
            "stdev_decisions": self.stdev_decisions,
            "games_per_second": self.games_per_second,
            "seconds": self.seconds,
            "played": self.played,
            "per_seat": [standing.to_json() for standing in self.per_seat],
            "per_side": [standing.to_json() for standing in self.per_side],
            "per_agent": [standing.to_json() for standing in self.per_agent],
            "per_agent_seat": [standing.to_json() for standing in self.per_agent_seat],
            "per_role": [standing.to_json() for standing in self.per_role],
            "per_agent_role": [standing.to_json() for standing in self.per_agent_role],
            "ratings": None if self.ratings is None else [r.to_json() for r in self.ratings],
            "ratings_note": self.ratings_note,
        }


def summarise(
    records: Sequence[GameRecord], seconds: float | None = None, played: int | None = None
) -> Summary:
    """The summary of ``records`` (games of one run); ``seconds`` and ``played`` time the run.

    Roles are tallied over the records that name them (``GameRecord.roles``), sorted by name.

    >>> summary = summarise(result.records)
    >>> summary.wins  # per seat; shared wins split
    """
    if not records:
        raise ValueError("there are no games to summarise")
    records = sorted(records, key=lambda record: record.index)
    first = records[0]
    players = first.players
    agents = tuple(dict.fromkeys(agent for record in records for agent in record.agents))
    tallies: dict[tuple[str | None, int | None, str | None], _Tally] = {}
    side_tallies: dict[str, _Tally] = {}
    for record in records:
        outcome = record.outcome
        shared = len(outcome.winners)
        for index, side in enumerate(outcome.sides):
            tally = side_tallies.get(side)
            if tally is None:
                tally = side_tallies[side] = _Tally()
            won = shared if side in outcome.winners else 0
            tally.add(outcome.scores[index], record.decisions, won)
        for seat, agent in enumerate(record.agents):
            won = shared if outcome.sides[seat] in outcome.winners else 0
            keys: tuple[tuple[str | None, int | None, str | None], ...] = (
                (None, seat, None),
                (agent, None, None),
                (agent, seat, None),
            )
            if record.roles:
                role = record.roles[seat]
                keys += ((None, None, role), (agent, None, role))
            for key in keys:
                tally = tallies.get(key)
                if tally is None:
                    tally = tallies[key] = _Tally()
                tally.add(record.scores[seat], record.decisions, won)
                if record.searches:
                    tally.searches += record.searches[seat]
                    tally.iterations += record.iterations[seat]
    roles = sorted({role for record in records for role in record.roles})
    seat_of = {side: seat for seat, side in enumerate(first.outcome.sides[:players])}
    lengths = [float(record.decisions) for record in records]
    ratings, note = rate_agents(records)
    return Summary(
        game=first.game,
        players=players,
        games=len(records),
        seed=min(record.seed for record in records),
        options=dict(first.options),
        agents=agents,
        per_seat=tuple(tallies[None, seat, None].standing(None, seat) for seat in range(players)),
        per_agent=tuple(tallies[agent, None, None].standing(agent, None) for agent in agents),
        per_agent_seat=tuple(
            tallies[agent, seat, None].standing(agent, seat)
            for agent in agents
            for seat in range(players)
            if (agent, seat, None) in tallies
        ),
        mean_decisions=mean(lengths),
        stdev_decisions=stdev(lengths),
        ratings=None if ratings is None else tuple(ratings),
        ratings_note=note,
        seconds=seconds,
        played=played,
        last_seed=max(record.seed for record in records),
        per_role=tuple(tallies[None, None, role].standing(None, None, role) for role in roles),
        per_agent_role=tuple(
            tallies[agent, None, role].standing(agent, None, role)
            for agent in agents
            for role in roles
            if (agent, None, role) in tallies
        ),
        sides=tuple(side_tallies),
        per_side=tuple(
            tally.standing(None, seat_of.get(side), side=side)
            for side, tally in side_tallies.items()
        ),
    )


class _Tally:
    """Scores, game lengths and wins (counted by how many seats shared them) of one standing."""

    __slots__ = ("iterations", "lengths", "scores", "searches", "shared_wins")

    def __init__(self) -> None:
        self.scores: list[float] = []
        self.lengths: list[float] = []
        self.shared_wins: dict[int, int] = {}
        self.searches = 0
        self.iterations = 0

    def add(self, score: float, decisions: int, winners: int) -> None:
        """One appearance; ``winners`` is how many sides shared the win, 0 if it did not win."""
        self.scores.append(score)
        self.lengths.append(float(decisions))
        if winners:
            self.shared_wins[winners] = self.shared_wins.get(winners, 0) + 1

    def standing(
        self,
        agent: str | None,
        seat: int | None,
        role: str | None = None,
        side: str | None = None,
    ) -> Standing:
        games = len(self.scores)
        wins = sum(count / k for k, count in sorted(self.shared_wins.items()))
        wins = min(wins, float(games))
        return Standing(
            agent=agent,
            seat=seat,
            games=games,
            wins=wins,
            win_rate=wins / games if games else 0.0,
            win_rate_ci=wilson_interval(wins, games),
            mean_score=mean(self.scores),
            stdev_score=stdev(self.scores),
            mean_decisions=mean(self.lengths),
            stdev_decisions=stdev(self.lengths),
            scores=tuple(self.scores),
            searches=self.searches,
            iterations_per_search=self.iterations / self.searches if self.searches else None,
            role=role,
            side=side,
        )
