"""Objectives (S-12, S-21.1): two secret cards per player, revealed during one's own turn
when the card's condition holds at that moment; a star; Saxony may complete both (S-15.4).

A condition is evaluated from the typed records of ``vocabulary.py`` (never the card
text), for the card's owner ("you"), on the position as it stands. For objectives the
Factory counts as one territory, lakes are territories, home bases never match a filter,
and adjacency is physical: ``NEIGHBOR_MASK`` within the territories, rivers ignored, no
tunnel, Mine or ability links (content README, "Objective conditions").

When a player may reveal (S-5, S-12 "at any point during your own turn"): the reveal is
offered as extra options (``objective 12``) of every decision of the seat on turn that is
posed anyway (two options or more; ``flow._reveal_too``, and the section and bottom
decisions here), of a ``BeforeCombats`` decision (``objective 12`` or ``done``) posed
between a Move and its combats, and of a ``TurnEnd`` decision posed at the end of every
turn (``objective 12`` or ``end turn``), the last two for a seat that still holds
objective cards whether or not a condition holds, so that no other seat can tell from
the log that one does (README, "Interpretations"). Only the secret combat choices do not
offer it.

Revealing places the star at once (the sixth ends the game, S-14); the card goes under the
objective deck, and so does the other card, except for Saxony, which keeps it (S-12,
S-15.4); ``objectives_revealed`` keeps which cards each seat has revealed (the view shows
them). Only one objective star per player, Saxony excepted.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from boardlab.engine import Action, Frame
from boardlab.engine.layouts import PLAYER
from boardlab.games.scythe import actions as A
from boardlab.games.scythe.board import (
    BIT,
    HOME_ADJACENT,
    HOME_DISTANCE,
    INDEX,
    N_TERRITORIES,
    NEIGHBOR_MASK,
    TERRITORIES,
    TUNNELS,
    bits,
    mask_of,
    terrain_mask,
)
from boardlab.games.scythe.content import CONTENT
from boardlab.games.scythe.control import all_controlled, resource_on, structures_mask
from boardlab.games.scythe.stars import place_objective_star
from boardlab.games.scythe.tables import (
    FACTION_ABILITY,
    MECH,
    N_STRUCTURES,
    OBJECTIVES_HELD,
    OFF_BOARD,
    UNITS_PER_SEAT,
    WORKER,
)
from boardlab.games.scythe.vocabulary import (
    RESOURCES,
    STRUCTURES,
    AllOf,
    AnyOf,
    Around,
    Condition,
    Filter,
    Lead,
    Measure,
    NeighborCount,
    ResourceCount,
    Spread,
    StructureCount,
    TerritoryCount,
    UnitAt,
    UnitCount,
    within,
)

if TYPE_CHECKING:
    from boardlab.games.scythe.state import ScytheState

#: Pieces of one seat by unit kind (``UNIT_KINDS`` names).
_PIECES = {
    "character": range(0, MECH),
    "mech": range(MECH, WORKER),
    "worker": range(WORKER, UNITS_PER_SEAT),
}
_PHYSICAL = tuple(mask & TERRITORIES for mask in NEIGHBOR_MASK[:N_TERRITORIES])
#: ``_static_mask`` of every filter met so far (filters are frozen records of the decks).
_STATIC: dict[Filter, int] = {}


def _static_mask(where: Filter) -> int:
    """The part of a filter that depends on the map only."""
    mask = TERRITORIES
    if where.terrains is not None:
        mask &= terrain_mask(where.terrains)
    if where.tunnel is not None:
        mask &= TUNNELS if where.tunnel else ~TUNNELS
    if where.hexes is not None:
        mask &= mask_of(INDEX[h] for h in where.hexes)
    if where.region is not None:
        mask &= mask_of(INDEX[h] for h in where.region_hexes)
    return mask


class Position:
    """The position as one seat's objectives read it; control is computed once."""

    __slots__ = ("owned", "s", "seat")

    def __init__(self, s: ScytheState, seat: int, owned: list[int] | None = None) -> None:
        self.s = s
        self.seat = seat
        self.owned = all_controlled(s) if owned is None else owned

    def of(self, seat: int) -> Position:
        """The same position read by another seat (for ``lead``)."""
        return Position(self.s, seat, self.owned)

    def mask(self, where: Filter) -> int:
        """The territories matching ``where`` for this seat."""
        mask = _STATIC.get(where)
        if mask is None:
            mask = _STATIC[where] = _static_mask(where)
        s, seat = self.s, self.seat
        if where.controlled_by is not None:
            if where.controlled_by == "self":
                mask &= self.owned[seat]
            else:
                others = 0
                for other, owned in enumerate(self.owned):
                    if other != seat:
                        others |= owned
                if where.controlled_by == "opponent":
                    mask &= others
                else:
                    mask &= ~(others | self.owned[seat])
        if where.own_structure is not None:
            built = structures_mask(s, seat)
            mask &= built if where.own_structure else ~built
        if where.home_adjacent is not None:
            if where.home_adjacent == "self":
                mask &= HOME_ADJACENT[s.faction[seat]]
            else:
                near = 0
                for other in range(s.players):
                    if other != seat:
                        near |= HOME_ADJACENT[s.faction[other]]
                mask &= near
        if where.min_home_distance is not None:
            distance = HOME_DISTANCE[s.faction[seat]]
            at_least = where.min_home_distance
            mask &= mask_of(x for x in range(N_TERRITORIES) if distance[x] >= at_least)
        if where.exclude is not None:
            mask &= ~self.mask(where.exclude)
        return mask & TERRITORIES

    def pieces(self, kinds: tuple[str, ...]) -> list[int]:
        """The spaces of this seat's units of ``kinds`` (off-board pieces left out)."""
        base = self.seat * UNITS_PER_SEAT
        units = self.s.units
        return [
            units[base + piece]
            for kind in kinds
            for piece in _PIECES[kind]
            if units[base + piece] != OFF_BOARD
        ]

    def value(self, measure: Measure) -> int:
        """The number a counting predicate counts."""
        s, seat = self.s, self.seat
        if isinstance(measure, TerritoryCount):
            return (self.owned[seat] & self.mask(measure.where)).bit_count()
        if isinstance(measure, UnitCount):
            where = self.mask(measure.where)
            return sum(1 for space in self.pieces(measure.units) if BIT[space] & where)
        if isinstance(measure, StructureCount):
            where = self.mask(measure.where)
            row = seat * N_STRUCTURES
            return sum(
                1
                for name in measure.structures
                if BIT[s.structures[row + STRUCTURES.index(name)]] & where
            )
        if isinstance(measure, ResourceCount):
            owned = self.owned[seat]
            return sum(resource_on(s, owned, RESOURCES.index(r)) for r in measure.resources)
        return stat(s, seat, measure.stat)

    def holds(self, condition: Condition) -> bool:
        """Whether ``condition`` holds for this seat now."""
        if isinstance(condition, AllOf):
            return all(self.holds(part) for part in condition.parts)
        if isinstance(condition, AnyOf):
            return any(self.holds(part) for part in condition.parts)
        if isinstance(condition, Lead):
            mine = self.value(condition.measure)
            return all(
                mine >= self.of(other).value(condition.measure) + condition.margin
                for other in range(self.s.players)
                if other != self.seat
            )
        if isinstance(condition, UnitAt):
            return self._unit_at(condition)
        if isinstance(condition, Around):
            return any(
                self._around(space, condition.neighbors)
                for space in bits(self.mask(condition.center))
            )
        if isinstance(condition, Spread):
            return self._spread(condition)
        return within(self.value(condition), condition.at_least, condition.at_most)

    def _around(self, space: int, neighbors: tuple[NeighborCount, ...]) -> bool:
        near = _PHYSICAL[space]
        return all(
            (near & self.mask(entry.where)).bit_count() >= entry.at_least for entry in neighbors
        )

    def _unit_at(self, condition: UnitAt) -> bool:
        where = self.mask(condition.where)
        base = self.seat * UNITS_PER_SEAT
        units = self.s.units
        for kind in condition.units:
            for piece in _PIECES[kind]:
                space = units[base + piece]
                if space == OFF_BOARD or not BIT[space] & where:
                    continue
                others = [
                    other
                    for other in range(UNITS_PER_SEAT)
                    if other != piece and units[base + other] == space
                ]
                if condition.alone and others:
                    continue
                if any(
                    sum(1 for other in others if other in _PIECES[name]) < count
                    for name, count in condition.with_units
                ):
                    continue
                if self._around(space, condition.neighbors):
                    return True
        return False

    def _spread(self, condition: Spread) -> bool:
        spaces = sorted({x for x in self.pieces(condition.units) if BIT[x] & TERRITORIES})
        if len(spaces) < condition.at_least:
            return False
        if not condition.non_adjacent:
            return True
        return _independent(spaces, condition.at_least, 0)


