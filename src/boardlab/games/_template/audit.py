"""The conservation checks (no component created or lost), each broken one in words.
Follow ``games/scythe/audit.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from boardlab.engine import GameState


def audit(state: GameState) -> list[str]:
    """Every invariant that does not hold; empty when all do."""
    return []
