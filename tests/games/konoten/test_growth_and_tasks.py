"""Growth charts (K-11, A14, R5) and tasks (K-12, A16)."""

from __future__ import annotations

from boardlab.games.konoten import flow
from boardlab.games.konoten.tables import LENS_IDS

from .helpers import (
    add_lens,
    give_cards,
    grown_nodes,
    ids,
    main_phase,
    main_turn,
    new,
    play,
    refresh,
    set_grown,
)


def _main(characters: list[str], seed: int = 1):
    return main_phase(characters, seed)


# ---------------------------------------------------------------- growth
def test_k11_2_growth_needs_one_grown_predecessor_or_the_start_node() -> None:
    """K-11.2: n11 has two incoming arrows; one grown tail (n01) is enough."""
    state, p = _main(["light_prodigy", "workaholic"])
    set_grown(state, p, ["n00", "n01"])
    lens = add_lens(state, p, {"D33": False, "D01": False}, cost=0)
    play(state, f"activate lens {LENS_IDS[lens]}")
    assert ids(state) == ["grow n02", "grow n10", "grow n11"]


def test_k11_3_after_a_cut_growth_follows_arrows_and_the_start_node_is_open() -> None:
    """K-11.3: with n00 removed, n00 (start) is eligible again, n02's successor n12 too."""
    state, p = _main(["light_prodigy", "workaholic"])
    set_grown(state, p, ["n02"])
    lens = add_lens(state, p, {"D33": False, "D01": False}, cost=0)
    play(state, f"activate lens {LENS_IDS[lens]}")
    assert ids(state) == ["grow n00", "grow n12"]


def test_a14_disconnected_nodes_keep_working() -> None:
    """A14: a will node cut off from the start still works (light prodigy n10, no n00)."""
    state, p = _main(["light_prodigy", "workaholic"])
    set_grown(state, p, ["n10"])
    main_turn(state, p)
    assert "will n10" in ids(state)
    play(state, "will n10")
    assert state.mats[p * 3] == 3 and state.ap[p] == 8


def test_k11_4_material_capacity_passive_raises_the_cap() -> None:
    """K-11.4 material_capacity: rainbow artist n11 (+2) keeps 14 materials."""
    state, p = _main(["rainbow_artist", "workaholic"])
    set_grown(state, p, ["n00", "n01", "n11"])
    state.mats[p * 3 : p * 3 + 3] = [6, 4, 3]
    refresh(state)
    play(state, "activate device guts")  # +1 creativity, +1 sediment: 14 fits
    assert state.mats[p * 3 : p * 3 + 3] == [6, 4, 4]


def test_k11_5_r5_end_ability_repeats_per_lens_owned_capped() -> None:
    """K-11.5/R5: lab manager n20 gives 1 light per lens owned, at most 3 times."""
    state, p = _main(["lab_manager", "workaholic"])
    set_grown(state, p, ["n00", "n10", "n20"])
    for _ in range(4):
        add_lens(state, p, {}, cost=0 if state.found & 0b111 else 1)
    main_turn(state, p)
    play(state, "end", "end")
    assert state.decision.kind == "end_ability" and state.to_move == p
    assert ids(state) == ["use n20", "done"]
    play(state, "use n20")
    assert state.mats[p * 3] == 2 + 3


def test_k11_5_ability_with_times_zero_is_not_offered() -> None:
    state, p = _main(["lab_manager", "workaholic"])
    set_grown(state, p, ["n00", "n10", "n20"])
    main_turn(state, p)
    play(state, "end", "end")
    assert state.decision.kind != "end_ability" or state.to_move != p


def test_k7_3_will_growth_output_idea_machine_n12() -> None:
    """Will with a growth output: idea machine n12 (3 creativity -> growth)."""
    state, p = _main(["idea_machine", "workaholic"])
    set_grown(state, p, ["n00", "n01", "n02", "n12"])  # uses the whole stock
    state.lobby_unused[p] -= 1
    state.stock[p] += 1
    state.creativity[p] = 3
    refresh(state)
    play(state, "will n12")
    assert state.decision.kind == "grow_node"
    assert ids(state) == ["grow n10", "grow n11", "grow n22"]
    play(state, "grow n22")
    assert "n22" in grown_nodes(state, p) and state.creativity[p] == 0


def test_k7_3_will_assistant_output_lab_manager_n11() -> None:
    """The lab manager's n11 (rules version 4): pay 3 AP, gain an assistant."""
    state, p = _main(["lab_manager", "workaholic"])
    set_grown(state, p, ["n00", "n01", "n11"])
    before = state.ap[p]
    play(state, "will n11")
    assert state.ap[p] == before - 3 and state.lobby_used[p] == 1


def test_k7_3_alchemist_n12_turns_three_sediment_into_two_vp_without_ap() -> None:
    """The alchemist's n12 (rules version 4, no AP since): 3 sediment -> 2 VP."""
    state, p = _main(["sediment_alchemist", "workaholic"])
    set_grown(state, p, ["n00", "n01", "n02", "n12"])
    state.mats[p * 3 + 2] = 3
    refresh(state)
    ap, vp = state.ap[p], state.vp[p]
    play(state, "will n12")
    assert (state.ap[p], state.vp[p], state.mats[p * 3 + 2]) == (ap, vp + 2, 0)


