"""Action: a small immutable value, equal by (kind, args), whose id round-trips through text."""

from __future__ import annotations

import dataclasses
import json

import pytest

from boardlab.engine import Action


def test_id_is_kind_then_comma_separated_args() -> None:
    assert str(Action("claim", (2, 3))) == "claim 2,3"
    assert str(Action("place_element", ("H", 4))) == "place_element H,4"
    assert Action("claim", (2, 3)).id == "claim 2,3"


def test_id_of_an_action_without_args_is_its_kind() -> None:
    assert str(Action("pass")) == "pass"


def test_label_defaults_to_the_id() -> None:
    assert Action("take", (1,)).label == "take 1"
    assert Action("take", (1,), label="take one stone").label == "take one stone"


def test_equal_by_kind_and_args_ignoring_label() -> None:
    plain = Action("take", (2,))
    described = Action("take", (2,), label="take two stones")
    assert plain == described
    assert hash(plain) == hash(described)
    assert len({plain, described}) == 1


@pytest.mark.parametrize(
    "other",
    [Action("take", (3,)), Action("give", (2,)), Action("take"), Action("take", (2, 2))],
    ids=str,
)
def test_differs_when_kind_or_args_differ(other: Action) -> None:
    assert Action("take", (2,)) != other


def test_int_and_str_args_are_different_actions() -> None:
    assert Action("take", (2,)) != Action("take", ("2",))


def test_usable_as_dict_key() -> None:
    table = {Action("take", (1,)): "one"}
    assert table[Action("take", (1,), label="another label")] == "one"


def test_to_json_is_json_able_and_complete() -> None:
    action = Action("claim", (2, "x"), label="claim row 2")
    data = action.to_json()
    assert data == {"id": "claim 2,x", "kind": "claim", "args": [2, "x"], "label": "claim row 2"}
    assert json.loads(json.dumps(data)) == data


def test_immutable() -> None:
    action = Action("take", (1,))
    for name, value in (("kind", "give"), ("args", (2,)), ("label", "x"), ("id", "y")):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(action, name, value)
    with pytest.raises((AttributeError, TypeError)):
        action.extra = 1  # type: ignore[attr-defined]
    assert action == Action("take", (1,)) and action.id == "take 1"


def test_secret_takes_no_part_in_equality_and_shows_in_json() -> None:
    secret = Action("dial", (5,), label="set the dial to 5", secret=True)
    assert secret == Action("dial", (5,)) and hash(secret) == hash(Action("dial", (5,)))
    assert secret.secret and not Action("dial", (5,)).secret
    assert secret.to_json() == {
        "id": "dial 5",
        "kind": "dial",
        "args": [5],
        "label": "set the dial to 5",
        "secret": True,
    }
    assert "secret" not in Action("dial", (5,)).to_json()


@pytest.mark.parametrize(
    "action",
    [
        Action("claim", (2, "x"), label="claim row 2"),
        Action("pass"),
        Action("dial", (5,), label="dial five", secret=True),
        Action("move", ("mech", 2), id="move mech#2"),
    ],
    ids=str,
)
def test_from_json_reads_back_what_to_json_wrote(action: Action) -> None:
    back = Action.from_json(json.loads(json.dumps(action.to_json())))
    assert back == action
    assert (back.id, back.label, back.secret, back.args) == (
        action.id,
        action.label,
        action.secret,
        action.args,
    )


@pytest.mark.parametrize(
    "data",
    [
        None,
        "take 1",
        [1],
        {"id": "take 1", "kind": "take", "args": [1]},
        {"id": "take 1", "kind": 3, "args": [1], "label": "x"},
        {"id": "take 1", "kind": "take", "args": "1", "label": "x"},
        {"id": "take 1", "kind": "take", "args": [1.5], "label": "x"},
        {"id": "take 1", "kind": "take", "args": [True], "label": "x"},
        {"id": None, "kind": "take", "args": [1], "label": "x"},
    ],
    ids=repr,
)
def test_from_json_refuses_what_is_not_an_action(data: object) -> None:
    with pytest.raises(ValueError, match="action"):
        Action.from_json(data)
