"""A game that a side no seat plays can win (``toy_rl_automa``): every seat then loses, in
``outcome`` and in each adapter, and OpenSpiel declares the game general-sum."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

import boardlab
from adapters import toy_codec
from boardlab.adapters.outcome import outcome, results, utility_range, zero_sum
from boardlab.engine import GameState, Rng, registry

NAME = toy_codec.AUTOMA_NAME


@pytest.fixture(scope="module", autouse=True)
def automa_game() -> Iterator[None]:
    registry.register(toy_codec.AUTOMA_SPEC)
    yield
    registry.unregister(NAME)


def finished(players: int, automa_wins: bool) -> GameState:
    """A random game of ``toy_rl_automa`` whose automa won (or did not), by seed search."""
    for seed in range(200):
        state = boardlab.new(NAME, players, seed, pile=10)
        rng = Rng(seed)
        while not state.is_over:
            options = state.legal_actions()
            state.apply(options[rng.randbelow(len(options))])
        if ("automa" in state.outcome()["winners"]) is automa_wins:
            return state
    raise AssertionError("no such game in 200 seeds")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_win_by_other_sides_only_is_a_loss_for_every_seat(players: int) -> None:
    low, _ = utility_range(players)
    assert results(players, [], others=1) == [low] * players


def test_a_win_shared_with_the_automa_is_half_a_win() -> None:
    assert results(1, [0], others=1) == [0.0]
    assert results(1, [], others=1) == [-1.0]
    assert results(2, [0], others=1) == [0.0, -1.0]


@pytest.mark.parametrize("players", [1, 2, 3])
def test_outcome_of_a_game_the_automa_won(players: int) -> None:
    state = finished(players, automa_wins=True)
    assert state.winners() == [] or state.outcome()["winners"][-1] == "automa"
    seats = [s for s in range(players) if state.sides[s] in state.outcome()["winners"]]
    others = len(state.outcome()["winners"]) - len(seats)
    assert outcome(state) == results(players, seats, others)
    low, high = utility_range(players)
    assert all(low <= value <= high for value in outcome(state))
    if not seats:
        assert outcome(state) == [low] * players
    assert not zero_sum(state)


def test_pettingzoo_rewards_follow_the_outcome_by_side() -> None:
    pettingzoo = pytest.importorskip("boardlab.adapters.pettingzoo")
    state = finished(2, automa_wins=True)
    env = pettingzoo.raw_env(NAME, players=2, pile=10)
    env.reset(seed=state.seed)
    rng = Rng(state.seed)
    while not env.game_state.is_over:
        mask = env.observe(env.agent_selection)["action_mask"]
        legal = np.flatnonzero(mask)
        env.step(int(legal[rng.randbelow(len(legal))]))
    game = env.game_state
    assert [env.rewards[f"player_{s}"] for s in range(2)] == outcome(game)
    assert env.infos["player_0"]["outcome"] == game.outcome()


def test_openspiel_declares_a_game_with_an_automa_general_sum() -> None:
    pytest.importorskip("pyspiel", reason="the 'rl' extra (open_spiel) is not installed")
    import pyspiel

    from boardlab.adapters import openspiel

    openspiel.register([NAME, "toy_rl"])
    game = pyspiel.load_game(openspiel.game_name(NAME), {"players": 2, "pile": 10})
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    lost = finished(2, automa_wins=True)
    spiel = pyspiel.load_game(
        openspiel.game_name(NAME), {"players": 2, "pile": 10, "seed": lost.seed}
    )
    state = spiel.new_initial_state()
    rng = Rng(lost.seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[rng.randbelow(len(legal))])
    assert state.returns() == outcome(state.boardlab_state)
    plain = pyspiel.load_game(openspiel.game_name("toy_rl"), {"players": 2})
    assert plain.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
