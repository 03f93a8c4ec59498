"""Main phase (K-7): turn order, collect, will, activate, persuade, reactivate, end, owner bonus."""

from __future__ import annotations

from boardlab.games.konoten import flow
from boardlab.games.konoten.tables import CARD_IDS, LENS_IDS, N_NORMAL_SLOTS

from .helpers import (
    CARD,
    NODE,
    add_lens,
    give_cards,
    ids,
    main_phase,
    main_turn,
    play,
    refresh,
    set_grown,
)


def _main(characters: list[str], seed: int = 1):
    return main_phase(characters, seed)


def test_k7_1_turns_cycle_in_start_order_and_skip_ended_players() -> None:
    """K-7.1: one action per turn, clockwise from the start player; ended players are skipped."""
    state, start = _main(["light_prodigy", "workaholic", "idea_machine"])
    order = [start, (start + 1) % 3, (start + 2) % 3]
    seen = []
    for action in ("activate device guts", "end", "activate device guts", "activate device guts"):
        seen.append(state.to_move)
        play(state, action)
    # the second player ended: after the third player it is the start player again, then
    # the third player, never the second
    assert seen == [order[0], order[1], order[2], order[0]]
    assert state.to_move == order[2]
    play(state, "end", "end")
    assert state.phase != flow.MAIN or state.round == 2


def test_k7_1_a_player_who_can_do_nothing_else_must_end() -> None:
    state, p = _main(["light_prodigy", "workaholic"])
    state.ap[p] = 0
    state.creativity[p] = 0
    state.stock[p] += state.lobby_unused[p]
    state.lobby_unused[p] = 0
    refresh(state)
    assert ids(state) == ["end"]


def test_k7_2_collect_pays_2_ap_and_refills_from_the_same_deck() -> None:
    """K-7.2: the card goes to hand; the slot is refilled at once from its own deck."""
    state, p = _main(["light_prodigy", "workaholic"])
    card = state.market[3]
    top = state.normal_deck[-1]
    play(state, f"collect {CARD_IDS[card]}")
    assert state.ap[p] == 7
    assert state.hand[p] >> card & 1
    assert state.market[3] == top and len(state.normal_deck) == 29
    vp_card = state.market[N_NORMAL_SLOTS]
    vp_top = state.vp_deck[-1]
    play(state, f"collect {CARD_IDS[vp_card]}")
    assert state.market[N_NORMAL_SLOTS] == vp_top and len(state.vp_deck) == 6


def test_a11_empty_deck_leaves_the_slot_empty_and_empty_display_offers_no_collect() -> None:
    """A11: once a deck is empty its slot stays empty; no face-up card, no Collect."""
    state, p = _main(["light_prodigy", "workaholic"])
    vp_card = state.market[N_NORMAL_SLOTS + 1]
    state.hand[1 - p] |= sum(1 << c for c in state.vp_deck)
    state.vp_deck.clear()
    refresh(state)
    play(state, f"collect {CARD_IDS[vp_card]}")
    assert state.market[N_NORMAL_SLOTS + 1] == -1
    main_turn(state, p)
    for slot, card in enumerate(state.market):
        if card >= 0:
            state.hand[1 - p] |= 1 << card
            state.market[slot] = -1
    refresh(state)
    assert not any(a.startswith("collect") for a in ids(state))


def test_k7_2_collect_needs_the_ap() -> None:
    state, p = _main(["light_prodigy", "workaholic"])
    state.ap[p] = 1
    refresh(state)
    assert not any(a.startswith("collect") for a in ids(state))


def test_k11_4_collect_cost_passive_makes_collect_cost_1() -> None:
    """K-11.4 collect_cost: the workaholic's n12 makes Collect cost 1 AP."""
    state, p = _main(["workaholic", "light_prodigy"])
    set_grown(state, p, ["n00", "n12"])
    state.ap[p] = 1
    refresh(state)
    card = state.market[0]
    assert f"collect {CARD_IDS[card]}" in ids(state)
    play(state, f"collect {CARD_IDS[card]}")
    assert state.ap[p] == 0


