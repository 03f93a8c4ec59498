"""The catalogue of games: built-in games are listed by name and imported on first use."""

from __future__ import annotations

from importlib import import_module

from boardlab.engine.spec import GameSpec

_BUILTIN: dict[str, str] = {}
_loaded: dict[str, GameSpec] = {}


def declare(name: str, module: str) -> None:
    """List a game whose module defines ``SPEC``; nothing is imported until it is used."""
    _BUILTIN[name] = module


def register(spec: GameSpec) -> None:
    """Add a game spec directly (extensions and tests)."""
    _BUILTIN.setdefault(spec.name, "")
    _loaded[spec.name] = spec


def unregister(name: str) -> None:
    _BUILTIN.pop(name, None)
    _loaded.pop(name, None)


def module_of(name: str) -> str:
    """The module a built-in game is declared in; ``""`` for a game registered directly."""
    spec(name)
    return _BUILTIN[name]


def names() -> list[str]:
    return sorted(_BUILTIN)


def spec(name: str) -> GameSpec:
    """The spec of a game, or ``ValueError`` naming the games there are."""
    if not isinstance(name, str) or name not in _BUILTIN:
        raise ValueError(f"unknown game {name!r}; games: {', '.join(names())}")
    found = _loaded.get(name)
    if found is None:
        try:
            found = import_module(_BUILTIN[name]).SPEC
        except (ImportError, AttributeError) as error:
            raise ValueError(f"game {name!r} is declared but cannot be loaded: {error}") from None
        _loaded[name] = found
    return found
