"""Which games, player counts and option values the conformance suite covers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

import boardlab
from boardlab.engine import GameSpec, registry


@dataclass(frozen=True, order=True)
class GameCase:
    """One game at one player count."""

    game: str
    players: int

    def __str__(self) -> str:
        return f"{self.game}-{self.players}p"

    @property
    def spec(self) -> GameSpec:
        return registry.spec(self.game)


@dataclass(frozen=True)
class OptionCase:
    """One game with one option set to a value other than its default.

    For a list-valued option, ``value`` is the choices in some order, and the values tried
    for ``players`` seats are its first ``players`` elements, its first, then all of them.
    """

    game: str
    option: str
    value: Any
    is_list: bool = False

    def values_for(self, players: int) -> list[Any]:
        if not self.is_list:
            return [self.value]
        return [list(self.value[:players]), list(self.value[:1]), list(self.value)]

    def __str__(self) -> str:
        shown = f"[{self.value[0]},...]" if self.is_list else self.value
        return f"{self.game}-{self.option}={shown}"


def selected_games(requested: str) -> list[str]:
    """The games named in ``--games`` (comma-separated), or every game when it is empty."""
    names = boardlab.games()
    wanted = sorted({name.strip() for name in requested.split(",") if name.strip()})
    unknown = [name for name in wanted if name not in names]
    if unknown:
        raise pytest.UsageError(
            f"--games names unknown game(s) {', '.join(unknown)}; games: {', '.join(names)}"
        )
    return wanted or names


def load_problem(game: str) -> str | None:
    """Why the game's package does not load, or ``None`` when it does."""
    try:
        registry.spec(game)
    except Exception as error:  # a broken game package may raise anything on import
        return f"{type(error).__name__}: {error}"
    return None


def loadable(games: list[str]) -> list[str]:
    return [game for game in games if load_problem(game) is None]


def game_cases(games: list[str]) -> list[GameCase]:
    """Every loadable game at every player count it supports."""
    return [
        GameCase(game, players)
        for game in loadable(games)
        for players in range(registry.spec(game).min_players, registry.spec(game).max_players + 1)
    ]


def option_cases(games: list[str]) -> list[OptionCase]:
    """Every non-default value of each bool option and each option with choices.

    A list-valued option with choices gets one case per choice, each starting its list.
    """
    cases = []
    for game in loadable(games):
        for option in registry.spec(game).options:
            choices = option.choices
            if isinstance(option.default, bool):
                cases.append(OptionCase(game, option.name, not option.default))
            elif choices is not None and isinstance(option.default, tuple | list):
                cases.extend(
                    OptionCase(game, option.name, (*choices[i:], *choices[:i]), is_list=True)
                    for i in range(len(choices))
                )
            elif choices is not None:
                cases.extend(
                    OptionCase(game, option.name, value)
                    for value in choices
                    if value != option.default
                )
    return cases
