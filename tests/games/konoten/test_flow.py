"""The frame table (``flow.RULES``) and the state hooks: every frame has its rule, decisions
come from the top frame, the main action is always asked (K-7.1), trusted restores."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import boardlab
from boardlab.agents import make
from boardlab.engine import Ask, Step
from boardlab.games.konoten import flow, frames
from boardlab.games.konoten.state import KonotenState

from .helpers import give_cards, main_phase, play

PACKAGE = Path(flow.__file__).parent


def _is_stack(node: ast.expr) -> bool:
    """``stack`` or ``<something>.stack``."""
    return (isinstance(node, ast.Name) and node.id == "stack") or (
        isinstance(node, ast.Attribute) and node.attr == "stack"
    )


def _literal_key(node: ast.expr) -> str | None:
    """The key of a frame written as a tuple literal ``(Layout.key, ...)`` or ``("key", ...)``."""
    if isinstance(node, ast.Tuple) and node.elts:
        first = node.elts[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            return first.value
        if (
            isinstance(first, ast.Attribute)
            and first.attr == "key"
            and isinstance(first.value, ast.Name)
            and hasattr(frames, first.value.id)
        ):
            return str(getattr(frames, first.value.id).key)
    return None


def pushed_frame_keys() -> set[str]:
    """Every frame key the package pushes onto the stack or puts on its top, from the source."""
    keys: set[str] = set()
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            frame: ast.expr | None = None
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "append"
                and _is_stack(node.func.value)
                and node.args
            ):
                frame = node.args[0]
            elif isinstance(node, ast.Assign) and any(
                isinstance(target, ast.Subscript) and _is_stack(target.value)
                for target in node.targets
            ):
                frame = node.value
            key = None if frame is None else _literal_key(frame)
            if key is not None:
                keys.add(key)
    return keys


def test_the_table_covers_every_frame_key_pushed_anywhere() -> None:
    pushed = pushed_frame_keys()
    assert {"character", "turn", "grind", "gain", "check_tasks", "end"} <= pushed
    assert pushed == set(flow.RULES)
    assert KonotenState.RULES is flow.RULES


def test_only_the_task_check_is_automatic_and_the_main_action_is_always_asked() -> None:
    """K-7.1: a player who can do nothing else still sees ``end`` alone."""
    steps = {key for key, rule in flow.RULES.items() if isinstance(rule, Step)}
    assert steps == {"check_tasks"}
    asked = {key for key, rule in flow.RULES.items() if isinstance(rule, Ask) and rule.always_ask}
    assert asked == {"turn"}


@pytest.mark.parametrize(("players", "options"), [(2, {}), (3, {"assignment": "draft"}), (4, {})])
def test_every_decision_is_the_ask_of_the_top_frame(players: int, options: dict[str, str]) -> None:
    """The pending decision is posed by the top frame's rule, for the frame's seat."""
    for seed in range(3):
        state = boardlab.new("konoten", players=players, seed=seed, **options)
        assert isinstance(state, KonotenState)
        agent = make("random", seed=seed)
        while not state.is_over:
            frame = state.stack[-1]
            rule = flow.RULES[frame[0]]
            assert isinstance(rule, Ask)
            kind = rule.kind if isinstance(rule.kind, str) else rule.kind(frame)
            decision = state.decision
            assert decision is not None
            assert (decision.kind, decision.player) == (kind, frame[1])
            assert list(decision.options) == list(rule.options(state, frame))
            state.apply(agent.choose(state))
        assert state.stack == [] and state.phase == flow.OVER


def test_a_restore_mid_game_equals_the_game_and_goes_on_identically() -> None:
    """``load(to_json(), verify=False)`` gives an equal state that plays on the same way."""
    for players, seed in ((2, 3), (3, 4), (4, 5)):
        state = boardlab.new("konoten", players=players, seed=seed, assignment="draft")
        agent = make("random", seed=seed)
        for _ in range(25 * players):
            state.apply(agent.choose(state))
        assert not state.is_over
        restored = boardlab.load(state.to_json(), verify=False)
        assert isinstance(restored, KonotenState)
        assert restored == state and restored.snapshot() == state.snapshot()
        assert restored.decision == state.decision
        assert restored.view(0) == state.view(0)
        assert restored.stack == state.stack and restored.lenses == state.lenses
        assert all(type(frame) is tuple for frame in restored.stack)
        twin = make("random", seed=seed + 1)
        while not state.is_over:
            action = twin.choose(state)
            state.apply(action)
            restored.apply(action.id)
            assert restored == state
        assert restored.scores() == state.scores() and restored.winners() == state.winners()


def test_restore_is_the_inverse_of_snapshot_in_the_middle_of_a_lens() -> None:
    """A lens half declared (K-9.1): the restored state poses the same orientation question."""
    state, p = main_phase(["light_prodigy", "workaholic"])
    state.hand = [0] * state.players
    give_cards(state, p, ["D17", "D01", "D06"])
    play(state, "activate device grind", "card D17")
    assert state.decision is not None and state.decision.kind == "grind_orientation"
    copy = boardlab.load(state.to_json(), verify=False)
    assert copy == state and copy.decision == state.decision
    for twin in (state, copy):
        play(twin, "upright")
    assert copy == state and copy.legal_actions() == state.legal_actions()
