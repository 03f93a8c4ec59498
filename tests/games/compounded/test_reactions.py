"""Reactions (C-10.1 to C-10.5, D13, D14, A15 to A18) and their timing inside C-9.2."""

from __future__ import annotations

from boardlab.games.compounded import frames as F
from boardlab.games.compounded.workbench import CARDS, in_play

from .helpers import (
    assert_clean,
    claim_for,
    complete_ext,
    fill,
    ids,
    lab_table,
    pos_of,
    ready,
    run_frames,
    set_card,
    set_level,
    stopped,
    vacate,
)

SCORING = (F.LabTurns.key, -1, 0)


def table(players=3, seed=21, lead=0):
    return lab_table(players, seed, lead)


def test_stability_raises_anothers_experiment_full_points_C_10_1_D13_A16():
    """C-10.1 / D13 / A16: name another scientist and one of their experiments below the top;
    it rises with all its effects; the scorer gains the full AP (A15: AP come with the
    reaction, after the experiment choice)."""
    s = table()
    ready(s, pos_of(0, 0), "hydrogen_peroxide", 0)
    set_level(s, 2, "discovery", 5)
    run_frames(s, SCORING)
    s.apply("none")  # D11 first (A15: reaction after the experiment and equipment)
    assert s.decision.kind == "stability" and s.decision.player == 0
    options = set(ids(s))
    assert "approve 1,study" in options and "approve 2,discovery" not in options
    assert "approve 2,lab" in options and not [o for o in options if o.startswith("approve 0")]
    assert s.ap[0] == 0  # the AP wait for the reaction
    s.apply("approve 1,study")
    assert s.track_level[1 * 4 + 1] == 1 and s.free_discs[1] == 2  # I-1 for player 1
    assert s.ap == [4, 0, 0]
    assert_clean(s)


def test_stability_with_a_maxed_scientist_splits_the_points_C_10_1_A16():
    s = table(players=2)
    ready(s, pos_of(0, 0), "hydrogen_peroxide", 0)
    for track, level in (("discovery", 5), ("study", 5), ("research", 5), ("lab", 4)):
        set_level(s, 1, track, level)
    run_frames(s, SCORING)
    s.apply("none")  # the only option 'approve 1' is forced: applied by itself
    assert stopped(s)
    assert s.ap == [2, 2]


def test_volatile_fires_even_after_a_lab_fire_and_does_not_count_C_10_2_A18():
    """C-10.2 / A18: acetylene resolves a lab fire even if one was resolved this round; it
    does not count toward the once-per-round limit; vacancies wait for the refill."""
    for already in (0, 1):
        s = table()
        ready(s, pos_of(0, 0), "acetylene", 0)
        set_card(s, pos_of(1, 1), "methane")
        set_card(s, pos_of(3, 3), "hydrazoic_acid")
        s.lab_fire_this_round = already
        run_frames(s, SCORING)
        s.apply("none")
        assert s.fire[pos_of(1, 1)] == 1
        assert s.field_card[pos_of(3, 3)] == -1  # limit 1: exploded, stays empty for now
        assert s.lab_fire_this_round == already
        assert stopped(s)
        assert_clean(s)


def _handle_table(scorer, lead=0):
    """Peroxydisulfuric acid (H2 O8 S2) complete at 0,0 for ``scorer``; player 0's water at
    1,1 and an unclaimed water at 2,2 each miss their O; the rest of the field is empty."""
    s = table(lead=lead)
    for pos in range(16):
        if pos not in (pos_of(0, 0), pos_of(1, 1), pos_of(2, 2)):
            vacate(s, pos)
    set_level(s, 0, "study", 2)
    ready(s, pos_of(0, 0), "peroxydisulfuric_acid", scorer)
    set_card(s, pos_of(1, 1), "water")
    fill(s, pos_of(1, 1), leave=["O"])
    claim_for(s, pos_of(1, 1), 0)
    set_card(s, pos_of(2, 2), "water")
    fill(s, pos_of(2, 2), leave=["O"])
    return s


