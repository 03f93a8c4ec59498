"""Decision: who decides, what about, and the legal options."""

from __future__ import annotations

import dataclasses
import json

import pytest

from boardlab import GameState
from boardlab.engine import Action, Decision

OPTIONS = (Action("take", (1,), label="take 1 stone"), Action("pass"))


def test_fields_read_back() -> None:
    decision = Decision(1, "take", "take stones", OPTIONS)
    assert (decision.player, decision.kind, decision.prompt) == (1, "take", "take stones")
    assert decision.options == OPTIONS


def test_to_json_lists_every_option() -> None:
    data = Decision(0, "take", "take stones", OPTIONS).to_json()
    assert data == {
        "player": 0,
        "kind": "take",
        "prompt": "take stones",
        "options": [
            {"id": "take 1", "kind": "take", "args": [1], "label": "take 1 stone"},
            {"id": "pass", "kind": "pass", "args": [], "label": "pass"},
        ],
    }
    assert json.loads(json.dumps(data)) == data


def test_equal_by_value_and_immutable() -> None:
    decision = Decision(0, "take", "take stones", OPTIONS)
    assert decision == Decision(0, "take", "take stones", (Action("take", (1,)), Action("pass")))
    assert decision != Decision(1, "take", "take stones", OPTIONS)
    with pytest.raises(dataclasses.FrozenInstanceError):
        decision.player = 1


def test_the_id_defaults_to_zero_and_is_part_of_equality() -> None:
    assert Decision(0, "take", "take stones", OPTIONS).id == 0
    numbered = Decision(0, "take", "take stones", OPTIONS, 7)
    assert numbered.id == 7
    assert numbered != Decision(0, "take", "take stones", OPTIONS)
    assert numbered == Decision(0, "take", "take stones", OPTIONS, id=7)
    assert "id=7" in repr(numbered)


def test_no_field_can_be_set_or_deleted() -> None:
    decision = Decision(0, "take", "take stones", OPTIONS, 3)
    for name, value in (("id", 4), ("kind", "give"), ("options", ()), ("prompt", "x")):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(decision, name, value)
    with pytest.raises(dataclasses.FrozenInstanceError):
        del decision.kind
    assert (decision.id, decision.kind, decision.prompt) == (3, "take", "take stones")


def test_a_prompt_function_runs_once_and_only_when_read() -> None:
    calls: list[int] = []

    def prompt() -> str:
        calls.append(1)
        return "take stones, lazily"

    decision = Decision(1, "take", prompt, OPTIONS, 2)
    twin = Decision(1, "take", "take stones, lazily", OPTIONS, 2)
    hash(decision)
    assert decision.options == OPTIONS and decision.player == 1 and calls == []
    assert decision.prompt == "take stones, lazily" and calls == [1]
    assert decision.prompt == "take stones, lazily" and calls == [1]
    assert decision == twin and hash(decision) == hash(twin)
    assert decision.to_json()["prompt"] == "take stones, lazily" and calls == [1]


def test_the_engine_numbers_each_decision_by_the_decisions_answered(toy: GameState) -> None:
    ids = []
    for action in ("take 1", "undo", "take 2", "confirm"):
        decision = toy.decision
        assert decision is not None
        ids.append(decision.id)
        toy.apply(action)
    assert ids == [0, 1, 2, 3]
    assert toy.decision is not None and toy.decision.id == len(toy.history) == 4
