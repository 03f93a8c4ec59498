"""The single-agent Gymnasium environment: Gymnasium's checker on every game, then its rules."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="the 'rl' extra (gymnasium) is not installed")

from gymnasium.utils.env_checker import check_env

import boardlab
from adapters.cases import CASES
from boardlab.adapters.gymnasium import BoardlabEnv
from boardlab.adapters.outcome import outcome
from boardlab.encoding.encodings import encodings
from boardlab.encoding.vectors import Observer, action_mask
from boardlab.engine import IllegalAction, Rng

# check_env cannot test other render modes of an environment made without gymnasium.make
EXPECTED_WARNINGS = "ignore:.*Not able to test alternative render modes"


@pytest.mark.filterwarnings(EXPECTED_WARNINGS)
@pytest.mark.parametrize(("game", "players"), CASES)
def test_gymnasium_check_env_passes_for_the_first_and_last_seat(game: str, players: int) -> None:
    for seat in sorted({0, players - 1}):
        check_env(BoardlabEnv(game, players=players, seat=seat, seed=5, render_mode="ansi"))


@pytest.mark.parametrize(("game", "players"), CASES)
def test_stable_baselines3_check_env_passes(game: str, players: int) -> None:
    """SB3's own checker (the ``baseline`` extra; skipped without it), every game and count."""
    sb3_checker = pytest.importorskip(
        "stable_baselines3.common.env_checker", reason="the 'baseline' extra is not installed"
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # SB3 warns about anything it would not train on
        sb3_checker.check_env(BoardlabEnv(game, players=players, seed=5), warn=True)


def play_episode(env: BoardlabEnv, seed: int, rng: Rng) -> tuple[float, dict, int]:
    observation, _ = env.reset(seed=seed)
    steps = 0
    while True:
        legal = np.flatnonzero(observation["action_mask"])
        assert len(legal) > 0
        observation, reward, terminated, truncated, info = env.step(
            int(legal[rng.randbelow(len(legal))])
        )
        steps += 1
        assert not truncated
        if terminated:
            return float(reward), info, steps
        assert reward == 0.0


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_the_final_reward_is_the_seats_outcome_and_the_others_are_zero(seat: int) -> None:
    env = BoardlabEnv("toy_rl", players=3, seat=seat, opponents="random")
    reward, info, _ = play_episode(env, seed=12, rng=Rng(seat))
    state = env.game_state
    assert state.is_over
    assert reward == outcome(state)[seat]
    assert info == {
        "scores": state.scores(),
        "winners": state.winners(),
        "outcome": state.outcome(),
    }


@pytest.mark.parametrize(("game", "players"), CASES)
def test_every_step_gives_the_reference_observation_and_mask_in_new_arrays(
    game: str, players: int
) -> None:
    # the environment writes the vector straight from the state, updating only what
    # changed; it must equal the normalised encoding of view(seat) at every step, and
    # arrays it gave out before must never change afterwards
    env = BoardlabEnv(game, players=players, seat=players - 1, seed=3)
    reference = Observer(env.encodings, fast=False)
    rng = Rng(3)
    obs, _ = env.reset(seed=3)
    given: list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = []
    for _ in range(120):
        state = env.game_state
        assert np.array_equal(obs["observation"], reference.vector(state, env.seat))
        assert np.array_equal(obs["action_mask"], action_mask(env.encodings, state, env.seat))
        assert np.array_equal(env.action_masks(), obs["action_mask"])
        given.append((obs["observation"], obs["observation"].copy(),
                      obs["action_mask"], obs["action_mask"].copy()))
        legal = np.flatnonzero(obs["action_mask"])
        obs, _, terminated, _, _ = env.step(int(legal[rng.randbelow(len(legal))]))
        if terminated:
            assert not obs["action_mask"].any()
            obs, _ = env.reset()
    for vector, vector_then, mask, mask_then in given:
        assert np.array_equal(vector, vector_then) and np.array_equal(mask, mask_then)


def test_the_learner_only_ever_sees_its_own_decisions() -> None:
    env = BoardlabEnv("toy_rl", players=4, seat=2, opponents=["random", "random", "random"])
    observation, _ = env.reset(seed=3)
    enc = encodings("toy_rl", 4)
    for _ in range(30):
        state = env.game_state
        assert state.to_move == 2
        assert observation["action_mask"].tolist() == enc.codec.mask(state)
        expected = enc.encoder.encode(state, 2)
        assert observation["observation"].tolist() == pytest.approx(expected)
        legal = np.flatnonzero(observation["action_mask"])
        observation, _, terminated, _, _ = env.step(int(legal[0]))
        if terminated:
            break


def test_an_episode_is_fixed_by_its_seed_and_the_learners_actions() -> None:
    first = BoardlabEnv("toy_rl", players=3, seat=1, opponents="random")
    second = BoardlabEnv("toy_rl", players=3, seat=1, opponents="random")
    assert play_episode(first, 21, Rng(4)) == play_episode(second, 21, Rng(4))
    assert first.game_state == second.game_state
    assert first.game_state.seed == 21


def test_reset_with_a_seed_deals_that_boardlab_game_before_others_move() -> None:
    env = BoardlabEnv("toy_rl", players=2, seat=0)
    env.reset(seed=30)
    assert env.game_state == boardlab.new("toy_rl", 2, 30)


def test_an_invalid_index_ends_the_episode_with_the_penalty() -> None:
    env = BoardlabEnv("toy_rl", players=2, seed=1)
    observation, _ = env.reset()
    invalid = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(invalid)
    assert (reward, terminated, truncated, info) == (-1.0, True, False, {"invalid_action": True})
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_in_raise_mode_an_invalid_index_raises_and_changes_nothing() -> None:
    env = BoardlabEnv("toy_rl", players=2, seed=1, invalid_action="raise")
    observation, _ = env.reset()
    before = env.game_state.to_json()
    with pytest.raises(IllegalAction, match="legal indices"):
        env.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))
    assert env.game_state.to_json() == before


def test_bad_arguments_are_refused_with_what_is_accepted() -> None:
    with pytest.raises(ValueError, match="seat must be"):
        BoardlabEnv("toy_rl", players=2, seat=2)
    with pytest.raises(ValueError, match="unknown agent"):
        BoardlabEnv("toy_rl", players=2, opponents="nobody")
    with pytest.raises(ValueError, match="one per other seat"):
        BoardlabEnv("toy_rl", players=3, opponents=["random"])
