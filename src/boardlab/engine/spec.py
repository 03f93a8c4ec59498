"""Game metadata declared as data: name, player counts, options and the state class."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from boardlab.engine.codec import ActionCodec, ObservationEncoder
    from boardlab.engine.state import GameState


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One game option: its default, a one-line help, and the values it accepts.

    The accepted type is the type of ``default``. ``choices``, when given, lists every
    accepted value (for a list-valued option: every accepted element).
    """

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None

    def validate(self, value: Any) -> Any:
        """The value as stored, or ``ValueError`` saying what is accepted."""
        expected = type(self.default)
        if isinstance(self.default, tuple | list):
            if not isinstance(value, tuple | list):
                items = list(self.choices[:2]) if self.choices else ["a", "b"]
                example = json.dumps(items, separators=(",", ":"))
                raise ValueError(
                    f"option {self.name!r} takes a list, written in JSON: {self.name}={example}; "
                    f"got {value!r}"
                )
            if self.choices is not None:
                for item in value:
                    if item not in self.choices:
                        raise ValueError(
                            f"option {self.name!r}: {item!r} is not one of {list(self.choices)}"
                        )
            return list(value)
        if expected is bool and not isinstance(value, bool):
            raise ValueError(f"option {self.name!r} takes true or false, got {value!r}")
        if expected is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise ValueError(f"option {self.name!r} takes an integer, got {value!r}")
        if expected is str and not isinstance(value, str):
            raise ValueError(f"option {self.name!r} takes a string, got {value!r}")
        if expected is float:
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise ValueError(f"option {self.name!r} takes a number, got {value!r}")
            value = float(value)
        elif self.default is not None and not isinstance(value, expected):
            raise ValueError(
                f"option {self.name!r} takes a {expected.__name__}, got {value!r}"
            )
        if self.choices is not None and value not in self.choices:
            raise ValueError(f"option {self.name!r}: {value!r} is not one of {list(self.choices)}")
        return value


@dataclass(frozen=True, slots=True)
class GameSpec:
    """What a game is and what ``boardlab.new`` accepts for it.

    ``evaluate(state, seat)`` is the game's heuristic value of a position for a seat (points
    plus honest progress proxies), used by bots. ``audit(state)`` lists the broken
    conservation invariants (components created or lost); empty when all is well.
    ``action_codec(players, options)`` and ``observation_encoder(players, options)`` give the
    fixed-size encodings that learning environments use (see ``engine/codec.py``).
    ``body_schema`` is the JSON Schema of the game's view body (``view(seat)["body"]``),
    shipped in the game package; the conformance suite checks every view against it.
    Settings for agents and simulations (search settings, roles, an endgame) are not facts
    of the game: a game declares them in its ``tuning.py`` (see ``boardlab.tuning``).
    """

    name: str
    title: str
    min_players: int
    max_players: int
    state_class: type[GameState]
    options: tuple[OptionSpec, ...] = ()
    version: int = 1
    summary: str = ""
    evaluate: Callable[[GameState, int], float] | None = None
    audit: Callable[[GameState], list[str]] | None = None
    action_codec: Callable[[int, Mapping[str, Any]], ActionCodec] | None = None
    observation_encoder: Callable[[int, Mapping[str, Any]], ObservationEncoder] | None = None
    body_schema: Mapping[str, Any] | None = None

    def __post_init__(self) -> None:
        self.state_class.SPEC = self

    def option(self, name: str) -> OptionSpec:
        for option in self.options:
            if option.name == name:
                return option
        raise ValueError(self._unknown_option(name))

    def resolve_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Every option with its value: the given ones validated, the rest defaulted."""
        known = {option.name for option in self.options}
        for name in given:
            if name not in known:
                raise ValueError(self._unknown_option(name))
        return {
            option.name: option.validate(given.get(option.name, option.default))
            for option in self.options
        }

    def check_players(self, players: int) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or not (
            self.min_players <= players <= self.max_players
        ):
            raise ValueError(
                f"{self.name} is for {self.min_players} to {self.max_players} players, "
                f"got {players!r}"
            )

    def _unknown_option(self, name: str) -> str:
        accepted = ", ".join(option.name for option in self.options) or "none"
        return f"{self.name} has no option {name!r}; accepted options: {accepted}"
