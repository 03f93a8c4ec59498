"""The Gymnasium spaces of a game: its observation ``Box``, mask and action ``Discrete``.

The vectors and masks themselves come from ``boardlab.encoding.vectors`` (numpy alone).
"""

from __future__ import annotations

try:
    from gymnasium import spaces
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError(
        "boardlab's learning environments need numpy and gymnasium: "
        "pip install 'boardlab[rl]'"
    ) from error

from boardlab.encoding.encodings import Encodings
from boardlab.encoding.vectors import MASK_DTYPE, OBSERVATION_DTYPE, Observer


def box(observer: Observer) -> spaces.Box:
    """The ``Box`` every vector of ``observer`` lies in."""
    return spaces.Box(observer.low.copy(), observer.high.copy(), dtype=OBSERVATION_DTYPE)


def observation_space(encodings: Encodings, observer: Observer | None = None) -> spaces.Dict:
    """``Dict(observation=Box(float32, encoder.size), action_mask=Box(int8, codec.size))``."""
    made = observer if observer is not None else Observer(encodings)
    return spaces.Dict(
        {
            "observation": box(made),
            "action_mask": spaces.Box(0, 1, (encodings.codec.size,), dtype=MASK_DTYPE),
        }
    )


def action_space(encodings: Encodings) -> spaces.Discrete:
    """One discrete index per action of the codec."""
    return spaces.Discrete(encodings.codec.size)