def test_k7_3_will_executes_a_grown_ability_once_per_round() -> None:
    """K-7.3: light prodigy n00 (1 creativity -> 2 light), then no second use this round."""
    state, p = _main(["light_prodigy", "workaholic"])
    assert "will n00" in ids(state)
    play(state, "will n00")
    assert state.creativity[p] == 0 and state.mats[p * 3] == 4 and state.ap[p] == 9
    main_turn(state, p)
    state.creativity[p] = 5
    refresh(state)
    assert "will n00" not in ids(state)


def test_a15_will_once_per_round_survives_losing_and_regrowing_the_node() -> None:
    """A15: the once-per-round mark stays with the node even if it is lost and regrown."""
    state, p = _main(["light_prodigy", "workaholic"])
    play(state, "will n00")
    set_grown(state, p, ["n01"])
    set_grown(state, p, ["n00", "n01"])
    state.creativity[p] = 3
    main_turn(state, p)
    assert "will n00" not in ids(state)


def test_k7_3_will_needs_its_inputs_and_ap() -> None:
    """K-10.1: light prodigy n10 costs 1 AP: with 0 AP the will is not offered."""
    state, p = _main(["light_prodigy", "workaholic"])
    set_grown(state, p, ["n00", "n10"])
    state.ap[p] = 0
    refresh(state)
    assert "will n10" not in ids(state)
    state.ap[p] = 1
    refresh(state)
    play(state, "will n10")
    assert state.ap[p] == 0 and state.mats[p * 3] == 3


def test_k7_4_a1_activating_a_lens_costs_its_foundation_in_ap() -> None:
    """K-7.4/A1: an empty lens: pay inputs + foundation cost AP, gain outputs, assistant used."""
    state, p = _main(["light_prodigy", "workaholic"])
    other = 1 - p
    lens = add_lens(state, other, {"D06": False, "D01": False}, cost=2)  # 1 light -> 1 light
    play(state, f"activate lens {LENS_IDS[lens]}")
    assert state.ap[p] == 7
    assert state.lens_occ[lens] == p and state.lens_used[lens] == 1
    assert state.lobby_unused[p] == 4
    assert state.mats[p * 3] == 2  # paid one light, gained one light
    assert state.vp[other] == 2  # K-7.7 owner bonus


def test_k7_5_a2_persuade_pays_2_plus_the_lens_and_sends_the_assistant_home_used() -> None:
    """K-7.5/A2: the fee is added to the lens costs; the displaced assistant keeps its face."""
    state, p = _main(["light_prodigy", "workaholic"])
    other = 1 - p
    lens = add_lens(state, p, {"D06": False, "D01": False}, cost=1, occupant=other)
    assert state.lens_used[lens] == 1
    state.ap[p] = 2  # fee 2 + cost 1 = 3 AP needed
    refresh(state)
    assert f"persuade lens {LENS_IDS[lens]}" not in ids(state)
    state.ap[p] = 3
    refresh(state)
    play(state, f"persuade lens {LENS_IDS[lens]}")
    assert state.ap[p] == 0
    assert state.lens_occ[lens] == p
    assert state.lobby_used[other] == 1  # went home used
    assert state.vp[p] == 0  # own lens: no owner bonus


def test_k7_5_displaced_unused_assistant_returns_unused() -> None:
    """K-7.5: an unused assistant on a lens (after an end phase) goes home unused."""
    state, p = _main(["light_prodigy", "workaholic"])
    other = 1 - p
    lens = add_lens(state, p, {"D06": False, "D01": False}, cost=0, occupant=other)
    state.lens_used[lens] = 0
    unused_before = state.lobby_unused[other]
    refresh(state)
    play(state, f"persuade lens {LENS_IDS[lens]}")
    assert state.lobby_unused[other] == unused_before + 1
    assert state.lobby_used[other] == 0


