"""Clones are equal and independent, earlier snapshots never change, and games are determined
by their arguments (even across processes with other hash seeds)."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import boardlab
from boardlab import GameState
from boardlab.engine import Rng, registry

from .cases import GameCase
from .checks import check_audit
from .playing import SEEDS, describe, follow, random_playout, recorded

STEPS_AHEAD = 30
TESTS_DIR = Path(__file__).resolve().parent.parent


def play_ahead(state: GameState, steps: int, seed: int) -> None:
    chooser = Rng(seed)
    for _ in range(steps):
        options = state.legal_actions()
        if not options:
            return
        state.apply(options[chooser.randbelow(len(options))])
        check_audit(state)


@pytest.mark.parametrize("seed", SEEDS)
def test_clones_are_equal_and_independent(game_case: GameCase, seed: int) -> None:
    for checkpoint in recorded(game_case.game, game_case.players, seed).unfinished():
        original = checkpoint.state.clone()
        assert original == checkpoint.state, describe(original)
        twin = original.clone()
        assert twin == original and twin.to_json() == original.to_json(), describe(original)
        before = original.to_json()
        play_ahead(twin, STEPS_AHEAD, seed)
        assert original.to_json() == before, f"playing a clone changed it: {describe(original)}"
        twin_before = twin.to_json()
        play_ahead(original, STEPS_AHEAD, seed + 1)
        assert twin.to_json() == twin_before, f"playing on changed a clone: {describe(twin)}"


@pytest.mark.parametrize("seed", SEEDS)
def test_earlier_snapshots_never_change(game_case: GameCase, seed: int) -> None:
    game = recorded(game_case.game, game_case.players, seed)
    for checkpoint in game.checkpoints:
        assert checkpoint.state.to_json() == checkpoint.saved, (
            f"a clone taken at step {checkpoint.step} changed as the game went on: "
            f"{describe(checkpoint.state)}"
        )
    for checkpoint in game.unfinished():
        state = checkpoint.state.clone()
        snapshot = state.snapshot()
        frozen = json.dumps(snapshot)
        play_ahead(state, STEPS_AHEAD, seed)
        assert json.dumps(snapshot) == frozen, (
            f"snapshot() shares mutable parts with the state: {describe(checkpoint.state)}"
        )


def test_the_same_arguments_give_the_same_game(game_case: GameCase) -> None:
    first = boardlab.new(game_case.game, game_case.players, SEEDS[0])
    second = boardlab.new(game_case.game, game_case.players, SEEDS[0])
    assert first == second and first.to_json() == second.to_json()
    history = recorded(game_case.game, game_case.players, SEEDS[0]).history
    for _ in follow(first, history):
        assert second.decision is not None, describe(first)
        second.apply(first.history[len(second.history)])
        assert second.decision == first.decision, describe(first)
    assert second == first and second.is_over, describe(first)


def test_different_seeds_deal_different_games(game_case: GameCase) -> None:
    deals = {
        json.dumps(boardlab.new(game_case.game, game_case.players, seed).snapshot())
        for seed in range(6)
    }
    assert len(deals) > 1, f"{game_case}: seeds 0 to 5 all deal the same game"


PLAY_IN_A_SUBPROCESS = """
import hashlib, sys
sys.path.insert(0, sys.argv[1])
import duel_game, toy_game
from boardlab.engine import registry
registry.register(toy_game.SPEC)
registry.register(duel_game.SPEC)
from conformance.playing import random_playout
state = random_playout(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
print(hashlib.sha256(state.to_json().encode()).hexdigest())
"""


def test_a_game_is_the_same_in_another_process(loadable_game: str) -> None:
    """Nothing depends on str hashing or object ids: other hash seeds give the same game."""
    players = registry.spec(loadable_game).max_players
    here = random_playout(loadable_game, players, SEEDS[0]).to_json()
    digests = {hashlib.sha256(here.encode()).hexdigest()}
    for hash_seed in ("1", "2", "3"):
        result = subprocess.run(
            [
                sys.executable,
                "-c",
                PLAY_IN_A_SUBPROCESS,
                str(TESTS_DIR),
                loadable_game,
                str(players),
                str(SEEDS[0]),
            ],
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            capture_output=True,
            text=True,
            check=False,
            timeout=600,
        )
        assert result.returncode == 0, result.stderr
        digests.add(result.stdout.strip())
    assert len(digests) == 1, f"{loadable_game}: the same game differs between processes"
