"""The greedy agent: one decision of lookahead on the game's evaluation function."""

from __future__ import annotations

from typing import Any

from boardlab.agents.params import number, reject_unknown
from boardlab.agents.repetition import RepetitionGuard
from boardlab.agents.values import Judge
from boardlab.agents.worlds import sample_world
from boardlab.engine import Action, GameState, Rng


class GreedyAgent:
    """Plays the option whose result the game's evaluation likes best for the deciding seat.

    Each option is applied to the same ``samples`` determinizations of what the seat can
    see and valued with ``Judge`` (the seat's evaluation against the best opponent's, or
    the final result when the option ends the game); ties go to the agent's own generator.
    At a position it has decided in before, only the options it chose least often there
    are considered (``RepetitionGuard``), so ``take``/``undo`` cycles end.
    ``last_evaluations`` counts the positions valued in the last decision.

    >>> make("greedy", seed=3, samples=4).choose(state)
    """

    name = "greedy"
    PARAMS = ("samples",)

    def __init__(self, seed: int = 0, samples: int = 1, **unknown: Any) -> None:
        reject_unknown(self.name, unknown, self.PARAMS)
        self.samples = number(self.name, "samples", samples, 1, integer=True)
        self.rng = Rng(seed)
        self.last_evaluations = 0
        self.guard = RepetitionGuard()

    def choose(self, state: GameState) -> Action:
        decision = state.decision
        if decision is None:
            raise ValueError("the game is over: there is nothing to choose")
        self.last_evaluations = 0
        if len(decision.options) == 1:
            return decision.options[0]
        seat = decision.player
        position, options = self.guard.least_tried(state, seat)
        chosen = options[0] if len(options) == 1 else self._best(state, seat, options)
        self.guard.record(position, chosen)
        return chosen

    def _best(self, state: GameState, seat: int, options: tuple[Action, ...]) -> Action:
        judge = Judge.for_game(state.game)
        rng = self.rng
        worlds = [sample_world(state, seat, rng) for _ in range(self.samples)]
        best: list[Action] = []
        best_value = float("-inf")
        for option in options:
            value = 0.0
            for world in worlds:
                after = world.clone()
                after.apply_unchecked(option)
                value += judge(after)[seat]
            if value > best_value:
                best, best_value = [option], value
            elif value == best_value:
                best.append(option)
        self.last_evaluations = len(options) * len(worlds)
        return best[rng.randbelow(len(best))] if len(best) > 1 else best[0]
