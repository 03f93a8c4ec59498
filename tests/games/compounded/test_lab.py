"""Lab phase: scoring turns (C-9.1, D10), resolution (C-9.2, D11, D12, A14, A15, A35, E3, E4),
experiments (C-9.3, C-9.4, A25), the cylinder (C-9.5, D16), refill and lab fires (C-9.6 to
C-9.8, E1), the Lab Key and the wooden key (C-9.9, D17, A24, A37, E5)."""

from __future__ import annotations

from boardlab.games.compounded import frames as F
from boardlab.games.compounded.workbench import CARDS, LAB_FIRE, capacity, stored

from .helpers import (
    assert_clean,
    claim_for,
    fill,
    give_equipment,
    held,
    ids,
    instances,
    lab_table,
    new_game,
    passive,
    play_until,
    pos_of,
    put_wild,
    ready,
    run_frames,
    set_card,
    set_level,
    set_storage,
    start_at,
    stopped,
    storage,
    vacate,
)

SCORING = (F.LabTurns.key, -1, 0)


def table(players=3, seed=11, lead=0):
    return lab_table(players, seed, lead)


def test_scoring_turns_in_lead_order_in_the_order_chosen_C_9_1_D10():
    """C-9.1 / D10: in lead order each resolves every complete compound they claim, one at a
    time in the order they choose."""
    s = table(lead=1)
    set_level(s, 1, "study", 2)
    ready(s, pos_of(0, 0), "water", 1)
    ready(s, pos_of(0, 1), "carbon_dioxide", 1)
    ready(s, pos_of(3, 3), "nitric_oxide", 2)
    run_frames(s, SCORING)
    assert s.phase_name == "lab"
    assert s.decision.kind == "score" and s.decision.player == 1
    assert set(ids(s)) == {"score 0,0", "score 0,1"}
    s.apply("score 0,1")
    assert s.decision.kind == "experiment" and s.decision.player == 1
    s.apply("none")
    assert s.decision.kind == "experiment" and s.decision.player == 1  # water: only one left
    s.apply("none")
    assert s.decision.kind == "experiment" and s.decision.player == 2
    s.apply("none")
    assert stopped(s)
    assert s.ap == [0, 6, 3]
    assert [CARDS[c].id for c in s.scored[1]] == ["carbon_dioxide", "water"]
    assert_clean(s)


def test_resolution_steps_C_9_2_A14_E1():
    """C-9.2 / A15: card to the scored pile, AP, disc back (permanent -> available), the
    experiment (D11, optional by A35), equipment to the claimant (A14), crystals back to the
    bag, in that order. E1: this is the Lab phase."""
    s = table()
    ready(s, pos_of(1, 1), "calcium_carbide", 0)
    bag = sum(s.bag)
    run_frames(s, SCORING)
    assert s.field_card[pos_of(1, 1)] == -1
    assert s.ap[0] == 4 and s.free_discs[0] == 1 and s.claim_owner[pos_of(1, 1)] == -1
    assert s.decision.kind == "experiment"
    assert set(ids(s)) == {"raise study", "raise lab", "none"}  # A35: optional
    s.apply("raise study")
    assert s.track_level[0 * 4 + 1] == 1
    assert held(s, 0, "cylinder") == 1 and s.equip_this_round[0 * 6 + 0] == 1
    assert sum(s.bag) == bag + 3
    assert stopped(s)
    assert_clean(s)


def test_temporary_claim_returns_to_the_reserve_C_9_2_step3():
    s = table()
    ready(s, pos_of(2, 0), "water", 0, temporary=True)
    run_frames(s, SCORING)
    assert s.reserve[0] == 2 and s.free_discs[0] == 1
    assert s.ap[0] == 3


