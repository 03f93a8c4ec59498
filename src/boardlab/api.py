"""The public entry points: list, start, replay and load games."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from boardlab.engine import registry
from boardlab.engine.errors import IllegalAction, LoadError
from boardlab.engine.state import SAVE_FORMAT, SAVE_VERSION, GameState


def games() -> list[str]:
    """The names of every game, sorted."""
    return registry.names()


def new(game: str, players: int, seed: int = 0, **options: Any) -> GameState:
    """A new game; the same arguments always give the same game.

    >>> state = new("compounded", players=3, seed=7)
    """
    spec = registry.spec(game)
    spec.check_players(players)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an integer, got {seed!r}")
    return spec.state_class.create(players, seed, spec.resolve_options(options))


def replay(
    game: str, players: int, seed: int, history: Iterable[str], **options: Any
) -> GameState:
    """The state reached by playing ``history`` (action ids) from ``new(...)``."""
    state = new(game, players, seed, **options)
    for step, action in enumerate(history):
        try:
            state.apply(action)
        except IllegalAction as error:
            raise IllegalAction(f"history step {step}: {error}") from None
    return state


def load(text: str) -> GameState:
    """A saved game read back from ``state.to_json()``; ``LoadError`` for anything else."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as error:
        raise LoadError(f"not a saved boardlab game: {error}") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise LoadError("not a saved boardlab game: the 'format' field is missing or wrong")
    if data.get("version") != SAVE_VERSION:
        raise LoadError(
            f"save format version {data.get('version')!r} is not supported "
            f"(this boardlab reads version {SAVE_VERSION})"
        )
    game = data.get("game")
    if game not in registry.names():
        raise LoadError(f"the save names unknown game {game!r}; games: {', '.join(games())}")
    try:
        spec = registry.spec(game)
    except ValueError as error:
        raise LoadError(str(error)) from None
    if data.get("game_version") != spec.version:
        raise LoadError(
            f"the save is of {game} rules version {data.get('game_version')!r}; "
            f"this boardlab plays version {spec.version}"
        )
    history = data.get("history")
    options = data.get("options")
    if not isinstance(history, list) or not all(isinstance(a, str) for a in history):
        raise LoadError("the save's 'history' is not a list of action ids")
    if not isinstance(options, dict):
        raise LoadError("the save's 'options' is not an object")
    try:
        state = replay(game, data.get("players"), data.get("seed"), history, **options)
    except ValueError as error:
        raise LoadError(f"the save does not replay: {error}") from None
    if "rng" in data and data["rng"] != state.rng.state:
        raise LoadError("the save's random generator does not match its history")
    if "state" in data and data["state"] != json.loads(json.dumps(state.snapshot())):
        raise LoadError("the save's state does not match its history (edited or corrupt)")
    return state
