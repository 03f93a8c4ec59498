"""The stack driver: Step and Ask frames, forced and empty decisions, prepare, refill, lazy
prompts, and re-posing a decision after fields were edited or restored."""

from __future__ import annotations

from typing import Any

import pytest

from boardlab.engine import Action, Ask, Frame, GameSpec, StackState, Step
from boardlab.engine.stack import rules_table
from boardlab.undo import why_not_undo


class Relay(StackState):
    """A game that only runs a script: ``options["script"]`` lists phases, each a list of
    frames pushed in order (the last one on top); ``calls`` records what the rules ran."""

    __slots__ = ("calls", "chosen", "phases")

    calls: list[str]
    chosen: list[str]
    phases: list[list[Frame]]

    def setup(self) -> None:
        self.phases = [list(phase) for phase in self.options["script"]]
        self.calls = []
        self.chosen = []
        self.stack = []
        self._ready = None
        self.advance()

    def refill(self) -> bool:
        self.calls.append("refill")
        if not self.phases:
            return False
        self.stack.extend(self.phases.pop(0))
        return True

    def scores(self) -> list[float]:
        return [0.0] * self.players

    def winners(self) -> list[int]:
        return list(range(self.players)) if self.is_over else []

    def view_body(self, seat: int | None) -> dict[str, Any]:
        return {"chosen": list(self.chosen)}

    def render_text(self, seat: int | None) -> str:
        return " ".join(self.chosen) or "-"

    def copy_fields(self, twin: Any) -> None:
        twin.calls = self.calls.copy()
        twin.chosen = self.chosen.copy()
        twin.phases = [phase.copy() for phase in self.phases]

    def snapshot(self) -> dict[str, Any]:
        return {
            "chosen": list(self.chosen),
            "phases": [[list(frame) for frame in phase] for phase in self.phases],
            "stack": [list(frame) for frame in self.stack],
        }

    def restore(self, data: dict[str, Any]) -> None:
        self.calls = []
        self.chosen = list(data["chosen"])
        self.phases = [[tuple(frame) for frame in phase] for phase in data["phases"]]
        self.stack = [tuple(frame) for frame in data["stack"]]


def step(s: Relay, frame: Frame) -> None:
    s.calls.append(f"step {frame[2]}")
    s.stack.pop()


def prompt(s: Relay, frame: Frame) -> str:
    s.calls.append(f"prompt {frame[0]}")
    return f"P{frame[1] + 1}: {frame[0]} one of {frame[2]}"


def numbered(s: Relay, frame: Frame) -> tuple[Action, ...]:
    s.calls.append(f"options {frame[0]}")
    return tuple(Action("pick", (n,)) for n in range(frame[2]))


def choose(s: Relay, frame: Frame, action: Action) -> None:
    s.chosen.append(f"{frame[0]}:{action.id}")
    s.stack.pop()


def swap_for_a_step(s: Relay, frame: Frame) -> bool:
    """Replace the frame with a step when asked to (``frame[3]``), else go on."""
    s.calls.append("prepare")
    if frame[3]:
        s.stack[-1] = ("step", -1, "swapped in")
        return False
    return True


Relay.RULES = rules_table(
    {
        "step": Step(step),
        "choose": Ask("choose", prompt, numbered, choose),
        "confirm": Ask("confirm", prompt, numbered, choose, always_ask=True),
        "gated": Ask("gated", prompt, numbered, choose, prepare=swap_for_a_step),
        "named": Ask(lambda frame: f"named_{frame[2]}", prompt, numbered, choose),
    }
)
SPEC = GameSpec(name="relay", title="Relay", min_players=2, max_players=2, state_class=Relay)


def relay(*phases: list[Frame]) -> Relay:
    state = Relay.create(2, 1, {"script": phases})
    assert isinstance(state, Relay)
    return state


def test_steps_run_until_a_decision_waits() -> None:
    state = relay([("choose", 1, 3), ("step", -1, "b"), ("step", -1, "a")])
    assert state.calls == ["refill", "step a", "step b", "options choose"]
    decision = state.decision
    assert decision is not None and (decision.player, decision.kind) == (1, "choose")
    assert state.legal_actions() == [Action("pick", (n,)) for n in range(3)]


def test_a_decision_with_one_option_is_answered_at_once() -> None:
    state = relay([("choose", 0, 2), ("choose", 1, 1)])
    assert state.chosen == ["choose:pick 0"] and state.history == []
    assert state.to_move == 0 and state.decision is not None and state.decision.id == 0


def test_always_ask_with_one_option_is_played_by_the_engine_and_recorded() -> None:
    """Issue 27: the decision is never posed, but it stays an action of the history."""
    state = relay([("choose", 0, 2), ("confirm", 1, 1)])
    assert state.history == ["pick 0"] and state.chosen == ["confirm:pick 0"]
    assert [(e["seat"], e["kind"], e["id"]) for e in state.log(None)] == [(1, "confirm", "pick 0")]
    assert state.to_move == 0 and state.decision is not None and state.decision.id == 1


