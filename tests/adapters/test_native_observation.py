"""The compiled observation encoders give exactly the normalised vector of the Python ones.

Every real game's observation runs compiled: a declared vector in the engine's kernel
(``boardlab._native.vector``), Compounded in its own C encoder, both built
when boardlab is installed, writing the normalised observation vector straight from the
state. For
every game and player count, along random playouts, after every decision and for every
seat and the spectator, its vector must equal bit for bit what ``Observer`` gives from the
Python fast encoder; and a re-dealt hidden part (``state.determinize``) must not change it.

Set ``BOARDLAB_NO_NATIVE=1`` to skip these tests where no C compiler was available at
install time (the environments then use the Python encoders).
"""

from __future__ import annotations

import os

import pytest

pytest.importorskip("numpy", reason="the 'rl' extra (numpy) is not installed")
pytest.importorskip("gymnasium", reason="the 'rl' extra (gymnasium) is not installed")

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import boardlab
from adapters.cases import REAL_CASES
from boardlab.encoding.encodings import encodings
from boardlab.encoding.vectors import Observer
from boardlab.engine import GameState, Rng

pytestmark = pytest.mark.skipif(
    os.environ.get("BOARDLAB_NO_NATIVE") == "1", reason="BOARDLAB_NO_NATIVE=1"
)


def _check(native: Observer, python: Observer, state: GameState, seat: int | None, what: str):
    got = native.vector(state, seat)
    wanted = python.vector(state, seat)
    if not np.array_equal(got, wanted):
        wrong = np.flatnonzero(got != wanted)[:5]
        fields = native.encodings.encoder.fields()
        names = {int(i): next(n for n, (a, b) in fields.items() if a <= i < b) for i in wrong}
        raise AssertionError(
            f"{what}: native != python at {names}: {got[wrong].tolist()} != "
            f"{wanted[wrong].tolist()}"
        )


@pytest.mark.parametrize(("game", "players"), REAL_CASES)
def test_every_real_game_has_a_compiled_encoder(game: str, players: int) -> None:
    observer = Observer(encodings(game, players))
    assert observer.native, f"{game}'s compiled encoder is not built (install boardlab again)"


@pytest.mark.parametrize(("game", "players"), REAL_CASES)
@settings(
    max_examples=2, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 2**31 - 1))
def test_the_compiled_vector_equals_the_python_one_after_every_decision(
    game: str, players: int, seed: int
) -> None:
    enc = encodings(game, players)
    native = Observer(enc)
    python = Observer(enc, native=False)
    assert native.native and not python.native
    state = boardlab.new(game, players, seed)
    rng = Rng(seed)
    step = 0
    while True:
        for seat in [*range(players), None]:
            what = f"seed {seed}, decision {step}, seat {seat}"
            _check(native, python, state, seat, what)
            if step % 11 == 0:
                twin = state.determinize(seat, Rng(rng.next64()))
                _check(native, python, twin, seat, f"{what}, re-dealt")
        if state.is_over:
            return
        options = state.legal_actions()
        state.apply(options[rng.randbelow(len(options))])
        step += 1


@pytest.mark.parametrize(("game", "players"), REAL_CASES[:1])
def test_the_compiled_encoder_refuses_a_wrong_buffer(game: str, players: int) -> None:
    observer = Observer(encodings(game, players))
    state = boardlab.new(game, players, 1)
    encoder = observer.native_encoder
    assert encoder is not None
    with pytest.raises(ValueError, match="float32"):
        encoder.encode(state, 0, np.zeros(observer.size + 1, np.float32))
    with pytest.raises(ValueError, match="seat"):
        encoder.encode(state, -1, np.zeros(observer.size, np.float32))


def test_the_compiled_path_switches_off_for_an_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29 item 6: ``BOARDLAB_NO_NATIVE=1`` gives an environment the Python path, with
    the same vectors."""
    from boardlab.adapters.gymnasium import BoardlabEnv

    monkeypatch.delenv("BOARDLAB_NO_NATIVE", raising=False)
    compiled = BoardlabEnv("scythe", players=2, seed=2)
    monkeypatch.setenv("BOARDLAB_NO_NATIVE", "1")
    python = BoardlabEnv("scythe", players=2, seed=2)
    assert compiled.observer.native and not python.observer.native
    a, _ = compiled.reset(seed=9)
    b, _ = python.reset(seed=9)
    for _ in range(30):
        assert np.array_equal(a["observation"], b["observation"])
        move = int(a["action_mask"].nonzero()[0][-1])
        a, *_ = compiled.step(move)
        b, *_ = python.step(move)