def test_k7_5_reactivate_own_assistant_costs_3() -> None:
    state, p = _main(["light_prodigy", "workaholic"])
    lens = add_lens(state, p, {"D06": False, "D01": False}, cost=0, occupant=p)
    options = ids(state)
    name = LENS_IDS[lens]
    assert f"reactivate lens {name}" in options and f"persuade lens {name}" not in options
    play(state, f"reactivate lens {name}")
    assert state.ap[p] == 6
    assert state.lens_occ[lens] == p and state.lobby_used[p] == 1 and state.lobby_unused[p] == 3


def test_k11_4_persuade_discount_lowers_the_fee() -> None:
    """K-11.4 persuade_discount: the workaholic's n20 makes persuading cost 1 (fee 2 - 1)."""
    state, p = _main(["workaholic", "light_prodigy"])
    other = 1 - p
    set_grown(state, p, ["n00", "n10", "n20"])
    lens = add_lens(state, other, {"D06": False, "D01": False}, cost=0, occupant=other)
    state.ap[p] = 1
    refresh(state)
    play(state, f"persuade lens {LENS_IDS[lens]}")
    assert state.ap[p] == 0
    assert state.vp[other] == 2


def test_a19_devices_are_never_persuaded() -> None:
    """A19: occupied devices offer no persuade / reactivate; Groundwork closes when taken."""
    state, p = _main(["light_prodigy", "workaholic"])
    other = 1 - p
    play(state, "activate device groundwork")
    assert state.to_move == other
    options = ids(state)
    assert "activate device groundwork" not in options
    assert not any(a.startswith(("persuade", "reactivate")) for a in options)


def test_k7_6_an_ended_player_takes_no_more_turns() -> None:
    state, p = _main(["light_prodigy", "workaholic"])
    other = 1 - p
    play(state, "end")
    for _ in range(3):
        assert state.to_move == other
        play(state, "activate device guts")
    assert state.ended >> p & 1


def test_k7_7_a18_owner_bonus_is_paid_even_after_the_owner_ended() -> None:
    state, p = _main(["light_prodigy", "workaholic"])
    lens = add_lens(state, p, {"D06": False, "D01": False}, cost=0)
    play(state, "end")
    play(state, f"activate lens {LENS_IDS[lens]}")
    assert state.vp[p] == 2


def test_a18_reactivating_on_someone_elses_lens_pays_the_owner() -> None:
    """A18: the owner bonus applies to a reactivation of one's own assistant on another's lens."""
    state, p = _main(["light_prodigy", "workaholic"])
    other = 1 - p
    lens = add_lens(state, other, {"D06": False, "D01": False}, cost=0, occupant=p)
    play(state, f"reactivate lens {LENS_IDS[lens]}")
    assert state.vp[other] == 2


def test_k11_4_owner_bonus_passive_adds_to_the_2_vp() -> None:
    """K-11.4 owner_bonus: the lab manager's n01 makes others' use worth 3 VP to her."""
    state, p = _main(["light_prodigy", "lab_manager"])
    other = 1 - p
    set_grown(state, other, ["n00", "n01"])
    lens = add_lens(state, other, {"D06": False, "D01": False}, cost=0)
    play(state, f"activate lens {LENS_IDS[lens]}")
    assert state.vp[other] == 3


def test_a8_ap_and_creativity_have_no_maximum() -> None:
    state, p = _main(["workaholic", "light_prodigy"])
    state.ap[p] = 60
    state.creativity[p] = 40
    refresh(state)
    play(state, "will n00")  # 1 creativity -> 2 AP
    assert state.ap[p] == 62 and state.creativity[p] == 39


def test_a10_hands_are_public() -> None:
    """A10: hands come from a face-up display, so every seat sees every hand."""
    state, p = _main(["light_prodigy", "workaholic"])
    give_cards(state, p, ["D13"])
    assert state.view(1 - p)["body"]["players"][p]["hand"] == ["D13"]
    assert state.view(None)["body"]["players"][p]["hand"] == ["D13"]
    assert CARD["D13"] == 12 and NODE["n00"] == 0
