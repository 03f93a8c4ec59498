"""The PettingZoo AEC environment: PettingZoo's own API tests on every game, then its rules."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the 'rl' extra (pettingzoo) is not installed")

from pettingzoo.test import api_test, seed_test
from pettingzoo.test.parallel_test import parallel_api_test

import boardlab
from adapters.cases import CASES, is_toy
from boardlab.adapters import pettingzoo as pz
from boardlab.adapters.outcome import outcome
from boardlab.encoding.encodings import encodings
from boardlab.encoding.vectors import Observer
from boardlab.engine import IllegalAction, Rng

# PettingZoo warns about any Dict observation unless the environment is one of its own
EXPECTED_WARNINGS = [
    "ignore:Observation is not a NumPy array:UserWarning",
    "ignore:Observation space for each agent probably should be:UserWarning",
]


def cycles(game: str) -> int:
    return 300 if is_toy(game) else 40


@pytest.mark.filterwarnings(*EXPECTED_WARNINGS)
@pytest.mark.parametrize(("game", "players"), CASES)
def test_pettingzoo_api_test_passes(game: str, players: int) -> None:
    api_test(pz.env(game, players=players, seed=3), num_cycles=cycles(game))


@pytest.mark.parametrize(("game", "players"), CASES)
def test_pettingzoo_seed_test_passes(game: str, players: int) -> None:
    seed_test(lambda: pz.env(game, players=players), num_cycles=cycles(game))


@pytest.mark.filterwarnings(*EXPECTED_WARNINGS)
@pytest.mark.parametrize(("game", "players"), CASES)
def test_turn_based_parallel_env_passes_parallel_api_test(game: str, players: int) -> None:
    parallel_api_test(pz.parallel_env(game, players=players, seed=4), num_cycles=cycles(game))


def play_masked(env, rng: Rng, limit: int = 100_000) -> dict[str, float]:
    """Play random legal actions to the end; the total reward each agent received."""
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for _ in range(limit):
        if not env.agents:
            break
        agent = env.agent_selection
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(legal[rng.randbelow(len(legal))]))
        for name, reward in env.rewards.items():
            totals[name] += reward
        assert agent in totals
    return totals


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rewards_of_an_episode_sum_to_each_seats_outcome(players: int) -> None:
    env = pz.env("toy_rl", players=players)
    env.reset(seed=8)
    state = env.unwrapped.game_state
    totals = play_masked(env, Rng(2))
    assert state.is_over
    assert [totals[f"player_{seat}"] for seat in range(players)] == outcome(state)
    assert max(totals.values()) > 0


def test_max_cycles_truncates_before_any_agent_makes_more_decisions() -> None:
    """max_cycles=3: each toy turn is take + confirm, so player_0's fourth decision is cut."""
    env = pz.env("toy_rl", players=2, max_cycles=3)
    env.reset(seed=1)
    counts = dict.fromkeys(env.possible_agents, 0)
    while env.agents:
        agent = env.agent_selection
        observation, _, terminated, truncated, _ = env.last()
        counts[agent] += 1
        if terminated or truncated:
            assert truncated and not terminated
            env.step(None)
            continue
        legal = [i for i, bit in enumerate(observation["action_mask"]) if bit]
        # take 1 then confirm: the undo option would make turns longer
        env.step(0 if 0 in legal else 3)
    assert env.unwrapped.decisions == [3, 2]
    assert counts == {"player_0": 4, "player_1": 3}
    assert not env.unwrapped.game_state.is_over


@pytest.mark.parametrize(("game", "players"), CASES)
def test_reset_with_a_seed_deals_the_boardlab_game_of_that_seed(game: str, players: int) -> None:
    env = pz.env(game, players=players)
    env.reset(seed=11)
    assert env.unwrapped.game_state == boardlab.new(game, players, 11)


def test_unseeded_resets_repeat_after_the_same_seeded_reset() -> None:
    first, second = pz.env("toy_rl", players=2), pz.env("toy_rl", players=2)
    for env in (first, second):
        env.reset(seed=5)
        env.reset()
        env.reset()
    assert first.unwrapped.game_state == second.unwrapped.game_state
    assert first.unwrapped.game_state.seed != 5


def test_the_constructor_seed_deals_the_first_unseeded_reset() -> None:
    env = pz.env("toy_rl", players=3, seed=9)
    env.reset()
    assert env.unwrapped.game_state == boardlab.new("toy_rl", 3, 9)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_each_agent_observes_its_own_view_and_only_the_mover_has_a_mask(
    game: str, players: int
) -> None:
    env = pz.env(game, players=players, seed=2)
    env.reset()
    enc = encodings(game, players)
    state = env.unwrapped.game_state
    for seat, agent in enumerate(env.possible_agents):
        observation = env.observe(agent)
        expected = Observer(enc, fast=False).vector(state, seat)  # encoder of view(seat)
        assert np.array_equal(observation["observation"], expected)
        if seat == state.to_move:
            assert observation["action_mask"].tolist() == enc.codec.mask(state)
            assert env.agent_selection == agent
        else:
            assert not observation["action_mask"].any()


def _illegal_index(env) -> int:
    mask = env.observe(env.agent_selection)["action_mask"]
    return int(np.flatnonzero(mask == 0)[0])


def test_an_illegal_index_ends_the_episode_with_a_penalty_for_its_agent() -> None:
    env = pz.env("toy_rl", players=3, seed=1)
    env.reset()
    mover = env.agent_selection
    env.step(_illegal_index(env))
    assert env.rewards == {a: (-1.0 if a == mover else 0.0) for a in env.possible_agents}
    assert all(env.terminations.values())
    assert env.infos[mover] == {"illegal_action": mover}


def test_in_raise_mode_an_illegal_index_raises_and_changes_nothing() -> None:
    env = pz.env("toy_rl", players=2, seed=1, illegal_action="raise")
    env.reset()
    before = env.unwrapped.game_state.to_json()
    with pytest.raises(IllegalAction, match="legal indices"):
        env.step(_illegal_index(env))
    assert env.unwrapped.game_state.to_json() == before
    assert not any(env.terminations.values())


def test_ansi_render_is_the_games_text_picture() -> None:
    env = pz.env("toy_rl", players=2, seed=1, render_mode="ansi")
    env.reset()
    assert env.render() == env.unwrapped.game_state.render(None)


def test_bad_arguments_are_refused_with_what_is_accepted() -> None:
    with pytest.raises(ValueError, match="2 to 4 players"):
        pz.env("toy_rl", players=7)
    with pytest.raises(ValueError, match="accepted options: pile"):
        pz.env("toy_rl", players=2, colour="red")
    with pytest.raises(ValueError, match="illegal_action"):
        pz.env("toy_rl", players=2, illegal_action="ignore")
