"""The fixed-size observation of a seat, declared once on ``boardlab.engine.vector``: every
part's entry names and bounds and how it is read from the state (only what ``view(seat)``
shows), derived parts computed by the game's own rule functions. Follow
``games/konoten/observation.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardlab.engine.codec import ObservationEncoder


def observation_encoder(players: int, options: Mapping[str, Any]) -> ObservationEncoder:
    """The encoder of a game with these players and options."""
    raise NotImplementedError("the template has no observation")
