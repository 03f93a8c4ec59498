"""The fast observation encoders equal the reference encoders of ``view(seat)``.

For every game whose encoder has a fast path (``encoder.fast()``), at every player count:
hypothesis draws a deal and a random playout; at positions along it, for every seat and
the spectator, the vector written straight from the state must be exactly (as float32)
the reference ``encode(state, seat)``, and must not change when what the seat
cannot see is re-dealt (``state.determinize``), so it reads nothing hidden.
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numpy", reason="the 'rl' extra (numpy) is not installed")

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import boardlab
from adapters.cases import REAL_CASES
from boardlab.encoding.encodings import encodings
from boardlab.engine import GameState, Rng
from boardlab.engine.observe import state_encoder

#: Positions checked along one playout: the first at a drawn offset below STRIDE, then
#: every STRIDE-th decision while the game is young and sparser later (a tenth of the
#: decisions made so far), and the end.
STRIDE = 7


def _fast_vector(fast, size: int, state: GameState, seat: int | None) -> np.ndarray:
    out = np.zeros(size, np.float32)
    fast.encode_into(state, seat, memoryview(out))
    return out


def _check_position(enc, fast, state: GameState, players: int, rng: Rng) -> None:
    size = enc.encoder.size
    for seat in [*range(players), None]:
        reference = np.asarray(enc.encoder.encode(state, seat), np.float32)
        vector = _fast_vector(fast, size, state, seat)
        if not np.array_equal(vector, reference):
            wrong = np.flatnonzero(vector != reference)[:5]
            names = {
                int(i): next(n for n, (a, b) in enc.encoder.fields().items() if a <= i < b)
                for i in wrong
            }
            raise AssertionError(
                f"seat {seat}, decision {len(state.history)}: fast != reference at {names}: "
                f"{vector[wrong].tolist()} != {reference[wrong].tolist()}"
            )
        twin = state.determinize(seat, Rng(rng.next64()))
        assert np.array_equal(_fast_vector(fast, size, twin, seat), vector)


@pytest.mark.parametrize(("game", "players"), REAL_CASES)
def test_every_real_game_has_a_fast_encoder(game: str, players: int) -> None:
    assert state_encoder(encodings(game, players).encoder) is not None


@pytest.mark.parametrize(("game", "players"), REAL_CASES)
@settings(
    max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 2**31 - 1), start=st.integers(0, STRIDE - 1))
def test_the_fast_vector_equals_the_reference_along_random_playouts(
    game: str, players: int, seed: int, start: int
) -> None:
    enc = encodings(game, players)
    fast = state_encoder(enc.encoder)
    assert fast is not None
    state = boardlab.new(game, players, seed)
    rng = Rng(seed)
    step, check = 0, start
    while True:
        if step == check or state.is_over:
            _check_position(enc, fast, state, players, rng)
            check = step + max(STRIDE, step // 10)
        if state.is_over:
            return
        options = state.legal_actions()
        state.apply(options[rng.randbelow(len(options))])
        step += 1


def _same(got: np.ndarray, wanted: np.ndarray, enc, what: str) -> None:
    if not np.array_equal(got, wanted):
        wrong = np.flatnonzero(got != wanted)[:5]
        names = {
            int(i): next(n for n, (a, b) in enc.encoder.fields().items() if a <= i < b)
            for i in wrong
        }
        raise AssertionError(
            f"{what}: kept != fresh at {names}: {got[wrong].tolist()} != {wanted[wrong].tolist()}"
        )


@pytest.mark.parametrize(("game", "players"), REAL_CASES)
@settings(
    max_examples=2, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 2**31 - 1))
def test_derived_parts_kept_between_calls_equal_fresh_ones_after_every_decision(
    game: str, players: int, seed: int
) -> None:
    """A fast path keeps each derived part while its inputs are equal: one path per seat,
    one serving every seat in turn and one alternating between two deals must all give the
    vector of a path with no memory, after every decision of a whole playout."""
    enc = encodings(game, players)
    size = enc.encoder.size
    seats = [*range(players), None]
    own = {seat: state_encoder(enc.encoder) for seat in seats}
    shared = state_encoder(enc.encoder)  # every seat in turn
    mixed = state_encoder(enc.encoder)  # this game and another deal, alternately
    state = boardlab.new(game, players, seed)
    other = boardlab.new(game, players, seed + 1)
    rng = Rng(seed)
    step = 0
    while True:
        for seat in seats:
            fresh = _fast_vector(state_encoder(enc.encoder), size, state, seat)
            what = f"seed {seed}, decision {step}, seat {seat}"
            _same(_fast_vector(own[seat], size, state, seat), fresh, enc, f"{what}, own path")
            _same(_fast_vector(shared, size, state, seat), fresh, enc, f"{what}, shared path")
            if step % STRIDE == 0 or state.is_over:
                reference = np.asarray(enc.encoder.encode(state, seat), np.float32)
                _same(fresh, reference, enc, f"{what}, fresh vs reference")
        for live in (other, state):
            _same(
                _fast_vector(mixed, size, live, 0),
                _fast_vector(state_encoder(enc.encoder), size, live, 0),
                enc,
                "alternating deals",
            )
        if state.is_over:
            return
        for live in (state, other):
            if not live.is_over:
                options = live.legal_actions()
                live.apply(options[rng.randbelow(len(options))])
        step += 1