def test_k7_3_rainbow_artist_n20_makes_a_rainbow_without_ap() -> None:
    """The rainbow artist's n20 (rules version 4, no AP since): 1 light + 1 sediment ->
    1 rainbow."""
    state, p = _main(["rainbow_artist", "workaholic"])
    set_grown(state, p, ["n00", "n10", "n20"])
    state.mats[p * 3 : p * 3 + 3] = [1, 0, 1]
    refresh(state)
    ap = state.ap[p]
    play(state, "will n20")
    assert state.ap[p] == ap and state.mats[p * 3 : p * 3 + 3] == [0, 1, 0]


def test_k7_3_light_prodigy_n21_needs_four_light_for_three_vp() -> None:
    """The light prodigy's n21 (rules version 7): 4 light + 1 AP -> 3 VP; with 3 light it
    is not offered."""
    for light, offered in ((3, False), (4, True)):
        state, p = _main(["light_prodigy", "workaholic"])
        set_grown(state, p, ["n00", "n10", "n20", "n21"])
        state.mats[p * 3 : p * 3 + 3] = [light, 0, 0]
        refresh(state)
        assert ("will n21" in ids(state)) is offered
        if offered:
            ap, vp = state.ap[p], state.vp[p]
            play(state, "will n21")
            assert (state.ap[p], state.vp[p], state.mats[p * 3]) == (ap - 1, vp + 3, 0)


# ---------------------------------------------------------------- tasks
def test_k12_1_k12_2_seven_light_returns_the_task_token_as_an_assistant() -> None:
    """K-12.1/K-12.2: reaching 7 light takes the task token: here an unused assistant."""
    state, p = _main(["light_prodigy", "workaholic"])
    state.mats[p * 3] = 6
    refresh(state)
    play(state, "activate device collect_light")
    assert state.decision.kind == "task_reward" and state.to_move == p
    assert ids(state) == ["assistant", "grow"]
    play(state, "assistant")
    assert state.tasks[p] == 0b110 and state.lobby_unused[p] == 4 + 1


def test_k12_2_task_token_may_grow_instead() -> None:
    state, p = _main(["light_prodigy", "workaholic"])
    state.mats[p * 3 + 1] = 4
    lens = add_lens(state, p, {"D09": False, "D20": False}, cost=0)  # light -> rainbow, AP
    play(state, f"activate lens {LENS_IDS[lens]}", "grow", "grow n10")
    assert state.tasks[p] == 0b101 and grown_nodes(state, p) == {"n00", "n10"}
    assert state.stock[p] == 3  # the token came from the task space, not the stock


def test_k12_2_each_task_triggers_once() -> None:
    state, p = _main(["light_prodigy", "workaholic"])
    state.mats[p * 3] = 6
    refresh(state)
    play(state, "activate device collect_light", "assistant")
    main_turn(state, p)
    state.creativity[p] = 1
    refresh(state)
    play(state, "activate device collect_light")
    assert state.mats[p * 3] == 8
    assert state.decision.kind == "main_action"


def test_k12_1_three_lenses_task_after_the_third_grind() -> None:
    """K-9.6/K-12.1: making the third lens completes the task, before the follow-up."""
    state, p = _main(["light_prodigy", "workaholic"])
    add_lens(state, p, {}, cost=0)
    add_lens(state, p, {}, cost=0)
    state.hand = [0, 0]
    give_cards(state, p, ["D01", "D06"])
    play(state, "activate device grind", "card D01", "upright", "foundation 1")
    assert state.decision.kind == "task_reward"
    play(state, "assistant")
    assert state.tasks[p] == 0b011
    assert state.decision.kind == "grind_follow_up"


def test_k12_2_tasks_are_personal() -> None:
    state, p = _main(["light_prodigy", "workaholic"])
    other = 1 - p
    state.mats[p * 3] = 6
    state.mats[other * 3] = 6
    state.creativity[other] = 1
    refresh(state)
    play(state, "activate device collect_light", "assistant", "activate device collect_light")
    assert state.decision.kind == "task_reward" and state.to_move == other


def test_a16_tasks_are_checked_during_the_supply_phase() -> None:
    """A16: a supply ability that reaches 7 light completes the task at once."""
    state = new(2, seed=1, characters=["light_prodigy", "workaholic"])
    p = state.start
    set_grown(state, p, ["n00", "n01"])
    state.mats[p * 3] = 6
    refresh(state)
    play(state, "assistant", "use n01")
    assert state.phase == flow.SUPPLY
    assert state.decision.kind == "task_reward" and state.to_move == p


def test_a16_tasks_are_checked_during_the_end_phase() -> None:
    state, p = _main(["light_prodigy", "workaholic"])
    set_grown(state, p, ["n00", "n01", "n02"])  # n02: end -> 1 light
    state.mats[p * 3] = 6
    main_turn(state, p)
    play(state, "end", "end", "use n02")
    assert state.phase == flow.END and state.decision.kind == "task_reward"
