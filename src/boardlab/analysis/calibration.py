"""From a game's evaluation to a calibrated chance to win: a logistic curve per game.

The feature is the seat's ``lead`` (``agents.values.leads``) of the values every side has:
the game's evaluation for each seat (its ``scores()`` when it has none), then the running
score of any side no seat plays (an automa). A lead counts for more as the game nears its
end, so the curve also takes the share of the game played, ``progress = min(1, decisions
answered / length)`` with ``length`` the mean number of decisions of a game; the chance is
``1 / (1 + exp(-(intercept + (slope + late_slope * progress) * lead)))``, fitted per game
on 2-player greedy games (``analysis.fitting``) and used at every player count. The fitted
curves ship with the package in ``calibration.json``; a game without one gets ``DEFAULT``,
the logistic that matches the search bots' own estimate (``0.5 + 0.5 * tanh(2 * lead)``).
"""

from __future__ import annotations

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

    def progress(self, state: GameState) -> float:
        """The share of a typical game that ``state`` has played, at most 1."""
        return min(1.0, len(state.history) / self.length)

    def chance(self, lead: float, progress: float = 0.0) -> float:
        """The chance to win of a seat with ``lead`` when ``progress`` of the game is played."""
        x = self.intercept + (self.slope + self.late_slope * progress) * lead
        if x >= 0:
            return 1.0 / (1.0 + math.exp(-x))
        e = math.exp(x)
        return e / (1.0 + e)


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
