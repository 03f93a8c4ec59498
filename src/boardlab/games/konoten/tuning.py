"""Konoten's settings for agents and simulations: search settings, roles and the endgame.

Measured against greedy (the README's "Scores, evaluate, audit" has the tables): c 0.35 and
depth 0 won most of the search settings tried; playing the last round out greedily
(``finish``) raised mcts at 0.2 s from 63% to 71% of 200 same-deal games. A greedy playout
from a last-round position to graduation takes about 4 ms on an idle core (on average over
the round), and there holdings no longer stand in for points: every AP, card and material
left is turned into VP before graduation or lost, which ``evaluate`` can only estimate.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, cast

from boardlab.games.konoten.content import CONTENT
from boardlab.games.konoten.probes import PROBES
from boardlab.games.konoten.tables import CHARACTER_IDS
from boardlab.tuning import Tuning

if TYPE_CHECKING:
    from boardlab.engine import GameState
    from boardlab.games.konoten.state import KonotenState

#: The role of a seat whose character is not chosen yet (a draft still running, A17).
UNCHOSEN = "unchosen"


def roles(state: GameState) -> tuple[str, ...]:
    """The character id of every seat, in seat order (``"unchosen"`` before the draft ends)."""
    chars = cast("KonotenState", state).char
    return tuple(CHARACTER_IDS[c] if c >= 0 else UNCHOSEN for c in chars)


def in_last_round(state: GameState) -> bool:
    """Whether the game is in its last round (supply, main or end phase, or graduation)."""
    return cast("KonotenState", state).round >= CONTENT.rounds


def turn_order(state: GameState) -> tuple[int, ...]:
    """Seats from the start player on, drawn at setup (K-4.5)."""
    konoten = cast("KonotenState", state)
    n = konoten.players
    return tuple((konoten.start + i) % n for i in range(n))


TUNING = Tuning(
    search=MappingProxyType({"c": 0.35, "depth": 0, "finish": "greedy", "epsilon": 0.0}),
    roles=roles,
    endgame=in_last_round,
    probes=PROBES,
    turn_order=turn_order,
)
