"""A game's observation encoder made from its declared vector (``boardlab.engine.vector``).

``encode(state, seat)`` is the reference: the declaration's program interpreted in Python,
everything computed afresh. ``fast()`` gives a ``FastPath`` of its own: ``encode_into``
writes straight into the adapters' buffer and keeps derived parts while their inputs are
equal, and ``native(scale, low, high)`` gives the compiled kernel running the same program
(``boardlab._native.vector``, generic C built with the package), or None without it.

A game whose spectator must see less than seat 0 (seat 0's hand, its pending choices)
passes a second declaration, ``spectator``, with the same layout and those parts left
out: every path runs it for ``seat=None``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardlab.engine.vector import Kept, Vector

if TYPE_CHECKING:
    from boardlab.engine import GameState
    from boardlab.engine.observe import NativeEncoder, Out


class DeclaredEncoder:
    """The observation encoder of one game at one player count, from its ``Vector``."""

    __slots__ = ("high", "low", "players", "size", "spectator", "vector")

    def __init__(self, vector: Vector, spectator: Vector | None = None) -> None:
        if spectator is not None and (
            spectator.entries() != vector.entries()
            or (spectator.low, spectator.high) != (vector.low, vector.high)
        ):
            raise ValueError("the spectator's declaration must have the seats' layout")
        self.vector = vector
        self.spectator = spectator or vector
        self.players = vector.players
        self.size = vector.size
        self.low, self.high = vector.low, vector.high

    def fields(self) -> dict[str, tuple[int, int]]:
        """Named parts of the vector as ``(start, stop)`` ranges that tile it in order."""
        return self.vector.fields()

    def entries(self) -> tuple[str, ...]:
        """One name per entry, in vector order (``seat1.counters.vp``, ``market.D07``)."""
        return self.vector.entries()

    def encode(self, state: GameState, seat: int | None) -> list[float]:
        """The raw vector of what ``seat`` (None: a spectator) sees in ``state``."""
        out: list[float] = [0.0] * self.size
        (self.vector if seat is not None else self.spectator).run(state, seat, out)
        return [float(x) for x in out]

    def fast(self) -> FastPath:
        """A fast path with its own memory of derived parts (one per observer)."""
        return FastPath(self.vector, self.spectator)

    def native(self, scale: object, low: object, high: object) -> NativeEncoder | None:
        """The compiled kernel of this encoder (see ``FastPath.native``)."""
        return self.fast().native(scale, low, high)

    def __reduce__(self) -> tuple[Any, ...]:
        return (DeclaredEncoder, (self.vector, self.spectator))


class FastPath:
    """``encode_into`` and ``native`` of one observer (see the module)."""

    __slots__ = ("kept", "spectator", "vector", "watching")

    def __init__(self, vector: Vector, spectator: Vector | None = None) -> None:
        self.vector = vector
        self.spectator = spectator or vector
        self.kept: Kept = {}
        self.watching: Kept = {}

    def encode_into(self, state: GameState, seat: int | None, out: Out) -> None:
        """Write the non-zero raw entries into ``out``, a zeroed buffer of ``size`` floats."""
        if seat is None:
            self.spectator.run(state, seat, out, self.watching)
        else:
            self.vector.run(state, seat, out, self.kept)

    def native(self, scale: object, low: object, high: object) -> NativeEncoder | None:
        """The compiled kernel running this program, normalising with the observer's float32
        ``scale`` (or None), ``low`` and ``high``; None when it was not built."""
        try:
            from boardlab._native import vector as kernel
        except ImportError:
            return None
        v = self.vector
        watching = None if self.spectator is v else self.spectator.program
        program: NativeEncoder = kernel.Program(
            v.program, v.size, v.players, scale, low, high, watching
        )
        return program
