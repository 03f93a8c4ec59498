"""The Scythe map as integer tables built once at import (sections 3.1, 3.5, 3.6, Appendix A).

Spaces are numbered 0-53: first the 47 board spaces (every territory: land, the 7 lakes and
the Factory) in ``board.json`` order, row by row from the north; then the home bases, the
five factions' in clockwise seating order (``HOME[faction]``), then the two unused slots
(Albion, Togawa). A set of spaces is an int bitmask (bit ``i`` is space ``i``); ``bits``
lists its members. Ids are the map's own: ``r<row>c<col>`` (even rows shifted half a hex
east), ``home_<faction>``; ``NAMES`` reads them as the reference does ("forest r3c3").

Adjacency tables are physical facts of the map; movement adds the rules on top:
``STEP_MASK`` (touching, not across a river: lakes and home bases included, since which of
them a unit may enter is a rule), ``RIVER_MASK`` (touching across a river), ``TUNNELS``.

>>> NAMES[INDEX["r4c3"]], [SPACE_IDS[s] for s in bits(NEIGHBOR_MASK[FACTORY] & LAKES)]
('Factory r4c3', ['r3c4', 'r4c2', 'r5c4'])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

from boardlab.games.scythe.content import CONTENT, FACTION_IDS
from boardlab.games.scythe.vocabulary import RESOURCES, TERRAINS


def bits(mask: int) -> list[int]:
    """The spaces of ``mask``, in increasing order."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def mask_of(spaces: Iterable[int]) -> int:
    """The bitmask of ``spaces``."""
    mask = 0
    for space in spaces:
        mask |= 1 << space
    return mask


_BOARD = CONTENT.board
_HOMES_BY_FACTION = {home.faction: home for home in _BOARD.homes}
_HOME_ORDER = (
    *(_HOMES_BY_FACTION[f] for f in FACTION_IDS),
    *(home for home in _BOARD.homes if home.faction not in FACTION_IDS),
)

#: Board spaces that are territories (every one of them; home bases are not territories).
N_TERRITORIES = len(_BOARD.hexes)
SPACE_IDS: tuple[str, ...] = (*(h.id for h in _BOARD.hexes), *(home.id for home in _HOME_ORDER))
N_SPACES = len(SPACE_IDS)
INDEX: Mapping[str, int] = MappingProxyType({space: i for i, space in enumerate(SPACE_IDS)})
#: The home base of each faction, by faction index (clockwise seating order).
HOME: tuple[int, ...] = tuple(INDEX[_HOMES_BY_FACTION[f].id] for f in FACTION_IDS)
#: The faction owning each home-base space (-1 for Albion and Togawa).
HOME_FACTION: Mapping[int, int] = MappingProxyType(
    {INDEX[home.id]: (FACTION_IDS.index(home.faction) if home.faction in FACTION_IDS else -1)
     for home in _HOME_ORDER}
)

#: Terrain codes: the six of ``TERRAINS`` then ``HOME_BASE``.
MOUNTAIN, FARM, FOREST, TUNDRA, VILLAGE, LAKE, FACTORY_TERRAIN, HOME_BASE = range(8)
TERRAIN_NAMES: tuple[str, ...] = (*TERRAINS, "home base")
TERRAIN: tuple[int, ...] = (
    *(TERRAINS.index(h.terrain) for h in _BOARD.hexes),
    *(HOME_BASE for _ in _HOME_ORDER),
)
TERRAIN_MASK: tuple[int, ...] = tuple(
    mask_of(i for i, t in enumerate(TERRAIN) if t == code) for code in range(len(TERRAIN_NAMES))
)
#: Three-letter map abbreviations, as in the reference's text map.
TERRAIN_ABBREVIATIONS = ("MTN", "FRM", "FOR", "TUN", "VIL", "~~~", "FAC", "HOM")

#: What a space produces: a resource index of ``RESOURCES``, ``PRODUCES_WORKER`` (a village)
#: or ``NO_PRODUCT``.
PRODUCES_WORKER = len(RESOURCES)
NO_PRODUCT = -1
PRODUCT: tuple[int, ...] = (
    *(
        NO_PRODUCT
        if h.produces is None
        else (PRODUCES_WORKER if h.produces == "worker" else RESOURCES.index(h.produces))
        for h in _BOARD.hexes
    ),
    *(NO_PRODUCT for _ in _HOME_ORDER),
)

#: ``BIT[space]`` is ``1 << space``; ``BIT[-1]`` (a piece off the board) is 0.
BIT: tuple[int, ...] = (*(1 << i for i in range(N_SPACES)), 0)

FACTORY = INDEX[_BOARD.factory]
TERRITORIES = (1 << N_TERRITORIES) - 1
HOMES = ((1 << N_SPACES) - 1) ^ TERRITORIES
LAKES = TERRAIN_MASK[LAKE]
#: Territories a unit without lake abilities may stand on.
LAND = TERRITORIES & ~LAKES
TUNNELS = mask_of(INDEX[h] for h in _BOARD.tunnels)
#: Territories printed with an encounter symbol (where the 11 tokens start).
ENCOUNTER_SPACES = mask_of(INDEX[h] for h in _BOARD.encounters)
#: Home-base slots no faction of the base game uses (Wayfare never enters them, 21.3-8).
UNUSED_HOMES = mask_of(INDEX[home.id] for home in _HOME_ORDER if not home.used_in_base_game)