def test_experiment_choice_at_the_top_C_9_2_step4_E3():
    """C-9.2 step 4 / D11 / A35 / E3: the alternative to the card's experiment is Lab; a maxed card
    experiment leaves only Lab; both maxed means nothing to choose."""
    s = table()
    set_level(s, 0, "research", 5)
    ready(s, pos_of(0, 0), "water", 0)
    run_frames(s, SCORING)
    assert set(ids(s)) == {"raise lab", "none"}
    s.apply("raise lab")
    assert capacity(s, 0) == 5  # C-9.3: a storage marker moves, capacity +1

    s = table()
    set_level(s, 0, "research", 5)
    set_level(s, 0, "lab", 4)
    ready(s, pos_of(0, 0), "water", 0)
    run_frames(s, SCORING)
    assert stopped(s) and s.ap[0] == 3


def test_equipment_only_while_the_supply_lasts_C_9_2_step5():
    s = table(players=2)  # one pipette in the supply
    ready(s, pos_of(0, 0), "hydrazoic_acid", 0)
    give_equipment(s, 1, "pipette")
    run_frames(s, SCORING)
    s.apply("none")
    assert held(s, 0, "pipette") == 0 and s.supply[2] == 0


def test_items_go_to_the_bag_and_wild_tokens_leave_C_9_2_step7_C_12_1():
    s = table()
    set_card(s, pos_of(0, 0), "water")
    put_wild(s, pos_of(0, 0), 2, from_player=1)
    fill(s, pos_of(0, 0))
    claim_for(s, pos_of(0, 0), 0)
    run_frames(s, SCORING)
    s.apply("none")
    assert s.wild_out == 1 and s.wild == [1, 0, 1]
    assert_clean(s)


def test_academic_paper_keeps_one_crystal_once_per_lab_phase_C_9_2_step7_D12():
    """C-9.2 step 7 / D12: a paper from an earlier round keeps one crystal, once per Lab
    phase per paper."""
    s = table()
    set_level(s, 0, "study", 2)
    give_equipment(s, 0, "paper")
    ready(s, pos_of(0, 0), "water", 0)
    ready(s, pos_of(0, 1), "carbon_dioxide", 0)
    set_storage(s, 0)
    run_frames(s, SCORING)
    s.apply("score 0,0")
    s.apply("none")
    assert s.decision.kind == "paper"
    assert set(ids(s)) == {"keep H", "keep O", "none"}
    s.apply("keep O")
    assert storage(s, 0) == {"O": 1}
    s.apply("none")  # carbon dioxide's experiment
    assert stopped(s)  # the paper is spent for this Lab phase
    assert storage(s, 0) == {"O": 1}
    assert_clean(s)


def test_paper_gained_this_round_is_not_usable_yet_C_13_E4():
    """E4 / C-13: the paper is gained at a Study level and used from the next round."""
    s = table()
    give_equipment(s, 0, "paper", fresh=True)
    ready(s, pos_of(0, 0), "water", 0)
    run_frames(s, SCORING)
    s.apply("none")
    assert stopped(s)


def test_study_level_4_grants_a_paper_C_9_3_E4():
    """C-9.3 / E4: reaching the paper level with no paper takes one (if the supply has one)."""
    s = table()
    set_level(s, 0, "study", 3)
    ready(s, pos_of(0, 0), "calcium_oxide", 0)
    run_frames(s, SCORING)
    s.apply("raise study")
    assert held(s, 0, "paper") == 1 and s.equip_this_round[0 * 6 + 1] == 1
    assert s.free_discs[0] == 3 and s.reserve[0] == 0  # I-1: value 2 -> 3 brings the last disc

    s = table()
    set_level(s, 0, "study", 3)
    give_equipment(s, 0, "paper")
    ready(s, pos_of(0, 0), "calcium_oxide", 0)
    run_frames(s, SCORING)
    s.apply("raise study")
    assert held(s, 0, "paper") == 1  # already holds one


