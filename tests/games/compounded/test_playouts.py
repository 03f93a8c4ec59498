"""Random playouts at 2 to 5 players: games end, audit() stays empty after every step,
saves round-trip, clones are independent, determinized views match (A41)."""

from __future__ import annotations

import json
import random

import pytest

import boardlab
from boardlab.agents import make
from boardlab.games.compounded import SPEC, audit, evaluate

from .helpers import eager_choice

CASES = [
    (2, 1, {}),
    (2, 2, {"shuffled_deck": True}),
    (3, 3, {}),
    (3, 4, {"ap_cap": False}),
    (4, 5, {}),
    (4, 6, {"trade_offers": 1, "shuffled_deck": True}),
    (5, 7, {}),
    (5, 8, {"trade_offers": 0}),
]


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_random_playout_keeps_every_invariant_A41(players, seed, options):
    """A41: crystals total 100, discs, wild tokens, extinguishers, markers, equipment and
    cards are all accounted for after every step; the game ends; saves round-trip."""
    state = boardlab.new("compounded", players, seed, **options)
    agent = make("random", seed=seed)
    picker = random.Random(seed)
    checkpoints = set(picker.sample(range(4000), 6))
    steps = 0
    while not state.is_over:
        decision = state.decision
        assert decision is not None and len(decision.options) >= 2
        assert len({a.id for a in decision.options}) == len(decision.options)
        state.apply(agent.choose(state))
        steps += 1
        problems = audit(state)
        assert problems == [], (steps, state.history[-3:], problems)
        if steps in checkpoints:
            _check_copies(state, picker)
        assert steps < 20000
    assert state.winners() and state.legal_actions() == []
    assert boardlab.load(state.to_json()) == state
    scores = state.scores()
    assert evaluate(state, 0) == scores[0]
    assert max(scores) == scores[state.winners()[0]]


def _check_copies(state, picker):
    before = json.dumps(state.snapshot())
    twin = state.clone()
    assert twin == state
    for _ in range(5):
        if twin.is_over:
            break
        twin.apply(picker.choice(twin.legal_actions()))
    assert json.dumps(state.snapshot()) == before  # the original is untouched
    loaded = boardlab.load(state.to_json())
    assert loaded == state and loaded.legal_actions() == state.legal_actions()
    for seat in [None, *range(state.players)]:
        other = state.determinize(seat, random.Random(picker.random()))
        assert other.view(seat) == state.view(seat)
        assert sorted(other.deck) == sorted(state.deck)
    assert json.dumps(state.snapshot()) == before


def test_replay_gives_the_same_state():
    state = boardlab.new("compounded", 3, 99)
    agent = make("random", seed=5)
    for _ in range(600):
        state.apply(agent.choose(state))
    again = boardlab.replay("compounded", 3, 99, state.history)
    assert again == state
    for _ in range(200):  # and it goes on with the same chance events
        action = agent.choose(state)
        state.apply(action)
        again.apply(action.id)
    assert again == state


def test_spec_registers_evaluate_and_audit():
    assert SPEC.evaluate is evaluate and SPEC.audit is audit
    assert boardlab.games().count("compounded") == 1


def test_eager_playouts_exercise_scoring_fires_and_reactions_A41():
    """Playouts that complete compounds: scoring, scatter, equipment and reactions all run
    with every invariant intact."""
    kinds = set()
    for seed in range(8):
        state = boardlab.new("compounded", 2 + seed % 4, seed, shuffled_deck=seed % 3 == 0)
        rng = random.Random(seed)
        while not state.is_over:
            kinds.add(state.decision.kind)
            state.apply(eager_choice(state, rng))
            assert audit(state) == []
        assert boardlab.load(state.to_json()) == state
    assert {"score", "experiment", "scatter_item", "cylinder", "paper", "goggles"} <= kinds


def _shape(value):
    """A value's types, all the way down (tuples and lists told apart)."""
    if isinstance(value, list | tuple):
        return type(value), [_shape(item) for item in value]
    return type(value)


@pytest.mark.parametrize(("players", "seed", "options"), CASES[::2])
def test_trusted_restore_is_the_same_state_and_goes_on_identically(players, seed, options):
    """``load(text, verify=False)`` restores mid-game without replaying: an equal state, every
    field of the same types (tuples stay tuples), the same decision, and the same game from
    there on, chance events included."""
    state = boardlab.new("compounded", players, seed, **options)
    agent = make("random", seed=seed)
    picker = random.Random(seed)
    stops = sorted(picker.sample(range(1, 1200), 3))
    steps = 0
    for stop in stops:
        while steps < stop and not state.is_over:
            state.apply(agent.choose(state))
            steps += 1
        restored = boardlab.load(state.to_json(), verify=False)
        assert restored == state
        for name in type(state).__slots__:
            assert _shape(getattr(restored, name)) == _shape(getattr(state, name)), name
        assert _shape(restored.stack) == _shape(state.stack)
        assert restored.decision == state.decision
        assert restored.view(None) == state.view(None)
        twin_agent = make("random", seed=steps)
        again = make("random", seed=steps)
        original = state.clone()
        for _ in range(300):
            if original.is_over:
                break
            original.apply(twin_agent.choose(original))
            restored.apply(again.choose(restored))
            assert restored.legal_actions() == original.legal_actions()
        assert restored == original
        assert restored.to_json() == original.to_json()
