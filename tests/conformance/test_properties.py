"""Property tests: any short line of play, from any seed, keeps the contract."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import boardlab
from boardlab import Action, IllegalAction

from .cases import GameCase
from .checks import (
    check_audit,
    check_decision,
    check_scores,
    check_str_round_trip,
    check_views,
    seats,
)
from .playing import describe

PREFIX = 30


@settings(
    max_examples=6,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    picks=st.lists(st.integers(min_value=0, max_value=2**16), max_size=PREFIX),
)
def test_any_short_line_of_play_keeps_the_contract(
    game_case: GameCase, seed: int, picks: list[int]
) -> None:
    state = boardlab.new(game_case.game, game_case.players, seed)
    for pick in picks:
        if state.is_over:
            break
        options = state.legal_actions()
        state.apply(options[pick % len(options)])
    where = describe(state)
    check_decision(state)
    check_audit(state)
    check_scores(state)
    check_views(state)
    assert boardlab.load(state.to_json()) == state, where
    replayed = boardlab.replay(state.game, state.players, seed, state.history, **state.options)
    assert replayed == state, where
    for seat in seats(state):
        assert state.determinize(seat, random.Random(seed)).view(seat) == state.view(seat), where
    before = state.to_json()
    try:
        state.apply(Action("no_such_action"))
    except IllegalAction:
        pass
    else:
        raise AssertionError(f"an action that is no option was applied: {where}")
    assert state.to_json() == before, where
    for action in state.legal_actions()[:3]:
        check_str_round_trip(state, action)
