"""Game end (C-14.1, A22, A34), final scoring (C-14.2, A23), winners (C-14.3, A30)."""

from __future__ import annotations

from boardlab.games.compounded.scoring import end_conditions

from .helpers import (
    claim_for,
    complete_ext,
    fill,
    new_game,
    pos_of,
    put_wild,
    quiet_field,
    set_card,
    set_level,
    set_storage,
    start_at,
)


def table(players=3, seed=41, lead=0):
    s = new_game(players, seed=seed)
    s.lead = lead
    quiet_field(s)
    return s


def test_fifty_points_end_the_game_after_the_whole_lab_phase_C_14_1_A_A22():
    """C-14.1 A / A22: reaching 50 AP ends the game only at the end of the Lab phase, so
    later scientists still take their scoring turn."""
    s = table()
    s.ap[0] = 47
    set_card(s, pos_of(0, 0), "water")
    fill(s, pos_of(0, 0))
    claim_for(s, pos_of(0, 0), 0)
    set_card(s, pos_of(0, 1), "nitric_oxide")
    fill(s, pos_of(0, 1))
    claim_for(s, pos_of(0, 1), 2)
    start_at(s, "lab")
    s.apply("none")
    assert not s.is_over and s.ap[0] == 50
    s.apply("none")  # player 2 still scores
    assert s.is_over and s.ap[2] == 3
    assert "A" in end_conditions(s)
    assert s.decision is None and s.legal_actions() == []


def test_three_maxed_experiments_end_the_game_C_14_1_B():
    s = table()
    for track, level in (("discovery", 5), ("research", 5), ("lab", 4)):
        set_level(s, 1, track, level)
    start_at(s, "lab")
    assert s.is_over and end_conditions(s) == ["B"]


def test_two_maxed_experiments_do_not_C_14_1_B():
    s = table()
    for track, level in (("discovery", 5), ("research", 5)):
        set_level(s, 1, track, level)
    start_at(s, "lab")
    assert not s.is_over and s.round == 2


def test_round_cap_ends_as_condition_C_A34():
    s = table()
    s.round = 50
    start_at(s, "lab")
    assert s.is_over and end_conditions(s) == ["round cap"]


def test_final_scoring_C_14_2_A23():
    """C-14.2 / A23: +1 per item on own field claims (complete or not, wild included),
    +1 per 2 stored crystals, +4 per complete extinguisher held, +2 per wild token held."""
    s = table()
    set_level(s, 0, "study", 3)
    set_card(s, pos_of(0, 0), "urea")
    fill(s, pos_of(0, 0), leave=["H"])  # 7 of 8
    claim_for(s, pos_of(0, 0), 0)
    set_card(s, pos_of(0, 1), "nitric_oxide")
    put_wild(s, pos_of(0, 1), 0, from_player=1)
    claim_for(s, pos_of(0, 1), 0)
    set_card(s, pos_of(0, 2), "water")
    fill(s, pos_of(0, 2))  # complete but unscored, claimed by player 2: not player 0's
    claim_for(s, pos_of(0, 2), 2, temporary=True)
    set_card(s, pos_of(3, 3), "carbon_dioxide")
    fill(s, pos_of(3, 3))  # unclaimed: nobody's
    set_storage(s, 0, H=3, O=2)
    complete_ext(s, 0)
    s.extinguisher_holder[1] = 0  # an incomplete extinguisher scores nothing
    s.wild[0] += 1  # player 2's wild token went to player 0; player 1's is on the field
    s.wild[2] -= 1
    set_storage(s, 2)
    s.ap = [10, 0, 5]
    s.round = 50
    start_at(s, "lab")
    # player 2 scores the water in the last Lab phase; the game then ends on the round cap
    while not s.is_over:
        s.apply("none")
    assert s.bonus[0] == (7 + 1) + 5 // 2 + 4 + 2 * 2
    assert s.scores()[0] == 10 + 18
    assert s.bonus[2] == 0 and s.scores()[2] == 5 + 3


def test_ties_share_the_win_C_14_3_A30():
    s = table()
    s.ap = [20, 20, 5]
    for p in range(3):
        set_storage(s, p)
        s.wild[p] = 0
    s.wild_out = 3
    s.round = 50
    start_at(s, "lab")
    assert s.is_over
    assert s.scores() == [20.0, 20.0, 5.0] and s.winners() == [0, 1]


def test_scores_run_during_play_and_winners_wait_for_the_end():
    s = table()
    s.ap = [7, 3, 0]
    s.refresh()
    assert s.scores() == [7.0, 3.0, 0.0] and s.winners() == []
