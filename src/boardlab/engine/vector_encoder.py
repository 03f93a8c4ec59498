"""A game's observation encoder made from its declared vector (``boardlab.engine.vector``).

``encode(state, seat)`` is the reference: the declaration's program interpreted in Python.
``fast()`` gives the same object, whose ``encode_into`` writes straight into the adapters'
buffer, and ``native(scale, low, high)`` the compiled kernel running the same program
(``boardlab._native.vector``, generic C built with the package), or None without it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardlab.engine.vector import Vector

if TYPE_CHECKING:
    from boardlab.engine import GameState
    from boardlab.engine.observe import NativeEncoder, Out


class DeclaredEncoder:
    """The observation encoder of one game at one player count, from its ``Vector``."""

    __slots__ = ("high", "low", "players", "size", "vector")

    def __init__(self, vector: Vector) -> None:
        self.vector = vector
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
        self.vector.run(state, seat, out)
        return [float(x) for x in out]

    def fast(self) -> DeclaredEncoder:
        """The fast path: this encoder itself (``encode_into``, ``native``)."""
        return self

    def encode_into(self, state: GameState, seat: int | None, out: Out) -> None:
        """Write the non-zero raw entries into ``out``, a zeroed buffer of ``size`` floats."""
        self.vector.run(state, seat, out)

    def native(self, scale: object, low: object, high: object) -> NativeEncoder | None:
        """The compiled kernel running this program, normalising with the observer's float32
        ``scale`` (or None), ``low`` and ``high``; None when it was not built."""
        try:
            from boardlab._native import vector as kernel
        except ImportError:
            return None
        made: NativeEncoder = kernel.Program(
            self.vector.program, self.size, self.players, scale, low, high
        )
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (DeclaredEncoder, (self.vector,))
