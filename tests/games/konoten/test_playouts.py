"""Random playouts at 2-4 players: games end, conservation holds, saves, clones and views behave."""

from __future__ import annotations

import json

import pytest

import boardlab
from boardlab.agents import make
from boardlab.engine import Rng
from boardlab.games.konoten.audit import audit
from boardlab.games.konoten.evaluate import evaluate
from boardlab.games.konoten.lenses import lens_info
from boardlab.games.konoten.tables import CARD_MASK, CARD_MATERIAL, FOUNDATION_COST, bits

SEEDS = range(40)


def _lens_is_legal(lens: tuple[int, int, int, int]) -> bool:
    """K-9.2 checked independently: 2-6 cards, no shared cell, cost >= max(0, R - M)."""
    _, foundation, cards, flipped = lens
    mask = material = 0
    for card in bits(cards):
        o = flipped >> card & 1
        if CARD_MASK[card][o] & mask:
            return False
        mask |= CARD_MASK[card][o]
        material += CARD_MATERIAL[card][o]
    count = cards.bit_count()
    result = lens_info(lens).result
    return 2 <= count <= 6 and FOUNDATION_COST[foundation] >= max(0, result - material)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_with_every_invariant_kept(players: int) -> None:
    """Every step: audit() empty; every lens made is legal; the game ends with winners."""
    for seed in SEEDS:
        state = boardlab.new("konoten", players=players, seed=seed)
        agent = make("random", seed=seed)
        lenses = 0
        steps = 0
        while not state.is_over:
            decision = state.decision
            assert decision is not None and decision.options
            assert len({a.id for a in decision.options}) == len(decision.options)
            state.apply(agent.choose(state))
            steps += 1
            problems = audit(state)
            assert problems == [], (seed, steps, problems)
            if len(state.lenses) > lenses:
                lenses = len(state.lenses)
                assert _lens_is_legal(state.lenses[-1]), state.lenses[-1]
            assert steps < 5000
        assert state.winners() and state.round == 4
        assert len(state.scores()) == players


GRIND_DECISIONS = ("grind_card", "grind_orientation", "grind_foundation")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_grind_option_in_play_leads_to_a_legal_lens(players: int) -> None:
    """A4: each card, orientation and foundation offered can be completed into a legal lens."""
    checked = 0
    for seed in range(10):
        state = boardlab.new("konoten", players=players, seed=500 + seed)
        agent = make("random", seed=seed)
        while not state.is_over:
            if state.decision.kind in GRIND_DECISIONS:
                made = len(state.lenses)
                for k, option in enumerate(state.legal_actions()):
                    twin = state.clone()
                    twin.apply(option)
                    finisher = Rng(k)
                    while twin.decision is not None and twin.decision.kind in GRIND_DECISIONS:
                        options = twin.legal_actions()
                        twin.apply(options[finisher.randbelow(len(options))])
                    assert len(twin.lenses) == made + 1
                    assert _lens_is_legal(twin.lenses[-1])
                    checked += 1
            state.apply(agent.choose(state))
    assert checked > 50


@pytest.mark.parametrize("players", [2, 3, 4])
def test_json_round_trip_mid_game_and_at_the_end(players: int) -> None:
    for seed in range(4):
        state = boardlab.new("konoten", players=players, seed=100 + seed)
        agent = make("random", seed=seed)
        step = 0
        while not state.is_over:
            if step % 37 == 0:
                loaded = boardlab.load(state.to_json())
                assert loaded == state
                assert loaded.legal_actions() == state.legal_actions()
            state.apply(agent.choose(state))
            step += 1
        assert boardlab.load(state.to_json()) == state


def test_loaded_game_goes_on_exactly_as_the_original() -> None:
    state = boardlab.new("konoten", players=3, seed=5)
    agent = make("random", seed=5)
    for _ in range(40):
        state.apply(agent.choose(state))
    twin = boardlab.load(state.to_json())
    a, b = make("random", seed=9), make("random", seed=9)
    while not state.is_over:
        state.apply(a.choose(state))
        twin.apply(b.choose(twin))
    assert twin == state and twin.scores() == state.scores()


def test_clones_are_independent_and_equal() -> None:
    for seed in range(6):
        state = boardlab.new("konoten", players=3, seed=seed)
        agent = make("random", seed=seed)
        while not state.is_over:
            twin = state.clone()
            before = state.snapshot()
            assert twin == state
            options = twin.legal_actions()
            twin.apply(options[-1])
            assert state.snapshot() == before  # the original did not move
            state.apply(agent.choose(state))
            if not state.is_over and len(state.history) % 25 == 0:
                other = state.clone()
                rest = make("random", seed=1)
                while not other.is_over:
                    other.apply(rest.choose(other))
                assert state.snapshot() != other.snapshot()


def test_views_hide_only_the_deck_order_and_determinize_keeps_them() -> None:
    """view(seat) == determinize(seat).view(seat); no deck order; JSON-able."""
    rng = Rng(3)
    resampled = False
    for seed in range(4):
        state = boardlab.new("konoten", players=3, seed=seed)
        agent = make("random", seed=seed)
        step = 0
        while not state.is_over:
            if step % 15 == 0:
                for seat in (None, 0, 1, 2):
                    view = state.view(seat)
                    json.dumps(view)
                    assert "normal_deck" not in json.dumps(view)
                    twin = state.determinize(seat, rng)
                    assert twin.view(seat) == view
                    resampled |= twin.normal_deck != state.normal_deck
            state.apply(agent.choose(state))
            step += 1
    assert resampled


def test_evaluate_is_final_vp_at_the_end_and_finite_during_play() -> None:
    state = boardlab.new("konoten", players=2, seed=4)
    agent = make("random", seed=4)
    while not state.is_over:
        for seat in (0, 1):
            assert evaluate(state, seat) == evaluate(state, seat)  # finite, deterministic
        state.apply(agent.choose(state))
    assert [evaluate(state, s) for s in (0, 1)] == [float(v) for v in state.scores()]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_games_with_many_lenses_keep_every_invariant(players: int) -> None:
    """One-step greedy play on evaluate() makes lens-rich games: the invariants still hold."""
    kinds: set[str] = set()
    for seed in range(3):
        state = boardlab.new("konoten", players=players, seed=900 + seed)
        rng = Rng(seed)
        while not state.is_over:
            seat = state.to_move
            kinds.add(state.decision.kind)
            options = state.legal_actions()
            if rng.randbelow(5) == 0:
                choice = options[rng.randbelow(len(options))]
            else:
                scored = []
                for option in options:
                    twin = state.clone()
                    twin.apply(option)
                    scored.append((evaluate(twin, seat), option.id))
                choice = max(scored)[1]
            state.apply(choice)
            assert audit(state) == []
            if state.lenses:
                assert _lens_is_legal(state.lenses[-1])
        assert state.winners()
    assert {"grind_card", "grind_foundation", "main_action"} <= kinds
