"""The codec and encoder contract (``boardlab/adapters/README.md``) over random playouts."""

from __future__ import annotations

import math
from collections.abc import Iterator

import pytest
import toy_game

import boardlab
from adapters.cases import CASES, is_toy
from boardlab.encoding.encodings import Encodings, encodings
from boardlab.engine import GameState, Rng, registry

SEEDS = (1, 2)


def playout(game: str, players: int, seed: int) -> Iterator[GameState]:
    """Every state of one random game (the toy to its end, a real game for 150 decisions)."""
    limit = 10_000 if is_toy(game) else 150
    state = boardlab.new(game, players, seed)
    rng = Rng(seed + 99)
    for _ in range(limit):
        yield state
        if state.is_over:
            return
        options = state.legal_actions()
        state.apply(options[rng.randbelow(len(options))])


@pytest.mark.parametrize(("game", "players"), CASES)
def test_every_legal_action_round_trips_and_the_mask_marks_exactly_the_legal_ones(
    game: str, players: int
) -> None:
    enc = encodings(game, players)
    codec = enc.codec
    index_of: dict[str, int] = {}
    for seed in SEEDS:
        for state in playout(game, players, seed):
            options = state.legal_actions()
            mask = codec.mask(state)
            assert len(mask) == codec.size and set(mask) <= {0, 1}
            indices = [codec.encode(action) for action in options]
            assert all(0 <= index < codec.size for index in indices)
            assert len(set(indices)) == len(options), "two options of one decision share an index"
            assert [i for i, bit in enumerate(mask) if bit] == sorted(indices)
            for action, index in zip(options, indices, strict=True):
                assert index_of.setdefault(action.id, index) == index, (
                    f"{action.id} changed index between states"
                )
                decoded = codec.decode(index, state)
                assert decoded == action and decoded.id == action.id
            unused = [i for i, bit in enumerate(mask) if not bit]
            if unused:
                with pytest.raises(ValueError):
                    codec.decode(unused[0], state)
            if state.is_over:
                assert not any(mask)
    assert index_of, "the playouts saw no action"


@pytest.mark.parametrize(("game", "players"), CASES)
def test_decoding_and_masking_leave_the_state_unchanged(game: str, players: int) -> None:
    enc = encodings(game, players)
    for state in playout(game, players, seed=3):
        if len(state.history) > 20 or state.is_over:
            break
        before = state.to_json()
        enc.codec.mask(state)
        enc.codec.decode(enc.codec.encode(state.legal_actions()[0]), state)
        assert state.to_json() == before


def _check_vector(enc: Encodings, vector: list[float]) -> None:
    assert len(vector) == enc.encoder.size
    assert all(isinstance(x, int | float) and math.isfinite(x) for x in vector)
    low = getattr(enc.encoder, "low", -math.inf)
    high = getattr(enc.encoder, "high", math.inf)
    lows = low if isinstance(low, list | tuple) else [low] * len(vector)
    highs = high if isinstance(high, list | tuple) else [high] * len(vector)
    assert all(lo <= x <= hi for lo, x, hi in zip(lows, vector, highs, strict=True))


@pytest.mark.parametrize(("game", "players"), CASES)
def test_observations_have_a_fixed_length_and_ignore_resampled_hidden_information(
    game: str, players: int
) -> None:
    enc = encodings(game, players)
    resampler = Rng(7)
    for seed in SEEDS:
        for state in playout(game, players, seed):
            for seat in [*range(players), None]:
                vector = enc.encoder.encode(state, seat)
                _check_vector(enc, vector)
                twin = state.determinize(seat, Rng(resampler.next64()))
                assert enc.encoder.encode(twin, seat) == vector


def test_toy_encoder_shows_a_seats_own_bonus_and_no_other():
    """The toy bonus is secret: the encoding of seat 0 changes with its own bonus only."""
    enc = encodings("toy_rl", 3)
    state = boardlab.new("toy_rl", 3, seed=4)
    start, stop = enc.encoder.fields()["own_bonus"]
    vector = enc.encoder.encode(state, 0)
    assert vector[start:stop].index(1.0) == state.bonus[0]
    assert sum(vector[start:stop]) == 1.0
    spectator = enc.encoder.encode(state, None)
    assert sum(spectator[start:stop]) == 0.0


@pytest.mark.parametrize(("game", "players"), CASES)
def test_encoder_fields_tile_the_vector(game: str, players: int) -> None:
    enc = encodings(game, players)
    ranges = sorted(enc.encoder.fields().values())
    assert ranges, "the encoder names no field"
    position = 0
    for start, stop in ranges:
        assert start == position and stop > start, f"fields leave a gap or overlap at {start}"
        position = stop
    assert position == enc.encoder.size


def test_a_game_without_encodings_is_refused_with_a_clear_message():
    registered_before = toy_game.SPEC.name in registry.names()
    if not registered_before:
        registry.register(toy_game.SPEC)
    try:
        with pytest.raises(ValueError, match="no action codec"):
            encodings(toy_game.SPEC.name, 2)
    finally:
        if not registered_before:
            registry.unregister(toy_game.SPEC.name)