def _independent(spaces: list[int], need: int, chosen: int) -> bool:
    """Whether ``need`` of ``spaces``, none touching another nor ``chosen``, exist."""
    if need == 0:
        return True
    for k, space in enumerate(spaces):
        if len(spaces) - k < need:
            return False
        if not _PHYSICAL[space] & chosen and _independent(
            spaces[k + 1 :], need - 1, chosen | BIT[space]
        ):
            return True
    return False


def _count(items: list[int]) -> int:
    return sum(1 for x in items if x != OFF_BOARD)


_STATS: dict[str, Callable[[ScytheState, int], int]] = {
    "coins": lambda s, seat: s.coins[seat],
    "popularity": lambda s, seat: s.popularity[seat],
    "power": lambda s, seat: s.power[seat],
    "combat_cards": lambda s, seat: s.hand_size(seat),
    "upgrades": lambda s, seat: s.top_upgrades[seat].bit_count(),
    "mechs_deployed": lambda s, seat: _count(
        s.units[seat * UNITS_PER_SEAT + MECH : seat * UNITS_PER_SEAT + WORKER]
    ),
    "structures_built": lambda s, seat: _count(
        s.structures[seat * N_STRUCTURES : (seat + 1) * N_STRUCTURES]
    ),
    "recruits_enlisted": lambda s, seat: s.recruits[seat].bit_count(),
    "workers_on_board": lambda s, seat: _count(
        s.units[seat * UNITS_PER_SEAT + WORKER : (seat + 1) * UNITS_PER_SEAT]
    ),
    "stars": lambda s, seat: s.stars(seat),
    "combat_stars": lambda s, seat: s.combat_stars[seat],
}


