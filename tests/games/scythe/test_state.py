"""The state's copies: clone, snapshot and restore (engine contract, "Copying, saving")."""

from __future__ import annotations

import json
from typing import Any

import pytest

from boardlab.games.scythe.state import ScytheState
from boardlab.games.scythe.tables import COMBAT_VALUES, N_VALUES

from .helpers import at, new

#: Fields that hold tuples: fixed after setup or replaced on change, shared by clones.
SHARED = {"faction", "mat", "order", "combat_deck", "objective_deck", "encounter_deck",
          "factory_offer", "riverwalk"}


def game_fields() -> list[str]:
    return [name for name in ScytheState.__slots__ if not name.startswith("_")]


def played_a_little(players: int) -> ScytheState:
    """A dealt game with fields moved as play would move them (no turn rules exist yet)."""
    state = new(players, seed=3)
    state.units[3] = at("r4c3")
    state.resources[at("r3c3") * 4 + 1] = 2
    state.coins[0] += 5
    state.hand[N_VALUES + 2] += 1
    state.star_goals[1] = 0b1000001
    state.combat_stars[0] = 1
    state.encounter_tokens &= ~(1 << at("r1c3"))
    state.combat_deck = state.combat_deck[:-1]
    state.stack = [("turn", 0), ("move", 0, (1, 2), -1, "carry")]
    state.turn = 7
    return state


@pytest.mark.parametrize("players", [2, 5])
def test_clone_is_equal_and_every_mutable_field_is_its_own(players: int) -> None:
    """A clone equals its original; every list is a new list, only tuples are shared."""
    state = played_a_little(players)
    twin = state.clone()
    assert isinstance(twin, ScytheState)
    assert twin == state and twin.snapshot() == state.snapshot()
    for name in game_fields():
        mine, theirs = getattr(state, name), getattr(twin, name)
        assert mine == theirs, name
        if isinstance(mine, list):
            assert mine is not theirs, f"{name} is shared by the clone"
        else:
            assert isinstance(mine, int | tuple), name
    assert twin.stack == state.stack and twin.stack is not state.stack


def test_clone_is_independent_both_ways() -> None:
    """Contract, copying: changing a clone never changes its original, nor the reverse."""
    state = played_a_little(3)
    twin = state.clone()
    assert isinstance(twin, ScytheState)
    twin.units[0] = at("r5c5")
    twin.coins[1] += 3
    twin.resources[0] = 9
    twin.objective_deck = twin.objective_deck[:-1]
    twin.stack.append(("extra", 1))
    assert state.units[0] != at("r5c5") and state.resources[0] == 0
    assert state != twin
    state.power[2] = 16
    assert twin.power[2] != 16


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_snapshot_is_json_and_restore_is_its_exact_inverse(players: int) -> None:
    """``restore(snapshot())`` rebuilds every field, frames as tuples (nested too), the
    derived Riverwalk masks from the options; JSON in between changes nothing."""
    state = played_a_little(players)
    data = json.loads(json.dumps(state.snapshot()))
    bare = ScytheState._bare(state.players, state.seed, state.options, list(state.history),
                             state.rng.clone())
    assert isinstance(bare, ScytheState)
    bare.restore(data)
    assert bare == state
    for name in game_fields():
        assert getattr(bare, name) == getattr(state, name), name
        assert type(getattr(bare, name)) is type(getattr(state, name)), name
    assert bare.stack == [("turn", 0), ("move", 0, (1, 2), -1, "carry")]


def test_snapshot_does_not_alias_the_state() -> None:
    """A snapshot taken earlier never changes as the state goes on, and the reverse."""
    state = played_a_little(2)
    data = state.snapshot()
    kept = json.dumps(data)
    state.units[0] = at("r2c2")
    state.coins[0] = 99
    state.stack.append(("later", 0))
    assert json.dumps(data) == kept
    data["coins"][1] = 50
    assert state.coins[1] != 50


def test_save_data_round_trip_through_a_trusted_restore() -> None:
    """Contract v2: the save's snapshot restores an equal state without a replay."""
    state = played_a_little(4)
    state.stack = []  # no frame rules exist yet to re-pose a decision from
    save: dict[str, Any] = json.loads(state.to_json())
    restored = ScytheState.restored(
        save["players"], save["seed"], save["options"], save["history"], save["rng"],
        save["state"], save["trail"], save["log_entries"], save["revealed"],
    )
    assert restored == state
    assert restored.to_json() == state.to_json()


def test_stars_and_hand_size_helpers() -> None:
    """S-13: stars placed = once-only goals + combat stars + objective stars; S-17: the
    number of combat cards held is public."""
    state = played_a_little(2)
    assert state.stars(1) == 2 and state.stars(0) == 1
    assert state.hand_size(1) == sum(state.hand[N_VALUES : 2 * N_VALUES])
    assert len(COMBAT_VALUES) == N_VALUES
