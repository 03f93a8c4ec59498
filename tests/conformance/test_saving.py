"""Saves load back equal and go on identically; replay of the history gives the same state."""

from __future__ import annotations

import json

import pytest

import boardlab

from .cases import GameCase
from .checks import seats
from .playing import SEEDS, describe, recorded

CONTINUATION = 40


@pytest.mark.parametrize("seed", SEEDS)
def test_a_saved_game_loads_equal_and_goes_on_identically(game_case: GameCase, seed: int) -> None:
    game = recorded(game_case.game, game_case.players, seed)
    for checkpoint in game.checkpoints:
        state = checkpoint.state
        where = describe(state)
        text = state.to_json()
        assert isinstance(json.loads(text), dict), where
        loaded = boardlab.load(text)
        assert loaded == state, where
        assert loaded.to_json() == text, where
        assert loaded.decision == state.decision, where
        assert (loaded.scores(), loaded.winners()) == (state.scores(), state.winners()), where
        for seat in seats(state):
            assert loaded.view(seat) == state.view(seat), f"view({seat}): {where}"
            assert loaded.render(seat) == state.render(seat), f"render({seat}): {where}"
        original = state.clone()
        for action in game.history[checkpoint.step : checkpoint.step + CONTINUATION]:
            original.apply(action)
            loaded.apply(action)
            assert loaded.legal_actions() == original.legal_actions(), describe(original)
            assert loaded == original, f"the loaded game went another way: {describe(original)}"


@pytest.mark.parametrize("seed", SEEDS)
def test_replay_of_the_history_gives_the_same_state(game_case: GameCase, seed: int) -> None:
    game = recorded(game_case.game, game_case.players, seed)
    middle = game.checkpoints[len(game.checkpoints) // 2]
    for step, state in ((middle.step, middle.state), (len(game.history), game.final)):
        replayed = boardlab.replay(
            game_case.game, game_case.players, seed, game.history[:step], **state.options
        )
        assert replayed == state, describe(state)
