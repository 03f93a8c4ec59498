"""What a fast observation encoder writes into, and how the adapters find one (no numpy here).

A game's observation encoder may offer ``fast()``: an object whose
``encode_into(state, seat, out)`` writes the same numbers as ``encode(state.view(seat),
seat)`` straight from the state into ``out``, a zeroed buffer of ``encoder.size`` floats
(the adapters pass a ``memoryview`` of a float32 numpy array), writing only the entries
that are not 0 and reading only what ``view(seat)`` shows. The reference ``encode`` stays
the definition: ``tests/adapters/test_fast_observation.py`` checks both agree on random
positions of every game, player count and seat (and the spectator).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from boardlab.engine import GameState


class Out(Protocol):
    """A zeroed buffer of floats written by index (a ``memoryview`` of a float32 array)."""

    def __setitem__(self, index: int, value: float, /) -> None: ...


class StateEncoder(Protocol):
    """The fast path of an observation encoder: the vector straight from the state."""

    def encode_into(self, state: GameState, seat: int | None, out: Out) -> None:
        """Write the non-zero entries of the vector of what ``seat`` sees into ``out``."""
        ...


def state_encoder(encoder: object) -> StateEncoder | None:
    """The encoder's fast path (its ``fast()``), or ``None`` when it has none."""
    fast = getattr(encoder, "fast", None)
    if fast is None:
        return None
    made: StateEncoder = fast()
    return made
