"""Tuning: a game's settings for agents and simulations, apart from its spec; found in the
game package's ``tuning.py`` or declared for a game registered at run time."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from types import MappingProxyType

import pytest

from boardlab import tuning
from boardlab.engine import registry
from boardlab.tuning import NONE, Tuning

PACKAGE = "boardlab_test_tuned"
INIT = """
from toy_game import SPEC as TOY, ToyState
from boardlab.engine import GameSpec


class TunedState(ToyState):
    __slots__ = ()


SPEC = GameSpec(
    name="tuned", title="Tuned", min_players=2, max_players=2, state_class=TunedState,
    options=TOY.options,
)
"""
TUNING = """
from boardlab.tuning import Tuning

TUNING = Tuning(search={"c": 0.25, "depth": 2}, roles=lambda state: ("red", "blue"))
"""


@pytest.fixture
def tuned_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A game package declared as ``"tuned"``, with its ``tuning.py``."""
    package = tmp_path / PACKAGE
    package.mkdir()
    (package / "__init__.py").write_text(INIT)
    (package / "tuning.py").write_text(TUNING)
    monkeypatch.syspath_prepend(str(tmp_path))
    registry.declare("tuned", PACKAGE)
    tuning.forget("tuned")
    yield package
    registry.unregister("tuned")
    tuning.forget("tuned")
    for name in (PACKAGE, f"{PACKAGE}.tuning"):
        sys.modules.pop(name, None)


def test_a_game_package_declares_its_tuning(tuned_package: Path) -> None:
    found = tuning.tuning("tuned")
    assert dict(found.search) == {"c": 0.25, "depth": 2}
    assert found.roles is not None and found.endgame is None
    assert tuning.tuning("tuned") is found


def test_a_package_without_tuning_has_none(tuned_package: Path) -> None:
    (tuned_package / "tuning.py").unlink()
    assert tuning.tuning("tuned") is NONE
    assert dict(NONE.search) == {} and NONE.roles is None and NONE.endgame is None


def test_a_game_registered_at_run_time_declares_its_own() -> None:
    assert tuning.tuning("duel") is NONE
    declared = Tuning(search=MappingProxyType({"c": 1.5}))
    tuning.declare("duel", declared)
    try:
        assert tuning.tuning("duel") is declared
    finally:
        tuning.forget("duel")
    assert tuning.tuning("duel") is NONE
    tuning.forget("duel")


def test_a_declared_tuning_wins_over_the_package_s(tuned_package: Path) -> None:
    declared = Tuning(search={"c": 9.0})
    tuning.declare("tuned", declared)
    assert tuning.tuning("tuned") is declared


def test_the_tuning_of_an_unknown_game_is_an_error() -> None:
    with pytest.raises(ValueError, match="unknown game 'nope'"):
        tuning.tuning("nope")


def test_tuning_is_immutable() -> None:
    with pytest.raises(AttributeError):
        NONE.search = {}  # type: ignore[misc]
