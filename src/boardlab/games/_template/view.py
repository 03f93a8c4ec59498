"""What a seat may see (``view_body``, its shape in ``view.schema.json``), naming the pending
decision and its context, never raw frames; ``resample_hidden`` re-deals what the seat cannot
see, from the bot's generator. Follow ``games/konoten/view.py``.
"""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING, Any

from boardlab.engine.rng import Rng

if TYPE_CHECKING:
    from boardlab.games._template.state import TemplateState


def view_body(s: TemplateState, seat: int | None) -> dict[str, Any]:
    """The game's part of ``view(seat)``."""
    return {"round": s.round, "points": list(s.points)}


def resample_hidden(s: TemplateState, seat: int | None, rng: Random | Rng) -> None:
    """Re-deal what ``seat`` cannot see (nothing is hidden here)."""
