"""Executing effects (K-10): payment in full, colour-token inputs and outputs, capacity, order."""

from __future__ import annotations

from boardlab.games.konoten.tables import LENS_IDS

from .helpers import (
    add_lens,
    grown_nodes,
    ids,
    main_phase,
    play,
    refresh,
    set_grown,
)


def _main(characters: list[str], seed: int = 1):
    return main_phase(characters, seed)


def _mats(state, p: int) -> list[int]:
    return state.mats[p * 3 : p * 3 + 3]


def test_k10_1_a12_an_effect_is_offered_only_if_every_input_is_payable() -> None:
    """K-10.1/A12: D07 needs a rainbow: with none the lens is not offered at all."""
    state, p = _main(["light_prodigy", "workaholic"])
    lens = add_lens(state, p, {"D07": False, "D06": False}, cost=0)  # rainbow + light -> 3 light
    state.mats[p * 3 + 1] = 0
    refresh(state)
    assert f"activate lens {LENS_IDS[lens]}" not in ids(state)
    state.mats[p * 3 + 1] = 1
    refresh(state)
    play(state, f"activate lens {LENS_IDS[lens]}")
    assert _mats(state, p) == [2 - 1 + 3, 0, 2]


def test_k10_2_a14_growth_input_may_cut_a_chain_in_the_middle() -> None:
    """K-10.2/A14: any grown node may pay a growth; the cut-off node keeps working."""
    state, p = _main(["light_prodigy", "workaholic"])
    set_grown(state, p, ["n00", "n01", "n02"])
    lens = add_lens(state, p, {"D36": False, "D01": False}, cost=0)  # growth -> rainbow, cr, light
    play(state, f"activate lens {LENS_IDS[lens]}")
    assert state.decision.kind == "pay_growth"
    assert ids(state) == ["node n00", "node n01", "node n02"]
    play(state, "node n01")
    assert grown_nodes(state, p) == {"n00", "n02"}
    assert state.stock[p] == 2  # 3 after supply, -2 for the set chart, +1 paid back
    assert _mats(state, p) == [3, 3, 2]


def test_k10_2_a20_assistant_input_may_come_off_a_lens_which_becomes_free() -> None:
    """K-10.2/A20: any other assistant (here one sitting on a lens) pays; its lens is freed."""
    state, p = _main(["light_prodigy", "workaholic"])
    parked = add_lens(state, p, {"D13": False, "D20": False}, cost=0, occupant=p)
    lens = add_lens(state, p, {"D34": True, "D01": False}, cost=0)  # assistant -> rainbow, light
    play(state, f"activate lens {LENS_IDS[lens]}")
    assert state.decision.kind == "pay_assistant"
    options = ids(state)
    assert "remove lobby unused" in options and f"remove lens {LENS_IDS[parked]}" in options
    assert f"remove lens {LENS_IDS[lens]}" not in options  # never the executing assistant
    play(state, f"remove lens {LENS_IDS[parked]}")
    assert state.lens_occ[parked] == -1 and state.lens_used[parked] == 0
    assert state.stock[p] == 4


def test_k10_2_the_executing_assistant_is_never_the_payment() -> None:
    """K-10.2: with no other assistant at all, an assistant input cannot be paid."""
    state, p = _main(["light_prodigy", "workaholic"])
    lens = add_lens(state, p, {"D34": True, "D01": False}, cost=0)
    state.stock[p] += state.lobby_unused[p] - 1
    state.lobby_unused[p] = 1
    refresh(state)
    assert f"activate lens {LENS_IDS[lens]}" not in ids(state)


def test_k10_3_assistant_output_joins_the_lobby_used() -> None:
    state, p = _main(["light_prodigy", "workaholic"])
    lens = add_lens(state, p, {"D34": False, "D06": False}, cost=0)  # rainbow + light -> assistant
    play(state, f"activate lens {LENS_IDS[lens]}")
    assert state.lobby_used[p] == 1 and state.stock[p] == 2 and state.lobby_unused[p] == 4


def test_a13_colour_token_output_with_an_empty_stock_is_lost() -> None:
    state, p = _main(["light_prodigy", "workaholic"])
    lens = add_lens(state, p, {"D34": False, "D06": False}, cost=0)
    state.lobby_unused[p] += state.stock[p]
    state.stock[p] = 0
    refresh(state)
    play(state, f"activate lens {LENS_IDS[lens]}")
    assert state.lobby_used[p] == 0 and state.stock[p] == 0
    assert _mats(state, p) == [1, 1, 2]  # the inputs were still paid


def test_k10_3_k7_growth_output_grows_a_chosen_eligible_node() -> None:
    state, p = _main(["light_prodigy", "workaholic"])
    lens = add_lens(state, p, {"D33": False, "D01": False}, cost=0)  # 2 light -> growth, light
    play(state, f"activate lens {LENS_IDS[lens]}")
    assert state.decision.kind == "grow_node" and ids(state) == ["grow n01", "grow n10"]
    play(state, "grow n01")
    assert grown_nodes(state, p) == {"n00", "n01"} and state.stock[p] == 2


def test_a13_growth_output_with_no_eligible_node_is_lost() -> None:
    state, p = _main(["light_prodigy", "workaholic"])
    lens = add_lens(state, p, {"D33": False, "D01": False}, cost=0)
    state.stock[p] += 3 + state.lobby_unused[p] - 1
    state.tasks[p] = 0
    state.lobby_unused[p] = 1
    set_grown(state, p, ["n00", "n01", "n02", "n10", "n11", "n12", "n20", "n21", "n22"])
    stock = state.stock[p]
    play(state, f"activate lens {LENS_IDS[lens]}")
    assert state.stock[p] == stock and state.decision.player != p


