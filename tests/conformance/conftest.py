"""Parametrise the conformance tests over the games found in ``boardlab.games()`` at collection.

Fixtures filled in here: ``game_name`` (every selected game, loadable or not),
``loadable_game`` (every selected game whose package loads), ``game_case`` (every
loadable game x player count), ``option_case`` (every non-default option value) and
``golden_path`` (every recorded game of a selected game).
"""

from __future__ import annotations

import pytest

from .cases import game_cases, loadable, option_cases, selected_games
from .recording import GOLDEN_DIR, games_in

PARAMETRISED = ("game_name", "loadable_game", "game_case", "option_case", "golden_path")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    fixtures = metafunc.fixturenames
    if not set(PARAMETRISED) & set(fixtures):
        return
    games = selected_games(metafunc.config.getoption("games"))
    if "game_name" in fixtures:
        metafunc.parametrize("game_name", games)
    if "loadable_game" in fixtures:
        metafunc.parametrize("loadable_game", loadable(games))
    if "game_case" in fixtures:
        metafunc.parametrize("game_case", game_cases(games), ids=str)
    if "option_case" in fixtures:
        metafunc.parametrize("option_case", option_cases(games), ids=str)
    if "golden_path" in fixtures:
        paths = sorted(p for p in GOLDEN_DIR.glob("*.json") if games_in(p) & set(games))
        metafunc.parametrize("golden_path", paths, ids=lambda path: path.stem)
