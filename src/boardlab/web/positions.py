"""Decision ids that name a position: a page made stale by an undo cannot play on.

The engine numbers a decision by the decisions answered since the start, so after an undo
and another move the same number names another position. The server gives the pending
decision the engine's id plus ``UNDO_STRIDE`` for each undo the game has had: a game never
undone keeps the engine's ids, and after the n-th undo every id is n million higher than
any id handed out before it, so an id seen before an undo is never pending again.

The number of undos comes from the event log itself: every append and every undo bumps the
game's version, an append adds an action and an undo removes one, so
``undos = (version - actions) / 2``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from boardlab.web.service import Game

UNDO_STRIDE = 1_000_000  # more decisions than any game has (Scythe's longest: a few thousand)
SEED_RANGE = range(-(2**63), 2**63)  # what the database's BIGINT holds


def undos(game: Game) -> int:
    """How many moves of ``game`` were taken back so far (in any process)."""
    return (game.version - len(game.moves)) // 2


def decision_id(game: Game) -> int | None:
    """The id the server gives ``game``'s pending decision (``None`` once it is over)."""
    pending = game.state.decision
    return None if pending is None else pending.id + UNDO_STRIDE * undos(game)


def seat_view(game: Game, seat: int | None) -> dict[str, Any]:
    """``view(seat)`` of the game, its pending decision carrying the server's id."""
    view: dict[str, Any] = game.state.view(seat)
    shown = view.get("decision")
    moved = undos(game)
    if moved and isinstance(shown, dict) and "id" in shown:
        view = {**view, "decision": {**shown, "id": shown["id"] + UNDO_STRIDE * moved}}
    return view
