"""A game's observation as a normalised numpy vector and its legal actions as a mask.

The learning environments (``boardlab.adapters``) and the policy agent
(``boardlab.agents.policy``) both read a seat's observation through ``Observer`` and its
legal actions through ``action_mask``; this module needs numpy alone.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

import numpy as np

from boardlab.encoding.encodings import Encodings
from boardlab.engine import GameState
from boardlab.engine.observe import NativeEncoder, native_encoder, state_encoder

OBSERVATION_DTYPE = np.float32
MASK_DTYPE = np.int8


def observation_bounds(encodings: Encodings) -> tuple[np.ndarray, np.ndarray]:
    """The encoder's raw ``low``/``high`` bounds as arrays (unbounded when it declares none)."""
    size = encodings.encoder.size
    low = _bound(getattr(encodings.encoder, "low", -np.inf), size, "low", encodings)
    high = _bound(getattr(encodings.encoder, "high", np.inf), size, "high", encodings)
    if np.any(low > high):
        raise ValueError(f"the observation encoder of {encodings.game} has low > high")
    return low, high


def _bound(value: float | Sequence[float], size: int, name: str, enc: Encodings) -> np.ndarray:
    array = np.full(size, value, dtype=OBSERVATION_DTYPE) if np.isscalar(value) else (
        np.asarray(value, dtype=OBSERVATION_DTYPE)
    )
    if array.shape != (size,):
        raise ValueError(
            f"the observation encoder of {enc.game} declares {name} of shape {array.shape}, "
            f"not ({size},)"
        )
    return array


def native_switched_off() -> bool:
    """Whether ``BOARDLAB_NO_NATIVE=1`` asks for the Python encoders everywhere."""
    return os.environ.get("BOARDLAB_NO_NATIVE", "").strip() == "1"


class Observer:
    """The observation vector of a seat, as the adapters give it, and the ``Box`` it lies in.

    The raw vector is the encoder's (``encode(state, seat)``); when the encoder
    has a fast path (``fast()``, see ``boardlab.engine.observe``) it is written straight from
    the state into a preallocated buffer instead, the same numbers without the view. When
    the encoder's bounds are finite, the vector given out is normalised: clipped into
    ``[low, high]`` and each entry divided by ``max(|low|, |high|)`` where that exceeds 1,
    so every entry lies in ``[-1, 1]`` (``[0, 1]`` for entries that are never negative).
    An encoder without finite bounds gives its raw vector in an unbounded ``Box``.

    With ``native`` (the default) and a fast encoder that has a compiled twin
    (``native_encoder``), ``vector`` is written, normalised, by the compiled encoder: the
    same numbers bit for bit, at a fraction of the cost. ``native=None`` follows the
    environment: ``BOARDLAB_NO_NATIVE=1`` switches the compiled path off for every observer
    made without an explicit ``native`` (so for every learning environment).
    """

    __slots__ = (
        "_buffer", "_clip", "_fast", "_memory", "_scale", "encodings", "high", "low",
        "native_encoder", "size",
    )

    def __init__(
        self, encodings: Encodings, fast: bool = True, native: bool | None = None
    ) -> None:
        if native is None:
            native = not native_switched_off()
        self.encodings = encodings
        self.size = encodings.encoder.size
        self._fast = state_encoder(encodings.encoder) if fast else None
        self._buffer = np.zeros(self.size, dtype=OBSERVATION_DTYPE)
        self._memory = memoryview(self._buffer)  # type: ignore[arg-type]  # numpy is a buffer
        low, high = observation_bounds(encodings)
        self._clip: tuple[np.ndarray, np.ndarray] | None = None
        self._scale: np.ndarray | None = None
        if np.all(np.isfinite(low)) and np.all(np.isfinite(high)):
            reach = np.maximum(np.maximum(np.abs(low), np.abs(high)), 1.0)
            if np.any(reach > 1.0):
                self._scale = (1.0 / reach).astype(OBSERVATION_DTYPE)
                low, high = low * self._scale, high * self._scale
            # clipping after scaling by a positive float32 factor gives exactly the scaled
            # clipped vector (rounding is monotonic), in one array less
            self._clip = (low, high)
        self.low, self.high = low, high
        #: the compiled encoder that ``vector`` uses, if any
        self.native_encoder: NativeEncoder | None = None
        if native and self._clip is not None:
            self.native_encoder = native_encoder(self._fast, self._scale, low, high)

    @property
    def native(self) -> bool:
        """Whether ``vector`` is written by the game's compiled encoder."""
        return self.native_encoder is not None

    @property
    def fast(self) -> bool:
        """Whether the vector is written straight from the state (the encoder's fast path)."""
        return self._fast is not None

    def raw(self, state: GameState, seat: int | None) -> np.ndarray:
        """The encoder's vector of what ``seat`` sees now (a new array), not normalised."""
        return self._raw(state, seat).copy()

    def _raw(self, state: GameState, seat: int | None) -> np.ndarray:
        if self._fast is None:
            values = self.encodings.encoder.encode(state, seat)
            vector = np.asarray(values, dtype=OBSERVATION_DTYPE)
            if vector.shape != (self.size,):
                raise ValueError(
                    f"the observation encoder of {self.encodings.game} gave {vector.shape[0]} "
                    f"values, not its size {self.size}"
                )
            self._buffer[:] = vector
        else:
            self._buffer.fill(0.0)
            self._fast.encode_into(state, seat, self._memory)  # type: ignore[arg-type]
        return self._buffer

    def vector(self, state: GameState, seat: int | None) -> np.ndarray:
        """The observation vector of ``seat`` now (a new array), normalised as above."""
        if self.native_encoder is not None:
            made = np.empty(self.size, OBSERVATION_DTYPE)
            self.native_encoder.encode(state, seat, made)
            return made
        buffer = self._raw(state, seat)
        if self._clip is None:
            return buffer.copy()
        low, high = self._clip
        if self._scale is not None:
            vector: np.ndarray = buffer * self._scale
            np.minimum(vector, high, out=vector)
        else:  # minimum and maximum: cheaper than np.clip on 1-D arrays
            vector = np.minimum(buffer, high)
        np.maximum(vector, low, out=vector)
        return vector