def test_k11_gain_order_is_asked_when_tokens_are_short() -> None:
    """K11: growth and assistant outputs with one token in stock: the player picks the order."""
    state, p = _main(["light_prodigy", "workaholic"])
    lens = add_lens(state, p, {"D33": False, "D34": False}, cost=0)  # -> growth + assistant
    state.lobby_unused[p] += state.stock[p] - 1
    state.stock[p] = 1
    state.mats[p * 3 : p * 3 + 3] = [2, 1, 0]
    refresh(state)
    play(state, f"activate lens {LENS_IDS[lens]}")
    assert state.decision.kind == "gain_order"
    assert ids(state) == ["gain growth", "gain assistant"]
    play(state, "gain assistant")
    assert state.lobby_used[p] == 1 and state.stock[p] == 0
    assert grown_nodes(state, p) == {"n00"}  # the growth found no token: lost


def test_k11_gain_order_is_not_asked_when_it_cannot_matter() -> None:
    state, p = _main(["light_prodigy", "workaholic"])
    lens = add_lens(state, p, {"D33": False, "D34": False}, cost=0)
    state.mats[p * 3 : p * 3 + 3] = [2, 1, 0]
    refresh(state)
    play(state, f"activate lens {LENS_IDS[lens]}")
    assert state.decision.kind == "grow_node"
    play(state, "grow n10")
    assert state.lobby_used[p] == 1 and grown_nodes(state, p) == {"n00", "n10"}


def test_k10_4_k8_overflow_discards_only_new_materials_by_choice() -> None:
    """K-10.4/K8: at 11 of 12, gaining light + rainbow + sediment keeps one new material."""
    state, p = _main(["light_prodigy", "workaholic"])
    lens = add_lens(state, p, {"D12": False, "D01": False}, cost=0)  # -> rainbow, sediment, light
    state.mats[p * 3 : p * 3 + 3] = [5, 3, 3]
    refresh(state)
    play(state, f"activate lens {LENS_IDS[lens]}")
    assert state.decision.kind == "discard_material"
    assert ids(state) == ["discard light", "discard rainbow", "discard sediment"]
    play(state, "discard sediment")
    assert ids(state) == ["discard light", "discard rainbow"]
    play(state, "discard light")
    assert _mats(state, p) == [5, 4, 3]


def test_k10_4_single_kind_overflow_is_trimmed_without_a_question() -> None:
    state, p = _main(["light_prodigy", "workaholic"])
    lens = add_lens(state, p, {"D07": False, "D06": False}, cost=0)  # rainbow + light -> 3 light
    state.mats[p * 3 : p * 3 + 3] = [6, 3, 3]
    refresh(state)
    play(state, f"activate lens {LENS_IDS[lens]}")
    assert _mats(state, p) == [5 + 2, 2, 3]  # paid 1 light 1 rainbow: 10, room for 2 of 3


def test_r2_losing_capacity_forces_no_discard_but_new_materials_are_lost() -> None:
    """R2: over capacity after losing a material_capacity node, nothing held is discarded,
    and every new material is discarded while over capacity."""
    state, p = _main(["rainbow_artist", "workaholic"])
    set_grown(state, p, ["n00", "n01", "n11"])  # capacity 14
    state.mats[p * 3 : p * 3 + 3] = [6, 5, 3]
    lens = add_lens(state, p, {"D36": False, "D01": False}, cost=0)  # growth -> rainbow, cr, light
    refresh(state)
    play(state, f"activate lens {LENS_IDS[lens]}", "node n11")
    assert _mats(state, p) == [6, 5, 3]  # 14 held, capacity back to 12, new ones discarded
    assert state.creativity[p] == 2


def test_a21_a_vp_symbol_on_the_input_side_is_paid_from_vp() -> None:
    """A21: V07 turned puts its VP on the input side: payable only with that VP."""
    state, p = _main(["light_prodigy", "workaholic"])
    lens = add_lens(state, p, {"V07": True, "D01": False}, cost=0)  # 1 VP -> 1 light
    assert f"activate lens {LENS_IDS[lens]}" not in ids(state)
    state.vp[p] = 1
    refresh(state)
    play(state, f"activate lens {LENS_IDS[lens]}")
    assert state.vp[p] == 0 and state.mats[p * 3] == 3


def test_k11_growing_a_capacity_node_before_the_materials_can_save_them() -> None:
    """K11/K-10.4: growth and overflowing materials: the player may grow n11 (+2) first."""
    state, p = _main(["rainbow_artist", "workaholic"])
    set_grown(state, p, ["n00", "n10"])
    # the lens: 2 light -> growth, 2 light, 1 sediment
    lens = add_lens(state, p, {"D33": False, "D05": False}, cost=0)
    state.mats[p * 3 : p * 3 + 3] = [6, 3, 3]
    refresh(state)
    play(state, f"activate lens {LENS_IDS[lens]}")
    assert state.decision.kind == "gain_order"
    assert ids(state) == ["gain materials", "gain growth"]
    play(state, "gain growth", "grow n11")
    assert _mats(state, p) == [6, 3, 4]  # 13 held: capacity is 14 now


def test_k11_materials_first_overflow_then_growth() -> None:
    state, p = _main(["rainbow_artist", "workaholic"])
    set_grown(state, p, ["n00", "n10"])
    lens = add_lens(state, p, {"D33": False, "D05": False}, cost=0)
    state.mats[p * 3 : p * 3 + 3] = [6, 3, 3]
    refresh(state)
    play(state, f"activate lens {LENS_IDS[lens]}", "gain materials", "discard sediment", "grow n11")
    assert _mats(state, p) == [6, 3, 3]
