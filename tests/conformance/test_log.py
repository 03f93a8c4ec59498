"""``log(seat)``: what each seat knows of the game so far, the same after determinize and load."""

from __future__ import annotations

import random

import pytest

import boardlab

from .cases import GameCase
from .checks import check_log, seats
from .playing import SEEDS, describe, follow, recorded


@pytest.mark.parametrize("seed", SEEDS[:2])
def test_each_seat_reads_what_it_knows(game_case: GameCase, seed: int) -> None:
    game = recorded(game_case.game, game_case.players, seed)
    for checkpoint in game.checkpoints:
        check_log(checkpoint.state, game.secret, game.movers)


@pytest.mark.parametrize("seed", SEEDS[:2])
def test_a_log_survives_determinize_and_load(game_case: GameCase, seed: int) -> None:
    for checkpoint in recorded(game_case.game, game_case.players, seed).checkpoints:
        state = checkpoint.state
        trusted = boardlab.load(checkpoint.saved, verify=False)
        verified = boardlab.load(checkpoint.saved)
        for seat in seats(state):
            log = state.log(seat)
            for k in range(2):
                twin = state.determinize(seat, random.Random(k))
                assert twin.log(seat) == log, f"determinize({seat}): {describe(state)}"
            assert trusted.log(seat) == log, f"load(verify=False): {describe(state)}"
            assert verified.log(seat) == log, f"load: {describe(state)}"


def test_a_log_only_grows_and_reveals(game_case: GameCase) -> None:
    """Playing on appends entries; an earlier entry changes only when its secret is revealed."""
    game = recorded(game_case.game, game_case.players, SEEDS[0])
    state = boardlab.new(game_case.game, game_case.players, SEEDS[0])
    logs = {seat: state.log(seat) for seat in seats(state)}
    stride = max(1, len(game.history) // 40)
    for step in follow(state, game.history):
        if step % stride and step != len(game.history):
            continue
        for seat, known in logs.items():
            current = state.log(seat)
            assert state.log(seat, len(known)) == current[len(known) :], describe(state)
            for old, new in zip(known, current, strict=False):
                if old != new:
                    same = {key: old[key] for key in ("n", "seat", "kind")} == {
                        key: new[key] for key in ("n", "seat", "kind")
                    }
                    assert same and old["id"] is None and new["id"] is not None, (
                        f"log({seat}) entry {old} became {new}: {describe(state)}"
                    )
            logs[seat] = current
