"""A game's fixed-size action codec and observation encoder, looked up from its spec."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from boardlab.engine import GameSpec, registry
from boardlab.engine.codec import ActionCodec, ObservationEncoder


@dataclass(frozen=True, slots=True)
class Encodings:
    """The codec and encoder of one game at one player count and option set.

    ``codec`` is the game's codec made for its most players, so the action space (its size
    and the meaning of every index) is the same at every player count and one policy
    serves them all; the actions of seats not in the game are simply never legal.
    ``max_game_length`` is the bound of the codec made for ``players`` (0: none declared).
    """

    spec: GameSpec
    players: int
    options: dict[str, Any]
    codec: ActionCodec
    encoder: ObservationEncoder
    max_game_length: int = 0

    @property
    def game(self) -> str:
        return self.spec.name


def has_encodings(spec: GameSpec) -> bool:
    """Whether the game provides both an action codec and an observation encoder."""
    return spec.action_codec is not None and spec.observation_encoder is not None


def default_players(spec: GameSpec) -> int:
    """The player count adapters use when none is given: two if the game allows it."""
    return min(max(2, spec.min_players), spec.max_players)


def encodings(
    game: str, players: int | None = None, options: Mapping[str, Any] | None = None
) -> Encodings:
    """The encodings of ``game``; ``ValueError`` for a bad game, player count or option.

    >>> encodings("compounded", players=3).codec.size
    """
    spec = registry.spec(game)
    if not has_encodings(spec):
        raise ValueError(
            f"{game} has no action codec and observation encoder yet, so no learning "
            f"environment can be built for it; games that have them: "
            f"{', '.join(encodable_games()) or 'none'}"
        )
    count = default_players(spec) if players is None else players
    spec.check_players(count)
    resolved = spec.resolve_options(dict(options or {}))
    assert spec.action_codec is not None and spec.observation_encoder is not None
    own = spec.action_codec(count, resolved)
    codec = own if count == spec.max_players else spec.action_codec(spec.max_players, resolved)
    encoder = spec.observation_encoder(count, resolved)
    for what, size in (("action codec", codec.size), ("observation encoder", encoder.size)):
        if isinstance(size, bool) or not isinstance(size, int) or size < 1:
            raise ValueError(f"the {what} of {game} has size {size!r}; it must be an int >= 1")
    length = int(getattr(own, "max_game_length", 0) or 0)
    return Encodings(spec, count, resolved, codec, encoder, length)


def encodable_games() -> list[str]:
    """The games of ``boardlab.games()`` that have both encodings (each spec is imported).

    A game whose module fails to import is left out: its own tests report why.
    """
    names = []
    for name in registry.names():
        try:
            spec = registry.spec(name)
        except Exception:  # a game being written may not import yet
            continue
        if has_encodings(spec):
            names.append(name)
    return names
