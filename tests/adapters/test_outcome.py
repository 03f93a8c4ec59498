"""The result every adapter reports at the end of a game (``boardlab.adapters.outcome``)."""

from __future__ import annotations

import pytest

import boardlab
from boardlab.adapters.outcome import outcome, results, utility_range
from boardlab.engine import Rng


def test_two_players_win_and_lose_one_point():
    assert results(2, [1]) == [-1.0, 1.0]


def test_two_players_sharing_the_win_draw():
    assert results(2, [0, 1]) == [0.0, 0.0]


def test_a_sole_winner_of_four_gets_one_and_the_others_share_minus_one():
    assert results(4, [2]) == pytest.approx([-1 / 3, -1 / 3, 1.0, -1 / 3])


def test_two_tied_winners_of_three_get_a_quarter_each():
    """Win share 1/2 each, centred on the 1/3 average and scaled: (3 * 0.5 - 1) / 2."""
    assert results(3, [0, 2]) == pytest.approx([0.25, -0.5, 0.25])


def test_no_winner_gives_everyone_zero():
    assert results(3, []) == [0.0, 0.0, 0.0]


def test_solo_win_is_plus_one_and_loss_minus_one():
    assert results(1, [0]) == [1.0]
    assert results(1, []) == [-1.0]


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_results_stay_within_the_declared_utility_range_and_sum_to_zero(players):
    low, high = utility_range(players)
    for winners in ([], [0], [0, players - 1], list(range(players))):
        values = results(players, sorted(set(winners)))
        assert all(low <= v <= high for v in values)
        if players > 1:
            assert sum(values) == pytest.approx(0.0)


def test_outcome_reads_the_winners_of_a_finished_game():
    state = boardlab.new("toy_rl", 3, seed=5)
    rng = Rng(1)
    while not state.is_over:
        options = state.legal_actions()
        state.apply(options[rng.randbelow(len(options))])
    assert outcome(state) == results(3, state.winners())
    assert max(outcome(state)) > 0


def test_outcome_of_a_running_game_is_refused():
    with pytest.raises(ValueError, match="not over"):
        outcome(boardlab.new("toy_rl", 2, seed=1))
