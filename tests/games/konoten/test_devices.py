"""Devices (K-8): Collect light, Guts, Groundwork (capacity 1, R1, A7, K-13.4), unlimited others."""

from __future__ import annotations

from boardlab.games.konoten.tables import DEVICE_IDS, LENS_IDS

from .helpers import add_lens, answer_supply, ids, main_phase, main_turn, play, refresh, set_grown


def _main(characters: list[str], seed: int = 1):
    return main_phase(characters, seed)


def _on(state, device: str, seat: int) -> int:
    return state.dev_occ[DEVICE_IDS.index(device) * state.players + seat]


def test_k8_collect_light_turns_1_creativity_into_1_light_for_0_ap() -> None:
    state, p = _main(["workaholic", "light_prodigy"])
    play(state, "activate device collect_light")
    assert (state.creativity[p], state.mats[p * 3], state.ap[p]) == (0, 3, 9)
    assert _on(state, "collect_light", p) == 1 and state.lobby_unused[p] == 4


def test_k8_collect_light_needs_creativity() -> None:
    state, p = _main(["workaholic", "light_prodigy"])
    state.creativity[p] = 0
    refresh(state)
    assert "activate device collect_light" not in ids(state)


def test_k8_a23_guts_gives_1_creativity_and_1_sediment_for_0_ap() -> None:
    state, p = _main(["workaholic", "light_prodigy"])
    play(state, "activate device guts")
    assert (state.creativity[p], state.mats[p * 3 + 2], state.ap[p]) == (2, 3, 9)


def test_k8_devices_other_than_groundwork_take_any_number_of_assistants() -> None:
    state, p = _main(["workaholic", "light_prodigy"])
    other = 1 - p
    state.creativity = [5, 5]
    refresh(state)
    play(state, "activate device collect_light", "activate device collect_light")
    play(state, "activate device collect_light", "activate device collect_light")
    assert _on(state, "collect_light", p) == 2 and _on(state, "collect_light", other) == 2


def test_k8_a23_groundwork_costs_1_ap_gives_1_creativity_and_holds_one_assistant() -> None:
    """A23 (designed, rules version 5): Groundwork costs 1 AP and gives 1 creativity."""
    state, p = _main(["workaholic", "light_prodigy"])
    creativity = state.creativity[p]
    play(state, "activate device groundwork")
    assert state.ap[p] == 8 and state.creativity[p] == creativity + 1
    assert _on(state, "groundwork", p) == 1
    assert "activate device groundwork" not in ids(state)
    main_turn(state, p)
    assert "activate device groundwork" not in ids(state)


def test_k8_groundwork_needs_its_ap() -> None:
    state, p = _main(["workaholic", "light_prodigy"])
    state.ap[p] = 0
    refresh(state)
    assert "activate device groundwork" not in ids(state)


def test_k13_4_a7_groundwork_user_starts_the_next_round_not_this_one() -> None:
    """K-13.4/A7: the start player changes only from the next round."""
    state, p = _main(["workaholic", "light_prodigy"])
    other = 1 - p
    play(state, "end")
    play(state, "activate device groundwork")
    assert state.start == p and state.next_start == other
    play(state, "end")
    answer_supply(state)
    assert state.round == 2 and state.start == other and state.to_move == other


def test_r1_groundwork_stays_closed_after_its_assistant_is_consumed() -> None:
    """R1: once used, Groundwork is closed for the round even if its assistant leaves it."""
    state, p = _main(["workaholic", "light_prodigy"])
    other = 1 - p
    # a lens whose input is an assistant (D34 turned) and whose output is rainbow + light
    lens = add_lens(state, other, {"D34": True, "D01": False}, cost=0)
    play(state, "activate device guts", "activate device groundwork", "activate device guts")
    play(state, f"activate lens {LENS_IDS[lens]}")
    assert state.decision.kind == "pay_assistant" and state.to_move == other
    play(state, "remove device groundwork")
    assert _on(state, "groundwork", other) == 0 and state.stock[other] == 4
    assert state.to_move == p
    assert "activate device groundwork" not in ids(state)
    play(state, "end", "end")
    answer_supply(state)
    assert state.start == other  # the marker went to that first user
    assert "activate device groundwork" in ids(state)  # open again in the new round


def test_r3_guts_at_full_capacity_discards_the_new_materials() -> None:
    """R3/K-10.4: at capacity the sediment (the only new material) is discarded."""
    state, p = _main(["workaholic", "light_prodigy"])
    state.mats[p * 3 : p * 3 + 3] = [6, 4, 2]
    refresh(state)
    play(state, "activate device guts")
    assert state.mats[p * 3 : p * 3 + 3] == [6, 4, 2] and state.creativity[p] == 2


def test_k11_4_device_bonus_adds_light_to_collect_light() -> None:
    """K-11.4 device_bonus: the light prodigy's n11 gives 1 more light at Collect light."""
    state, p = _main(["light_prodigy", "workaholic"])
    set_grown(state, p, ["n00", "n01", "n11"])
    play(state, "activate device collect_light")
    assert state.mats[p * 3] == 4
