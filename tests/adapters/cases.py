"""The (game, players) cases every adapter test runs: ``toy_rl`` and each real game with encodings.

Real games are found when the tests are collected, so a game gets these tests as soon as
its spec declares an action codec and an observation encoder. A game whose module does
not import is listed as skipped with the import error.
"""

from __future__ import annotations

from typing import Any

import pytest

from adapters import toy_codec
from boardlab.encoding.encodings import has_encodings
from boardlab.engine import registry


def _real_game_cases() -> list[Any]:
    cases: list[Any] = []
    for name in registry.names():
        if name == toy_codec.NAME:
            continue
        try:
            spec = registry.spec(name)
        except Exception as error:  # a game being written may not import yet
            cases.append(
                pytest.param(
                    name, 0, id=f"{name}-broken",
                    marks=pytest.mark.skip(reason=f"{name} does not import: {error!r}"),
                )
            )
            continue
        if has_encodings(spec):
            cases += [
                pytest.param(name, players, id=f"{name}-{players}p")
                for players in range(spec.min_players, spec.max_players + 1)
            ]
    return cases


TOY_CASES = [
    pytest.param(toy_codec.NAME, players, id=f"{toy_codec.NAME}-{players}p")
    for players in range(toy_codec.SPEC.min_players, toy_codec.SPEC.max_players + 1)
]
REAL_CASES = _real_game_cases()
CASES = TOY_CASES + REAL_CASES


def is_toy(game: str) -> bool:
    return game == toy_codec.NAME
