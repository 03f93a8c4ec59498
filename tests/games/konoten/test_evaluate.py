"""evaluate(): VP plus honest proxies that prefer clearly better states, read only public
information, value a lens declaration by its best completion and fade as rounds run out."""

from __future__ import annotations

import math

import pytest

import boardlab
from boardlab.agents import make
from boardlab.engine import Rng
from boardlab.games.konoten import flow
from boardlab.games.konoten.evaluate import evaluate
from boardlab.games.konoten.grinding import can_grind
from boardlab.games.konoten.state import KonotenState

from .helpers import (
    NODE,
    add_lens,
    answer_supply,
    give_cards,
    main_turn,
    new,
    refresh,
    set_grown,
)


def _main(characters: list[str], seed: int = 3) -> tuple[KonotenState, int]:
    """A game in round 1's main phase; seat 0 (the first character) is on turn."""
    state = new(len(characters), seed=seed, characters=characters)
    answer_supply(state)
    return main_turn(state, 0), 0


def _after_last_main_phase(state: KonotenState, seat: int) -> KonotenState:
    """Round 4, ``seat`` has ended its main phase (the other seat is on turn)."""
    state.round = 4
    main_turn(state, 1 - seat)
    state.ended = 1 << seat
    return refresh(state)


def _random_states(players: int, seed: int, every: int = 1):
    """The states of one random game, every ``every``-th decision."""
    state = boardlab.new("konoten", players=players, seed=seed)
    agent = make("random", seed=seed)
    step = 0
    while not state.is_over:
        if step % every == 0:
            yield state
        state.apply(agent.choose(state))
        step += 1
    yield state


# ---------------------------------------------------------------- clearly better states
def test_k14_3_more_vp_is_worth_exactly_that_much_more() -> None:
    state, p = _main(["workaholic", "lab_manager"])
    richer = state.clone()
    richer.vp[p] += 2
    assert evaluate(richer, p) == pytest.approx(evaluate(state, p) + 2)


def test_k9_2_a_legal_lens_in_hand_beats_two_cards_that_form_none() -> None:
    """D01 + D06 stack legally; D01 + D18 collide in every orientation (K-9.2), so only the
    first hand can grind (A4) and the evaluation prefers it."""
    state, p = _main(["workaholic", "lab_manager"])
    lens_hand = state.clone()
    give_cards(lens_hand, p, ["D01", "D06"])
    no_lens_hand = state.clone()
    give_cards(no_lens_hand, p, ["D01", "D18"])
    assert can_grind(lens_hand, p) and not can_grind(no_lens_hand, p)
    assert evaluate(lens_hand, p) > evaluate(no_lens_hand, p) > evaluate(state, p)


def test_k7_2_a_card_that_completes_a_lens_is_worth_its_2_ap() -> None:
    """Collect (2 AP) the card that makes a lens with the one in hand: the value goes up."""
    state, p = _main(["workaholic", "lab_manager"])
    give_cards(state, p, ["D01"])
    collected = state.clone()
    give_cards(collected, p, ["D06"])
    collected.ap[p] -= 2
    assert evaluate(collected, p) > evaluate(state, p)


def test_k14_1_each_sediment_costs_its_graduation_rate_near_the_end() -> None:
    """Once the last main phase is over a sediment is exactly -2 VP; the sediment
    alchemist's n01 passive (K-11.4) makes it -1."""
    state, p = _main(["workaholic", "sediment_alchemist"])
    q = 1 - p
    _after_last_main_phase(state, p)
    dirty = state.clone()
    dirty.mats[p * 3 + 2] += 3
    assert evaluate(dirty, p) == pytest.approx(evaluate(state, p) - 6)
    _after_last_main_phase(state, q)
    set_grown(state, q, ["n00", "n01"])
    dirty = state.clone()
    dirty.mats[q * 3 + 2] += 3
    assert evaluate(dirty, q) == pytest.approx(evaluate(state, q) - 3)


