"""Issue 31 items 1 and 4: marks, the option preferred and hints on constructed positions."""

from __future__ import annotations

import pytest

from boardlab.analysis import hints, judge, mark, win_chance
from boardlab.analysis.calibration import curve_of
from boardlab.analysis.chances import Setting
from boardlab.analysis.review import review

from .positions import duel_last_bonus, toy_confirm


@pytest.mark.parametrize(
    ("loss", "expected"),
    [(0.0, None), (0.099, None), (0.10, "inaccuracy"), (0.2, "mistake"), (0.31, "blunder")],
)
def test_marks_follow_the_issue_scale_of_10_20_30_points(loss: float, expected: str) -> None:
    assert mark(loss) == expected


def test_a_last_round_choice_that_gives_away_the_win_is_a_blunder() -> None:
    """Duel: seat 0 trails seat 1 by 2 points; the 3-point token wins, the 1-point one loses."""
    state = duel_last_bonus(points=(10, 12, 5))
    assert [option.id for option in state.legal_actions()] == ["bonus 1", "bonus 3"]
    judged = review(0, state, "bonus 1", Setting(), curve_of("duel"))
    assert (judged.best, judged.best_win, judged.win_after) == ("bonus 3", 1.0, 0.0)
    assert (judged.loss, judged.mark) == (1.0, "blunder")
    assert 0.0 < judged.win_before < 1.0


def test_taking_the_sure_win_is_not_marked() -> None:
    state = toy_confirm(taken=(4, 7), bonus=(5, 2))
    judged = review(0, state, "confirm", Setting(), curve_of("toy"))
    assert (judged.best, judged.loss, judged.mark) == ("confirm", 0.0, None)


def test_a_move_that_loses_at_once_keeps_no_chance() -> None:
    """Confirming ends the game 3 to at least 5: lost whatever the hidden bonus."""
    state = toy_confirm(taken=(0, 4), bonus=(0, 3))
    judged = judge(state)
    assert judged.after["confirm"] == 0.0
    assert judged.after["undo"] > 0.0
    assert judged.best() == ("undo", judged.after["undo"])


def test_hints_rank_the_winning_option_first_with_its_chance() -> None:
    state = toy_confirm(taken=(4, 7), bonus=(5, 2))
    found = hints(state, 0, k=3)
    assert [hint.option for hint in found] == ["confirm", "undo"]  # only two options
    assert found[0].chance == 1.0
    assert found[0].chance > found[1].chance


def test_hints_refuse_a_seat_that_is_not_to_move() -> None:
    with pytest.raises(ValueError, match="no decision"):
        hints(toy_confirm(taken=(4, 7), bonus=(5, 2)), 1)


def test_a_finished_game_is_won_or_lost_for_sure() -> None:
    state = toy_confirm(taken=(4, 7), bonus=(5, 2))
    state.apply("confirm")
    assert (win_chance(state, 0), win_chance(state, 1)) == (1.0, 0.0)


def test_a_short_search_also_finds_the_winning_token() -> None:
    """``seconds > 0``: the search's values go through the same curve as the quick ones."""
    state = duel_last_bonus(points=(10, 12, 5))
    judged = judge(state, Setting(seconds=0.3))
    assert judged.best()[0] == "bonus 3"
    assert judged.after["bonus 3"] > 0.9 > 0.1 > judged.after["bonus 1"]
    assert all(0.0 <= chance <= 1.0 for chance in judged.after.values())
