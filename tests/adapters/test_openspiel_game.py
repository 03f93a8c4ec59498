"""The OpenSpiel games: OpenSpiel's own consistency test on every game, then their rules."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

pytest.importorskip("pyspiel", reason="the 'rl' extra (open_spiel) is not installed")

import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import boardlab
from adapters.cases import CASES, is_toy
from boardlab.adapters import openspiel
from boardlab.adapters.history import LogEncoder
from boardlab.adapters.outcome import outcome, utility_range, zero_sum
from boardlab.encoding.encodings import encodings
from boardlab.encoding.vectors import Observer
from boardlab.engine import Rng


def load(game: str, players: int, **params):
    openspiel.register([game])
    return pyspiel.load_game(openspiel.game_name(game), {"players": players, **params})


def random_walk(state, rng: Rng, steps: int):
    """Apply up to ``steps`` random legal actions to an OpenSpiel state."""
    for _ in range(steps):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(legal[rng.randbelow(len(legal))])
    return state


@pytest.mark.parametrize(("game", "players"), CASES)
def test_openspiel_random_sim_test_passes_with_serialization(game: str, players: int) -> None:
    """The toy game is played to its end; a real game is cut after 150 decisions to keep
    the test short (OpenSpiel checks every observation of every player at every step)."""
    if is_toy(game):
        spiel_game, sims = load(game, players, seed=5), 5
    else:
        spiel_game, sims = load(game, players, seed=5, max_game_length=150), 1
    pyspiel.random_sim_test(spiel_game, num_sims=sims, serialize=True, verbose=False)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_a_random_game_to_its_end_returns_the_outcome_within_the_declared_range(
    game: str, players: int
) -> None:
    spiel_game = load(game, players, seed=9)
    state = random_walk(spiel_game.new_initial_state(), Rng(10), spiel_game.max_game_length())
    assert state.is_terminal() and state.current_player() == pyspiel.PlayerId.TERMINAL
    board = state.boardlab_state
    assert board.is_over, "a random game hit max_game_length: the codec should declare more"
    returns = state.returns()
    assert returns == outcome(board)
    assert all(spiel_game.min_utility() <= r <= spiel_game.max_utility() for r in returns)
    if zero_sum(board):  # a solo game against an automa is not: the automa has no seat
        assert sum(returns) == pytest.approx(0.0)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_game_info_matches_the_codec_encoder_and_outcome_range(game: str, players: int) -> None:
    spiel_game = load(game, players)
    enc = encodings(game, players)
    assert spiel_game.num_players() == players
    assert spiel_game.num_distinct_actions() == enc.codec.size
    assert spiel_game.observation_tensor_size() == enc.encoder.size
    log = LogEncoder(enc.codec, players)
    assert spiel_game.information_state_tensor_size() == enc.encoder.size + log.size
    assert (spiel_game.min_utility(), spiel_game.max_utility()) == utility_range(players)
    kind = spiel_game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL


def test_the_toy_game_is_imperfect_information_because_bonuses_are_secret() -> None:
    kind = load("toy_rl", 2).get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION


@pytest.mark.parametrize(("game", "players"), CASES)
def test_the_seed_parameter_deals_the_boardlab_game_of_that_seed(game: str, players: int) -> None:
    state = load(game, players, seed=17).new_initial_state()
    assert state.boardlab_state == boardlab.new(game, players, 17)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_actions_and_tensors_come_from_the_codec_and_the_encoder(game: str, players: int) -> None:
    enc = encodings(game, players)
    state = random_walk(load(game, players, seed=2).new_initial_state(), Rng(3), 7)
    board = state.boardlab_state
    if not state.is_terminal():
        mask = enc.codec.mask(board)
        assert state.legal_actions() == [i for i, bit in enumerate(mask) if bit]
        assert state.current_player() == board.to_move
        for index in state.legal_actions():
            assert state.action_to_string(index) == str(enc.codec.decode(index, board))
    reference = Observer(enc, fast=False)  # the encoder of view(seat), normalised
    log = LogEncoder(enc.codec, players)
    for seat in range(players):
        expected = reference.vector(board, seat)
        assert np.array_equal(np.asarray(state.observation_tensor(seat), np.float32), expected)
        tensor = np.asarray(state.information_state_tensor(seat), np.float32)
        assert np.array_equal(tensor[: enc.encoder.size], expected)
        recent = np.zeros(log.size, np.float32)
        log.encode(board, seat, recent)
        assert np.array_equal(tensor[enc.encoder.size :], recent)
        assert recent[0] == 1.0  # the last entry is there: the walk made 7 decisions


def test_information_state_string_adds_own_past_actions_to_the_view() -> None:
    state = load("toy_rl", 2, seed=1).new_initial_state()
    state.apply_action(2)  # seat 0 takes 3: "chosen" is public, so both views show it
    state.apply_action(4)  # seat 0 undoes: the views are as at the start again
    fresh = load("toy_rl", 2, seed=1).new_initial_state()
    assert state.observation_string(0) == fresh.observation_string(0)
    assert state.information_state_string(0) != fresh.information_state_string(0)
    assert state.information_state_string(0).startswith("p0 own=2,4 ")


@pytest.mark.parametrize(("game", "players"), CASES)
def test_resampling_keeps_the_players_information_state(game: str, players: int) -> None:
    state = random_walk(load(game, players, seed=3).new_initial_state(), Rng(4), 9)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for seat in range(players):
        sample = state.resample_from_infostate(seat, sampler)
        assert sample.information_state_string(seat) == state.information_state_string(seat)
        assert sample.observation_tensor(seat) == state.observation_tensor(seat)
        assert sample.history() == state.history()


def test_resampling_re_deals_the_secret_bonuses_of_the_other_seats() -> None:
    """Toy bonuses are hidden from other seats: some resample must change one of them."""
    state = load("toy_rl", 3, seed=3).new_initial_state()
    real = list(state.boardlab_state.bonus)
    rng = np.random.RandomState(0)
    samples = [state.resample_from_infostate(0, rng.uniform).boardlab_state for _ in range(20)]
    assert all(sample.bonus[0] == real[0] for sample in samples)
    assert any(sample.bonus[1:] != real[1:] for sample in samples)
    assert state.boardlab_state.bonus == real


@pytest.mark.parametrize(("game", "players"), CASES)
def test_serialization_round_trips_through_boardlab_saves(game: str, players: int) -> None:
    spiel_game = load(game, players, seed=6)
    state = random_walk(spiel_game.new_initial_state(), Rng(5), 12)
    text = pyspiel.serialize_game_and_state(spiel_game, state)
    _, copy = pyspiel.deserialize_game_and_state(text)
    assert copy.boardlab_state == state.boardlab_state
    assert copy.history() == state.history()
    assert pickle.loads(pickle.dumps(state)).boardlab_state == state.boardlab_state


def test_a_clone_is_independent_and_continues_with_the_same_chance() -> None:
    state = load("toy_rl", 2, seed=8).new_initial_state()
    twin = state.clone()
    random_walk(state, Rng(1), 1000)
    assert twin.boardlab_state == boardlab.new("toy_rl", 2, 8)
    random_walk(twin, Rng(1), 1000)
    assert twin.boardlab_state == state.boardlab_state


def test_returns_are_the_outcome_at_the_end_and_zero_before() -> None:
    state = load("toy_rl", 3, seed=4).new_initial_state()
    assert state.returns() == [0.0, 0.0, 0.0]
    random_walk(state, Rng(9), 10_000)
    assert state.is_terminal()
    assert state.returns() == outcome(state.boardlab_state)


def test_a_game_longer_than_max_game_length_ends_with_every_return_zero() -> None:
    spiel_game = load("toy_rl", 2, seed=1, max_game_length=5)
    assert spiel_game.max_game_length() == 5
    state = random_walk(spiel_game.new_initial_state(), Rng(2), 100)
    assert state.is_terminal() and len(state.history()) == 5
    assert not state.boardlab_state.is_over
    assert state.returns() == [0.0, 0.0]


def test_game_options_are_openspiel_parameters() -> None:
    state = load("toy_rl", 2, pile=5).new_initial_state()
    assert state.boardlab_state.pile == 5
    with pytest.raises(ValueError, match="not one of"):
        load("toy_rl", 2, pile=6)


def test_python_ismcts_bot_plays_a_few_moves() -> None:
    spiel_game = load("toy_rl", 3, seed=2)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(spiel_game, evaluator, 2.0, 30, random_state=np.random.RandomState(1))
    state = spiel_game.new_initial_state()
    for _ in range(6):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert len(state.boardlab_state.history) == 6


def test_cpp_mcts_bot_searches_a_python_boardlab_game() -> None:
    """``mcts_search`` only: ``MCTSBot.step`` releases the GIL, which a Python game cannot take."""
    spiel_game = load("toy_rl", 2, seed=2)
    bot = pyspiel.MCTSBot(
        spiel_game, pyspiel.RandomRolloutEvaluator(1, 0), 2.0, 60, 100, False, 0, False
    )
    state = spiel_game.new_initial_state()
    root = bot.mcts_search(state)
    assert root.explore_count == 60
    assert root.best_child().action in state.legal_actions()
