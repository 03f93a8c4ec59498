"""The documented value formulas search averages (``boardlab.agents.values``)."""

from __future__ import annotations

import math

import pytest

from boardlab.agents.values import Judge, chances, leads

from .toy_variants import position


def test_lead_is_zero_when_level_and_rises_with_the_margin() -> None:
    assert leads([4.0, 4.0]) == [0.0, 0.0]
    ahead, behind = leads([10.0, 5.0])
    assert ahead == pytest.approx(5 / 16) and behind == pytest.approx(-5 / 16)
    assert leads([3.0, 0.0])[0] > leads([2.0, 0.0])[0]
    assert leads([-1.0, -3.0])[0] > 0 > leads([-1.0, -3.0])[1]


def test_lead_compares_each_seat_with_its_best_opponent() -> None:
    first, second, third = leads([9.0, 6.0, 1.0])
    assert first > 0 > second > third
    assert second == pytest.approx((6 - 9) / (6 + 9 + 1))
    assert leads([5.0]) == [pytest.approx(5 / 6)]


def test_chances_sharpen_the_lead_but_never_pass_ninety_percent() -> None:
    level, ahead = chances([50.0, 50.0]), chances([55.0, 50.0])
    assert level == [0.5, 0.5]
    assert ahead[0] == pytest.approx(0.5 + 0.4 * math.tanh(4 * 5 / 106))
    assert ahead[0] + ahead[1] == pytest.approx(1.0)
    assert 0.1 < chances([0.0, 1e9])[0] < chances([1e9, 0.0])[0] < 0.9


def test_final_result_mixes_win_share_and_margin() -> None:
    over = position("toy_eval", pile=0, taken=[7, 3], bonus=[0, 1])
    win, loss = Judge.for_game("toy_eval", win_weight=0.75)(over)
    lead = 3 / 12  # 7 against 4
    assert win == pytest.approx(0.75 + 0.25 * (0.5 + 0.5 * lead))
    assert loss == pytest.approx(0.25 * (0.5 - 0.5 * lead))


def test_a_shared_win_is_split() -> None:
    tied = position("toy_eval", pile=0, taken=[5, 4], bonus=[0, 1])
    assert Judge.for_game("toy_eval", win_weight=1.0)(tied) == [0.5, 0.5]


def test_before_the_end_the_evaluation_gives_the_chances() -> None:
    running = position("toy_eval", pile=9, taken=[2, 2], bonus=[3, 1], chosen=2, turn=1)
    values = [2.0 + 3, 2.0 + 1 + 2]
    expected = [
        0.9 * p + 0.1 * (0.5 + 0.5 * lead)
        for p, lead in zip(chances(values), leads(values), strict=True)
    ]
    assert Judge.for_game("toy_eval")(running) == pytest.approx(expected)


def test_a_sure_win_is_worth_more_than_any_estimated_lead() -> None:
    judge = Judge.for_game("toy_eval")
    narrow_win = judge(position("toy_eval", pile=0, taken=[5, 5], bonus=[1, 0]))[0]
    huge_lead = judge(position("toy_eval", pile=9, taken=[90, 0], bonus=[5, 0]))[0]
    assert narrow_win > huge_lead


def test_games_without_evaluation_fall_back_to_scores() -> None:
    running = position("toy", pile=9, taken=[2, 2], bonus=[3, 1], chosen=2, turn=1)
    assert Judge.for_game("toy")(running) == Judge(None, 0.9)._mix(chances([5, 3]), [5, 3])
