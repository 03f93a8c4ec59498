"""Balance reports: mirror matches of one agent, with seats rotated, and probes against it.

A mirror match plays the same agent in every seat, so any difference between seats, roles
(characters, factions) or scoring sources is the game's, not the players'. The report
gives, with 95% Wilson intervals: the win rate by seat position (first-player advantage)
and by role; the spread of final scores and of the winning margin; the length of games;
how often each kind of option was chosen, and in how many games it was offered but never
chosen; the share of the points each scoring source gave. Each probe (a scripted line of
play, ``boardlab.agents.probe``) then plays in one seat against the agent in the others,
seats rotated: a probe that wins more than rarely is a degenerate strategy.

>>> report = balance(BalanceConfig("konoten", players=2, games=400), workers=2)
>>> report.probes[0].win_rate
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from boardlab.agents.probe import find_probe, probes
from boardlab.api import new
from boardlab.sim.config import SimConfig
from boardlab.sim.record import GameRecord
from boardlab.sim.runner import run
from boardlab.sim.stats import mean, stdev, wilson_interval
from boardlab.sim.summary import Standing, Summary
from boardlab.tuning import tuning

#: The agent of mirror matches unless told otherwise: the strongest that plays a game of
#: every registered game in seconds.
DEFAULT_AGENT = "greedy"
#: Seeds of probe runs start this far from the mirror run's, so the deals differ.
PROBE_SEED_OFFSET = 1_000_000

Progress = Callable[[str, int, int], None]


@dataclass(frozen=True, slots=True)
class BalanceConfig:
    """``games`` mirror games of ``agent`` at ``players`` seats, then ``probe_games`` games of
    each probe named in ``probes`` (every probe of the game when ``None``; none when empty)
    against it. ``probe_games`` defaults to ``games``."""

    game: str
    players: int
    games: int = 200
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    agent: str = DEFAULT_AGENT
    probes: tuple[str, ...] | None = None
    probe_games: int | None = None

    def probe_names(self) -> tuple[str, ...]:
        """The probes to play, checked against the game's; ``ValueError`` for an unknown one."""
        if self.probes is None:
            return tuple(probe.name for probe in probes(self.game))
        for name in self.probes:
            find_probe(self.game, name)
        return self.probes

    def mirror(self) -> SimConfig:
        return SimConfig(
            self.game,
            self.players,
            self.games,
            seed=self.seed,
            options=self.options,
            agents=(self.agent,),
            rotate_seats=True,
            census=True,
        )

    def probe_run(self, name: str, index: int) -> SimConfig:
        """The run of probe ``name`` (the ``index``-th probe) against the agent."""
        games = self.probe_games if self.probe_games is not None else self.games
        return SimConfig(
            self.game,
            self.players,
            games,
            seed=self.seed + PROBE_SEED_OFFSET * (index + 1),
            options=self.options,
            agents=(f"probe:play={name}", *[self.agent] * (self.players - 1)),
            rotate_seats=True,
        )


@dataclass(frozen=True, slots=True)
class Spread:
    """Mean, standard deviation and quantiles of some numbers."""

    mean: float
    stdev: float
    low: float
    p10: float
    median: float
    p90: float
    high: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Spread:
        ordered = sorted(values)
        if not ordered:
            return cls(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)

        def at(share: float) -> float:
            return float(ordered[min(len(ordered) - 1, int(share * len(ordered)))])

        return cls(
            mean(ordered), stdev(ordered), ordered[0], at(0.1), at(0.5), at(0.9), ordered[-1]
        )

    def to_json(self) -> dict[str, float]:
        return {
            "mean": self.mean,
            "stdev": self.stdev,
            "min": self.low,
            "p10": self.p10,
            "median": self.median,
            "p90": self.p90,
            "max": self.high,
        }


@dataclass(frozen=True, slots=True)
class KindUse:
    """One kind of option over the mirror games: times chosen (per game), decisions that
    offered it, games that offered it, and games that offered it without choosing it once."""

    kind: str
    chosen_per_game: float
    chosen_share: float
    offered: int
    games_offered: int
    games_never_chosen: int

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "chosen_per_game": self.chosen_per_game,
            "chosen_share": self.chosen_share,
            "offered": self.offered,
            "games_offered": self.games_offered,
            "games_never_chosen": self.games_never_chosen,
        }


