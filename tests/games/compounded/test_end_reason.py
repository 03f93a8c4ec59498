"""Why the game ended, in words (issue 27, item 5): each end condition of C-14.1 named."""

from __future__ import annotations

from .helpers import new_game, quiet_field, set_level, start_at


def table():
    s = new_game(3, seed=41)
    quiet_field(s)
    return s


def test_no_reason_while_the_game_is_played():
    assert table().end_reason() == ""


def test_three_maxed_experiments_name_the_scientist_C_14_1_B():
    s = table()
    for track, level in (("discovery", 5), ("research", 5), ("lab", 4)):
        set_level(s, 1, track, level)
    start_at(s, "lab")
    assert s.is_over
    assert s.end_reason() == (
        "The game ended after round 1: P2 has 3 experiments at their top level.")


def test_fifty_points_and_the_round_cap_are_both_told_C_14_1_A_A34():
    s = table()
    s.round = 50
    s.ap[2] = 51
    start_at(s, "lab")
    reason = s.end_reason()
    assert s.is_over and reason.startswith("The game ended after round 50: ")
    assert "P3 reached 50 atomic points" in reason
    assert "round 50 is the last round the game allows" in reason


def test_an_empty_deck_is_told_C_14_1_C():
    s = table()
    s.deck_ran_out = 1
    start_at(s, "lab")
    assert s.is_over and "the deck ran out" in s.end_reason()
