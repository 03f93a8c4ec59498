"""Who stands where and who controls what (section 3.3), as bitmasks over the spaces.

A seat controls a territory when one of its units (character, mech, worker) is there and
no other seat's unit is, or when its structure is there and no unit of another seat is
(S-3.3). A territory holding units of two seats is one where a combat is pending: the seat
on turn moved in, and the defender keeps control until the combat is fought (S-3.3, S-8.6,
ruling 21.3 #11), so whatever is read in between (an objective offered after the Move, a
score) counts it as the defender's.
Home bases are never controlled (S-3.1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.games.scythe.board import BIT, LAKES, TERRITORIES
from boardlab.games.scythe.tables import (
    MECH,
    N_RESOURCES,
    N_STRUCTURES,
    UNITS_PER_SEAT,
    WORKER,
)

if TYPE_CHECKING:
    from boardlab.games.scythe.state import ScytheState


def units_mask(s: ScytheState, seat: int, first: int = 0, stop: int = UNITS_PER_SEAT) -> int:
    """The spaces holding pieces ``first`` to ``stop - 1`` of ``seat`` (all its units)."""
    base = seat * UNITS_PER_SEAT
    mask = 0
    for space in s.units[base + first : base + stop]:
        mask |= BIT[space]
    return mask


def fighters_mask(s: ScytheState, seat: int) -> int:
    """The spaces holding ``seat``'s character or a mech of it."""
    return units_mask(s, seat, 0, WORKER)


def mechs_mask(s: ScytheState, seat: int) -> int:
    return units_mask(s, seat, MECH, WORKER)


def workers_mask(s: ScytheState, seat: int) -> int:
    return units_mask(s, seat, WORKER, UNITS_PER_SEAT)


def structures_mask(s: ScytheState, seat: int) -> int:
    base = seat * N_STRUCTURES
    mask = 0
    for space in s.structures[base : base + N_STRUCTURES]:
        mask |= BIT[space]
    return mask


def others_mask(s: ScytheState, seat: int) -> int:
    """The spaces holding a unit of any other seat."""
    mask = 0
    for other in range(s.players):
        if other != seat:
            mask |= units_mask(s, other)
    return mask


def others_fighters_mask(s: ScytheState, seat: int) -> int:
    mask = 0
    for other in range(s.players):
        if other != seat:
            mask |= units_mask(s, other, 0, WORKER)
    return mask


def controlled(s: ScytheState, seat: int) -> int:
    """The territories ``seat`` controls (S-3.3; a defender's while a combat is pending)."""
    mine = units_mask(s, seat)
    others = others_mask(s, seat)
    held = (mine | structures_mask(s, seat)) & ~others
    if seat != s.active:
        held |= mine & others
    return held & TERRITORIES


def all_controlled(s: ScytheState) -> list[int]:
    """``controlled`` for every seat at once."""
    occupied = [units_mask(s, seat) for seat in range(s.players)]
    every = 0
    twice = 0
    for mask in occupied:
        twice |= every & mask
        every |= mask
    active = s.active
    return [
        (
            ((occupied[seat] | structures_mask(s, seat)) & ~(every & ~occupied[seat]) & ~twice)
            | (0 if seat == active else occupied[seat] & twice)
        )
        & TERRITORIES
        for seat in range(s.players)
    ]


def worker_territories(s: ScytheState, seat: int) -> int:
    """Territories (not lakes) ``seat`` controls holding at least one of its workers: where
    Trade places resources, Deploy and Build happen (S-6.2, S-7.2, S-7.3)."""
    return workers_mask(s, seat) & controlled(s, seat) & ~LAKES


def resource_on(s: ScytheState, mask: int, resource: int) -> int:
    """Tokens of ``resource`` lying on the spaces of ``mask``."""
    resources = s.resources
    total = 0
    while mask:
        low = mask & -mask
        total += resources[(low.bit_length() - 1) * N_RESOURCES + resource]
        mask ^= low
    return total


def resources_on(s: ScytheState, mask: int) -> int:
    """Every resource token lying on the spaces of ``mask``."""
    resources = s.resources
    total = 0
    while mask:
        low = mask & -mask
        start = (low.bit_length() - 1) * N_RESOURCES
        total += sum(resources[start : start + N_RESOURCES])
        mask ^= low
    return total
