"""End phase (K-13, A9) and graduation (K-14, A24, R4): penalties, final abilities, tie-breaks."""

from __future__ import annotations

from boardlab.games.konoten import flow
from boardlab.games.konoten.content import CONTENT
from boardlab.games.konoten.tables import DEVICE_IDS, LENS_IDS

from .helpers import add_lens, answer_supply, ids, main_phase, main_turn, play, refresh, set_grown


def _main(characters: list[str], seed: int = 1):
    return main_phase(characters, seed)


def _graduate(state) -> None:
    """Jump to the last round's main phase and let everyone end (end abilities skipped)."""
    state.round = 4
    main_turn(state, state.start)
    while not state.is_over:
        play(state, "end" if state.decision.kind == "main_action" else "done")


# ---------------------------------------------------------------- end phase
def test_k13_1_k13_2_a9_assistants_flip_and_device_assistants_go_home() -> None:
    state, p = _main(["light_prodigy", "workaholic"])
    other = 1 - p
    lens = add_lens(state, other, {"D06": False, "D01": False}, cost=0)
    play(state, "activate device guts", f"activate lens {LENS_IDS[lens]}")
    state.lobby_used[p] += 1  # a used assistant in the lobby (as gained from an output)
    state.stock[p] -= 1
    refresh(state)
    play(state, "end", "end")
    answer_supply(state)
    assert state.round == 2
    guts = DEVICE_IDS.index("guts")
    assert state.dev_occ[guts * 2 + p] == 0
    assert state.lobby_used == [0, 0]
    assert state.lobby_unused[p] == 4 + 1 + 1 + 1  # 4 left, guts, the used one, supply
    assert state.lens_occ[lens] == other and state.lens_used[lens] == 0  # stays, unused


def test_k13_3_end_abilities_in_start_order_and_optional() -> None:
    """K-13.3/A22: each player may use each grown end ability once, start player first."""
    state, p = _main(["light_prodigy", "rainbow_artist"])
    other = 1 - p
    set_grown(state, p, ["n00", "n01", "n02"])  # end: -> 1 light
    set_grown(state, other, ["n00", "n01", "n02"])  # end: 1 rainbow -> 1 VP (rules version 9)
    main_turn(state, p)
    play(state, "end", "end")
    assert state.phase == flow.END and state.to_move == p
    play(state, "done")
    assert state.to_move == other and ids(state) == ["use n02", "done"]
    play(state, "use n02")
    assert state.vp[other] == 1 and state.mats[other * 3 : other * 3 + 2] == [2, 1]
    assert state.mats[p * 3] == 2  # p declined
    assert state.round == 2


def _ends_round_one_holding(characters: list[str], grown: list[str], **held: int) -> tuple:
    """The first seat of ``characters``, with ``grown`` nodes and holding ``held`` (``ap=5``:
    state fields by seat), ends round 1: the state and that seat, at its end-phase decision
    if it has one."""
    state, p = _main(characters)
    set_grown(state, p, grown)
    main_turn(state, p)
    for field, amount in held.items():
        getattr(state, field)[p] = amount
    refresh(state)
    play(state, "end", "end")
    while state.phase == flow.END and state.to_move != p:
        play(state, "done")
    return state, p


def _use_in_the_last_end_decision(state, p: int, node: str) -> int:
    """Use ``node`` as the round's last end decision; the VP it gave."""
    vp = state.vp[p]
    play(state, f"use {node}")  # round 2's supply follows at once
    assert state.phase == flow.SUPPLY and state.round == 2
    return state.vp[p] - vp


def test_k13_3_idea_machine_n21_needs_four_creativity_for_two_vp() -> None:
    """The idea machine's n21 end ability (rules version 4): 4 creativity -> 2 VP; with 3
    it is not offered."""
    for creativity, offered in ((3, False), (4, True)):
        state, p = _ends_round_one_holding(
            ["idea_machine", "workaholic"],
            ["n00", "n01", "n11", "n21"],
            creativity=creativity,
        )
        assert (state.phase == flow.END and "use n21" in ids(state)) is offered
        if offered:
            assert _use_in_the_last_end_decision(state, p, "n21") == 2
            assert state.creativity[p] == creativity - 4 + 1  # paid 4; round 2 supplies 1


