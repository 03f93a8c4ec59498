"""Bolster (S-6.4): pay 1 coin for power or combat cards; the Monument adds 1 popularity."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.games.scythe.tables import (
    BOLSTER_CARDS,
    BOLSTER_COST,
    BOLSTER_POWER,
    BOX_BOLSTER_CARDS,
    BOX_BOLSTER_POWER,
    COMBAT_CARDS,
    MONUMENT,
    N_STRUCTURES,
    OFF_BOARD,
    POPULARITY,
    POWER,
)
from boardlab.games.scythe.tracks import offer_gain

if TYPE_CHECKING:
    from boardlab.games.scythe.state import ScytheState


def can_bolster(s: ScytheState, seat: int) -> bool:
    return s.coins[seat] >= BOLSTER_COST


def bolster(s: ScytheState, seat: int, cards: bool) -> None:
    """Pay the coin, gain 2 power (3 upgraded) or draw 1 card (2 upgraded) (S-6.4, S-16.1)."""
    s.coins[seat] -= BOLSTER_COST
    upgrades = s.top_upgrades[seat]
    if cards:
        offer_gain(s, seat, COMBAT_CARDS, BOLSTER_CARDS[bool(upgrades & (1 << BOX_BOLSTER_CARDS))])
    else:
        offer_gain(s, seat, POWER, BOLSTER_POWER[bool(upgrades & (1 << BOX_BOLSTER_POWER))])
    if s.structures[seat * N_STRUCTURES + MONUMENT] != OFF_BOARD:
        offer_gain(s, seat, POPULARITY, 1)