def observation_vector(encodings: Encodings, state: GameState, seat: int | None) -> np.ndarray:
    """The normalised vector of what ``seat`` sees now (see ``Observer``; a one-off
    ``Observer``: environments keep theirs)."""
    return Observer(encodings).vector(state, seat)


def action_mask(encodings: Encodings, state: GameState, seat: int | None) -> np.ndarray:
    """1 where the index is a legal action of ``seat`` now; all 0 when ``seat`` is not to move."""
    size = encodings.codec.size
    if seat is None or state.to_move != seat:
        return np.zeros(size, dtype=MASK_DTYPE)
    indices = legal_indices(encodings, state)
    if indices is not None:
        return mask_of(indices, size)
    values = encodings.codec.mask(state)
    if len(values) != size:
        raise ValueError(
            f"the action codec of {encodings.game} gave a mask of {len(values)} entries, "
            f"not its size {size}"
        )
    return np.array(values, dtype=MASK_DTYPE)


def legal_indices(encodings: Encodings, state: GameState) -> list[int] | None:
    """The indices of the legal actions in the order of the decision's options, or ``None``
    when the codec cannot list them (it has no ``legal_indices``; use its ``mask``)."""
    listed = getattr(encodings.codec, "legal_indices", None)
    if listed is None:
        return None
    indices: list[int] = listed(state)
    return indices


def mask_of(indices: Sequence[int], size: int) -> np.ndarray:
    """A new mask of ``size`` entries, 1 at ``indices``."""
    if len(indices) > 32:  # numpy's fancy indexing pays off only for long lists
        mask = np.zeros(size, dtype=MASK_DTYPE)
        mask[list(indices)] = 1
        return mask
    flags = bytearray(size)
    for index in indices:
        flags[index] = 1
    return np.frombuffer(flags, MASK_DTYPE)  # writable: it shares the bytearray


def observation(
    encodings: Encodings, state: GameState, seat: int, observer: Observer | None = None
) -> dict[str, Any]:
    """The ``{"observation", "action_mask"}`` dict of ``seat``, in new arrays every call."""
    made = observer if observer is not None else Observer(encodings)
    return {
        "observation": made.vector(state, seat),
        "action_mask": action_mask(encodings, state, seat),
    }


def as_index(action: Any, size: int) -> int | None:
    """``action`` as a plain int index in ``[0, size)``, or ``None`` if it is not one."""
    if type(action) is int:  # the common case first
        return action if 0 <= action < size else None
    if isinstance(action, bool | np.bool_):
        return None
    if isinstance(action, np.ndarray):
        if action.shape not in ((), (1,)):
            return None
        action = action.reshape(()).item()
    if isinstance(action, int | np.integer):
        index = int(action)
        return index if 0 <= index < size else None
    return None
