"""Final scoring, the winners and their tie-breaks, each seat's points by source (the
``score_breakdown`` hook) and why the game ended (``end_reason``). Follow
``games/scythe/scoring.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from boardlab.games._template.state import TemplateState


def score_breakdown(s: TemplateState) -> list[dict[str, float]]:
    """Each seat's points by source; they add up to its score."""
    return [{"points": float(p)} for p in s.points]


def end_reason(s: TemplateState) -> str:
    """Why the game ended, in words; ``""`` while it goes on."""
    return "" if s.stack else f"The game ended after round {s.round}."


def winners(s: TemplateState) -> list[int]:
    """The seats with the most points once the game is over."""
    if s.stack:
        return []
    best = max(s.points)
    return [seat for seat, p in enumerate(s.points) if p == best]