def test_k13_3_workaholic_n11_needs_five_ap_for_two_vp() -> None:
    """The workaholic's n11 end ability (rules version 9, issue 28): 5 AP -> 2 VP (3 AP
    before); with 4 AP it is not offered."""
    for ap, offered in ((4, False), (5, True)):
        state, p = _ends_round_one_holding(
            ["workaholic", "light_prodigy"],
            ["n00", "n01", "n11"],
            ap=ap,
        )
        assert (state.phase == flow.END and "use n11" in ids(state)) is offered
        if offered:
            assert _use_in_the_last_end_decision(state, p, "n11") == 2
            assert state.ap[p] == ap - 5 + CONTENT.supply_ap  # paid 5; round 2 supplies (K-6.1)


def test_k13_3_idea_machine_n02_gives_two_creativity_and_one_light() -> None:
    """The idea machine's n02 end ability (rules version 7): nothing -> 2 creativity and
    1 light."""
    state, p = _main(["idea_machine", "workaholic"])
    set_grown(state, p, ["n00", "n01", "n02"])
    main_turn(state, p)
    play(state, "end", "end")
    while state.to_move != p:
        play(state, "done")
    light, creativity = state.mats[p * 3], state.creativity[p]
    play(state, "use n02")  # the last end decision: round 2's supply follows at once
    assert state.phase == flow.SUPPLY and state.round == 2
    assert state.mats[p * 3] == light + 1
    assert state.creativity[p] == creativity + 2 + 1  # round 2 supplies 1 (K-6.1)


# ---------------------------------------------------------------- graduation
def test_k14_1_each_sediment_costs_2_vp() -> None:
    state, p = _main(["light_prodigy", "workaholic"])
    state.vp = [10, 10]
    state.mats[p * 3 + 2] = 3
    state.mats[(1 - p) * 3 + 2] = 0
    _graduate(state)
    assert state.vp[p] == 4 and state.vp[1 - p] == 10


def test_k11_4_sediment_penalty_passive_replaces_the_rate() -> None:
    """K-11.4 sediment_penalty: the alchemist's n01 makes each sediment cost 1 VP."""
    state, p = _main(["sediment_alchemist", "workaholic"])
    set_grown(state, p, ["n00", "n01"])
    state.vp[p] = 10
    state.mats[p * 3 + 2] = 3
    _graduate(state)
    assert state.vp[p] == 7


def test_k14_2_final_per_and_equals() -> None:
    """K-11.5: light prodigy n22 = 1 VP per 2 light; alchemist n22 = 4 VP if no sediment
    (rules version 6; 5 VP before)."""
    state, p = _main(["light_prodigy", "sediment_alchemist"])
    other = 1 - p
    set_grown(state, p, ["n22"])
    set_grown(state, other, ["n22"])
    state.mats[p * 3 : p * 3 + 3] = [7, 0, 0]
    state.mats[other * 3 : other * 3 + 3] = [0, 0, 0]
    _graduate(state)
    assert state.vp[p] == 3 and state.vp[other] == 4


def test_issue28_workaholic_n22_scores_1_vp_per_3_ap() -> None:
    """Rules version 8 (issue 28, item 10): the workaholic's n22 scores 1 VP per 3 AP held
    at graduation (1 per 2 before), so AP hoarded by skipping the main phase pays less than
    what a turn of real play makes of it: 11 AP give 3 VP (5 in version 7)."""
    state, p = _main(["workaholic", "lab_manager"])
    set_grown(state, p, ["n00", "n22"])
    state.mats[p * 3 + 2] = 0
    state.vp[p] = 0
    state.ap[p] = 11
    _graduate(state)
    assert state.vp[p] == 3


