"""Saves load back equal and go on identically, trusted (``verify=False``) or verified; a
verified load refuses an edited log; replay of the history gives the same state."""

from __future__ import annotations

import json
from typing import Any

import pytest

import boardlab
from boardlab import GameState, LoadError

from .cases import GameCase
from .checks import seats
from .playing import SEEDS, Recorded, describe, follow, recorded

CONTINUATION = 40


def same_for_every_seat(loaded: GameState, state: GameState, how: str) -> None:
    where = f"{how}: {describe(state)}"
    assert loaded == state, where
    assert loaded.to_json() == state.to_json(), where
    assert loaded.decision == state.decision, where
    assert (loaded.scores(), loaded.winners()) == (state.scores(), state.winners()), where
    assert loaded.outcome() == state.outcome(), where
    for seat in seats(state):
        assert loaded.view(seat) == state.view(seat), f"view({seat}) {where}"
        assert loaded.log(seat) == state.log(seat), f"log({seat}) {where}"
        assert loaded.render(seat) == state.render(seat), f"render({seat}) {where}"


def goes_on_identically(loaded: GameState, state: GameState, game: Recorded, step: int) -> None:
    original = state.clone()
    for _ in follow(original, game.history, step + CONTINUATION):
        loaded.apply(original.history[len(loaded.history)])
        assert loaded.legal_actions() == original.legal_actions(), describe(original)
        assert loaded == original, f"the loaded game went another way: {describe(original)}"


@pytest.mark.parametrize("seed", SEEDS)
def test_a_saved_game_loads_equal_and_goes_on_identically(game_case: GameCase, seed: int) -> None:
    game = recorded(game_case.game, game_case.players, seed)
    for checkpoint in game.checkpoints:
        state = checkpoint.state
        text = state.to_json()
        assert isinstance(json.loads(text), dict), describe(state)
        loaded = boardlab.load(text)
        same_for_every_seat(loaded, state, "load")
        goes_on_identically(loaded, state, game, checkpoint.step)


@pytest.mark.parametrize("seed", SEEDS[:2])
def test_a_trusted_load_equals_a_verified_one(game_case: GameCase, seed: int) -> None:
    game = recorded(game_case.game, game_case.players, seed)
    for checkpoint in game.checkpoints:
        state = checkpoint.state
        trusted = boardlab.load(checkpoint.saved, verify=False)
        same_for_every_seat(trusted, state, "load(verify=False)")
        assert trusted == boardlab.load(checkpoint.saved), describe(state)
        goes_on_identically(trusted, state, game, checkpoint.step)


def edits(data: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The save edited in its log (an entry relabelled, retyped or dropped) or its reveals."""
    trail, revealed = json.loads(data["trail"]), data["revealed"]
    found = []
    for index in sorted({0, len(trail) // 2, len(trail) - 1}):
        seat, kind, text = trail[index][:3]
        relabelled = [seat, kind, text + " (edited)", *trail[index][3:]]
        before, after = trail[:index], trail[index + 1 :]
        for what, changed in (
            (f"entry {index} relabelled", [*before, relabelled, *after]),
            (f"entry {index} retyped", [*before, [seat, "x", *trail[index][2:]], *after]),
            (f"entry {index} dropped", before + after),
        ):
            found.append((what, {**data, "trail": json.dumps(changed, separators=(",", ":"))}))
    hidden = [step for step in range(len(data["history"])) if step not in revealed]
    if hidden:
        found.append(("a step revealed", {**data, "revealed": sorted([*revealed, hidden[0]])}))
    if revealed:
        found.append(("a reveal dropped", {**data, "revealed": revealed[1:]}))
    return found


def test_a_verified_load_refuses_an_edited_log(game_case: GameCase) -> None:
    game = recorded(game_case.game, game_case.players, SEEDS[0])
    checkpoint = game.checkpoints[len(game.checkpoints) // 2]
    data = json.loads(checkpoint.saved)
    nothing = f"nothing logged by step {checkpoint.step}: {describe(checkpoint.state)}"
    assert json.loads(data["trail"]), nothing
    for what, edited in edits(data):
        with pytest.raises(LoadError, match=r"do(es)? not match its history"):
            boardlab.load(json.dumps(edited))
        assert checkpoint.state.to_json() == checkpoint.saved, what


@pytest.mark.parametrize("seed", SEEDS)
def test_replay_of_the_history_gives_the_same_state(game_case: GameCase, seed: int) -> None:
    game = recorded(game_case.game, game_case.players, seed)
    middle = game.checkpoints[len(game.checkpoints) // 2]
    for step, state in ((middle.step, middle.state), (len(game.history), game.final)):
        replayed = boardlab.replay(
            game_case.game, game_case.players, seed, game.history[:step], **state.options
        )
        assert replayed == state, describe(state)
