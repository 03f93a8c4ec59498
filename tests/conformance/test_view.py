"""Every view has the engine's envelope around a body that follows the game's own schema."""

from __future__ import annotations

import pytest
from jsonschema.validators import validator_for

from boardlab.engine import registry

from .cases import GameCase
from .checks import body_validator, check_view, seats
from .playing import SEEDS, describe, recorded


def test_every_game_ships_a_body_schema(loadable_game: str) -> None:
    schema = registry.spec(loadable_game).body_schema
    assert schema is not None, (
        f"{loadable_game} ships no JSON Schema of its view body: add view.schema.json to "
        f"its package and GameSpec(body_schema=engine.schema.body_schema(...))"
    )
    body_validator(loadable_game)  # the schema itself is valid
    assert validator_for(dict(schema)) is not None


@pytest.mark.parametrize("seed", SEEDS[:2])
def test_every_view_keeps_the_envelope(game_case: GameCase, seed: int) -> None:
    for checkpoint in recorded(game_case.game, game_case.players, seed).checkpoints:
        state = checkpoint.state
        for seat in seats(state):
            view = check_view(state, seat)
            assert view == state.view(seat), f"view({seat}) is not stable: {describe(state)}"
        assert state.to_json() == checkpoint.saved, f"a view changed the state: {describe(state)}"
