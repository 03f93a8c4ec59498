"""Every declared game loads and declares sound metadata (a broken game package fails here)."""

from __future__ import annotations

import pytest

import boardlab
from boardlab import GameState
from boardlab.engine import registry

from .cases import load_problem
from .checks import SNAKE_CASE


def test_every_declared_game_loads(game_name: str) -> None:
    problem = load_problem(game_name)
    assert problem is None, f"game {game_name!r} is declared but does not load: {problem}"


def test_the_spec_is_sound(loadable_game: str) -> None:
    spec = registry.spec(loadable_game)
    assert spec.name == loadable_game
    assert spec.title.strip() and "\n" not in spec.title
    assert isinstance(spec.min_players, int) and isinstance(spec.max_players, int)
    assert 1 <= spec.min_players <= spec.max_players
    assert isinstance(spec.version, int) and spec.version >= 1
    assert issubclass(spec.state_class, GameState) and spec.state_class.SPEC is spec
    names = [option.name for option in spec.options]
    assert len(set(names)) == len(names), f"option names repeat: {names}"
    for option in spec.options:
        assert SNAKE_CASE.fullmatch(option.name), f"option {option.name!r} is not snake_case"
        assert option.help.strip(), f"option {option.name!r} has no help"
        option.validate(option.default)


def test_unsupported_player_counts_are_refused(loadable_game: str) -> None:
    spec = registry.spec(loadable_game)
    for players in (spec.min_players - 1, spec.max_players + 1):
        with pytest.raises(ValueError, match=f"{spec.min_players} to {spec.max_players} players"):
            boardlab.new(loadable_game, players=players, seed=1)
