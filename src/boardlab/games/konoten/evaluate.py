"""A heuristic value of a position for one seat: VP plus honest proxies for what is still to come.

Once the game is over the value is the final VP. Before that, each proxy is weighted by
roughly the VP it tends to turn into: a card in hand becomes 1 VP in a lens (for 2 AP);
a lens earns owner bonuses and runs its effect while rounds remain; assistants and grown
nodes give actions in the rounds left; sediment costs its graduation penalty.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from boardlab.games.konoten.content import CONTENT
from boardlab.games.konoten.effects import lenses_owned, total_assistants
from boardlab.games.konoten.flow import OVER
from boardlab.games.konoten.tables import PASSIVES, POPCOUNT

if TYPE_CHECKING:
    from boardlab.engine import GameState
    from boardlab.games.konoten.state import KonotenState

CARD_IN_HAND = 0.6
LENS_PER_ROUND = 0.5
ASSISTANT_PER_ROUND = 0.35
NODE_PER_ROUND = 0.25
AP_VALUE = 0.3
CREATIVITY_VALUE = 0.3
LIGHT_VALUE = 0.4
RAINBOW_VALUE = 0.8


def evaluate(state: GameState, seat: int) -> float:
    """VP plus progress proxies for ``seat`` (the final VP once the game is over)."""
    s = cast("KonotenState", state)
    vp = float(s.vp[seat])
    if s.phase == OVER or s.char[seat] < 0:
        return vp
    rounds_left = CONTENT.rounds - s.round + 1
    base = seat * 3
    passives = PASSIVES[s.char[seat]][s.grown[seat]]
    return (
        vp
        + CARD_IN_HAND * s.hand[seat].bit_count()
        + LENS_PER_ROUND * rounds_left * lenses_owned(s, seat)
        + ASSISTANT_PER_ROUND * rounds_left * total_assistants(s, seat)
        + NODE_PER_ROUND * rounds_left * POPCOUNT[s.grown[seat]]
        + AP_VALUE * s.ap[seat]
        + CREATIVITY_VALUE * s.cr[seat]
        + LIGHT_VALUE * s.mats[base]
        + RAINBOW_VALUE * s.mats[base + 1]
        + passives.sediment_vp * s.mats[base + 2]
    )
