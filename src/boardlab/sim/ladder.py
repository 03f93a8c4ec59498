"""The ladder of a game's named bot levels: a 2-player round-robin, ratings, and the bar.

Every pair of levels (``boardlab.agents.levels``) plays ``games`` games at 2 players on
the same deals: deal ``seed + k`` is played twice in a row, once from each seat
(``SimConfig.same_deals``), so neither the deal nor the seat favours a level; an odd
count plays the last deal once. Every pair meets the same deals. A game's upper level
wins 1, loses 0, and takes half of a shared win or of a game neither seat won. The
ratings are OpenSkill's over every game of the round-robin (``ratings.rate_agents``).

>>> measurement = play_ladder("konoten", games=100, seed=0, workers=2)
>>> [step.meets_bar for step in measurement.steps]
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Sequence
from itertools import combinations
from types import MappingProxyType
from typing import Any

from boardlab import __version__
from boardlab.agents.levels import BAR, Level, LevelRating, Measurement, PairResult, levels
from boardlab.engine import registry
from boardlab.sim.config import SimConfig, agent_label
from boardlab.sim.ratings import rate_agents
from boardlab.sim.record import GameRecord
from boardlab.sim.runner import run
from boardlab.sim.stats import wilson_interval

PLAYERS = 2
DEFAULT_GAMES = 100

Progress = Callable[[str, int, int], None]


def pair_config(game: str, lower: Level, upper: Level, games: int, seed: int) -> SimConfig:
    """The run of ``games`` games between two levels, every deal played from both seats."""
    return SimConfig(
        game,
        PLAYERS,
        games,
        seed=seed,
        agents=(lower.spec, upper.spec),
        rotate_seats=True,
        same_deals=True,
    )


def upper_share(record: GameRecord, upper_spec: str) -> float:
    """The upper level's share of the win in ``record``: 1, 0, or 1/2 when both seats won
    or neither did."""
    seat = record.agents.index(agent_label(upper_spec))
    winners = [side for side in record.outcome.winner_indexes() if side < record.players]
    if not winners:
        return 0.5
    return 1.0 / len(winners) if seat in winners else 0.0


def pair_result(
    lower: Level, upper: Level, adjacent: bool, records: Sequence[GameRecord]
) -> PairResult:
    """How ``upper`` did against ``lower`` in ``records``."""
    wins = sum(upper_share(record, upper.spec) for record in records)
    return PairResult(
        lower.name, upper.name, adjacent, len(records), wins, wilson_interval(wins, len(records))
    )


def play_ladder(
    game: str,
    games: int = DEFAULT_GAMES,
    seed: int = 0,
    *,
    workers: int | None = None,
    progress: Progress | None = None,
    chosen: Sequence[Level] | None = None,
    adjacent_only: bool = False,
) -> Measurement:
    """Play the round-robin of ``game``'s levels (or of ``chosen`` ones, weakest first) and
    measure them; ``ValueError`` for bad input (no levels, fewer than one game...).
    ``adjacent_only`` plays each level against the next one only (about half the games).

    ``progress(stage, done, total)`` is told of finished games, ``stage`` naming the pair
    (``"casual v beginner"``)."""
    ladder = tuple(levels(game) if chosen is None else chosen)
    spec = registry.spec(game)
    spec.check_players(PLAYERS)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"the number of games per pair must be at least 1, got {games!r}")
    if len(ladder) < 2:
        raise ValueError("a ladder needs at least two levels")
    if importlib.util.find_spec("openskill") is None:
        raise ValueError("the ladder's ratings need openskill (pip install 'boardlab[sim]')")
    matches = [
        (lower, upper, high == low + 1)
        for (low, lower), (high, upper) in combinations(enumerate(ladder), 2)
        if high == low + 1 or not adjacent_only
    ]
    for lower, upper, _ in matches:
        pair_config(game, lower, upper, games, seed).validated()
    records: list[GameRecord] = []
    pairs: list[PairResult] = []
    for lower, upper, adjacent in matches:
        stage = f"{upper.name} v {lower.name}"

        def told(done: int, total: int, stage: str = stage) -> None:
            if progress is not None:
                progress(stage, done, total)

        played = run(pair_config(game, lower, upper, games, seed), workers=workers, progress=told)
        records.extend(played.records)
        pairs.append(pair_result(lower, upper, adjacent, played.records))
    return Measurement(
        game=game,
        specs=MappingProxyType({level.name: level.spec for level in ladder}),
        ratings=MappingProxyType(_ratings(ladder, records)),
        pairs=tuple(pairs),
        settings=MappingProxyType(_settings(game, games, seed, spec.version, adjacent_only)),
    )


def _ratings(ladder: Sequence[Level], records: Sequence[GameRecord]) -> dict[str, LevelRating]:
    """Each level's rating; the games of every pair are rated interleaved by game index."""
    rated, note = rate_agents(records)
    if rated is None:
        raise ValueError(note)
    by_label = {rating.agent: rating for rating in rated}
    result: dict[str, LevelRating] = {}
    for level in ladder:
        label = agent_label(level.spec)
        rating = by_label[label]
        played = sum(1 for record in records if label in record.agents)
        result[level.name] = LevelRating(rating.mu, rating.sigma, rating.ordinal, played)
    return result


def _settings(
    game: str, games: int, seed: int, rules_version: int, adjacent_only: bool
) -> dict[str, Any]:
    deals = (games + 1) // 2
    return {
        "players": PLAYERS,
        "pairs": "adjacent levels only" if adjacent_only else "every two levels",
        "games_per_pair": games,
        "seed": seed,
        "deals": [seed, seed + deals - 1],
        "seats": "each deal played once from each seat",
        "options": registry.spec(game).resolve_options({}),
        "rating": "OpenSkill Plackett-Luce; ordinal = mu - 3 sigma",
        "bar": f"each level wins at least {BAR:.0%} of its games against the one below",
        "boardlab_version": __version__,
        "rules_version": rules_version,
    }