def test_a_decision_with_no_option_is_dropped() -> None:
    state = relay([("choose", 0, 2), ("choose", 1, 0)])
    assert state.to_move == 0 and state.chosen == []
    assert state.stack == [("choose", 0, 2)]


def test_prepare_runs_first_and_may_change_the_stack() -> None:
    state = relay([("choose", 0, 2), ("gated", 1, 2, True), ("gated", 0, 3, False)])
    assert state.calls == ["refill", "prepare", "options gated"]
    assert state.decision is not None and state.decision.kind == "gated"
    state.apply("pick 2")
    assert state.calls[3:] == ["prepare", "step swapped in", "options choose"]
    assert state.to_move == 0 and state.decision is not None and state.decision.kind == "choose"


def test_a_kind_may_be_a_function_of_the_frame() -> None:
    state = relay([("named", 0, 2)])
    assert state.decision is not None and state.decision.kind == "named_2"


def test_refill_starts_each_phase_and_ends_the_game() -> None:
    state = relay([("choose", 0, 2)], [("step", -1, "second"), ("choose", 1, 2)])
    state.apply("pick 1")
    assert state.calls.count("refill") == 2 and state.to_move == 1
    state.apply("pick 0")
    assert state.calls[-1] == "refill" and state.calls.count("refill") == 3
    assert state.is_over and state.decision is None and state.legal_actions() == []
    assert state.chosen == ["choose:pick 1", "choose:pick 0"]


def test_a_prompt_is_built_only_when_read() -> None:
    state = relay([("choose", 1, 2), ("choose", 0, 2)])
    decision = state.decision
    assert decision is not None and decision.id == 0
    twin = state.clone()
    assert isinstance(twin, Relay)
    state.legal_actions()
    twin.apply("pick 1")
    state.apply("pick 0")
    assert not [call for call in state.calls + twin.calls if call.startswith("prompt")]
    waiting = state.decision
    assert waiting is not None and waiting.id == 1
    assert waiting.prompt == "P2: choose one of 2" and waiting.prompt == "P2: choose one of 2"
    assert state.calls.count("prompt choose") == 1
    assert state.view(1)["decision"]["prompt"] == "P2: choose one of 2"


def test_a_clone_poses_its_own_prompt() -> None:
    """A clone taken before the prompt was read does not describe the original as it moves on."""
    state = relay([("choose", 1, 2), ("choose", 0, 3)])
    twin = state.clone()
    state.apply("pick 2")
    decision = twin.decision
    assert decision is not None and decision.prompt == "P1: choose one of 3"


def test_clones_keep_their_own_stack() -> None:
    state = relay([("choose", 1, 2), ("choose", 0, 2)])
    twin = state.clone()
    assert twin.stack == state.stack and twin.stack is not state.stack
    twin.apply("pick 0")
    assert len(state.stack) == 2 and len(twin.stack) == 1
    assert state.to_move == 0 and twin.to_move == 1


def test_refresh_re_poses_the_decision_after_an_edit() -> None:
    state = relay([("choose", 1, 2), ("choose", 0, 2)])
    assert state.to_move == 0
    state.stack.append(("step", -1, "edited in"))
    state.stack.append(("choose", 1, 3))
    state.refresh()
    assert state.to_move == 1 and len(state.legal_actions()) == 3


def test_reopen_poses_the_top_decision_and_runs_nothing() -> None:
    state = relay([("choose", 1, 2), ("step", -1, "x"), ("choose", 0, 3)])
    restored = Relay.restored(
        2, 1, state.options, [], state.rng.state, state.snapshot(), "[]", 0, []
    )
    assert isinstance(restored, Relay)
    assert restored.calls == ["options choose"]
    assert restored.decision == state.decision and restored == state


def test_the_table_takes_only_steps_and_asks() -> None:
    with pytest.raises(TypeError, match="frame 'bad': a rule is a Step or an Ask"):
        rules_table({"bad": choose})  # type: ignore[dict-item]


def test_undo_takes_back_a_choice_with_the_forced_move_of_another_seat_after_it() -> None:
    """Issue 27: seat 1's confirm with one option was the engine's, not seat 1's choice."""
    state = relay([("choose", 0, 3), ("confirm", 1, 1), ("choose", 0, 2)])
    before = state.clone()
    state.apply("pick 1")
    assert state.history == ["pick 1", "pick 0"] and state.to_move == 0
    assert why_not_undo(before, state, 0) == ""


def test_undo_is_refused_once_another_seat_chose() -> None:
    state = relay([("choose", 0, 3), ("choose", 1, 2), ("choose", 0, 2)])
    before = state.clone()
    state.apply("pick 1")
    state.apply("pick 0")
    assert why_not_undo(before, state, 0) == "another seat has played since"
