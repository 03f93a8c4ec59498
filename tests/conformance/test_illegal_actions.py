"""Anything that is not an option of the pending decision raises IllegalAction, changing nothing."""

from __future__ import annotations

import pytest

from boardlab import Action, IllegalAction

from .cases import GameCase
from .playing import SEEDS, describe, recorded


@pytest.mark.parametrize("seed", SEEDS[:2])
def test_illegal_input_raises_and_changes_nothing(game_case: GameCase, seed: int) -> None:
    game = recorded(game_case.game, game_case.players, seed)
    for checkpoint in game.checkpoints:
        state = checkpoint.state.clone()
        before = state.to_json()
        decision = state.decision
        if decision is None:
            for late in (game.history[-1] if game.history else "pass", "no_such_action"):
                with pytest.raises(IllegalAction, match="is over"):
                    state.apply(late)
                assert state.to_json() == before, describe(state)
            continue
        ids = {str(option) for option in decision.options}
        wrong: list[object] = ["no_such_action 99", Action("no_such_action", (99,))]
        wrong += [text for text in game.history[checkpoint.step :] if text not in ids][:1]
        first_kind = decision.options[0].kind
        if Action(first_kind, ("no_such_arg",)) not in decision.options:
            wrong.append(Action(first_kind, ("no_such_arg",)))
        for bad in wrong:
            with pytest.raises(IllegalAction) as raised:
                state.apply(bad)  # type: ignore[arg-type]
            assert repr(decision.kind) in str(raised.value), (
                f"the message does not name the decision: {raised.value}"
            )
            assert state.to_json() == before, f"{bad!r} changed the state: {describe(state)}"
            assert state.decision == decision, describe(state)
        with pytest.raises(IllegalAction):
            state.apply(42)  # type: ignore[arg-type]
        assert state.to_json() == before, describe(state)
