"""Reading the command-line arguments shared by several commands: game options, seats, bots."""

from __future__ import annotations

import json
from typing import Any

from boardlab import agents
from boardlab.cli.errors import fail
from boardlab.engine import GameState, registry
from boardlab.engine.spec import GameSpec


def parse_options(pairs: list[str] | None) -> dict[str, Any]:
    """``["pile=10", "variant=basic"]`` -> ``{"pile": 10, "variant": "basic"}``.

    A value is read as JSON when it parses (numbers, true/false, lists), else kept as text.
    """
    options: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, raw = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            fail(f"--option takes key=value, got {pair!r}")
        try:
            options[key] = json.loads(raw)
        except ValueError:
            options[key] = raw
    return options


def complete_game(incomplete: str) -> list[str]:
    """Shell completion of a GAME argument: the game names starting with ``incomplete``."""
    return [name for name in registry.names() if name.startswith(incomplete)]


def game_spec(game: str) -> GameSpec:
    """The spec of ``game``, or a one-line error naming the games there are."""
    try:
        return registry.spec(game)
    except ValueError as error:
        fail(str(error))
    except ImportError as error:
        fail(f"game {game!r} cannot be loaded: {error}")


def new_game(game: str, players: int, seed: int, options: dict[str, Any]) -> GameState:
    """``boardlab.new(game, players, seed, **options)``, or a one-line error saying why not."""
    from boardlab.api import new

    game_spec(game)
    try:
        return new(game, players, seed, **options)
    except ValueError as error:
        fail(str(error))


def options_text(state: GameState) -> str:
    """The game's options as they would be typed: ``"options pile=15 variant=\"basic\""``."""
    if not state.options:
        return "no options"
    return "options " + " ".join(f"{k}={json.dumps(v)}" for k, v in state.options.items())


def parse_seat(text: str | None, players: int) -> int | None:
    """The human seat from ``--seat``: a number in ``0..players-1``, or ``None`` for ``none``."""
    if text is None or text.strip().lower() in ("", "none"):
        return None
    try:
        seat = int(text)
    except ValueError:
        fail(f"--seat takes a seat number from 0 to {players - 1} or 'none', got {text!r}")
    if not 0 <= seat < players:
        fail(f"--seat must be from 0 to {players - 1} for {players} players, got {seat}")
    return seat


def split_agent_specs(values: list[str] | None) -> list[str]:
    """Agent specs from ``--bots`` (see ``boardlab.agents.split_specs``)."""
    return list(agents.split_specs(values or []))
