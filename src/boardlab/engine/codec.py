"""Fixed-size encodings of actions and views, for learning environments.

The engine keeps structured actions; each game's package provides an ``ActionCodec`` (a
fixed action space in which one index always means the same thing: an offset per decision
kind plus a local index) and an ``ObservationEncoder`` (a fixed-length vector built from
``view(seat)`` only, so it can never show hidden information). Adapters turn these into
numpy arrays; the game packages need no numpy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from boardlab.engine.action import Action

if TYPE_CHECKING:
    from boardlab.engine.state import GameState


class ActionCodec(Protocol):
    """A fixed action space for one game at one player count and option set."""

    size: int

    def encode(self, action: Action) -> int:
        """The index of ``action``; the same action always has the same index."""
        ...

    def decode(self, index: int, state: GameState) -> Action:
        """The legal action of ``state`` with this index; ``ValueError`` if there is none."""
        ...

    def mask(self, state: GameState) -> list[int]:
        """One 0/1 entry per index: 1 where the index is a legal action now."""
        ...


class ObservationEncoder(Protocol):
    """A fixed-length numeric vector of what a seat may see."""

    size: int

    def encode(self, view: dict[str, Any], seat: int | None) -> list[float]:
        """The vector for ``view`` (the output of ``state.view(seat)``)."""
        ...

    def fields(self) -> dict[str, tuple[int, int]]:
        """Named parts of the vector as ``(start, stop)`` index ranges."""
        ...
