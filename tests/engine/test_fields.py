"""Each state field is declared once (issue 29 item 5): slots, copying, saving and restoring
all come from one ``Fields`` declaration, checked against the class when it is made."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import boardlab
from boardlab import GameState
from boardlab.engine import registry
from boardlab.engine.fields import Fields
from boardlab.engine.stack import StackState
from boardlab.games.compounded.state import RENAMED, CompoundedState

GAMES = ("compounded", "konoten", "linnaeus", "scythe")
#: A 3-player Compounded game (seed 5, 40 random moves) saved before the fields were renamed.
OLD_SAVE = Path(__file__).with_name("data") / "compounded_save_before_renames.json"


def _fields(cls: type[GameState]) -> Fields:
    fields = cls.FIELDS
    assert fields is not None, f"{cls.__name__} declares no FIELDS"
    return fields


def _played(game: str, moves: int, seed: int = 3) -> GameState:
    state = boardlab.new(game, 3, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def _types(value: Any) -> Any:
    """The value's shape: its type, and the shapes of what it holds."""
    if isinstance(value, list | tuple):
        return (type(value).__name__, [_types(item) for item in value])
    return type(value).__name__


@pytest.mark.parametrize("game", GAMES)
def test_slots_annotations_and_declaration_name_the_same_fields(game: str) -> None:
    cls = registry.spec(game).state_class
    fields = _fields(cls)
    assert cls.__slots__ == fields.names
    assert set(cls.__annotations__) == set(fields.names)
    assert len(set(fields.names)) == len(fields.names)


def test_a_slot_missing_from_the_declaration_is_refused_when_the_class_is_made() -> None:
    with pytest.raises(TypeError, match=r"__slots__ and its FIELDS disagree.*\['extra'\]"):

        class Drifted(StackState):  # made only to be refused
            FIELDS = Fields(numbers=("round",))
            __slots__ = ("extra", "round")

            round: int
            extra: int


def test_an_annotation_missing_from_the_declaration_is_refused() -> None:
    with pytest.raises(TypeError, match=r"annotations and its FIELDS disagree.*\['score'\]"):

        class Drifted(StackState):  # made only to be refused
            FIELDS = Fields(numbers=("round", "score"))
            __slots__ = FIELDS.names

            round: int


def test_a_field_declared_under_two_kinds_is_refused() -> None:
    with pytest.raises(ValueError, match="'vp' is declared twice"):
        Fields(numbers=("vp",), int_lists=("vp",))


@pytest.mark.parametrize("game", GAMES)
def test_clone_copies_every_declared_field_and_shares_no_list(game: str) -> None:
    state = _played(game, 120)
    twin = state.clone()
    for name in _fields(type(state)).names:
        mine, theirs = getattr(state, name), getattr(twin, name)
        assert mine == theirs, name
        if isinstance(mine, list):
            assert mine is not theirs, name


@pytest.mark.parametrize("game", GAMES)
def test_restore_gives_back_every_field_with_its_exact_types(game: str) -> None:
    """Tuples come back as tuples and ints as ints, at every depth, frames included."""
    state = _played(game, 150)
    copy = boardlab.load(state.to_json(), verify=False)
    assert copy == state
    for name in (*_fields(type(state)).names, "stack"):
        assert _types(getattr(copy, name)) == _types(getattr(state, name)), name


def test_snapshot_holds_exactly_the_declared_saved_fields_and_the_stack() -> None:
    state = _played("scythe", 30)
    fields = _fields(type(state))
    assert set(state.snapshot()) == {*fields.names, "stack"} - set(fields.derived)


def test_a_derived_field_is_rebuilt_after_a_restore() -> None:
    """Scythe's Riverwalk territories are not saved: ``setup.derive`` rebuilds them."""
    state = _played("scythe", 30)
    copy = boardlab.load(state.to_json(), verify=False)
    assert "riverwalk" not in state.snapshot()
    assert copy.riverwalk == state.riverwalk  # type: ignore[attr-defined]


def test_a_compounded_save_from_before_the_renames_still_loads() -> None:
    """Issue 29 item 5: ``end_c``, ``lf_*``, ``avail``... got real names; old saves map."""
    text = OLD_SAVE.read_text()
    old_keys = set(json.loads(text)["state"])
    assert set(RENAMED) <= old_keys and not old_keys & set(RENAMED.values())
    replayed = boardlab.load(text)
    trusted = boardlab.load(text, verify=False)
    assert isinstance(trusted, CompoundedState)
    assert trusted == replayed and len(trusted.history) == 40
    assert set(trusted.snapshot()) == {*_fields(CompoundedState).names, "stack"}
    rng = random.Random(8)
    for _ in range(30):  # both go on identically
        if replayed.is_over:
            break
        action = rng.choice(replayed.legal_actions()).id
        replayed.apply(action)
        trusted.apply(action)
    assert trusted == replayed


def test_a_renamed_save_whose_state_was_edited_is_still_refused() -> None:
    data = json.loads(OLD_SAVE.read_text())
    data["state"]["avail"] = [9, 9, 9]
    with pytest.raises(boardlab.LoadError, match="does not match its history"):
        boardlab.load(json.dumps(data))


def test_copy_fields_is_straight_line_code() -> None:
    """``clone`` is every search bot's hot path: one assignment per field, no loop."""
    source = CompoundedState.copy_fields.__source__  # type: ignore[attr-defined]
    body = source.splitlines()[1:]
    assert len(body) == len(_fields(CompoundedState).names)
    assert "for " not in source and "getattr" not in source
    assert "    twin.free_discs = self.free_discs[:]" in body
    assert "    twin.resolving_items = self.resolving_items" in body
