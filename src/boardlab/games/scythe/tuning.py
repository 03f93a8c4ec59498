"""Scythe's settings for agents and simulations: search settings, roles and the probe of
balance reports (``probes.py``).

Measured against greedy (the package README, "Bots"): with ``c`` 0.1 and ``depth`` 0 mcts
won 83% of 24 same-deal games at 300 iterations (c 0.05: 75%, 0.2: 67%; random rollouts
of depth 2: 62.5%; the general defaults lost all 4 games tried), and 85 of 100 games at
0.2 s a decision. Leaves are judged by ``evaluate`` at once: random actions inside a turn
(a bottom action skipped, resources traded and left) only blur it, and a coin is a small
difference of ``values.Judge`` in games scored near 100, hence the small ``c``. No
endgame: a greedy playout of the rest of a game costs more than a decision's budget.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, cast

from boardlab.games.scythe.content import CONTENT
from boardlab.games.scythe.probes import PROBES
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


def turn_order(state: GameState) -> tuple[int, ...]:
    """Seats clockwise from the lowest-numbered player mat (4.7, 4.12)."""
    return tuple(cast("ScytheState", state).order)


TUNING = Tuning(
    search=MappingProxyType({"c": 0.1, "depth": 0}),
    roles=roles,
    turn_order=turn_order,
    probes=PROBES,
)