def test_k14_2_rainbow_artist_n22_scores_3_vp_per_2_rainbow() -> None:
    """K-14.2, rules version 9 (issue 28): the rainbow artist's n22 scores 3 VP per 2 rainbow
    held at graduation (1 VP per rainbow before): 5 rainbow give 6 VP, the odd one nothing."""
    for held, scored in ((1, 0), (2, 3), (5, 6)):
        state, p = _main(["rainbow_artist", "lab_manager"])
        set_grown(state, p, ["n22"])
        state.mats[p * 3 : p * 3 + 3] = [0, held, 0]
        state.vp[p] = 0
        _graduate(state)
        assert state.vp[p] == scored


def test_r4_idea_machine_scores_1_vp_per_2_creativity() -> None:
    state, p = _main(["idea_machine", "lab_manager"])
    other = 1 - p
    set_grown(state, p, ["n22"])
    set_grown(state, other, ["n22"])  # 1 VP per lens
    state.creativity[p] = 5
    add_lens(state, other, {}, cost=0)
    add_lens(state, other, {}, cost=0)
    state.mats[p * 3 + 2] = 0
    state.mats[other * 3 + 2] = 0
    _graduate(state)
    assert state.vp[p] == 2 and state.vp[other] == 2


def test_a24_penalty_then_finals_and_nothing_else_scores() -> None:
    """A24: AP, creativity, light, rainbow and hand cards score nothing without an ability."""
    state, p = _main(["workaholic", "light_prodigy"])
    state.ap[p] = 30
    state.mats[p * 3 : p * 3 + 3] = [9, 5, 1]
    state.hand[p] = 0b11
    state.normal_deck = [c for c in state.normal_deck if c > 1]
    state.market = [c if c > 1 else -1 for c in state.market]
    _graduate(state)
    assert state.vp[p] == -2


def test_k14_3_tie_broken_by_lenses_then_cards_then_result_value() -> None:
    state, p = _main(["light_prodigy", "workaholic"])
    other = 1 - p
    state.mats = [0] * 6
    state.vp = [5, 5]
    add_lens(state, p, {"D01": False, "D06": False}, cost=0)
    add_lens(state, other, {"D20": False, "D23": False}, cost=0)
    assert state.winners() == []  # not over yet
    tied = state.clone()
    _graduate(tied)
    # one lens each, two cards each; results: D01 1 + D06 0 = 1 against D20 1 + D23 0 = 1
    assert sorted(tied.winners()) == [0, 1]
    add_lens(state, other, {"D27": False, "D31": False}, cost=1)
    _graduate(state)
    assert state.winners() == [other]


def test_k14_3_more_cards_in_lenses_breaks_a_tie() -> None:
    state, p = _main(["light_prodigy", "workaholic"])
    other = 1 - p
    state.mats = [0] * 6
    add_lens(state, p, {"D01": False, "D06": False}, cost=0)
    add_lens(state, other, {"D20": False, "D23": False, "D13": False}, cost=0)
    state.vp = [5, 5]
    _graduate(state)
    assert state.winners() == [other]


def test_k14_3_higher_total_result_value_breaks_a_tie() -> None:
    state, p = _main(["light_prodigy", "workaholic"])
    other = 1 - p
    state.mats = [0] * 6
    add_lens(state, p, {"D01": False, "D06": False}, cost=0)  # results 1 + 0
    add_lens(state, other, {"D07": False, "D20": False}, cost=0)  # results 3 + 1
    state.vp = [5, 5]
    _graduate(state)
    assert state.winners() == [other]


def test_k14_3_most_vp_wins_and_the_game_ends_after_round_4() -> None:
    state, p = _main(["light_prodigy", "workaholic"])
    state.mats = [0] * 6
    state.vp[p] = 8
    _graduate(state)
    assert state.is_over and state.phase == flow.OVER and state.round == 4
    assert state.winners() == [p] and state.scores()[p] == 8
    assert state.legal_actions() == []