def test_k14_1_fewer_sediments_are_better_in_the_last_main_phase() -> None:
    state, p = _main(["workaholic", "lab_manager"])
    state.round = 4
    main_turn(state, p)
    clean = state.clone()
    clean.mats[p * 3 + 2] = 0
    assert evaluate(clean, p) == pytest.approx(evaluate(state, p) + 2 * 2)


def test_k11_5_a_grown_ability_is_worth_no_more_than_its_uses_can_yield() -> None:
    """The alchemist's n12 (will: 3 sediment -> 2 VP, K-11.5) yields at most 2 VP a round.
    Grown in round 1's main phase, with four uses left (A22: once a round), it adds at most
    8 VP, and less with no sediment at hand to use it: the sediment it would take away is
    not counted as a gain on top of the VP."""
    state, p = _main(["sediment_alchemist", "workaholic"])
    state.mats[p * 3 + 2] = 0
    set_grown(state, p, ["n00"])
    before = evaluate(state, p)
    set_grown(state, p, ["n00", "n12"])
    assert 0 < evaluate(state, p) - before < 4 * 2


def test_k14_2_final_abilities_count_what_they_would_score_now() -> None:
    """Idea machine n22: 1 VP per 2 creativity at graduation, counted as it stands."""
    state, p = _main(["idea_machine", "workaholic"])
    _after_last_main_phase(state, p)
    state.creativity[p] = 7
    without = evaluate(state, p)
    set_grown(state, p, ["n00", "n22"])  # disconnected nodes work (A14)
    assert evaluate(state, p) == pytest.approx(without + 3)


def test_k7_1_a_will_use_counts_this_round_only_while_the_seat_can_pay_it() -> None:
    """Issue 28 (engine plays forced moves): a main phase that can only end is ended by the
    engine, so greedy values the position after that ``end``. This round's use of an open
    will ability counts only while its inputs are at hand: the light prodigy's n21 (4 light
    + 1 AP -> 3 VP) adds nothing for this round with 3 light, and its use with 4."""
    state, p = _main(["light_prodigy", "workaholic"])
    set_grown(state, p, ["n00", "n21"])
    n21 = 1 << NODE["n21"]
    for light, counts in ((3, False), (4, True)):
        state.mats[p * 3] = light
        state.will_used[p] = 0
        open_use = evaluate(state, p)
        state.will_used[p] = n21
        used = evaluate(state, p)
        assert (open_use > used) is counts
        assert open_use >= used


def test_k12_1_an_open_task_near_completion_is_worth_more() -> None:
    """Six light of the seven the task needs (K-12.1) beat two light and four creativity,
    which Collect light turns 1:1 into the same six light (K-8)."""
    state, p = _main(["workaholic", "lab_manager"])
    near = state.clone()
    near.mats[p * 3] = 6
    far = state.clone()
    far.mats[p * 3] = 2
    far.creativity[p] += 4
    assert evaluate(near, p) > evaluate(far, p)


def test_lenses_owned_are_worth_more_with_rounds_left() -> None:
    """The same lens adds more in round 1 (owner bonuses and uses to come) than in round 4
    after the seat's main phase, where it can no longer earn anything."""
    state, p = _main(["workaholic", "lab_manager"])
    early = state.clone()
    add_lens(early, p, {"D06": False, "D01": False}, cost=0)
    early_gain = evaluate(early, p) - evaluate(state, p)
    _after_last_main_phase(state, p)
    late = state.clone()
    add_lens(late, p, {"D06": False, "D01": False}, cost=0)
    late_gain = evaluate(late, p) - evaluate(state, p)
    assert early_gain > late_gain >= 0


