"""Study phase: claims (C-7.1, C-7.2, A9), relocation (C-7.3, D4), drops (C-7.4, D15, I-1, A6)."""

from __future__ import annotations

from boardlab.games.compounded import frames as F
from boardlab.games.compounded.workbench import in_play

from .helpers import (
    assert_clean,
    claim_for,
    fill,
    ids,
    new_game,
    play_until,
    pos_of,
    set_level,
    start_at,
)


def study(players=3, seed=6, lead=0):
    s = new_game(players, seed=seed)
    s.lead = lead
    start_at(s, "study")
    return s


def test_claim_loop_in_turn_order_until_all_pass_C_7_1_D3():
    """C-7.1 / D3: claim or pass from the lead clockwise; a pass is final; a scientist
    with no available disc counts as passed; the loop ends when all have passed."""
    s = study()
    for p in range(3):
        set_level(s, p, "study", 2)  # two discs available each
    s.refresh()
    assert s.decision.kind == "claim" and s.decision.player == 0
    assert len(ids(s)) == 17  # 16 unclaimed compounds and pass
    s.apply("claim 0,0")
    assert s.decision.player == 1
    s.apply("pass")
    assert s.decision.player == 2
    s.apply("claim 0,1")
    assert s.decision.player == 0
    assert "claim 0,0" not in ids(s) and "claim 0,1" not in ids(s)  # C-7.2
    s.apply("claim 0,2")
    # player 0 has no disc left (passed automatically), player 1 passed: player 2 again
    assert s.decision.player == 2
    s.apply("pass")
    assert s.decision.kind != "claim"
    assert s.claim_owner[:3] == [0, 2, 0]
    assert s.free_discs == [0, 2, 1]
    assert_clean(s)


def test_complete_and_element_bearing_compounds_can_be_claimed_A9():
    """C-7.2 / A9: any unclaimed compound may be claimed, even a complete one."""
    s = study()
    fill(s, pos_of(1, 1))
    fill(s, pos_of(1, 2), leave=[])
    s.refresh()
    assert "claim 1,1" in ids(s) and "claim 1,2" in ids(s)
    s.apply("claim 1,1")
    assert s.claim_owner[pos_of(1, 1)] == 0 and not s.claim_temp[pos_of(1, 1)]


def test_relocate_one_earlier_claim_C_7_3_D4():
    """C-7.3 / D4: in lead order, each may move one permanent claim placed in an earlier
    round to an unclaimed compound; elements stay; the old compound becomes unclaimed."""
    s = new_game(3, seed=6)
    s.lead = 0
    s.round = 3
    set_level(s, 0, "study", 3)  # value 2
    claim_for(s, pos_of(0, 0), 0, placed=2)
    claim_for(s, pos_of(0, 1), 0, placed=3)  # this round: not movable
    claim_for(s, pos_of(0, 2), 0, temporary=True, placed=2)  # temporary: not movable
    fill(s, pos_of(0, 0), leave=["O"])
    items_before = s.field_items[pos_of(0, 0)]
    start_at(s, "study")
    play_until(s, "relocate")
    assert s.decision.player == 0
    assert set(ids(s)) == {"relocate 0,0", "decline"}
    s.apply("relocate 0,0")
    assert s.decision.kind == "relocate_target"
    assert "to 0,1" not in ids(s) and "to 3,3" in ids(s)
    s.apply("to 3,3")
    assert s.claim_owner[pos_of(0, 0)] == -1 and s.claim_owner[pos_of(3, 3)] == 0
    assert s.field_items[pos_of(0, 0)] == items_before
    assert s.decision.kind != "relocate" or s.decision.player != 0
    assert_clean(s)


def test_study_drop_gives_up_available_discs_first_C_7_4():
    """C-7.4: when Study falls below claims in play, an available disc goes back first."""
    s = study()
    set_level(s, 0, "study", 2)
    claim_for(s, pos_of(2, 2), 0)
    assert s.free_discs[0] == 1 and s.reserve[0] == 1
    s.track_level[1] = 0
    start_at(s, "study", (F.StudyDrop.key, 0))
    assert s.free_discs[0] == 0 and s.reserve[0] == 2
    assert s.claim_owner[pos_of(2, 2)] == 0
    assert_clean(s)


def test_study_drop_releases_a_chosen_permanent_claim_C_7_4_D15():
    """C-7.4 / D15: with no available disc, the scientist chooses a permanent claim to
    release; the compound becomes unclaimed and keeps its elements."""
    s = study()
    set_level(s, 0, "study", 3)
    claim_for(s, pos_of(1, 0), 0)
    claim_for(s, pos_of(1, 1), 0)
    fill(s, pos_of(1, 1), leave=["O"])
    s.track_level[1] = 0  # Study back to value 1
    start_at(s, "study", (F.StudyDrop.key, 0))
    assert s.decision.kind == "release_claim" and s.decision.player == 0
    assert set(ids(s)) == {"release 1,0", "release 1,1"}
    items = s.field_items[pos_of(1, 1)]
    s.apply("release 1,1")
    assert s.claim_owner[pos_of(1, 1)] == -1 and s.field_items[pos_of(1, 1)] == items
    assert in_play(s, 0) == 1 and s.reserve[0] == 2
    assert_clean(s)


def test_invariant_I1_temporary_claims_do_not_count_A6():
    """I-1 / A6: claims in play = available + permanent; temporary claims come from the
    reserve and do not count; raising Study moves reserve discs to available."""
    s = study()
    claim_for(s, pos_of(3, 0), 0, temporary=True)
    assert in_play(s, 0) == 1 and s.reserve[0] == 1
    set_level(s, 0, "study", 2)
    assert s.free_discs[0] == 2 and s.reserve[0] == 0
    assert_clean(s)
