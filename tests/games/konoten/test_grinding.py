"""Grinding a lens (K-9; A3-A6, A26, A27, E3, E4): legal stacks only, never a dead end."""

from __future__ import annotations

import itertools

from boardlab.engine import Rng
from boardlab.games.konoten.grinding import can_grind
from boardlab.games.konoten.lenses import lens_info
from boardlab.games.konoten.tables import (
    CARD_DIFF,
    CARD_MASK,
    CARD_MATERIAL,
    COST_MASK,
    FOUNDATION_COST,
    GRIND,
    N_CARDS,
    bits,
)

from .helpers import (
    CARD,
    add_lens,
    answer_supply,
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


def _free_hand(state, p: int, cards: list[str]) -> None:
    state.hand = [0] * state.players
    give_cards(state, p, cards)


def test_e3_a4_grinding_is_an_activate_offered_only_with_a_legal_lens() -> None:
    """E3/A4: Grind is the Activate of the Grind device, offered only if a lens can be made."""
    state, p = _main(["light_prodigy", "workaholic"])
    assert "activate device grind" not in ids(state)  # empty hand
    _free_hand(state, p, ["D01"])
    assert "activate device grind" not in ids(state)  # one card is not a lens
    give_cards(state, p, ["D06"])
    assert "activate device grind" in ids(state)


def test_k9_2_cards_whose_marks_always_collide_cannot_share_a_lens() -> None:
    """K-9.2: D17 and D29 use the same two cells in either orientation: no lens."""
    state, p = _main(["light_prodigy", "workaholic"])
    _free_hand(state, p, ["D17", "D29"])
    assert "activate device grind" not in ids(state)


def test_k9_2_no_foundation_left_means_no_lens() -> None:
    """K-9.2: if no foundation in the supply satisfies the threshold the lens cannot be made."""
    state, p = _main(["light_prodigy", "workaholic"])
    _free_hand(state, p, ["D01", "D06"])
    for cost in range(5):
        while state.found & COST_MASK[cost]:
            add_lens(state, 1 - p, {}, cost)
    assert state.found == 0
    refresh(state)
    assert "activate device grind" not in ids(state)


def test_k9_2_a6_foundation_cost_must_reach_result_minus_material() -> None:
    """K-9.2: D17 + D01 upright have R - M = 3: only foundations of cost 3 and 4."""
    state, p = _main(["light_prodigy", "workaholic"])
    _free_hand(state, p, ["D17", "D01"])
    play(state, "activate device grind", "card D17", "upright")
    # D01 is the only card left, so it is taken without asking; its orientation is asked
    assert state.stack[-1][7] == CARD["D01"]
    play(state, "upright")
    assert state.decision.kind == "grind_foundation"
    assert ids(state) == ["foundation 3", "foundation 4"]


def test_a6_negative_difference_counts_as_zero() -> None:
    """A6: both turned, R - M = -3, so any foundation (cost >= 0) qualifies."""
    state, p = _main(["light_prodigy", "workaholic"])
    _free_hand(state, p, ["D17", "D01"])
    play(state, "activate device grind", "card D17", "flip", "flip")
    assert ids(state) == [f"foundation {k}" for k in range(5)]


def test_a4_an_orientation_leading_to_a_dead_end_is_never_offered() -> None:
    """A4: with only cost-0 foundations left, D17 can only go in turned (R - M = -2)."""
    state, p = _main(["light_prodigy", "workaholic"])
    _free_hand(state, p, ["D17", "D01"])
    state.found = COST_MASK[0]
    for f in bits(COST_MASK[1] | COST_MASK[2] | COST_MASK[3] | COST_MASK[4]):
        state.lenses.append((1 - p, f, 0, 0))
        state.lens_occ.append(-1)
        state.lens_used.append(0)
    refresh(state)
    play(state, "activate device grind", "card D17")
    # the only legal orientation was applied without asking
    frame = state.stack[-1]
    assert frame[0] == "grind" and frame[3] == 1 << CARD["D17"] and frame[5] == -2
    # then D01, the only card left, is taken; both its orientations keep R - M <= 0
    assert state.decision.kind == "grind_orientation" and frame[7] == CARD["D01"]
    assert ids(state) == ["upright", "flip"]


def test_k9_2_a_card_that_cannot_join_the_stack_is_not_offered() -> None:
    state, p = _main(["light_prodigy", "workaholic"])
    _free_hand(state, p, ["D17", "D29", "D01"])
    play(state, "activate device grind")
    assert sorted(ids(state)) == sorted(f"card {c}" for c in ("D17", "D29", "D01"))
    play(state, "card D17", "flip")
    # D29 can no longer join, so D01 is the only card: it is taken without asking
    assert state.decision.kind == "grind_orientation" and state.stack[-1][7] == CARD["D01"]


def test_a26_only_upright_or_turned() -> None:
    state, p = _main(["light_prodigy", "workaholic"])
    _free_hand(state, p, ["D17", "D01"])
    play(state, "activate device grind", "card D17")
    assert ids(state) == ["upright", "flip"]
    assert state.decision.kind == "grind_orientation"


def test_k9_3_a3_resolution_places_the_assistant_pays_1_ap_and_scores_1_vp_per_card() -> None:
    """K-9.3/A3: assistant on Grind (used), 1 AP, cards and foundation form the lens, VP."""
    state, p = _main(["light_prodigy", "workaholic"])
    _free_hand(state, p, ["D01", "D06", "D13"])
    found_before = state.found
    play(state, "activate device grind", "card D01", "upright")
    play(state, "card D06", "done", "foundation 2")  # D06 fits only upright
    assert state.ap[p] == 8 and state.vp[p] == 2
    assert state.dev_occ[GRIND * 2 + p] == 1 and state.lobby_unused[p] == 4
    assert state.hand[p] == 1 << CARD["D13"]
    owner, foundation, cards, flipped = state.lenses[0]
    assert (owner, FOUNDATION_COST[foundation], flipped) == (p, 2, 0)
    assert cards == 1 << CARD["D01"] | 1 << CARD["D06"]
    assert state.found == found_before & ~(1 << foundation)


def test_a3_a_costlier_foundation_may_be_chosen_and_sets_the_lens_ap() -> None:
    """A3: any qualifying foundation may be taken; it costs nothing now, its cost is the AP."""
    state, p = _main(["light_prodigy", "workaholic"])
    _free_hand(state, p, ["D01", "D06"])
    play(state, "activate device grind", "card D01", "upright")
    assert ids(state) == [f"foundation {k}" for k in range(5)]
    play(state, "foundation 4", "skip")
    assert state.ap[p] == 8
    assert lens_info(state.lenses[0]).ap == 4


def test_k9_4_lens_effect_left_half_in_right_half_out_and_turning_swaps() -> None:
    """K-9.4: D06 (light in column 1) + D01 (light in column 2): 1 light -> 1 light, AP = cost."""
    p = 0
    upright = lens_info((p, 6, 1 << CARD["D06"] | 1 << CARD["D01"], 0))
    assert upright.input[0] == 1 and upright.output[0] == 1 and upright.ap == 2
    turned = lens_info((p, 6, 1 << CARD["D06"] | 1 << CARD["D01"], 1 << CARD["D06"]))
    assert turned.input[0] == 0 and turned.output[0] == 2
    assert (turned.result, turned.cards) == (1 + 1, 2)  # A5: numbers per orientation


def test_k9_4_ap_symbols_on_the_input_side_add_to_the_lens_ap() -> None:
    """A1: activation AP = foundation cost plus AP symbols among the inputs (D23 upright)."""
    info = lens_info((0, 0, 1 << CARD["D23"] | 1 << CARD["D01"], 0))
    assert info.cost == 0 and info.ap == 1


def test_k9_5_e4_follow_up_places_one_more_assistant_without_owner_bonus() -> None:
    """K-9.5/E4: at most one more assistant goes on the new lens at once; own lens, no bonus."""
    state, p = _main(["light_prodigy", "workaholic"])
    _free_hand(state, p, ["D01", "D06"])
    play(state, "activate device grind", "card D01", "upright")
    play(state, "foundation 1")  # D06 is the only card left and fits only upright
    assert state.decision.kind == "grind_follow_up"
    assert ids(state) == ["activate lens L1", "skip"]
    play(state, "activate lens L1")
    assert state.lens_occ[0] == p and state.ap[p] == 7 and state.vp[p] == 2
    assert state.to_move == 1 - p


def test_k9_5_follow_up_is_optional() -> None:
    state, p = _main(["light_prodigy", "workaholic"])
    _free_hand(state, p, ["D01", "D06"])
    play(state, "activate device grind", "card D01", "upright")
    play(state, "foundation 1", "skip")
    assert state.lens_occ[0] == -1 and state.to_move == 1 - p


def test_k9_5_no_follow_up_without_another_unused_assistant() -> None:
    state, p = _main(["light_prodigy", "workaholic"])
    _free_hand(state, p, ["D01", "D06"])
    state.stock[p] += state.lobby_unused[p] - 1
    state.lobby_unused[p] = 1
    refresh(state)
    play(state, "activate device grind", "card D01", "upright")
    play(state, "foundation 1")
    assert state.to_move == 1 - p and state.decision.kind == "main_action"


def test_k10_2_follow_up_may_consume_the_grinding_assistant() -> None:
    """Seed example (K-10.2): the new lens's assistant input may take the Grind assistant."""
    state, p = _main(["light_prodigy", "workaholic"])
    _free_hand(state, p, ["D34", "D01"])  # D34 turned: assistant in, rainbow out
    play(state, "activate device grind", "card D34", "flip")
    play(state, "upright", "foundation 0", "activate lens L1")
    assert state.decision.kind == "pay_assistant"
    assert "remove device grind" in ids(state) and "remove lens L1" not in ids(state)
    play(state, "remove device grind")
    assert state.dev_occ[GRIND * 2 + p] == 0 and state.stock[p] == 4
    assert state.mats[p * 3 + 1] == 3 and state.mats[p * 3] == 3


def test_k11_4_grind_bonus_vp() -> None:
    """K-11.4 grind_bonus_vp: the idea machine's n11 adds 1 VP per lens made."""
    state, p = _main(["idea_machine", "workaholic"])
    set_grown(state, p, ["n00", "n01", "n11"])
    _free_hand(state, p, ["D01", "D06"])
    play(state, "activate device grind", "card D01", "upright")
    play(state, "foundation 0", "skip")
    assert state.vp[p] == 3


def test_readme_six_card_lens_closes_the_declaration_by_itself() -> None:
    """K-9.1: at most 6 cards; after the sixth only 'done' remains and is taken for you."""
    state, p = _main(["light_prodigy", "workaholic"])
    six = ["D01", "D02", "D03", "D06", "D09", "D13"]
    _free_hand(state, p, [*six, "D20"])
    state.ap[p] = 20
    refresh(state)
    play(state, "activate device grind")
    chosen = 0
    while state.decision.kind in ("grind_card", "grind_orientation") and chosen < 7:
        options = ids(state)
        wanted = [a for a in options if a.startswith("card") and a != "card D20"]
        if state.decision.kind == "grind_card":
            assert wanted, options
            play(state, wanted[0])
            chosen += 1
        else:
            play(state, options[0])
    assert chosen == 6 and state.decision.kind == "grind_foundation"
    assert bin(state.stack[-1][2]).count("1") == 6


def test_a27_lenses_stay_for_the_rest_of_the_game() -> None:
    state, p = _main(["light_prodigy", "workaholic"])
    lens = add_lens(state, p, {"D06": False, "D01": False}, cost=0, occupant=p)
    main_turn(state, p)
    play(state, "end", "end")
    answer_supply(state)
    assert state.lenses[lens][0] == p and state.lens_occ[lens] == p


# ---------------------------------------------------------------- legality properties
def _legal_lenses(hand: int, max_cost: int) -> list[tuple[int, int]]:
    """Brute force: every (cards, flipped) lens of 2-6 cards of ``hand`` (K-9.2)."""
    found = []
    cards = bits(hand)
    for size in range(2, min(6, len(cards)) + 1):
        for combo in itertools.combinations(cards, size):
            for turns in itertools.product((0, 1), repeat=size):
                mask = diff = 0
                ok = True
                for card, o in zip(combo, turns, strict=True):
                    if CARD_MASK[card][o] & mask:
                        ok = False
                        break
                    mask |= CARD_MASK[card][o]
                    diff += CARD_DIFF[card][o]
                if ok and max(0, diff) <= max_cost:
                    flipped = sum(o << c for c, o in zip(combo, turns, strict=True))
                    found.append((sum(1 << c for c in combo), flipped))
    return found


def test_a4_grind_options_match_a_brute_force_search_on_random_hands() -> None:
    """A4: Grind is offered iff a legal lens exists; first cards offered = cards of legal lenses;
    every random path through the declaration ends in a legal lens."""
    rng = Rng(2024)
    names = {index: name for name, index in CARD.items()}
    for trial in range(60):
        state, p = _main(["light_prodigy", "workaholic"], seed=trial)
        pool = list(range(N_CARDS))
        rng.shuffle(pool)
        max_cost = rng.randbelow(5)
        _free_hand(state, p, [names[c] for c in pool[: 2 + rng.randbelow(6)]])
        state.found = sum(COST_MASK[k] for k in range(max_cost + 1))
        refresh(state)
        legal = _legal_lenses(state.hand[p], max_cost)
        assert can_grind(state, p) == bool(legal)
        if not legal:
            assert "activate device grind" not in ids(state)
            continue
        state.apply("activate device grind")  # (foundations were set aside: no audit here)
        offered = {CARD[a.split()[1]] for a in ids(state)}
        assert offered == {c for lens_cards, _ in legal for c in bits(lens_cards)}
        while state.decision.kind in ("grind_card", "grind_orientation"):
            options = state.legal_actions()
            state.apply(options[rng.randbelow(len(options))])
        if state.decision.kind == "grind_foundation":
            options = state.legal_actions()
            state.apply(options[rng.randbelow(len(options))])
        _, foundation, cards, flipped = state.lenses[-1]
        assert (cards, flipped) in legal
        info = lens_info(state.lenses[-1])
        assert FOUNDATION_COST[foundation] >= max(0, info.result - _material(cards, flipped))


def _material(cards: int, flipped: int) -> int:
    return sum(CARD_MATERIAL[c][flipped >> c & 1] for c in bits(cards))
