"""Dealing a new game (section 4): factions and mats, decks, tokens, starting pieces, order.

The generator is used in a fixed order, so a seed always deals the same game: factions,
player mats (dealt again while a banned pair remains, with ``banned_combinations``), the
combat deck, the Factory cards, the encounter deck, the objective deck, the structure
bonus tile; then each seat, in turn order, draws its combat cards and two objectives.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from boardlab.engine import Rng
from boardlab.games.scythe import board
from boardlab.games.scythe.content import CONTENT, FACTION_IDS
from boardlab.games.scythe.options import BANNED_COMBINATIONS, MAT_IDS, riverwalk_terrains
from boardlab.games.scythe.tables import (
    CHARACTER,
    N_RESOURCES,
    N_STRUCTURES,
    N_VALUES,
    NO_SECTION,
    OBJECTIVES_HELD,
    OFF_BOARD,
    UNITS_PER_SEAT,
    WORKER,
)

if TYPE_CHECKING:
    from boardlab.games.scythe.state import ScytheState

_BANNED = frozenset(
    (FACTION_IDS.index(f), MAT_IDS.index(m)) for f, m in BANNED_COMBINATIONS
)


def deal(s: ScytheState) -> None:
    """Deal a new game from ``s.rng`` and ``s.options``; ``ValueError`` for bad options."""
    n = s.players
    rng = s.rng
    options = s.options
    factions, mats = deal_factions_and_mats(n, rng, options)
    if int(options.get("turn_limit", 0)) < 0:
        raise ValueError(
            "option 'turn_limit' takes 0 (no limit) or a number of turns per player, "
            f"got {options['turn_limit']}"
        )
    riverwalk_terrains(options)  # refuse a bad option before anything else is dealt
    s.faction = tuple(factions)
    s.mat = tuple(mats)
    # 4.1-4.5: the decks, the encounter tokens, the structure bonus tile
    s.combat_deck = _shuffled(CONTENT.combat_deck, rng)
    s.combat_discard = [0] * N_VALUES
    factory = _shuffled(range(len(CONTENT.factory_cards)), rng)
    s.factory_offer = factory[: n + 1]
    s.encounter_deck = _shuffled(range(len(CONTENT.encounters)), rng)
    s.objective_deck = _shuffled(range(len(CONTENT.objectives)), rng)
    s.encounter_tokens = board.ENCOUNTER_SPACES
    s.bonus_tile = rng.randbelow(len(CONTENT.bonus_tiles))
    s.resources = [0] * (board.N_SPACES * N_RESOURCES)
    # 4.7, 4.12: clockwise by faction, from the lowest mat number
    s.order = turn_order(factions, mats)
    s.active = s.order[0]
    s.turn = 0
    s.ended = 0
    # 4.8-4.11: each faction mat and player mat
    s.units = [OFF_BOARD] * (n * UNITS_PER_SEAT)
    s.structures = [OFF_BOARD] * (n * N_STRUCTURES)
    s.hand = [0] * (n * N_VALUES)
    s.objectives = [-1] * (n * OBJECTIVES_HELD)
    s.objectives_revealed = [-1] * (n * OBJECTIVES_HELD)
    s.power = [CONTENT.factions[f].starting_power for f in factions]
    s.popularity = [CONTENT.mats[m].starting_popularity for m in mats]
    s.coins = [CONTENT.mats[m].starting_coins for m in mats]
    for seat in range(n):
        base = seat * UNITS_PER_SEAT
        s.units[base + CHARACTER] = board.HOME[factions[seat]]
        for k, space in enumerate(board.START_WORKERS[factions[seat]]):
            s.units[base + WORKER + k] = space
    for seat in s.order:
        for _ in range(CONTENT.factions[factions[seat]].starting_combat_cards):
            s.hand[seat * N_VALUES + CONTENT.combat_values.index(s.combat_deck[-1])] += 1
            s.combat_deck = s.combat_deck[:-1]
        for k in range(CONTENT.mats[mats[seat]].starting_objectives):
            s.objectives[seat * OBJECTIVES_HELD + k] = s.objective_deck[-1]
            s.objective_deck = s.objective_deck[:-1]
    s.star_goals = [0] * n
    s.star_pending = [0] * n
    s.coercion_turn = -1
    s.factory_seen = 0
    s.combat_stars = [0] * n
    s.objective_stars = [0] * n
    s.top_upgrades = [0] * n
    s.bottom_cubes = [0] * (n * len(CONTENT.mats[0].sections))
    s.recruits = [0] * n
    s.recruit_bonuses = [0] * n
    s.last_section = [NO_SECTION] * n
    s.factory_card = [-1] * n
    s.stack = []
    derive(s)


def derive(s: ScytheState) -> None:
    """Set the fields computed from the deal and the options (after ``deal`` or a restore)."""
    polania = riverwalk_terrains(s.options)
    masks = []
    for f in s.faction:
        faction = CONTENT.factions[f]
        walk = faction.mechs[faction.mech_slot("riverwalk")].riverwalk_terrains
        masks.append(board.terrain_mask(polania if faction.id == "polania" else walk))
    s.riverwalk = tuple(masks)


def deal_factions_and_mats(
    players: int, rng: Rng, options: Mapping[str, Any]
) -> tuple[list[int], list[int]]:
    """Each seat's faction and mat indexes: from the options, else dealt by ``rng`` (4.7)."""
    chosen_factions = _chosen(options, "factions", FACTION_IDS, players)
    chosen_mats = _chosen(options, "mats", MAT_IDS, players)
    banned = bool(options.get("banned_combinations", False))
    if banned and chosen_factions is not None and chosen_mats is not None:
        for seat, pair in enumerate(zip(chosen_factions, chosen_mats, strict=True)):
            if pair in _BANNED:
                raise ValueError(
                    f"option 'banned_combinations': seat {seat} may not play "
                    f"{FACTION_IDS[pair[0]]} with the {MAT_IDS[pair[1]]} mat (21.3-9)"
                )
    while True:
        factions = chosen_factions or list(_shuffled(range(len(FACTION_IDS)), rng)[:players])
        mats = chosen_mats or list(_shuffled(range(len(MAT_IDS)), rng)[:players])
        if not banned or all(pair not in _BANNED for pair in zip(factions, mats, strict=True)):
            return factions, mats


def turn_order(factions: Sequence[int], mats: Sequence[int]) -> tuple[int, ...]:
    """Seats clockwise (factions sit Nordic, Rusviet, Crimea, Saxony, Polania), starting
    with the seat whose mat has the lowest number (4.7, 4.12)."""
    clockwise = sorted(range(len(factions)), key=lambda seat: factions[seat])
    first = min(clockwise, key=lambda seat: CONTENT.mats[mats[seat]].number)
    start = clockwise.index(first)
    return tuple(clockwise[start:] + clockwise[:start])


def _chosen(
    options: Mapping[str, Any], name: str, ids: tuple[str, ...], players: int
) -> list[int] | None:
    given = list(options.get(name) or ())
    if not given:
        return None
    if len(given) != players or len(set(given)) != players:
        raise ValueError(
            f"option {name!r} needs {players} different ids, one per seat in seat order, "
            f"got {given}; accepted: {', '.join(ids)}"
        )
    for item in given:
        if item not in ids:
            raise ValueError(f"option {name!r}: {item!r} is not one of {', '.join(ids)}")
    return [ids.index(item) for item in given]


def _shuffled(items: Sequence[int] | range, rng: Rng) -> tuple[int, ...]:
    deck = list(items)
    rng.shuffle(deck)
    return tuple(deck)
