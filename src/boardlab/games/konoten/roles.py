"""Each seat's role for simulation statistics: the id of its character board (K1, A17)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from boardlab.games.konoten.tables import CHARACTER_IDS

if TYPE_CHECKING:
    from boardlab.engine import GameState
    from boardlab.games.konoten.state import KonotenState

#: The role of a seat whose character is not chosen yet (a draft still running, A17).
UNCHOSEN = "unchosen"


def roles(state: GameState) -> tuple[str, ...]:
    """The character id of every seat, in seat order (``"unchosen"`` before the draft ends)."""
    chars = cast("KonotenState", state).char
    return tuple(CHARACTER_IDS[c] if c >= 0 else UNCHOSEN for c in chars)