def stat(s: ScytheState, seat: int, name: str) -> int:
    """One of the objective stats (``vocabulary.STATS``) of ``seat``."""
    return _STATS[name](s, seat)


def holds(s: ScytheState, seat: int, card: int) -> bool:
    """Whether objective ``card``'s condition holds for ``seat`` now."""
    return Position(s, seat).holds(CONTENT.objectives[card].condition)


# ---------------------------------------------------------------------- revealing
def held(s: ScytheState, seat: int) -> list[int]:
    """The objective cards ``seat`` holds."""
    row = s.objectives[seat * OBJECTIVES_HELD : (seat + 1) * OBJECTIVES_HELD]
    return [card for card in row if card >= 0]


def reveal_options(s: ScytheState, seat: int) -> list[Action]:
    """``objective <n>`` for each card ``seat`` holds whose condition holds now."""
    cards = held(s, seat)
    if not cards:
        return []
    position = Position(s, seat)
    return [
        A.OBJECTIVE[card]
        for card in cards
        if position.holds(CONTENT.objectives[card].condition)
    ]


def reveal(s: ScytheState, seat: int, a: Action) -> None:
    """Reveal the card of ``a``: its star at once, the cards under the deck (S-12)."""
    card = A.INDEX_OF[a.id]
    row = seat * OBJECTIVES_HELD
    saxony = FACTION_ABILITY[s.faction[seat]] == "dominate"
    returned = []
    for k in range(OBJECTIVES_HELD):
        held_card = s.objectives[row + k]
        if held_card == card or (held_card >= 0 and not saxony):
            returned.append(held_card)
            s.objectives[row + k] = -1
    # the revealed card first, so the face-down one lies under it
    s.objective_deck = (*reversed(returned), *s.objective_deck)
    shown = s.objectives_revealed
    shown[shown.index(-1, row, row + OBJECTIVES_HELD)] = card
    place_objective_star(s, seat)


def options_before_combats(s: ScytheState, f: Frame) -> list[Action]:
    return [*reveal_options(s, f[PLAYER]), A.DONE]


def resolve_before_combats(s: ScytheState, f: Frame, a: Action) -> None:
    if a.kind == "objective":
        reveal(s, f[PLAYER], a)
    else:
        s.stack.pop()


def options_turn_end(s: ScytheState, f: Frame) -> list[Action]:
    seat = f[PLAYER]
    if not held(s, seat):
        return []
    return [*reveal_options(s, seat), A.END_TURN]


def resolve_turn_end(s: ScytheState, f: Frame, a: Action) -> None:
    if a.kind == "objective":
        reveal(s, f[PLAYER], a)  # the decision is posed again, the card gone
    else:
        s.stack.pop()
