"""Small statistics: means, spreads and the Wilson score interval of a win rate."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

Z95 = 1.959963984540054  # the two-sided 95% quantile of the standard normal


def wilson_interval(wins: float, games: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate of ``wins`` out of ``games`` (95% by default).

    ``wins`` may be fractional (shared wins); with no games the interval is ``(0, 1)``.

    >>> [round(x, 4) for x in wilson_interval(5, 10)]
    [0.2366, 0.7634]
    """
    if games <= 0:
        return (0.0, 1.0)
    if not 0 <= wins <= games:
        raise ValueError(f"wins must be between 0 and games, got {wins} of {games}")
    rate = wins / games
    z2 = z * z
    denominator = 1 + z2 / games
    centre = (rate + z2 / (2 * games)) / denominator
    half = z * math.sqrt(rate * (1 - rate) / games + z2 / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean(values: Sequence[float]) -> float:
    """The arithmetic mean; 0 for no values."""
    return math.fsum(values) / len(values) if values else 0.0


def stdev(values: Sequence[float]) -> float:
    """The sample standard deviation; 0 for fewer than two values."""
    return statistics.stdev(values) if len(values) > 1 else 0.0
