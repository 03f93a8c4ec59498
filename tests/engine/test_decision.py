"""Decision: who decides, what about, and the legal options."""

from __future__ import annotations

import dataclasses
import json

import pytest

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
        decision.player = 1  # type: ignore[misc]