def test_handle_with_care_every_scientist_moves_an_item_C_10_3_D14_C_9_1():
    """C-10.3 / D14: in lead order each scientist moves one item still on the card into a
    matching empty space elsewhere, skipping only when impossible; no temporary claim.
    C-9.1: a compound the scorer completes this way during their turn is scored now."""
    s = _handle_table(scorer=0)
    run_frames(s, SCORING)
    s.apply("none")
    # only O has a destination, so the item is forced; the space is player 0's choice
    assert s.decision.kind == "handle_space" and s.decision.player == 0
    assert set(ids(s)) == {"space 1,1,2", "space 2,2,2"}
    s.apply("space 2,2,2")
    assert s.field_open[pos_of(2, 2)] == 0
    assert s.claim_owner[pos_of(2, 2)] == -1  # no temporary claim
    # player 1's O can only go to 1,1 (forced); player 2 has nothing left to move;
    # player 0's water is now complete during their own turn: it is resolved now
    assert s.decision.kind == "experiment" and s.decision.player == 0
    assert CARDS[s.resolving_card].id == "water"
    s.apply("none")
    assert stopped(s)
    assert s.ap[0] == 8 + 3
    assert_clean(s)


def test_completion_after_ones_turn_waits_for_the_next_lab_phase_C_9_1():
    s = _handle_table(scorer=1)
    run_frames(s, SCORING)
    s.apply("none")  # player 1's experiment; player 0 had their (empty) turn already
    assert s.decision.kind == "handle_space" and s.decision.player == 0
    s.apply("space 1,1,2")
    assert stopped(s)
    assert s.field_open[pos_of(1, 1)] == 0 and s.claim_owner[pos_of(1, 1)] == 0
    assert s.ap == [0, 8, 0]


def test_handle_with_care_skips_when_no_space_fits_C_10_3():
    s = _handle_table(scorer=0)
    fill(s, pos_of(1, 1))
    vacate(s, pos_of(2, 2))
    bag = sum(s.bag)
    run_frames(s, SCORING)
    s.apply("score 0,0")
    s.apply("none")
    # nobody could move anything: all 12 items went to the bag; the water is next
    assert sum(s.bag) == bag + 12
    assert CARDS[s.resolving_card].id == "water"


def test_corrosive_lowers_the_scorers_study_C_10_4_A17():
    """C-10.4 / A17: the scorer's Study drops one level; the card's disc, already back
    (step 3), is the available disc that C-7.4 gives up first."""
    s = table()
    set_level(s, 0, "study", 2)
    ready(s, pos_of(0, 0), "sulfuric_acid", 0)
    claim_for(s, pos_of(3, 3), 0)
    claim_for(s, pos_of(3, 2), 1)
    run_frames(s, SCORING)
    s.apply("none")
    assert s.track_level[0 * 4 + 1] == 0
    assert s.free_discs[0] == 0 and s.claim_owner[pos_of(3, 3)] == 0 and in_play(s, 0) == 1
    assert s.track_level[1 * 4 + 1] == 0 and s.claim_owner[pos_of(3, 2)] == 1
    assert s.ap[0] == 8
    assert_clean(s)


def test_explosive_blows_up_every_compound_with_a_fire_token_C_10_5():
    """C-10.5: every field compound with a fire token explodes at once; no tokens are added
    and extinguishers cannot prevent it."""
    s = table()
    ready(s, pos_of(0, 0), "nitroglycerin", 0)
    set_card(s, pos_of(1, 1), "methane")
    set_card(s, pos_of(2, 2), "ethane")
    s.fire[pos_of(1, 1)] = 1
    complete_ext(s, 1)
    run_frames(s, SCORING)
    s.apply("none")
    assert s.field_card[pos_of(1, 1)] == -1
    assert s.field_card[pos_of(2, 2)] >= 0 and s.fire[pos_of(2, 2)] == 0
    assert s.extinguisher_holder[1] == 1  # nobody was asked
    assert stopped(s)
    assert_clean(s)
