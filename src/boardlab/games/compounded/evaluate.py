"""A heuristic value of a position for one seat: atomic points plus honest progress proxies.

Used by greedy and search bots. Once the game is over it is the final score. Otherwise it
adds what the seat would likely turn into points: crystals in storage (worth placing, and
half a point each at the end), claimed compounds weighted by how full they are, experiment
levels, equipment, wild tokens and extinguishers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from boardlab.games.compounded.lab import points
from boardlab.games.compounded.workbench import (
    CARDS,
    EMPTY,
    TRACK_TOP,
    capacity,
    stored,
)

if TYPE_CHECKING:
    from boardlab.engine import GameState
    from boardlab.games.compounded.state import CompoundedState

CRYSTAL_VALUE = 0.6
LEVEL_VALUE = 1.5
EQUIPMENT_VALUE = 1.5
WILD_VALUE = 2.5
EXTINGUISHER_VALUE = 4.0
DISC_VALUE = 0.5


def evaluate(state: GameState, seat: int) -> float:
    """Points plus progress for ``seat``; the final score once the game is over."""
    s = cast("CompoundedState", state)
    if not s.stack:
        return float(s.ap[seat] + s.bonus[seat])
    value = float(s.ap[seat])
    held = stored(s, seat)
    value += CRYSTAL_VALUE * min(held, capacity(s, seat)) + 0.1 * max(0, held - capacity(s, seat))
    value += WILD_VALUE * s.wild[seat]
    for pos in range(16):
        if s.claim_owner[pos] != seat or s.field_card[pos] < 0:
            continue
        items = s.field_items[pos]
        filled = sum(1 for slot in items if slot != EMPTY)
        share = filled / len(items)
        value += points(s, s.field_card[pos]) * share * share + 0.5 * filled
    base4 = seat * 4
    for t in range(4):
        level = s.exp[base4 + t]
        value += LEVEL_VALUE * level + (1.0 if level == TRACK_TOP[t] else 0.0)
    value += EQUIPMENT_VALUE * sum(s.equip[seat * 6 : seat * 6 + 6])
    for x, holder in enumerate(s.ext_holder):
        if holder == seat:
            items = s.ext_items[x]
            filled = sum(1 for slot in items if slot != EMPTY)
            value += EXTINGUISHER_VALUE * filled / len(items)
    value += DISC_VALUE * s.avail[seat]
    if s.resolving_player == seat and s.resolving_card >= 0:
        value += 0.3 * CARDS[s.resolving_card].spaces / 10
    return value
