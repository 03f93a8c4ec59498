"""The frame table ``flow.RULES``: one rule per opcode, steps and decisions apart, and the
stack driver's behaviour the rules rely on (forced answers, the end on an empty stack)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace

import boardlab
from boardlab.engine import Action, Ask, Frame, Step
from boardlab.games.compounded import flow
from boardlab.games.compounded import frames as F
from boardlab.games.compounded.observation import DECISION_KINDS
from boardlab.games.compounded.state import CompoundedState

from .helpers import eager_choice, new_game


def _opcodes() -> dict[str, int]:
    """Every opcode constant ``frames.py`` names (``T_*`` steps, ``D_*`` decisions)."""
    return {
        name: value
        for name, value in vars(F).items()
        if name[:2] in ("T_", "D_") and isinstance(value, int)
    }


def test_the_table_gives_every_opcode_one_rule():
    """Every named opcode has a rule, and every rule an opcode: steps are ``Step`` rules,
    decisions ``Ask`` rules, each decision kind named once (the kinds the encoder knows)."""
    opcodes = _opcodes()
    assert len(set(opcodes.values())) == len(opcodes), "two opcode names share a number"
    assert set(flow.RULES) == set(opcodes.values()) == {*F.STEPS, *F.DECISIONS}
    assert CompoundedState.RULES is flow.RULES
    for name, op in opcodes.items():
        rule = flow.RULES[op]
        assert isinstance(rule, Step if name.startswith("T_") else Ask), name
        assert (op in F.STEPS) == name.startswith("T_"), name
    kinds = [rule.kind for rule in flow.RULES.values() if isinstance(rule, Ask)]
    assert len(kinds) == len(set(kinds)) and set(kinds) == set(DECISION_KINDS)


def _traced(seen: set[int]) -> dict[int, Step[CompoundedState] | Ask[CompoundedState]]:
    """``flow.RULES`` with every rule noting its opcode in ``seen`` when it runs."""

    def step(run: Callable[[CompoundedState, Frame], None]) -> Step[CompoundedState]:
        def noted(s: CompoundedState, frame: Frame) -> None:
            seen.add(frame[0])
            run(s, frame)

        return Step(noted)

    def ask(rule: Ask[CompoundedState]) -> Ask[CompoundedState]:
        build = rule.options

        def noted(s: CompoundedState, frame: Frame) -> Sequence[Action]:
            seen.add(frame[0])
            return build(s, frame)

        return replace(rule, options=noted)

    return {
        op: step(rule.run) if isinstance(rule, Step) else ask(rule)
        for op, rule in flow.RULES.items()
    }


def test_every_frame_played_has_a_rule_and_a_decider(monkeypatch):
    """Along eager playouts at 2 to 5 players, the pending decision is the top frame, with a
    seat as its player; the game ends on an empty stack; and the table's rules all run but
    the handle-with-care ones (random play hardly meets them; test_reactions builds them)."""
    seen: set[int] = set()
    monkeypatch.setattr(CompoundedState, "RULES", _traced(seen))
    for players in range(2, 6):
        for seed in range(2):
            state = boardlab.new("compounded", players, players * 11 + seed)
            assert isinstance(state, CompoundedState)
            rng = random.Random(players)
            while not state.is_over:
                top = state.stack[-1]
                rule = flow.RULES[top[0]]
                assert isinstance(rule, Ask) and top[0] in F.DECISIONS
                assert state.decision is not None
                assert (state.decision.kind, state.decision.player) == (rule.kind, top[1])
                assert top[1] in range(players)
                state.apply(eager_choice(state, rng))
            assert state.stack == [] and state.winners()
    assert set(flow.RULES) - seen <= {F.T_HANDLE, F.D_HANDLE_ITEM, F.D_HANDLE_SPACE}


def test_a_single_option_is_answered_at_once():
    """A decision with one option never reaches a player: a scientist with no available disc
    passes the claim loop without being asked (C-7.1)."""
    s = new_game(3, seed=2)
    s.free_discs = [1, 0, 1]
    s.stack = [(F.D_CLAIM, 0, 0)]
    s.refresh()
    assert s.decision.kind == "claim" and s.decision.player == 0
    s.apply("pass")
    assert s.decision.player == 2  # seat 1 had only "pass": answered for it
    assert s.stack[-1] == (F.D_CLAIM, 2, 0b011)
