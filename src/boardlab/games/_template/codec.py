"""The fixed action space of the learning environments: every option of every decision to
an index and back, the same size at every player count. Follow ``games/konoten/codec.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardlab.engine.codec import ActionCodec


def action_codec(players: int, options: Mapping[str, Any]) -> ActionCodec:
    """The codec of a game with these players and options."""
    raise NotImplementedError("the template has no action space")
