"""From a game's evaluation to a calibrated chance to win: a logistic curve per game.

The feature is the seat's ``lead`` (``agents.values.leads``) of the values every side has:
the game's evaluation for each seat (its ``scores()`` when it has none), then the running
score of any side no seat plays (an automa). A lead counts for more as the game nears its
end, so the curve also takes the share of the game played, ``progress = min(1, decisions
answered / length)`` with ``length`` the mean number of decisions of a game; the chance is
``1 / (1 + exp(-(intercept + (slope + late_slope * progress) * lead)))``, fitted per game
on 2-player greedy games (``analysis.fitting``) and used at every player count. A logistic
of this shape can still be too sure in the middle of its range (Linnaeus's said 25% where
41% won), so the fit also keeps ``knots``: the win rate observed at points of the curve's
chance, rising (isotonic regression), through which the curve's chance is read. The fitted
curves ship with the package in ``calibration.json``; a game without one gets ``DEFAULT``,
the logistic that matches the search bots' own estimate (``0.5 + 0.5 * tanh(2 * lead)``).
"""

from __future__ import annotations

import bisect
import json
import math
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from boardlab.agents.values import leads
from boardlab.engine import GameState

DATA_FILE = "calibration.json"


@dataclass(frozen=True, slots=True)
class Calibration:
    """A logistic curve from a seat's lead, and how far the game is, to its chance to win."""

    intercept: float
    slope: float
    late_slope: float = 0.0
    length: float = 1.0
    #: ``(chance, observed)`` points, both strictly rising, inside (0, 1): the chance is
    #: read through the line joining them, from (0, 0) to (1, 1); none: as it is
    knots: tuple[tuple[float, float], ...] = ()

    def progress(self, state: GameState) -> float:
        """The share of a typical game that ``state`` has played, at most 1."""
        return min(1.0, len(state.history) / self.length)

    def chance(self, lead: float, progress: float = 0.0) -> float:
        """The chance to win of a seat with ``lead`` when ``progress`` of the game is played."""
        x = self.intercept + (self.slope + self.late_slope * progress) * lead
        if x >= 0:
            p = 1.0 / (1.0 + math.exp(-x))
        else:
            e = math.exp(x)
            p = e / (1.0 + e)
        return through(self.knots, p) if self.knots else p


def through(knots: tuple[tuple[float, float], ...], p: float) -> float:
    """``p`` read through the line joining (0, 0), the ``knots`` and (1, 1)."""
    k = bisect.bisect_left(knots, (p, -1.0))
    x0, y0 = knots[k - 1] if k > 0 else (0.0, 0.0)
    x1, y1 = knots[k] if k < len(knots) else (1.0, 1.0)
    if x1 <= x0:
        return y1
    return y0 + (y1 - y0) * (p - x0) / (x1 - x0)


DEFAULT = Calibration(0.0, 4.0)


def curve_of(game: str) -> Calibration:
    """The calibration shipped for ``game``, else ``DEFAULT``."""
    fitted = shipped().get(game)
    if fitted is None:
        return DEFAULT
    return Calibration(
        float(fitted["intercept"]),
        float(fitted["slope"]),
        float(fitted["late_slope"]),
        float(fitted["length"]),
        tuple((float(x), float(y)) for x, y in fitted.get("knots", ())),
    )


@cache
def shipped() -> dict[str, dict[str, Any]]:
    """Every game's fitted curve and its report, as stored in ``calibration.json``."""
    text = resources.files(__package__).joinpath(DATA_FILE).read_text(encoding="utf-8")
    games: dict[str, dict[str, Any]] = json.loads(text)["games"]
    return games


def side_values(state: GameState) -> list[float]:
    """The values the lead is read from: each seat's evaluation, then other sides' scores."""
    evaluate = state.SPEC.evaluate
    players = state.players
    if evaluate is None:
        values = [float(v) for v in state.scores()]
    else:
        values = [float(evaluate(state, seat)) for seat in range(players)]
    extra = state.side_scores()[players:]
    return values + [float(v) for v in extra]


def lead(state: GameState, seat: int) -> float:
    """``seat``'s lead over the best other side, in (-1, 1), from ``side_values``."""
    return leads(side_values(state))[seat]


def result(state: GameState, seat: int) -> float:
    """``seat``'s share of the win of a finished game: 1 alone, 1/k in a k-way tie, else 0."""
    winners = state.side_winners()
    return 1.0 / len(winners) if seat in winners else 0.0


def fitted_chance(state: GameState, seat: int, curve: Calibration) -> float:
    """``seat``'s chance to win in ``state`` as it stands: the result once over, else the
    curve at the seat's lead."""
    if state.is_over:
        return result(state, seat)
    return curve.chance(lead(state, seat), curve.progress(state))
