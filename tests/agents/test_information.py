"""Agents decide on what their seat can see: re-sampling what it cannot changes nothing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from boardlab import agents
from boardlab.engine import GameState, Rng

from .hidden import same_choice_when_hidden_information_is_resampled
from .play import play_game
from .toy_variants import position

SPECS = (
    "random",
    "greedy",
    "greedy:samples=3",
    "mcts:iterations=80",
    "mcts:iterations=40,rollout=greedy,depth=4",
    "mcts:iterations=60,depth=0",
    "mcts:iterations=40,depth=0,prior=3",
)


def played(game: str, seed: int, steps: int) -> GameState:
    """A game after ``steps`` random actions, moved on to a decision with a real choice."""
    state = position(game, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        options = state.legal_actions()
        state.apply(options[rng.randbelow(len(options))])
    while len(state.legal_actions()) == 1:
        state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("game", ["toy", "toy_eval"])
def test_choices_ignore_the_other_seats_secret_bonus(game: str) -> None:
    differed = 0
    for seed, steps in ((1, 0), (2, 5), (3, 9)):
        differed += same_choice_when_hidden_information_is_resampled(
            played(game, seed, steps), SPECS, range(2)
        )
    assert differed >= 3  # the secrets really changed, or the test proves nothing


@pytest.mark.parametrize("spec", ["greedy:samples=2", "mcts:iterations=40,rollout=greedy"])
def test_agents_only_determinize_the_real_state(spec: str) -> None:
    """toy_sealed raises if an agent clones, scores or evaluates the real state."""
    state = position("toy_sealed", seed=4, pile=10, taken=[2, 3]).seal()
    bot = agents.from_spec(spec, seed=2)
    for _ in range(6):
        state.apply(bot.choose(state))
    assert state.determinized > 0


def test_a_game_replays_identically_under_another_hash_seed() -> None:
    """Same seed and budget give the same game in a fresh interpreter with other string
    hashing, so no choice depends on set or hash order."""
    specs = ["mcts:iterations=30", "greedy"]
    here = play_game("toy_eval", specs, seed=21).history
    tests_dir = Path(__file__).resolve().parents[1]
    script = (
        "import sys; sys.path.insert(0, sys.argv[1])\n"
        "from boardlab.engine import registry\n"
        "from agents import toy_variants\n"
        "from agents.play import play_game\n"
        "registry.register(toy_variants.EVAL_SPEC)\n"
        f"print(' | '.join(play_game('toy_eval', {specs!r}, seed=21).history))\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    result = subprocess.run(
        [sys.executable, "-c", script, str(tests_dir)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        timeout=120,
    )
    assert result.stdout.strip().split(" | ") == here
