"""The fast path of an observation encoder and what it writes into (no numpy here; games
build on it, the learning environments find it with the lookups below).

A game's observation encoder may offer ``fast()``: an object whose
``encode_into(state, seat, out)`` writes the same numbers as ``encode(state,
seat)`` straight from the state into ``out``, a zeroed buffer of ``encoder.size`` floats
(the adapters pass a ``memoryview`` of a float32 numpy array), writing only the entries
that are not 0 and reading only what ``view(seat)`` shows. The reference ``encode`` stays
the definition: ``tests/adapters/test_fast_observation.py`` checks both agree on random
positions of every game, player count and seat (and the spectator).

Fastest of all, a fast encoder may offer ``native(scale, low, high)``: its compiled twin
(a declared observation's program run by ``boardlab._native.vector``, C, built when
boardlab is installed, see ``boardlab.engine.vector_encoder``), whose
``encode(state, seat, out)`` writes the whole vector, already normalised with the
observer's float32 ``scale`` (or None) and clipped into ``[low, high]``, into a float32
array; ``None`` when the extension was not built. ``tests/adapters/test_native_observation.py``
checks it gives bit for bit what the adapters make of the Python encoder's vector.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, overload

if TYPE_CHECKING:
    from boardlab.engine import GameState


class Out(Protocol):
    """A buffer of floats written by index (a ``memoryview`` of a float32 array)."""

    @overload
    def __setitem__(self, index: int, value: float, /) -> None: ...

    @overload
    def __setitem__(self, index: slice, value: memoryview, /) -> None: ...


class StateEncoder(Protocol):
    """The fast path of an observation encoder: the vector straight from the state."""

    def encode_into(self, state: GameState, seat: int | None, out: Out) -> None:
        """Write the non-zero entries of the vector of what ``seat`` sees into ``out``."""
        ...


class NativeEncoder(Protocol):
    """A compiled encoder: the normalised vector straight from the state."""

    def encode(self, state: GameState, seat: int | None, out: object) -> None:
        """Write the whole normalised vector of what ``seat`` sees into the float32 ``out``."""
        ...


def native_encoder(
    fast: StateEncoder | None, scale: object, low: object, high: object
) -> NativeEncoder | None:
    """The fast path's compiled twin with this normalisation (``fast.native(scale, low,
    high)``: float32 arrays, ``scale`` may be None), or ``None`` when it has none."""
    make = getattr(fast, "native", None)
    if make is None:
        return None
    made: NativeEncoder | None = make(scale, low, high)
    return made


def state_encoder(encoder: object) -> StateEncoder | None:
    """The encoder's fast path (its ``fast()``), or ``None`` when it has none."""
    fast = getattr(encoder, "fast", None)
    if fast is None:
        return None
    made: StateEncoder = fast()
    return made
