"""Where search plays a game out instead of judging it: the last round (K-5).

A greedy playout from a last-round position to graduation takes about 4 ms on an idle
core (on average over the round), and holdings no longer stand in for points: every AP,
card and material left is turned into VP before graduation or lost, which ``evaluate``
can only estimate.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from boardlab.games.konoten.content import CONTENT

if TYPE_CHECKING:
    from boardlab.engine import GameState
    from boardlab.games.konoten.state import KonotenState


def in_last_round(state: GameState) -> bool:
    """Whether the game is in its last round (supply, main or end phase, or graduation)."""
    return cast("KonotenState", state).round >= CONTENT.rounds
