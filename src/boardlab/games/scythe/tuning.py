"""Scythe's settings for agents and simulations: search settings and roles.

The search settings were measured against greedy (the package README, "Bots"). Leaves are
judged by ``evaluate`` at once (depth 0): random actions inside a turn (a bottom action
skipped, a resource traded and left unused) only blur the evaluation. The exploration
constant is small because a coin is a small difference of ``values.Judge`` in a game of
scores near 100. No endgame: a greedy playout to the end of a Scythe game costs tens of
milliseconds, more than a decision's budget.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, cast

from boardlab.games.scythe.content import CONTENT
from boardlab.tuning import Tuning

if TYPE_CHECKING:
    from boardlab.engine import GameState
    from boardlab.games.scythe.state import ScytheState


def roles(state: GameState) -> tuple[str, ...]:
    """Each seat's faction and player mat, in seat order (``"crimea/patriotic"``)."""
    s = cast("ScytheState", state)
    return tuple(
        f"{CONTENT.factions[faction].id}/{CONTENT.mats[mat].id}"
        for faction, mat in zip(s.faction, s.mat, strict=True)
    )


TUNING = Tuning(
    search=MappingProxyType({"c": 0.1, "depth": 0}),
    roles=roles,
)
