"""Decision ids: each decision is numbered by the decisions answered before it, and
``apply(action, expect=id)`` refuses a stale id without changing anything."""

from __future__ import annotations

import pytest

import boardlab
from boardlab import IllegalAction

from .cases import GameCase
from .playing import SEEDS, describe, recorded


def test_a_decision_id_counts_the_decisions_answered(game_case: GameCase) -> None:
    game = recorded(game_case.game, game_case.players, SEEDS[0])
    state = boardlab.new(game_case.game, game_case.players, SEEDS[0])
    while len(state.history) < len(game.history):
        step = len(state.history)  # the engine's own moves count as decisions answered too
        decision = state.decision
        assert decision is not None and decision.id == step, describe(state)
        assert state.view(decision.player)["decision"]["id"] == step, describe(state)
        state.apply(game.history[step], expect=step)
    assert state.decision is None and state == game.final, describe(state)


@pytest.mark.parametrize("seed", SEEDS[:2])
def test_a_stale_decision_id_is_refused(game_case: GameCase, seed: int) -> None:
    for checkpoint in recorded(game_case.game, game_case.players, seed).checkpoints:
        state = checkpoint.state.clone()
        before = state.to_json()
        decision = state.decision
        if decision is None:
            for expect in (checkpoint.step, checkpoint.step - 1, 0):
                with pytest.raises(IllegalAction, match=r"is gone: the \w+ game is over"):
                    state.apply("pass", expect=expect)
                assert state.to_json() == before, describe(state)
            continue
        option = decision.options[-1]
        for stale in sorted({decision.id - 1, decision.id + 1, decision.id + 1000, -1}):
            for given in (option, option.id):
                with pytest.raises(IllegalAction, match=f"decision {stale} is not the pending"):
                    state.apply(given, expect=stale)
                assert state.to_json() == before, f"expect={stale} changed it: {describe(state)}"
                assert state.decision == decision, describe(state)
        expected = state.clone()
        expected.apply(option)
        state.apply(option, expect=decision.id)
        assert state == expected, describe(state)
