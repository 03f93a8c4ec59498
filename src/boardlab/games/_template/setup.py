"""Dealing a new game from ``s.rng`` and ``s.options``, drawing in a fixed order so that a
seed always deals the same game; push the first frame for ``flow.RULES``. Follow
``games/scythe/setup.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from boardlab.games._template.state import TemplateState


def deal(s: TemplateState) -> None:
    """Set every field of a new game."""
    s.round = 1
    s.points = [0] * s.players
    s.stack = []
