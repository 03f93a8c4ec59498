"""What an option of the pending decision does for the seat to move (costs, gains, what it
opens up), in words, built only when asked (the ``explain`` hook, the terminal's ``?``).
Follow ``games/scythe/explain.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from boardlab.engine import Action
    from boardlab.games._template.state import TemplateState


def explain(s: TemplateState, action: Action | str) -> str:
    """One option in words."""
    return f"{action}"
