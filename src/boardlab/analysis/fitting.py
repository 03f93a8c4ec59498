"""Fitting a game's calibration curve on simulated games, and the table that checks it.

Greedy plays both seats of 2-player games (``agents.greedy``); along each game every
``stride``-th decision with a choice is sampled, and at each sampled position every seat
gives one point: its lead (``calibration.lead``), the decisions answered so far and whether
it won in the end (a shared win counts as its share). The curve's ``length`` is the mean
number of decisions of the games sampled, and its three coefficients are fitted to the
points by Newton's method (logistic regression on the lead and the lead times progress);
``table`` compares the curve's predictions with the observed win rate in ten bins of
predicted chance, on games from other seeds.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from boardlab.agents import make
from boardlab.analysis.calibration import Calibration, lead, result
from boardlab.engine import GameState, registry

PLAYERS = 2
STRIDE = 3
BINS = 10
#: A little pull of both parameters towards 0, so a game whose sample is all wins or all
#: losses at some lead still gets a finite curve.
RIDGE = 1e-3


@dataclass(frozen=True, slots=True)
class Point:
    """One seat at one sampled position: its lead, the decisions answered (history length),
    its share of the win at the end and the length of its game."""

    lead: float
    answered: int
    won: float
    length: int


def sample_games(
    game: str,
    games: int,
    first_seed: int,
    stride: int = STRIDE,
    done: Callable[[int], None] | None = None,
) -> list[Point]:
    """Points from ``games`` greedy 2-player games of seeds ``first_seed``, ``first_seed + 1``..."""
    spec = registry.spec(game)
    points: list[Point] = []
    for number in range(games):
        seed = first_seed + number
        state = spec.state_class.create(PLAYERS, seed, spec.resolve_options({}))
        bots = [make("greedy", seed=seed * PLAYERS + seat) for seat in range(PLAYERS)]
        sampled: list[GameState] = []
        choices = 0
        while (decision := state.decision) is not None:
            if len(decision.options) > 1:
                if choices % stride == 0:
                    sampled.append(state.clone())
                choices += 1
            state.apply(bots[decision.player].choose(state))
        for position in sampled:
            for seat in range(PLAYERS):
                points.append(
                    Point(
                        lead(position, seat),
                        len(position.history),
                        result(state, seat),
                        len(state.history),
                    )
                )
        if done is not None:
            done(number + 1)
    return points


def fit(points: Sequence[Point]) -> Calibration:
    """The curve of the win share on the lead and progress that fits ``points`` best.

    A lead never lowers the chance: when the best fit says it does early in the game (its
    ``slope`` is negative), the lead is given no weight at the start instead (``slope`` 0,
    the other two coefficients fitted again), so the analysis never prefers a move for
    making the seat's position worse.
    """
    games = {(point.length, point.won) for point in points}  # one entry per game, roughly
    length = float(sum(length for length, _ in games) / len(games))
    rows = [_features(point, length) for point in points]
    intercept, slope, late_slope = _newton(rows, points)
    if slope < 0:
        intercept, late_slope = _newton([(x[0], x[2]) for x in rows], points)
        slope = 0.0
    return Calibration(intercept, slope, late_slope, length)


def _newton(rows: Sequence[Sequence[float]], points: Sequence[Point]) -> list[float]:
    """The logistic regression of the points' win shares on ``rows`` of features."""
    size = len(rows[0])
    weights = [0.0] * size
    for _ in range(50):
        gradient = [RIDGE * w for w in weights]
        hessian = [[RIDGE if i == j else 0.0 for j in range(size)] for i in range(size)]
        for x, point in zip(rows, points, strict=True):
            p = _logistic(sum(w * v for w, v in zip(weights, x, strict=True)))
            error, curvature = p - point.won, p * (1 - p)
            for i in range(size):
                gradient[i] += error * x[i]
                for j in range(size):
                    hessian[i][j] += curvature * x[i] * x[j]
        step = _solve(hessian, gradient)
        weights = [w - d for w, d in zip(weights, step, strict=True)]
        if sum(abs(d) for d in step) < 1e-9:
            break
    return weights


def _features(point: Point, length: float) -> tuple[float, float, float]:
    progress = min(1.0, point.answered / length)
    return (1.0, point.lead, point.lead * progress)


def _logistic(x: float) -> float:
    return Calibration(x, 0.0).chance(0.0)


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix^-1 @ vector`` by Gaussian elimination with partial pivoting."""
    size = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(size)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(rows[r][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        for r in range(size):
            if r != column:
                factor = rows[r][column] / rows[column][column]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[column], strict=True)]
    return [rows[i][size] / rows[i][i] for i in range(size)]


@dataclass(frozen=True, slots=True)
class Bin:
    """Points whose predicted chance falls in ``[low, high)``: how many, the mean predicted
    chance and the observed win rate."""

    low: float
    high: float
    count: int
    predicted: float
    observed: float


def table(points: Sequence[Point], curve: Calibration, bins: int = BINS) -> list[Bin]:
    """Predicted against observed win rate in ``bins`` equal bins of predicted chance."""
    sums = [[0, 0.0, 0.0] for _ in range(bins)]
    for point in points:
        chance = predicted(point, curve)
        row = sums[min(bins - 1, int(chance * bins))]
        row[0] += 1
        row[1] += chance
        row[2] += point.won
    return [
        Bin(
            i / bins,
            (i + 1) / bins,
            int(count),
            mean / count if count else math.nan,
            won / count if count else math.nan,
        )
        for i, (count, mean, won) in enumerate(sums)
    ]


def predicted(point: Point, curve: Calibration) -> float:
    """The chance ``curve`` gives the seat of ``point``."""
    return curve.chance(point.lead, min(1.0, point.answered / curve.length))


def log_loss(points: Sequence[Point], curve: Calibration) -> float:
    """The mean negative log-likelihood of the win shares under ``curve`` (lower fits better)."""
    total = 0.0
    for point in points:
        p = min(max(predicted(point, curve), 1e-12), 1 - 1e-12)
        total -= point.won * math.log(p) + (1 - point.won) * math.log(1 - p)
    return total / len(points)


def markdown(bins: Sequence[Bin]) -> str:
    """The calibration table as a Markdown table for a README."""
    lines = [
        "| predicted | positions | mean predicted | observed win rate |",
        "|---|---:|---:|---:|",
    ]
    for row in bins:
        if row.count:
            lines.append(
                f"| {row.low:.1f}-{row.high:.1f} | {row.count} | {row.predicted:.2f} | "
                f"{row.observed:.2f} |"
            )
        else:
            lines.append(f"| {row.low:.1f}-{row.high:.1f} | 0 | - | - |")
    return "\n".join(lines)