def test_only_vp_and_graduation_scoring_remain_after_the_last_main_phase() -> None:
    """Cards, AP, creativity, light, rainbow and assistants score nothing at graduation
    (A24): once the seat's last main phase is over they add nothing."""
    state, p = _main(["workaholic", "lab_manager"])
    _after_last_main_phase(state, p)
    state.mats[p * 3 : p * 3 + 3] = [5, 3, 0]
    state.ap[p], state.creativity[p], state.vp[p] = 6, 4, 9
    give_cards(state, p, ["D01", "D06", "D18"])
    assert evaluate(state, p) == pytest.approx(9)


def test_k14_evaluate_is_the_final_vp_once_the_game_is_over() -> None:
    *_, final = _random_states(3, seed=5, every=50)
    assert final.is_over
    assert [evaluate(final, p) for p in range(3)] == [float(v) for v in final.scores()]


# ---------------------------------------------------------------- a decision in progress
def _best_option_value(state: KonotenState, seat: int) -> tuple[float, str]:
    scored = []
    for option in state.legal_actions():
        after = state.clone()
        after.apply(option)
        scored.append((evaluate(after, seat), str(option)))
    return max(scored)


def test_k9_1_a4_every_step_of_a_declaration_keeps_the_value_of_the_best_lens() -> None:
    """Grinding is declared card by card (K-9.1); the evaluation values a declaration in
    progress by its best completion, so starting it is no loss and the best option at
    every step (card, orientation, done, foundation) keeps exactly that value."""
    state, p = _main(["workaholic", "lab_manager"])
    give_cards(state, p, ["D01", "D06", "D13", "D27"])
    before = evaluate(state, p)
    state.apply("activate device grind")
    declared = evaluate(state, p)
    assert declared > before
    steps = 0
    while state.decision.kind in ("grind_card", "grind_orientation", "grind_foundation"):
        value, option = _best_option_value(state, p)
        assert value == pytest.approx(declared, abs=1e-9), state.decision.kind
        state.apply(option)
        steps += 1
    assert steps >= 3 and len(state.lenses) == 1
    assert evaluate(state, p) == pytest.approx(declared, abs=1e-9)


def test_k9_3_a_declaration_is_worth_the_lens_it_makes_not_the_cards_it_holds() -> None:
    """Mid-declaration the chosen cards are still in hand (K-9.3 pays at the foundation),
    yet the value already counts their grinding VP, one AP and one assistant fewer."""
    state, p = _main(["workaholic", "lab_manager"])
    give_cards(state, p, ["D01", "D06"])
    state.apply("activate device grind")
    declared = evaluate(state, p)
    while state.decision.kind != "main_action" and state.to_move == p:
        state.apply(_best_option_value(state, p)[1])
    assert state.vp[p] == 2 and evaluate(state, p) == pytest.approx(declared, abs=1e-9)


# ---------------------------------------------------------------- sound along whole games
@pytest.mark.parametrize("players", [2, 3, 4])
def test_evaluate_is_finite_for_every_state_of_random_games(players: int) -> None:
    for seed in range(3):
        for state in _random_states(players, seed):
            for seat in range(players):
                assert math.isfinite(evaluate(state, seat))


@pytest.mark.parametrize("players", [2, 4])
def test_a10_evaluate_reads_only_what_the_seat_can_see(players: int) -> None:
    """Hands are public (A10), the decks' order is not: re-dealing what a seat cannot see
    (determinize) or reversing both decks changes no seat's value."""
    for seed in range(2):
        for k, state in enumerate(_random_states(players, seed, every=7)):
            if state.is_over:
                continue
            values = [evaluate(state, p) for p in range(players)]
            seat = state.to_move
            twin = state.determinize(seat, Rng(k))
            assert [evaluate(twin, p) for p in range(players)] == values
            flipped = state.clone()
            flipped.normal_deck.reverse()
            flipped.vp_deck.reverse()
            assert [evaluate(flipped, p) for p in range(players)] == values


def test_evaluate_does_not_change_the_state() -> None:
    for state in _random_states(2, seed=9, every=10):
        before = state.snapshot()
        for seat in range(2):
            evaluate(state, seat)
        assert state.snapshot() == before
    assert state.phase == flow.OVER
