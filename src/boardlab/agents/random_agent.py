"""The uniform random agent."""

from __future__ import annotations

from typing import Any

from boardlab.engine import Action, GameState, Rng


class RandomAgent:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0, **params: Any) -> None:
        if params:
            raise ValueError(f"agent 'random' takes no parameters, got {', '.join(params)}")
        self.rng = Rng(seed)

    def choose(self, state: GameState) -> Action:
        options = state.decision.options if state.decision is not None else ()
        if not options:
            raise ValueError("the game is over: there is nothing to choose")
        return options[self.rng.randbelow(len(options))]
