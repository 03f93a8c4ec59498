"""The heuristic value of a position for one seat, for bots: an estimate of its final
score from what the seat may see. Follow ``games/konoten/evaluate.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from boardlab.engine import GameState
    from boardlab.games._template.state import TemplateState


def evaluate(state: GameState, seat: int) -> float:
    """The seat's points as they stand."""
    return float(cast("TemplateState", state).points[seat])