@dataclass(frozen=True, slots=True)
class SourceShare:
    """A scoring source: its mean points per side and game, and its share of all points
    (signed points over the sum of the absolute points of every source)."""

    source: str
    mean_points: float
    share: float

    def to_json(self) -> dict[str, Any]:
        return {"source": self.source, "mean_points": self.mean_points, "share": self.share}


@dataclass(frozen=True, slots=True)
class TurnPosition:
    """The seats that took the ``position``-th first turn (0: the first player): their games,
    wins (a win shared by ``k`` sides counts ``1/k``), win rate with its interval and mean
    score."""

    position: int
    games: int
    wins: float
    win_rate: float
    win_rate_ci: tuple[float, float]
    mean_score: float

    def to_json(self) -> dict[str, Any]:
        return {
            "position": self.position,
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_rate_ci": list(self.win_rate_ci),
            "mean_score": self.mean_score,
        }


@dataclass(frozen=True, slots=True)
class ProbeResult:
    """A probe's run against the agent: its win rate and the mean scores of both."""

    probe: str
    help: str
    games: int
    wins: float
    win_rate: float
    win_rate_ci: tuple[float, float]
    probe_score: float
    agent_score: float

    def to_json(self) -> dict[str, Any]:
        return {
            "probe": self.probe,
            "help": self.help,
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_rate_ci": list(self.win_rate_ci),
            "probe_score": self.probe_score,
            "agent_score": self.agent_score,
        }


@dataclass(frozen=True, slots=True)
class BalanceReport:
    """Everything ``boardlab balance`` reports (see the module)."""

    config: BalanceConfig
    summary: Summary
    scores: Spread
    margins: Spread
    lengths: Spread
    kinds: tuple[KindUse, ...]
    sources: tuple[SourceShare, ...]
    probes: tuple[ProbeResult, ...]
    records: tuple[GameRecord, ...] = field(repr=False, compare=False)
    turn_positions: tuple[TurnPosition, ...] = ()

    @property
    def per_seat(self) -> tuple[Standing, ...]:
        return self.summary.per_seat

    @property
    def per_role(self) -> tuple[Standing, ...]:
        return self.summary.per_role

    def to_json(self) -> dict[str, Any]:
        """One JSON-able object: what ``boardlab balance --json`` prints."""
        return {
            "game": self.config.game,
            "players": self.config.players,
            "games": self.config.games,
            "seed": self.config.seed,
            "options": self.summary.options,
            "agent": self.config.agent,
            "per_seat": [standing.to_json() for standing in self.per_seat],
            "per_role": [standing.to_json() for standing in self.per_role],
            "per_turn_position": [position.to_json() for position in self.turn_positions],
            "per_side": [standing.to_json() for standing in self.summary.per_side],
            "scores": self.scores.to_json(),
            "winning_margins": self.margins.to_json(),
            "decisions": self.lengths.to_json(),
            "kinds": [kind.to_json() for kind in self.kinds],
            "sources": [source.to_json() for source in self.sources],
            "probes": [probe.to_json() for probe in self.probes],
        }


def balance(
    config: BalanceConfig,
    *,
    workers: int | None = None,
    backend: str = "local",
    address: str | None = None,
    progress: Progress | None = None,
) -> BalanceReport:
    """Play the mirror games and every probe's games; ``ValueError`` for bad input.

    ``progress(stage, done, total)`` is told of finished games, ``stage`` naming the run
    (``"mirror"`` or ``"probe NAME"``)."""
    names = config.probe_names()
    if config.games < 1 or (config.probe_games is not None and config.probe_games < 1):
        raise ValueError("the number of games must be at least 1")

    def told(stage: str) -> Callable[[int, int], None] | None:
        if progress is None:
            return None
        return lambda done, total: progress(stage, done, total)

    mirror = run(
        config.mirror(), workers=workers, backend=backend, address=address, progress=told("mirror")
    )
    results = []
    for index, name in enumerate(names):
        played = run(
            config.probe_run(name, index),
            workers=workers,
            backend=backend,
            address=address,
            progress=told(f"probe {name}"),
        )
        results.append(probe_result(find_probe(config.game, name).help, name, played.records))
    records = mirror.records
    return BalanceReport(
        config=config,
        summary=mirror.summary,
        scores=Spread.of([score for record in records for score in record.scores]),
        margins=Spread.of([margin(record) for record in records]),
        lengths=Spread.of([record.decisions for record in records]),
        kinds=kind_uses(records),
        sources=source_shares(records),
        probes=tuple(results),
        records=records,
        turn_positions=turn_positions(config, records),
    )


