"""Session-wide test setup: the test games are registered, and shared fixtures for engine tests.

The test games (``tests/toy_game.py`` as ``"toy"``, ``tests/duel_game.py`` as ``"duel"``)
are registered before collection, so ``boardlab.games()`` lists them and the conformance
suite runs over them with the real games. ``--games toy,duel`` limits the conformance suite
to some games (all by default).
"""

from __future__ import annotations

from collections.abc import Callable

import duel_game
import pytest
import toy_game

import boardlab
from boardlab.engine import GameState, Rng, registry

TEST_GAMES = (toy_game.SPEC, duel_game.SPEC)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--games",
        default="",
        help="comma-separated games the conformance suite covers (default: every game)",
    )


def pytest_configure(config: pytest.Config) -> None:
    for spec in TEST_GAMES:
        registry.register(spec)
    requested = {name.strip() for name in config.getoption("games").split(",") if name.strip()}
    unknown = sorted(requested - set(boardlab.games()))
    if unknown:
        raise pytest.UsageError(
            f"--games names unknown game(s) {', '.join(unknown)}; "
            f"games: {', '.join(boardlab.games())}"
        )


def pytest_unconfigure(config: pytest.Config) -> None:
    for spec in TEST_GAMES:
        registry.unregister(spec.name)


@pytest.fixture
def toy() -> GameState:
    """A fresh two-player toy game, seed 1, default options."""
    return boardlab.new("toy", players=2, seed=1)


@pytest.fixture
def duel() -> GameState:
    """A fresh two-player duel, seed 1, default options (six rounds)."""
    return boardlab.new("duel", players=2, seed=1)


@pytest.fixture
def play_random() -> Callable[[GameState, int, int], GameState]:
    """``play_random(state, steps, seed)`` applies up to ``steps`` random legal actions in place."""

    def play(state: GameState, steps: int, seed: int = 0) -> GameState:
        rng = Rng(seed)
        for _ in range(steps):
            options = state.legal_actions()
            if not options:
                break
            state.apply(options[rng.randbelow(len(options))])
        return state

    return play
