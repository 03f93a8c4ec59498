"""Trade (S-6.2) and Produce (S-6.3).

Frames (``frames.py``):

* ``Trade``: which resource the next of Trade's tokens is (``gain wood``...), or ``done``
  (a gain may be taken in part, S-3.7); its ``territory`` is the one every token must go to
  under ``trade_resources_placement = one_territory`` once the first is placed, else -1.
* ``TradeAt``: the territory it goes on (``at r3c3``): one the seat controls holding one of
  its workers, never a lake (S-6.2, S-19 #8).
* ``Produce``: the next territory to produce on (``produce r3c3``), or ``done``: a
  controlled territory with the seat's workers, or its Mill's territory when controlled
  (S-6.3, S-21.2-4, S-21.3-5); ``mill`` is 1 when the Mill works (a card's Produce gain has
  no Mill, S-21.1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.engine import Action, Frame
from boardlab.engine.layouts import PLAYER
from boardlab.games.scythe import actions as A
from boardlab.games.scythe.board import BIT, NO_PRODUCT, PRODUCES_WORKER, PRODUCT, bits
from boardlab.games.scythe.control import controlled, worker_territories, workers_mask
from boardlab.games.scythe.frames import Produce, Trade, TradeAt
from boardlab.games.scythe.tables import (
    ARMORY,
    BOX_PRODUCE,
    BOX_TRADE_POPULARITY,
    COINS,
    MILL,
    N_RESOURCES,
    N_STRUCTURES,
    OFF_BOARD,
    POPULARITY,
    POWER,
    PRODUCE_COSTS,
    PRODUCE_TERRITORIES,
    TRADE_COST,
    TRADE_POPULARITY,
    TRADE_RESOURCES,
    UNITS_PER_SEAT,
    WORKER,
)
from boardlab.games.scythe.tracks import offer_gain

if TYPE_CHECKING:
    from boardlab.games.scythe.state import ScytheState

#: Territories that produce something (not lakes, not the Factory).
PRODUCING = sum(BIT[space] for space, product in enumerate(PRODUCT) if product != NO_PRODUCT)


# ---------------------------------------------------------------------- Trade
def trade(s: ScytheState, seat: int, popularity: bool) -> None:
    """Pay 1 coin, then 1-2 popularity or two resources; the Armory adds 1 power (S-16.1)."""
    s.coins[seat] -= TRADE_COST
    if popularity:
        upgraded = bool(s.top_upgrades[seat] & (1 << BOX_TRADE_POPULARITY))
        offer_gain(s, seat, POPULARITY, TRADE_POPULARITY[upgraded])
    else:
        s.stack.append((Trade.key, seat, TRADE_RESOURCES, -1))
    if s.structures[seat * N_STRUCTURES + ARMORY] != OFF_BOARD:
        offer_gain(s, seat, POWER, 1)


def options_trade(s: ScytheState, f: Frame) -> list[Action]:
    return [*A.GAIN, A.DONE]


def resolve_trade(s: ScytheState, f: Frame, a: Action) -> None:
    if a.kind == "done":
        s.stack.pop()
        return
    _, seat, left, territory = f
    s.stack[-1] = (TradeAt.key, seat, left, territory, A.INDEX_OF[a.id])


def options_trade_at(s: ScytheState, f: Frame) -> list[Action]:
    fixed = f[TradeAt.territory]
    if fixed >= 0:
        return [A.AT[fixed]]
    return [A.AT[space] for space in bits(worker_territories(s, f[PLAYER]))]


def resolve_trade_at(s: ScytheState, f: Frame, a: Action) -> None:
    seat, left, resource = f[PLAYER], f[TradeAt.left], f[TradeAt.resource]
    there = A.space_of(a)
    s.resources[there * N_RESOURCES + resource] += 1
    if left > 1:
        one = s.options.get("trade_resources_placement") == "one_territory"
        s.stack[-1] = (Trade.key, seat, left - 1, there if one else -1)
    else:
        s.stack.pop()


# ---------------------------------------------------------------------- Produce
def workers_off_mat(s: ScytheState, seat: int) -> int:
    base = seat * UNITS_PER_SEAT
    return UNITS_PER_SEAT - WORKER - s.units[base + WORKER : base + UNITS_PER_SEAT].count(OFF_BOARD)


def produce_cost(s: ScytheState, seat: int) -> tuple[int, int, int]:
    """(power, popularity, coins) Produce costs now: the red boxes the workers exposed."""
    off = workers_off_mat(s, seat)
    cost = [0, 0, 0]
    for at_least, track, amount in PRODUCE_COSTS:
        if off >= at_least:
            cost[(POWER, POPULARITY, COINS).index(track)] += amount
    return cost[0], cost[1], cost[2]


def _candidates(s: ScytheState, seat: int, mill: int = 1) -> int:
    owned = controlled(s, seat)
    mask = workers_mask(s, seat)
    if mill:
        mask |= BIT[s.structures[seat * N_STRUCTURES + MILL]]
    return mask & owned & PRODUCING


def can_produce(s: ScytheState, seat: int) -> bool:
    power, popularity, coins = produce_cost(s, seat)
    return (
        s.power[seat] >= power
        and s.popularity[seat] >= popularity
        and s.coins[seat] >= coins
        and bool(_candidates(s, seat))
    )


def start_produce(s: ScytheState, seat: int) -> None:
    power, popularity, coins = produce_cost(s, seat)
    s.power[seat] -= power
    s.popularity[seat] -= popularity
    s.coins[seat] -= coins
    slots = PRODUCE_TERRITORIES[bool(s.top_upgrades[seat] & (1 << BOX_PRODUCE))]
    s.stack.append((Produce.key, seat, slots, 0, 1))


def options_produce(s: ScytheState, f: Frame) -> list[Action]:
    _, seat, left, chosen, mill = f
    if left <= 0:
        return []
    found = [A.PRODUCE_ON[space] for space in bits(_candidates(s, seat, mill) & ~chosen)]
    found.append(A.DONE)
    return found


def resolve_produce(s: ScytheState, f: Frame, a: Action) -> None:
    _, seat, left, chosen, mill = f
    if a.kind == "done":
        s.stack.pop()
        return
    there = A.space_of(a)
    produce_on(s, seat, there, mill=bool(mill))
    on_mill = mill and s.structures[seat * N_STRUCTURES + MILL] == there
    if not (on_mill and not s.options.get("mill_territory_uses_a_produce_slot", True)):
        left -= 1
    if left > 0:
        s.stack[-1] = (Produce.key, seat, left, chosen | BIT[there], mill)
    else:
        s.stack.pop()


def produce_on(s: ScytheState, seat: int, there: int, mill: bool) -> None:
    """Every worker of ``seat`` on ``there`` (and its Mill, with ``mill``) produces one unit of
    the territory's product there: a resource, or on a village a worker from the mat,
    leftmost first, while any remain (S-6.3)."""
    base = seat * UNITS_PER_SEAT
    units = s.units
    count = units[base + WORKER : base + UNITS_PER_SEAT].count(there)
    if mill and s.structures[seat * N_STRUCTURES + MILL] == there:
        count += 1
    product = PRODUCT[there]
    if product == PRODUCES_WORKER:
        for piece in range(base + WORKER, base + UNITS_PER_SEAT):
            if count and units[piece] == OFF_BOARD:
                units[piece] = there
                count -= 1
    elif product != NO_PRODUCT:
        s.resources[there * N_RESOURCES + product] += count
