"""Every frame of every built-in game fits a declared layout (issue 29 item 4): each frame
kind's fields are named once, in the game's ``frames.py``, and every key is a string."""

from __future__ import annotations

import importlib

import pytest

import boardlab
from boardlab.engine import Rng, registry
from boardlab.engine.layouts import check_frame
from boardlab.games import BUILTIN_GAMES


def layouts_of(game: str) -> dict[str, type]:
    module = importlib.import_module(f"{BUILTIN_GAMES[game]}.frames")
    layouts: dict[str, type] = module.LAYOUTS
    return layouts


@pytest.mark.parametrize("game", sorted(BUILTIN_GAMES))
def test_every_rule_of_the_stack_has_a_layout_with_a_string_key(game: str) -> None:
    state = boardlab.new(game, 2, seed=1)
    rules = type(state).RULES  # type: ignore[attr-defined]
    layouts = layouts_of(game)
    assert all(type(key) is str for key in rules), "frame keys are strings in every game"
    assert set(rules) <= set(layouts), f"rules without a layout: {set(rules) - set(layouts)}"


@pytest.mark.parametrize("game", sorted(BUILTIN_GAMES))
@pytest.mark.parametrize("seed", [3, 4])
def test_every_frame_of_random_playouts_fits_its_layout(game: str, seed: int) -> None:
    layouts = layouts_of(game)
    players = registry.spec(game).max_players if seed == 4 else 2
    state = boardlab.new(game, players, seed)
    chooser = Rng(seed)
    seen: set[str] = set()
    for _ in range(3000):
        if state.is_over:
            break
        for frame in state.stack:  # type: ignore[attr-defined]
            problem = check_frame(frame, layouts)
            assert problem is None, problem
            seen.add(frame[0])
        state.apply(chooser.choice(state.legal_actions()))
    assert len(seen) >= 3, "the playout met several kinds of frames"
