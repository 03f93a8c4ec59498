"""The text board of the terminal (``render_text``) with a legend of every abbreviation it
shows, built only when a board is asked for. Follow ``games/compounded/board_text.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from boardlab.games._template.state import TemplateState


def render_text(s: TemplateState, seat: int | None) -> str:
    """The board as text, ``seat`` marked as you."""
    return f"Template - round {s.round}; points {s.points}"