def _adjacency() -> tuple[list[set[int]], list[set[int]]]:
    touching: list[set[int]] = [set() for _ in SPACE_IDS]
    across: list[set[int]] = [set() for _ in SPACE_IDS]
    for h in _BOARD.hexes:
        a = INDEX[h.id]
        for other in h.neighbors:
            touching[a].add(INDEX[other])
            touching[INDEX[other]].add(a)
        for other in h.river_neighbors:
            across[a].add(INDEX[other])
            across[INDEX[other]].add(a)
    for home in _BOARD.homes:
        a = INDEX[home.id]
        for other in home.across_river:
            across[a].add(INDEX[other])
            across[INDEX[other]].add(a)
    return touching, across


_TOUCHING, _ACROSS = _adjacency()
#: Every physically touching space (territories and home bases), rivers ignored.
NEIGHBORS: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(s)) for s in _TOUCHING)
NEIGHBOR_MASK: tuple[int, ...] = tuple(mask_of(s) for s in _TOUCHING)
#: Touching spaces across a river.
RIVER_MASK: tuple[int, ...] = tuple(mask_of(s) for s in _ACROSS)
#: Touching spaces not across a river: one step for a unit that may enter them.
STEP_MASK: tuple[int, ...] = tuple(n & ~r for n, r in zip(NEIGHBOR_MASK, RIVER_MASK, strict=True))
#: Spaces listed next to each faction's home base (land, across a river, lakes), by faction.
HOME_ADJACENT: tuple[int, ...] = tuple(NEIGHBOR_MASK[home] for home in HOME)
#: The two territories each faction's workers start on (section 4.11), by faction.
START_WORKERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(INDEX[h] for h in CONTENT.factions[f].start_workers) for f in range(len(FACTION_IDS))
)

#: Axial coordinates ``(q, r)`` of every territory (home bases have none).
AXIAL: tuple[tuple[int, int], ...] = tuple((h.q, h.r) for h in _BOARD.hexes)
_BY_AXIAL = {axial: space for space, axial in enumerate(AXIAL)}
#: The three axes of the hex grid, one direction each (the other is the reverse).
AXES = ((1, 0), (0, 1), (1, -1))
#: ``LINE_NEXT[axis][space]``: the next territory along that axis, or -1 (section 16.2,
#: "in a row"); home bases have none.
LINE_NEXT: tuple[tuple[int, ...], ...] = tuple(
    (
        *(_BY_AXIAL.get((q + dq, r + dr), -1) for q, r in AXIAL),
        *(-1 for _ in _HOME_ORDER),
    )
    for dq, dr in AXES
)


def _home_distances(home: int) -> tuple[int, ...]:
    """Physical steps from ``home`` to every territory (its listed neighbours are 1 step)."""
    distance = [-1] * N_SPACES
    frontier = [s for s in NEIGHBORS[home] if s < N_TERRITORIES]
    for space in frontier:
        distance[space] = 1
    while frontier:
        following = []
        for space in frontier:
            for other in NEIGHBORS[space]:
                if other < N_TERRITORIES and distance[other] < 0:
                    distance[other] = distance[space] + 1
                    following.append(other)
        frontier = following
    return tuple(distance)


#: ``HOME_DISTANCE[faction][space]``: steps from that faction's home base (objective filter
#: ``min_home_distance``); -1 for home bases.
HOME_DISTANCE: tuple[tuple[int, ...], ...] = tuple(_home_distances(home) for home in HOME)


def _name(space: int) -> str:
    if space >= N_TERRITORIES:
        owner = HOME_FACTION[space]
        slot = SPACE_IDS[space].removeprefix("home_").capitalize()
        return f"{slot} home base" + ("" if owner >= 0 else " (unused)")
    if space == FACTORY:
        return f"Factory {SPACE_IDS[space]}"
    return f"{TERRAIN_NAMES[TERRAIN[space]]} {SPACE_IDS[space]}"


#: How a person reads each space: ``"forest r3c3"``, ``"Factory r4c3"``, ``"Nordic home base"``.
NAMES: tuple[str, ...] = tuple(_name(space) for space in range(N_SPACES))


def terrain_mask(terrains: Iterable[str]) -> int:
    """The territories of the named terrains (``TERRAINS`` names)."""
    mask = 0
    for terrain in terrains:
        mask |= TERRAIN_MASK[TERRAINS.index(terrain)]
    return mask


def space(space_id: str) -> int:
    """The index of a space id (``"r3c3"``, ``"home_nordic"``); ``ValueError`` if unknown."""
    try:
        return INDEX[space_id]
    except KeyError:
        raise ValueError(f"{space_id!r} is not a space of the Scythe map") from None
