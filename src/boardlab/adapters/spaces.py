"""Numpy arrays and Gymnasium spaces built from a game's codec and encoder."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

try:
    import numpy as np
    from gymnasium import spaces
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError(
        "boardlab's learning environments need numpy and gymnasium: "
        "pip install 'boardlab[rl]'"
    ) from error

from boardlab.adapters.encodings import Encodings
from boardlab.engine import GameState

OBSERVATION_DTYPE = np.float32
MASK_DTYPE = np.int8


def observation_bounds(encodings: Encodings) -> tuple[np.ndarray, np.ndarray]:
    """The encoder's ``low``/``high`` bounds as arrays (unbounded when it declares none)."""
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


def observation_space(encodings: Encodings) -> spaces.Dict:
    """``Dict(observation=Box(float32, encoder.size), action_mask=Box(int8, codec.size))``."""
    low, high = observation_bounds(encodings)
    return spaces.Dict(
        {
            "observation": spaces.Box(low, high, dtype=OBSERVATION_DTYPE),
            "action_mask": spaces.Box(0, 1, (encodings.codec.size,), dtype=MASK_DTYPE),
        }
    )


def action_space(encodings: Encodings) -> spaces.Discrete:
    """One discrete index per action of the codec."""
    return spaces.Discrete(encodings.codec.size)


def observation_vector(encodings: Encodings, state: GameState, seat: int | None) -> np.ndarray:
    """The encoder's vector of what ``seat`` sees now, built from ``state.view(seat)`` only."""
    values = encodings.encoder.encode(state.view(seat), seat)
    vector = np.asarray(values, dtype=OBSERVATION_DTYPE)
    if vector.shape != (encodings.encoder.size,):
        raise ValueError(
            f"the observation encoder of {encodings.game} gave {vector.shape[0]} values, "
            f"not its size {encodings.encoder.size}"
        )
    return vector


def action_mask(encodings: Encodings, state: GameState, seat: int | None) -> np.ndarray:
    """1 where the index is a legal action of ``seat`` now; all 0 when ``seat`` is not to move."""
    if seat is None or state.to_move != seat:
        return np.zeros(encodings.codec.size, dtype=MASK_DTYPE)
    mask = np.asarray(encodings.codec.mask(state), dtype=MASK_DTYPE)
    if mask.shape != (encodings.codec.size,):
        raise ValueError(
            f"the action codec of {encodings.game} gave a mask of {mask.shape[0]} entries, "
            f"not its size {encodings.codec.size}"
        )
    return mask


def observation(encodings: Encodings, state: GameState, seat: int) -> dict[str, Any]:
    """The ``{"observation", "action_mask"}`` dict of ``seat``, in new arrays every call."""
    return {
        "observation": observation_vector(encodings, state, seat),
        "action_mask": action_mask(encodings, state, seat),
    }


def as_index(action: Any, size: int) -> int | None:
    """``action`` as a plain int index in ``[0, size)``, or ``None`` if it is not one."""
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