def test_cylinder_at_the_end_of_the_own_turn_C_9_5_D16_C_9_4_A25():
    """C-9.5 / D16: a cylinder held from an earlier round shifts one level at the end of the
    holder's scoring turn, even with nothing scored; both moves must be possible.
    C-9.4 / A25: lowering Lab does not trim storage."""
    s = table()
    set_level(s, 0, "lab", 2)
    set_storage(s, 0, H=5)
    give_equipment(s, 0, "cylinder")
    run_frames(s, SCORING)
    assert s.decision.kind == "cylinder" and s.decision.player == 0
    options = ids(s)
    assert "cylinder lab,study" in options and "decline" in options
    assert not [a for a in options if a.startswith("cylinder study,")]  # Study is at level 1
    s.apply("cylinder lab,research")
    assert capacity(s, 0) == 4 and stored(s, 0) == 5
    assert s.track_level[0 * 4 + 2] == 1
    assert stopped(s)  # once per round per cylinder


def test_cylinder_taken_this_round_waits_C_9_5_A37():
    s = table()
    give_equipment(s, 0, "cylinder", fresh=True)
    set_level(s, 0, "lab", 2)
    run_frames(s, SCORING)
    assert stopped(s)


def test_cylinder_lowering_study_releases_claims_C_9_4_C_7_4():
    s = table()
    set_level(s, 0, "study", 2)
    claim_for(s, pos_of(0, 0), 0)
    claim_for(s, pos_of(0, 1), 0)
    give_equipment(s, 0, "cylinder")
    run_frames(s, SCORING)
    s.apply("cylinder study,lab")
    assert s.decision.kind == "release_claim"
    s.apply("release 0,1")
    assert s.claim_owner[pos_of(0, 1)] == -1 and s.reserve[0] == 2
    assert_clean(s)


def _deck_top(s, compound_ids):
    """Put these cards on top of the deck, the first one on the very top."""
    cards = []
    for compound_id in compound_ids:
        if compound_id == "lab_fire":
            cards.append(LAB_FIRE)
            s.deck.remove(LAB_FIRE)
            continue
        card = next(c for c in instances(compound_id) if c in s.deck)
        s.deck.remove(card)
        cards.append(card)
    s.deck.extend(reversed(cards))


def test_refill_in_reading_order_C_9_6_C_9_7():
    s = table()
    ready(s, pos_of(3, 1), "water", 0)
    ready(s, pos_of(0, 2), "nitric_oxide", 0, temporary=True)
    _deck_top(s, ["urea", "ethanol"])
    start_at(s, "lab")
    while s.decision.kind != "claim":
        s.apply("none" if "none" in ids(s) else ids(s)[0])
    assert CARDS[s.field_card[pos_of(0, 2)]].id == "urea"
    assert CARDS[s.field_card[pos_of(3, 1)]].id == "ethanol"


def test_first_lab_fire_waits_for_the_refill_then_burns_C_9_7_C_9_8():
    """C-9.7 / C-9.8: a Lab Fire drawn during the refill waits; the refill goes on; then the
    fire puts a token on every flammable compound, just-arrived ones included; a second Lab
    Fire that round is discarded."""
    s = table(players=2)
    vacate(s, pos_of(0, 0))
    vacate(s, pos_of(0, 1))
    _deck_top(s, ["methane", "lab_fire", "lab_fire", "ethane"])
    set_card(s, pos_of(3, 3), "ammonia")
    run_frames(s, (F.Refill.key, -1))
    assert stopped(s)
    assert CARDS[s.field_card[pos_of(0, 0)]].id == "methane"
    assert CARDS[s.field_card[pos_of(0, 1)]].id == "ethane"
    assert s.fire[pos_of(0, 0)] == 1 and s.fire[pos_of(0, 1)] == 1 and s.fire[pos_of(3, 3)] == 1
    assert sum(s.fire) == 3  # nothing else on the quiet field is flammable
    assert s.discard.count(LAB_FIRE) == 2 and s.lab_fire_this_round == 1
    assert_clean(s)


