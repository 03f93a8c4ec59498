"""Random games played to the end keep the decision contract, audit and scores at every step."""

from __future__ import annotations

import json

import pytest

import boardlab
from boardlab import GameState
from boardlab.engine import Rng

from .cases import GameCase
from .checks import (
    check_audit,
    check_breakdown,
    check_decision,
    check_explain,
    check_log,
    check_render,
    check_scores,
    check_str_round_trip,
    check_views,
)
from .playing import MAX_STEPS, SEEDS, deciders, describe


def sampled(step: int) -> bool:
    """The steps that also get the costlier checks: the first ten, then one in twenty-five."""
    return step < 10 or step % 25 == 0


@pytest.mark.parametrize("seed", SEEDS)
def test_a_random_game_keeps_the_contract_at_every_step(game_case: GameCase, seed: int) -> None:
    state = boardlab.new(game_case.game, game_case.players, seed)
    chooser = Rng(seed)
    step = 0  # decisions posed so far (the engine's own moves are not posed)
    while True:
        check_decision(state)
        check_audit(state)
        check_scores(state)
        if sampled(step):
            check_views(state)
            check_render(state)
            check_explain(state)
            if state.decision is not None:
                json.dumps(state.decision.to_json())
        if step < 10 or step % 200 == 0:
            check_log_as_played(state)
        if state.is_over:
            break
        if step >= MAX_STEPS:
            pytest.fail(f"the game does not end: {describe(state)} after {MAX_STEPS} actions")
        options = state.legal_actions()
        action = options[chooser.randbelow(len(options))]
        if sampled(step):
            check_str_round_trip(state, action)
        played = len(state.history)
        state.apply(str(action) if step % 2 else action)
        assert state.history[played] == str(action), describe(state)
        step += 1
    check_views(state)
    check_render(state)
    check_breakdown(state)
    check_log_as_played(state)


def check_log_as_played(state: GameState) -> None:
    """``check_log`` with the seat and secrecy of every step, the engine's moves included."""
    movers, secret = deciders(state.game, state.players, state.seed, state.history)
    check_log(state, secret, movers)
