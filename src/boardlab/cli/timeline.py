"""Every step of a finished or saved game, for stepping through it forwards and back."""

from __future__ import annotations

from dataclasses import dataclass

from boardlab.api import replay
from boardlab.engine import Action, GameState


@dataclass(frozen=True)
class Step:
    """One applied action: its number (from 1), who applied it and the option itself."""

    number: int
    player: int
    action: Action


class Timeline:
    """The states of a game after 0, 1, ... n actions, replayed from its seed and history.

    Each state is a clone kept in memory, so going back or jumping is instant.
    """

    def __init__(self, game: GameState, keep_states: bool = True) -> None:
        current = replay(game.game, game.players, game.seed, [], **game.options)
        self.steps: list[Step] = []
        self.states: list[GameState] = [current.clone()] if keep_states else []
        for number, action_id in enumerate(game.history, 1):
            decision = current.decision
            assert decision is not None, "a saved history never goes past the end of the game"
            action = next(option for option in decision.options if option.id == action_id)
            current.apply(action)
            self.steps.append(Step(number, decision.player, action))
            if keep_states:
                self.states.append(current.clone())
        self.final = current

    def __len__(self) -> int:
        """The number of actions in the game."""
        return len(self.steps)

    def state(self, position: int) -> GameState:
        """The state after ``position`` actions (0 is the start); needs ``keep_states``."""
        return self.states[position]

    def step(self, position: int) -> Step | None:
        """The action that led to ``position``; ``None`` at the start."""
        return self.steps[position - 1] if position > 0 else None
