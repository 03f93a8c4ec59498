"""What a game tells agents and simulations beyond its rules: search settings, roles, endgame.

These are not facts of the game (``GameSpec`` holds those): they are measured settings
and labels that help bots and reports. A game declares them as ``TUNING`` in its package's
``tuning.py``; a game registered at run time passes its own to ``declare``.

>>> tuning("konoten").search["c"]
0.35
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import import_module
from types import MappingProxyType
from typing import Any

from boardlab.engine import Action, GameState, registry


@dataclass(frozen=True, slots=True)
class Tuning:
    """A game's settings for agents and simulations.

    ``search``: the ``mcts`` agent's settings measured to suit the game (settings given to
    the agent override them). ``roles(state)``: each seat's role where seats differ (a
    Konoten character, a Scythe faction), for wins by role in simulations. ``endgame(state)``:
    from public information only, whether a position is near enough to the end for search
    to play it out (the ``mcts`` agent's ``finish`` setting). ``probes``: scripted lines of
    play that balance reports pit against the bots (``boardlab.agents.probe``), so that a
    degenerate strategy that wins shows up. ``turn_order(state)``: of a game just dealt, the
    seats in the order they take their first turns, for wins by turn position in balance
    reports (seat order when ``None``).
    """

    search: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    roles: Callable[[GameState], tuple[str, ...]] | None = None
    endgame: Callable[[GameState], bool] | None = None
    probes: tuple[Probe, ...] = ()
    turn_order: Callable[[GameState], tuple[int, ...]] | None = None


@dataclass(frozen=True, slots=True)
class Probe:
    """A scripted line of play: at each decision, an option of the first kind in ``prefer``
    that the decision offers, else the first option. Among options of that kind, those
    ``rank(state, option)`` puts lowest (all of them without ``rank``), drawn at random.
    ``help`` says in words what it plays.

    >>> Probe("idle", ("end", "done", "skip"), "ends every turn at once")
    """

    name: str
    prefer: tuple[str, ...]
    help: str
    rank: Callable[[GameState, Action], float] | None = None


NONE = Tuning()
_declared: dict[str, Tuning] = {}


def declare(game: str, declared: Tuning) -> None:
    """Give a game registered at run time its tuning (built-in games use ``tuning.py``)."""
    _declared[game] = declared


def forget(game: str) -> None:
    _declared.pop(game, None)


def tuning(game: str) -> Tuning:
    """The tuning of ``game``: declared, else its package's ``tuning.TUNING``, else none."""
    found = _declared.get(game)
    if found is not None:
        return found
    module = registry.module_of(game)
    if module:
        try:
            found = getattr(import_module(f"{module}.tuning"), "TUNING", None)
        except ModuleNotFoundError:
            found = None
    _declared[game] = found if isinstance(found, Tuning) else NONE
    return _declared[game]
