"""A finished game's history read back step by step, the engine's own moves included.

The history holds the moves the engine played itself (decisions with a single option,
issue 27 item 3); re-applying it id by id from the setup, as replays do, shows each one.
"""

from __future__ import annotations

from typing import NamedTuple

from boardlab import GameState


class Step(NamedTuple):
    """One id of a history: the seat whose decision it answered, and whether that decision
    had this single option (the engine played it)."""

    seat: int
    forced: bool


def steps(game: GameState) -> list[Step]:
    """Every step of ``game.history``, in order."""
    state = type(game).unsettled(game.players, game.seed, game.options)
    found = []
    for action in game.history:
        decision = state.decision
        assert decision is not None, "the history goes on after the end of the game"
        found.append(Step(decision.player, len(decision.options) == 1))
        state.apply_raw(action)
    return found


def forced_steps(game: GameState) -> list[int]:
    """The indexes of ``game.history`` that the engine played itself."""
    return [index for index, step in enumerate(steps(game)) if step.forced]
