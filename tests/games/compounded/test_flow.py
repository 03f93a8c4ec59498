"""The frame table ``flow.RULES``: one rule per frame key, an ``Ask``'s key its decision kind,
and the stack driver's behaviour the rules rely on (forced answers, the end on an empty stack)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace

import boardlab
from boardlab.engine import Action, Ask, Frame, Step
from boardlab.engine.layouts import KEY, PLAYER
from boardlab.games.compounded import flow
from boardlab.games.compounded import frames as F
from boardlab.games.compounded.observation import DECISION_KINDS
from boardlab.games.compounded.state import CompoundedState

from .helpers import eager_choice, new_game


def test_the_table_gives_every_frame_layout_one_rule():
    """Issue 29 item 4: every declared frame layout has a rule and every rule a layout; an
    ``Ask``'s key is its decision kind, each named once (the kinds the encoder knows)."""
    assert set(flow.RULES) == set(F.LAYOUTS)
    assert CompoundedState.RULES is flow.RULES
    kinds = [rule.kind for rule in flow.RULES.values() if isinstance(rule, Ask)]
    assert kinds == [key for key, rule in flow.RULES.items() if isinstance(rule, Ask)]
    assert len(kinds) == len(set(kinds)) and set(kinds) == set(DECISION_KINDS)
    assert all(isinstance(rule, Step | Ask) for rule in flow.RULES.values())


def _traced(seen: set[str]) -> dict[str, Step[CompoundedState] | Ask[CompoundedState]]:
    """``flow.RULES`` with every rule noting its frame key in ``seen`` when it runs."""

    def step(run: Callable[[CompoundedState, Frame], None]) -> Step[CompoundedState]:
        def noted(s: CompoundedState, frame: Frame) -> None:
            seen.add(frame[KEY])
            run(s, frame)

        return Step(noted)

    def ask(rule: Ask[CompoundedState]) -> Ask[CompoundedState]:
        build = rule.options

        def noted(s: CompoundedState, frame: Frame) -> Sequence[Action]:
            seen.add(frame[KEY])
            return build(s, frame)

        return replace(rule, options=noted)

    return {
        key: step(rule.run) if isinstance(rule, Step) else ask(rule)
        for key, rule in flow.RULES.items()
    }


def test_every_frame_played_has_a_rule_and_a_decider(monkeypatch):
    """Along eager playouts at 2 to 5 players, the pending decision is the top frame, with a
    seat as its player; the game ends on an empty stack; and the table's rules all run but
    the handle-with-care ones (random play hardly meets them; test_reactions builds them)."""
    seen: set[str] = set()
    monkeypatch.setattr(CompoundedState, "RULES", _traced(seen))
    for players in range(2, 6):
        for seed in range(2):
            state = boardlab.new("compounded", players, players * 11 + seed)
            assert isinstance(state, CompoundedState)
            rng = random.Random(players)
            while not state.is_over:
                top = state.stack[-1]
                rule = flow.RULES[top[KEY]]
                assert isinstance(rule, Ask) and rule.kind == top[KEY]
                assert state.decision is not None
                assert (state.decision.kind, state.decision.player) == (rule.kind, top[PLAYER])
                assert top[PLAYER] in range(players)
                state.apply(eager_choice(state, rng))
            assert state.stack == [] and state.winners()
    assert set(flow.RULES) - seen <= {F.HandleRound.key, F.HandleItem.key, F.HandleSpace.key}


def test_a_single_option_is_answered_at_once():
    """A decision with one option never reaches a player: a scientist with no available disc
    passes the claim loop without being asked (C-7.1)."""
    s = new_game(3, seed=2)
    s.free_discs = [1, 0, 1]
    s.stack = [(F.Claim.key, 0, 0)]
    s.refresh()
    assert s.decision.kind == "claim" and s.decision.player == 0
    s.apply("pass")
    assert s.decision.player == 2  # seat 1 had only "pass": answered for it
    assert s.stack[-1] == (F.Claim.key, 2, 0b011)
