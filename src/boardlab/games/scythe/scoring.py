"""Final scoring (S-14, S-16.2): coins, then per popularity tier coins for stars, territories
and pairs of resources, plus the structure bonus tile; ties broken as S-14 lists.

Territories are those a seat controls (lakes included, the Factory counting as 3); the
resources those lying on them. The structure bonus tile counts a seat's structures
wherever they stand, controlled or not. ``scores`` gives these totals at any moment (the
running score as if the game ended now); they are final once the game is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.games.scythe.board import (
    AXES,
    BIT,
    ENCOUNTER_SPACES,
    FACTORY,
    FARM,
    LAKES,
    LINE_NEXT,
    NEIGHBOR_MASK,
    TERRAIN,
    TUNDRA,
    TUNNELS,
)
from boardlab.games.scythe.content import CONTENT
from boardlab.games.scythe.control import all_controlled, resources_on
from boardlab.games.scythe.stars import SIXTH_STAR, TURN_LIMIT
from boardlab.games.scythe.tables import N_STRUCTURES, OFF_BOARD, STARS_TO_END, UNITS_PER_SEAT

if TYPE_CHECKING:
    from boardlab.games.scythe.state import ScytheState

_FACTORY_EXTRA = CONTENT.scoring.factory_territories - 1
_NEAR_TARGET = {
    "adjacent_tunnels": TUNNELS,
    "adjacent_lakes": LAKES,
    "adjacent_encounters": ENCOUNTER_SPACES,
}


def end_reason(s: ScytheState) -> str:
    """Why the game ended, in words: who placed the sixth star, or the turn limit (S-14)."""
    if s.ended == SIXTH_STAR:
        for seat in range(s.players):
            if s.stars(seat) >= STARS_TO_END:
                faction = CONTENT.factions[s.faction[seat]].name
                return (f"P{seat + 1} ({faction}) placed their sixth star, which ends the "
                        "game at once.")
    if s.ended == TURN_LIMIT:
        limit = s.options.get("turn_limit", 0)
        return (f"Nobody placed a sixth star within the turn limit ({limit} turns each), "
                "so the game ended there.")
    return ""


def territories(mask: int) -> int:
    """Territories counted in ``mask``: the Factory counts as three (S-3.6)."""
    return mask.bit_count() + (_FACTORY_EXTRA if mask & BIT[FACTORY] else 0)


def bonus_count(s: ScytheState, seat: int) -> int:
    """What the game's structure bonus tile counts for ``seat`` (S-16.2)."""
    tile = CONTENT.bonus_tiles[s.bonus_tile].id
    spaces = [x for x in s.structures[seat * N_STRUCTURES : (seat + 1) * N_STRUCTURES] if x >= 0]
    if tile in _NEAR_TARGET:
        near = 0
        for space in spaces:
            near |= NEIGHBOR_MASK[space]
        return (near & _NEAR_TARGET[tile]).bit_count()
    if tile == "on_tunnels":
        return sum(1 for space in spaces if BIT[space] & TUNNELS)
    if tile == "on_farms_tundras":
        return sum(1 for space in spaces if TERRAIN[space] in (FARM, TUNDRA))
    built = set(spaces)
    longest = 0
    for axis in range(len(AXES)):
        step = LINE_NEXT[axis]
        for space in spaces:
            length = 1
            following = step[space]
            while following in built:
                length += 1
                following = step[following]
            longest = max(longest, length)
    return longest


def breakdown(s: ScytheState) -> list[dict[str, int]]:
    """Per seat: coins held, stars, territories, resources and the coins each category pays."""
    owned = all_controlled(s)
    tile = CONTENT.bonus_tiles[s.bonus_tile]
    parts = []
    for seat in range(s.players):
        tier = CONTENT.scoring.tier(s.popularity[seat])
        stars = s.stars(seat)
        counted = territories(owned[seat])
        resources = resources_on(s, owned[seat])
        structure_bonus = tile.coins(bonus_count(s, seat))
        total = (
            s.coins[seat]
            + stars * tier.per_star
            + counted * tier.per_territory
            + (resources // 2) * tier.per_resource_pair
            + structure_bonus
        )
        parts.append(
            {
                "coins": s.coins[seat],
                "stars": stars,
                "star_coins": stars * tier.per_star,
                "territories": counted,
                "territory_coins": counted * tier.per_territory,
                "resources": resources,
                "resource_coins": (resources // 2) * tier.per_resource_pair,
                "structure_bonus": structure_bonus,
                "total": total,
            }
        )
    return parts


def score_breakdown(s: ScytheState) -> list[dict[str, float]]:
    """Coins by source (S-14): coins held, stars, territories, resource pairs and the
    structure bonus tile, each at the seat's popularity tier."""
    return [
        {
            "coins held": float(part["coins"]),
            "stars": float(part["star_coins"]),
            "territories": float(part["territory_coins"]),
            "resource pairs": float(part["resource_coins"]),
            "structure bonus": float(part["structure_bonus"]),
        }
        for part in breakdown(s)
    ]


def final_scores(s: ScytheState) -> list[float]:
    return [float(part["total"]) for part in breakdown(s)]


def tiebreak(s: ScytheState, seat: int, part: dict[str, int]) -> tuple[int, ...]:
    """S-14: coins, then units and structures on the board, power, popularity, resources
    controlled, territories controlled, stars."""
    base = seat * UNITS_PER_SEAT
    on_board = sum(1 for x in s.units[base + 1 : base + UNITS_PER_SEAT] if x != OFF_BOARD)
    on_board += sum(
        1 for x in s.structures[seat * N_STRUCTURES : (seat + 1) * N_STRUCTURES] if x >= 0
    )
    return (
        part["total"],
        on_board,
        s.power[seat],
        s.popularity[seat],
        part["resources"],
        part["territories"],
        part["stars"],
    )


def final_winners(s: ScytheState) -> list[int]:
    parts = breakdown(s)
    keys = [tiebreak(s, seat, parts[seat]) for seat in range(s.players)]
    best = max(keys)
    return [seat for seat in range(s.players) if keys[seat] == best]
