"""How a finished game ended, for its pages: each side's points by source and why it ended."""

from __future__ import annotations

from typing import Any

from boardlab.engine import GameState


def result_of(state: GameState) -> dict[str, Any] | None:
    """``{"sides", "scores", "winners", "breakdown", "end_reason"}`` once ``state`` is over
    (``breakdown``: per side ``{"side", "sources": {source: points}, "total"}``, the sources
    as the game's guide names them); ``None`` while it is played."""
    if not state.is_over:
        return None
    outcome = state.outcome()
    breakdown = [
        {"side": side, "sources": dict(sources), "total": score}
        for side, sources, score in zip(outcome["sides"], state.score_breakdown(),
                                        outcome["scores"], strict=True)
    ]
    return {**outcome, "breakdown": breakdown, "end_reason": state.end_reason()}
