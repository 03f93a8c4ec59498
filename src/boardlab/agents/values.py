"""What a position is worth to every seat, as numbers in [0, 1] that search can average.

Formulas, for ``n`` seats with values ``v`` (points, or the game's evaluation):

* ``lead(v)[s] = (v[s] - b) / (|v[s]| + |b| + 1)``, where ``b`` is the best value among the
  other seats (0 in a one-seat game): 0 when level with the best opponent, towards +1 when
  far ahead and -1 when far behind. It needs no game-specific scale, so points and
  heuristic values of any size compare, and it rises with the seat's own value and falls
  with the best opponent's.
* game over: ``result[s] = w * W[s] + (1 - w) * (0.5 + 0.5 * lead(scores)[s])`` with
  ``W[s] = 1 / k`` for each of the ``k`` winning sides (a shared win is split) and 0 for
  everyone else; ``w`` is ``win_weight`` (default 0.9), so winning dominates and the score
  margin ranks the rest (second place beats last, a wide win beats a narrow one). Sides
  count, not only seats (``state.sides``): a seat that loses to an automa gets no win
  share, and its margin is taken against the automa's score too.
* not over (a search cut off early, or greedy looking one step ahead): the same mix with
  an estimated chance to win in place of ``W``,
  ``result[s] = w * p[s] + (1 - w) * (0.5 + 0.5 * lead(e)[s])``,
  ``p[s] = 0.5 + 0.4 * tanh(4 * lead(e)[s])``, where ``e[s] = spec.evaluate(state, s)``
  (the game's ``scores()`` when it has none). The factor 4 keeps differences that matter
  visible to UCB (a lead of a tenth of the total gives ``p`` = 0.65); the 0.4 means a
  heuristic never calls a position more than 90% won, so with ``w`` above 5/6 a win
  already secured (at least ``w + (1 - w) / 2``) is always worth more than a lead
  estimated (at most ``0.9 w + 1 - w``): search takes a sure win over a promising position.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from boardlab.engine import GameState, registry

DEFAULT_WIN_WEIGHT = 0.9
SHARPNESS = 4.0
CONFIDENCE = 0.4


def leads(values: Sequence[float]) -> list[float]:
    """Each seat's value against the best other seat, scaled into (-1, 1) (see the module)."""
    if len(values) == 1:
        others = [0.0]
    else:
        top = max(values)
        leader = values.index(top)
        runner_up = max(v for s, v in enumerate(values) if s != leader)
        others = [runner_up if s == leader else top for s in range(len(values))]
    return [(v - b) / (abs(v) + abs(b) + 1.0) for v, b in zip(values, others, strict=True)]


def chances(values: Sequence[float]) -> list[float]:
    """Each seat's estimated chance to win from its lead, within [0.1, 0.9] (see the module)."""
    return [0.5 + CONFIDENCE * math.tanh(SHARPNESS * lead) for lead in leads(values)]


class Judge:
    """Scores positions of one game for every seat: ``judge(state) -> list[float]``."""

    __slots__ = ("evaluate", "win_weight")

    def __init__(
        self, evaluate: Callable[[GameState, int], float] | None, win_weight: float
    ) -> None:
        self.evaluate = evaluate
        self.win_weight = win_weight

    @classmethod
    def for_game(cls, game: str, win_weight: float = DEFAULT_WIN_WEIGHT) -> Judge:
        """The judge of a registered game, using its spec's ``evaluate`` when it has one."""
        return cls(registry.spec(game).evaluate, win_weight)

    def __call__(self, state: GameState) -> list[float]:
        if state.is_over:
            return self.final(state)
        evaluate = self.evaluate
        if evaluate is None:
            values = state.scores()
        else:
            values = [evaluate(state, seat) for seat in range(state.players)]
        return self._mix(chances(values), values)

    def final(self, state: GameState) -> list[float]:
        """The result of a finished game for every seat (see the module for the formula)."""
        players = state.players
        winners = state.side_winners()
        scores = state.side_scores()
        share = 1.0 / len(winners) if winners else 0.0
        shares = [share if side in winners else 0.0 for side in range(len(scores))]
        return self._mix(shares, scores)[:players]

    def _mix(self, wins: list[float], values: Sequence[float]) -> list[float]:
        weight = self.win_weight
        return [
            weight * win + (1.0 - weight) * (0.5 + 0.5 * lead)
            for win, lead in zip(wins, leads(values), strict=True)
        ]