def turn_positions(
    config: BalanceConfig, records: Sequence[GameRecord]
) -> tuple[TurnPosition, ...]:
    """Wins by the order of first turns, which the game's ``Tuning.turn_order`` reads off each
    game dealt again from its seed (seat order for a game that declares none)."""
    order_of = tuning(config.game).turn_order
    players = config.players
    wins = [0.0] * players
    scores: list[list[float]] = [[] for _ in range(players)]
    for record in records:
        if order_of is None:
            order: Sequence[int] = range(players)
        else:
            order = order_of(new(config.game, players, record.seed, **dict(record.options)))
        winners = record.outcome.winner_indexes()
        for position, seat in enumerate(order):
            scores[position].append(float(record.scores[seat]))
            if seat in winners:
                wins[position] += 1 / len(winners)
    return tuple(
        TurnPosition(
            position,
            len(scores[position]),
            wins[position],
            wins[position] / len(scores[position]) if scores[position] else 0.0,
            wilson_interval(wins[position], len(scores[position])),
            mean(scores[position]),
        )
        for position in range(players)
    )


def margin(record: GameRecord) -> float:
    """The winner's lead over the best other side (0 when the win is shared)."""
    ordered = sorted(record.outcome.scores, reverse=True)
    return float(ordered[0] - ordered[1]) if len(ordered) > 1 else 0.0


def kind_uses(records: Sequence[GameRecord]) -> tuple[KindUse, ...]:
    """The use of every kind of option over ``records`` (those with a census), most chosen
    first."""
    censuses = [record.census for record in records if record.census is not None]
    chosen: Counter[str] = Counter()
    offered: Counter[str] = Counter()
    games_offered: Counter[str] = Counter()
    never: Counter[str] = Counter()
    for census in censuses:
        chosen.update(census.chosen)
        offered.update(census.offered)
        for kind in census.offered:
            games_offered[kind] += 1
            if not census.chosen.get(kind):
                never[kind] += 1
    total = sum(chosen.values()) or 1
    games = len(censuses) or 1
    kinds = sorted(offered, key=lambda kind: (-chosen[kind], kind))
    return tuple(
        KindUse(
            kind,
            chosen[kind] / games,
            chosen[kind] / total,
            offered[kind],
            games_offered[kind],
            never[kind],
        )
        for kind in kinds
    )


def source_shares(records: Sequence[GameRecord]) -> tuple[SourceShare, ...]:
    """Mean points per side and game of every scoring source, and its share of all points."""
    points: dict[str, list[float]] = {}
    sides = 0
    for record in records:
        if record.census is None:
            continue
        for side in record.census.sources:
            sides += 1
            for source, value in side.items():
                points.setdefault(source, []).append(float(value))
    if not sides:
        return ()
    totals = {source: sum(values) for source, values in points.items()}
    scale = sum(abs(total) for total in totals.values()) or 1.0
    return tuple(
        SourceShare(source, total / sides, total / scale) for source, total in totals.items()
    )


def probe_result(help_text: str, name: str, records: Sequence[GameRecord]) -> ProbeResult:
    """How the probe did in ``records`` (its spec is the one starting ``probe:``)."""
    wins = 0.0
    probe_scores: list[float] = []
    agent_scores: list[float] = []
    for record in records:
        seat = next(s for s, spec in enumerate(record.agents) if spec.startswith("probe:"))
        winners = record.outcome.winner_indexes()
        if seat in winners:
            wins += 1 / len(winners)
        probe_scores.append(record.scores[seat])
        agent_scores.extend(score for s, score in enumerate(record.scores) if s != seat)
    games = len(records)
    return ProbeResult(
        probe=name,
        help=help_text,
        games=games,
        wins=wins,
        win_rate=wins / games if games else 0.0,
        win_rate_ci=wilson_interval(wins, games),
        probe_score=mean(probe_scores),
        agent_score=mean(agent_scores),
    )