def test_fire_vacancies_are_refilled_and_later_fires_discarded_C_9_7_step3():
    s = table(players=2)
    target = pos_of(1, 1)
    set_card(s, target, "hydrazoic_acid")  # limit 1: burns away
    pos = pos_of(0, 0)
    vacate(s, pos)
    _deck_top(s, ["lab_fire", "water", "lab_fire", "urea"])
    run_frames(s, (F.Refill.key, -1))
    assert CARDS[s.field_card[pos]].id == "water"
    assert CARDS[s.field_card[target]].id == "urea"
    assert s.discard.count(LAB_FIRE) == 2 and s.fire[target] == 0


def test_empty_deck_notes_end_condition_C_C_9_7():
    s = table(players=2)
    pos = pos_of(2, 2)
    s.discard.extend(s.deck)
    s.deck.clear()
    vacate(s, pos)
    start_at(s, "lab")
    assert s.is_over and s.deck_ran_out == 1 and s.field_card[pos] == -1


def test_lab_key_window_first_user_leads_next_round_C_9_9_D17_A24_E5():
    """C-9.9 / D17 / A24 / E5: holders of a Lab Key token are asked in lead order; the first
    user takes the wooden key for next round; no one else is asked."""
    s = table()
    give_equipment(s, 1, "labkey")
    give_equipment(s, 2, "labkey")
    run_frames(s, (F.LabKeyWindow.key, -1, 0))
    assert s.decision.kind == "lab_key" and s.decision.player == 1
    s.apply("decline")
    assert s.decision.kind == "lab_key" and s.decision.player == 2
    s.apply("labkey")
    assert stopped(s) and s.next_lead == 2 and held(s, 2, "labkey") == 0 and s.supply[4] == 1

    s = table()
    give_equipment(s, 1, "labkey")
    give_equipment(s, 2, "labkey")
    start_at(s, "lab")
    s.apply("labkey")
    assert s.round == 2 and s.lead == 1 and held(s, 2, "labkey") == 1


def test_wooden_key_passes_left_without_a_lab_key_C_9_9():
    s = table(lead=2)
    start_at(s, "lab")
    assert s.round == 2 and s.lead == 0


def test_lab_key_taken_this_round_cannot_be_used_A37():
    s = table()
    give_equipment(s, 1, "labkey", fresh=True)
    start_at(s, "lab")
    assert s.round == 2 and s.lead == 1 and held(s, 1, "labkey") == 1
    assert s.equip_this_round == [0] * 18  # next round: usable now


def test_full_round_reaches_each_phase_in_order_C_5():
    """C-5: Discovery (from round 2 on), Study, Research, Lab, then the next round."""
    s = new_game(3, seed=12)
    give_equipment(s, 0, "cylinder")  # gives player 0 a Lab-phase decision every round
    set_level(s, 0, "lab", 2)
    s.refresh()
    phases: dict[int, list[str]] = {}
    while s.round < 3:
        seen = phases.setdefault(s.round, [])
        if not seen or seen[-1] != s.phase_name:
            seen.append(s.phase_name)
        s.apply(passive(s))
    assert phases[1] == ["study", "research", "lab"]
    assert phases[2] == ["discovery", "study", "research", "lab"]
    play_until(s, "claim")


def test_two_cylinders_two_shifts_C_9_5_C_13():
    s = table()
    give_equipment(s, 0, "cylinder")
    give_equipment(s, 0, "cylinder")
    set_level(s, 0, "lab", 3)
    run_frames(s, SCORING)
    s.apply("cylinder lab,study")
    assert s.decision.kind == "cylinder"
    s.apply("cylinder lab,research")
    assert stopped(s) and s.track_level[0:4] == [0, 1, 1, 0]


def test_uncapped_points_option_A32():
    """A32 / option ap_cap: without the cap, points follow the uncapped data rule."""
    for cap, expected in ((True, 8), (False, 9)):
        s = table()
        s.options = {**s.options, "ap_cap": cap}
        ready(s, pos_of(0, 0), "calcium_sulfate", 0)
        run_frames(s, SCORING)
        s.apply("none")
        assert s.ap[0] == expected
