"""The registry: games declared by name, imported on first use, or registered directly."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import toy_game

import boardlab
from boardlab.engine import registry

LAZY_MODULE = """
from toy_game import SPEC as TOY, ToyState
from boardlab.engine import GameSpec


class LazyState(ToyState):
    __slots__ = ()


SPEC = GameSpec(
    name="lazy", title="Lazy", min_players=2, max_players=2, state_class=LazyState,
    options=TOY.options,
)
"""


@pytest.fixture
def lazy_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A game module on the path, not imported yet, declared as ``"lazy"``."""
    name = "boardlab_test_lazy_game"
    (tmp_path / f"{name}.py").write_text(LAZY_MODULE)
    monkeypatch.syspath_prepend(str(tmp_path))
    registry.declare("lazy", name)
    yield name
    registry.unregister("lazy")
    sys.modules.pop(name, None)


def test_names_are_sorted_and_list_declared_and_registered_games() -> None:
    names = boardlab.games()
    assert names == sorted(names)
    assert "toy" in names
    assert {"compounded", "konoten"} <= set(names)


def test_a_declared_game_is_imported_on_first_use(lazy_module: str) -> None:
    assert "lazy" in boardlab.games()
    assert lazy_module not in sys.modules
    spec = registry.spec("lazy")
    assert lazy_module in sys.modules
    assert spec.name == "lazy" and registry.spec("lazy") is spec
    assert boardlab.new("lazy", players=2, seed=3).game == "lazy"


def test_unknown_game_names_the_games() -> None:
    with pytest.raises(ValueError, match=r"unknown game 'nope'; games: .*toy"):
        registry.spec("nope")
    with pytest.raises(ValueError, match="unknown game 3"):
        registry.spec(3)  # type: ignore[arg-type]


def test_register_and_unregister() -> None:
    class Other(toy_game.ToyState):
        __slots__ = ()

    from boardlab.engine import GameSpec

    spec = GameSpec(
        name="other_toy", title="Other", min_players=2, max_players=2, state_class=Other
    )
    registry.register(spec)
    try:
        assert "other_toy" in boardlab.games()
        assert registry.spec("other_toy") is spec
    finally:
        registry.unregister("other_toy")
    assert "other_toy" not in boardlab.games()
    with pytest.raises(ValueError, match="unknown game"):
        boardlab.new("other_toy", players=2)


def test_the_toy_is_registered_for_the_session() -> None:
    assert registry.spec("toy") is toy_game.SPEC


def test_the_games_package_imports_by_dotted_path_and_still_names_every_game() -> None:
    """Issue 29 item 6: ``boardlab.games`` is the package and the API's ``games()`` at once."""
    import importlib

    observation = importlib.import_module("boardlab.games.linnaeus.observation")
    import boardlab.games.konoten.observation as dotted

    assert observation.__name__ == "boardlab.games.linnaeus.observation"
    assert dotted.__name__ == "boardlab.games.konoten.observation"
    assert boardlab.games() == sorted(boardlab.games())
    assert {"compounded", "konoten", "linnaeus", "scythe"} <= set(boardlab.games())
