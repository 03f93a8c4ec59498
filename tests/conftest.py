"""Session-wide test setup: the toy game is registered, and shared fixtures for engine tests.

The toy game (``tests/toy_game.py``) is registered as ``"toy"`` before collection, so
``boardlab.games()`` lists it and the conformance suite runs over it with the real games.
``--games toy,konoten`` limits the conformance suite to some games (all by default).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
import toy_game

import boardlab
from boardlab.engine import GameState, Rng, registry


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--games",
        default="",
        help="comma-separated games the conformance suite covers (default: every game)",
    )


def pytest_configure(config: pytest.Config) -> None:
    registry.register(toy_game.SPEC)
    requested = {name.strip() for name in config.getoption("games").split(",") if name.strip()}
    unknown = sorted(requested - set(boardlab.games()))
    if unknown:
        raise pytest.UsageError(
            f"--games names unknown game(s) {', '.join(unknown)}; "
            f"games: {', '.join(boardlab.games())}"
        )


def pytest_unconfigure(config: pytest.Config) -> None:
    registry.unregister(toy_game.SPEC.name)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """List, per game, whether determinize re-sampled anything (recorded, not required)."""
    found: dict[str, bool] = {}
    for reports in terminalreporter.stats.values():
        for report in reports:
            for key, value in getattr(report, "user_properties", ()):
                if key == "determinize_resampled":
                    case, resampled = value
                    found[case] = found.get(case, False) or resampled
    if found:
        terminalreporter.write_sep("-", "hidden information re-sampled by determinize")
        for case, resampled in sorted(found.items()):
            terminalreporter.write_line(f"{case}: {'yes' if resampled else 'no'}")


@pytest.fixture
def toy() -> GameState:
    """A fresh two-player toy game, seed 1, default options."""
    return boardlab.new("toy", players=2, seed=1)


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
