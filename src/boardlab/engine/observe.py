"""The fast path of an observation encoder: what it writes into, its blocks and their memory
(no numpy here; games build on it, the learning environments find it with the lookups below).

A game's observation encoder may offer ``fast()``: an object whose
``encode_into(state, seat, out)`` writes the same numbers as ``encode(state,
seat)`` straight from the state into ``out``, a zeroed buffer of ``encoder.size`` floats
(the adapters pass a ``memoryview`` of a float32 numpy array), writing only the entries
that are not 0 and reading only what ``view(seat)`` shows. The reference ``encode`` stays
the definition: ``tests/adapters/test_fast_observation.py`` checks both agree on random
positions of every game, player count and seat (and the spectator).

A fast encoder may also offer ``updater()``: a new ``Updater`` whose ``update(state, seat,
out)`` writes the same vector into an ``out`` that still holds what its previous ``update``
wrote (all 0 before the first call). It rewrites only the blocks whose inputs changed
since then (it keeps a copy of what each block read: ``Watched``), which is what makes an
environment step cheap: between two decisions most of a game's vector does not change.
Blocks compare the values they read, not object identities, so any state may follow any
other (another game, a clone, another seat); the test checks it along whole playouts.
Each ``Updater`` belongs to one buffer (the adapters' ``Observer`` makes its own); the
encoder itself keeps no memory, so ``encode_into`` may be called from anywhere.

Fastest of all, a fast encoder may offer ``native(scale, low, high)``: its compiled twin
(``boardlab.games.<game>._observe``, C, built when boardlab is installed), whose
``encode(state, seat, out)`` writes the whole vector, already normalised with the
observer's float32 ``scale`` (or None) and clipped into ``[low, high]``, into a float32
array; ``None`` when the extension was not built. ``tests/adapters/test_native_observation.py``
checks it gives bit for bit what the adapters make of the Python encoder's vector.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Protocol, overload

if TYPE_CHECKING:
    from boardlab.engine import GameState


class Out(Protocol):
    """A buffer of floats written by index (a ``memoryview`` of a float32 array); a block
    is zeroed by slice from ``zeros``: ``out[a:b] = zero[a:b]``."""

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


def zeros(size: int) -> memoryview:
    """``size`` float32 zeros, to clear a block of ``out``: ``out[a:b] = zeros[a:b]``."""
    return memoryview(array("f", bytes(4 * size)))


class Watched:
    """What one block of an updating encoder read when it last wrote it.

    ``changed(values)`` compares the values a block reads now (the state's lists and
    numbers themselves, no copies) with the kept ones; when they differ it keeps a copy
    (lists copied one level down: their items must be immutable) and says so, and the
    block is rewritten. Equal values give equal numbers, whatever state they came from.
    """

    __slots__ = ("kept", "values")

    def __init__(self) -> None:
        self.values: list[object] | None = None
        #: anything the block derived from ``values``, reused while they do not change
        self.kept: object = None

    def changed(self, values: Sequence[object]) -> bool:
        """Whether ``values`` differ from the kept ones (and keep them if so)."""
        if values == self.values:
            return False
        self.values = [value.copy() if type(value) is list else value for value in values]
        return True

    def forget(self) -> None:
        """Make the next ``changed`` say yes (the buffer was zeroed by someone else)."""
        self.values = None


class BlockUpdate(Protocol):
    """An encoder's ``update``: rewrite the blocks of ``out`` whose inputs changed."""

    def __call__(
        self, state: GameState, seat: int | None, out: Out, watched: list[Watched]
    ) -> None: ...


class Updater:
    """``update(state, seat, out)``: the encoder's ``update`` with this buffer's memory."""

    __slots__ = ("update", "watched")

    def __init__(self, update: BlockUpdate, blocks: int) -> None:
        self.watched = [Watched() for _ in range(blocks)]
        #: ``update(state, seat, out)``: make ``out`` (as the previous call left it) the
        #: vector of what ``seat`` sees (a partial: no Python frame of its own)
        self.update: Callable[[GameState, int | None, Out], None] = partial(
            update, watched=self.watched
        )


def updater(fast: StateEncoder | None) -> Updater | None:
    """A new ``Updater`` of a fast path (``fast.updater()``), or ``None`` if it has none."""
    make = getattr(fast, "updater", None)
    if make is None:
        return None
    made: Updater = make()
    return made


class BlockEncoder:
    """A fast path written in blocks: a game's encoder subclasses it, sets ``blocks`` and
    writes ``update``, which rewrites the blocks whose inputs (kept in ``watched``, one
    ``Watched`` per block) changed. ``encode_into`` is an update with no memory;
    ``updater()`` keeps one memory per buffer."""

    __slots__ = ()
    blocks: int = 0

    def update(
        self, state: GameState, seat: int | None, out: Out, watched: list[Watched]
    ) -> None:
        """Rewrite the blocks of ``out`` whose inputs (kept in ``watched``) changed."""
        raise NotImplementedError

    def encode_into(self, state: GameState, seat: int | None, out: Out) -> None:
        """Write ``seat``'s vector into the zeroed ``out``."""
        self.update(state, seat, out, [Watched() for _ in range(self.blocks)])

    def updater(self) -> Updater:
        """An ``update(state, seat, out)`` with its own memory of the blocks it wrote."""
        return Updater(self.update, self.blocks)
