"""Workbench helpers shared by every phase: crystals, experiments, claim discs, equipment."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from boardlab.engine import Action
from boardlab.games.compounded.actions import SPACE_NAMED
from boardlab.games.compounded.board import POSITIONS
from boardlab.games.compounded.content import (
    CONTENT,
    LAB,
    PAPER,
    STUDY,
)

if TYPE_CHECKING:
    from boardlab.games.compounded.state import CompoundedState

TRACK_LEVELS = tuple(track.levels for track in CONTENT.tracks)
TRACK_TOP = tuple(track.top for track in CONTENT.tracks)
PAPER_LEVEL_INDEX = CONTENT.paper_study_level - 1
EMPTY, CRYSTAL, WILD_SLOT = 0, 1, 2
CARDS = CONTENT.cards
LAB_FIRE = len(CARDS)  # the card code of every Lab Fire card
EXT_ELEMENTS = CONTENT.extinguisher_elements


def value(s: CompoundedState, p: int, track: int) -> int:
    """The current value of a scientist's experiment (C-9.3)."""
    return TRACK_LEVELS[track][s.track_level[p * 4 + track]]


def capacity(s: CompoundedState, p: int) -> int:
    """Storage capacity: the Lab experiment value."""
    return TRACK_LEVELS[LAB][s.track_level[p * 4 + LAB]]


def stored(s: CompoundedState, p: int) -> int:
    base = p * 6
    return sum(s.storage[base : base + 6])


def maxed_count(s: CompoundedState, p: int) -> int:
    base = p * 4
    return sum(1 for t in range(4) if s.track_level[base + t] == TRACK_TOP[t])


def draw(s: CompoundedState, count: int) -> list[int]:
    """Draw ``count`` crystals at random from the bag (fewer if it runs out); elements drawn."""
    bag = s.bag
    rng = s.rng
    drawn: list[int] = []
    total = sum(bag)
    for _ in range(count):
        if total <= 0:
            break
        r = rng.randbelow(total)
        e = 0
        while r >= bag[e]:
            r -= bag[e]
            e += 1
        bag[e] -= 1
        total -= 1
        drawn.append(e)
    return drawn


def permanent_claims(s: CompoundedState, p: int) -> list[int]:
    """Positions where ``p`` has a permanent claim, in reading order."""
    owner = s.claim_owner
    temp = s.claim_temp
    return [pos for pos in range(16) if owner[pos] == p and not temp[pos]]


def in_play(s: CompoundedState, p: int) -> int:
    """Claims in play: available discs plus permanent claims (A6)."""
    owner = s.claim_owner
    temp = s.claim_temp
    return s.free_discs[p] + sum(1 for pos in range(16) if owner[pos] == p and not temp[pos])


def sync_claims(s: CompoundedState, p: int) -> None:
    """Invariant I-1, upward half: reserve discs become available up to the Study value."""
    target = TRACK_LEVELS[STUDY][s.track_level[p * 4 + STUDY]]
    have = in_play(s, p)
    while have < target and s.reserve[p] > 0:
        s.reserve[p] -= 1
        s.free_discs[p] += 1
        have += 1


def over_study(s: CompoundedState, p: int) -> bool:
    """True when claims in play exceed the Study value (C-7.4 must run)."""
    return in_play(s, p) > TRACK_LEVELS[STUDY][s.track_level[p * 4 + STUDY]]


def take_equipment(s: CompoundedState, p: int, kind: int) -> bool:
    """Take one token from the supply if there is one; usable from the next round (A37)."""
    if s.supply[kind] <= 0:
        return False
    s.supply[kind] -= 1
    s.equip[p * 6 + kind] += 1
    s.equip_this_round[p * 6 + kind] += 1
    return True


def usable(s: CompoundedState, p: int, kind: int) -> int:
    """Tokens of a kind held since before this round (not taken from the supply this round)."""
    i = p * 6 + kind
    return s.equip[i] - s.equip_this_round[i]


def raise_experiment(s: CompoundedState, p: int, track: int) -> None:
    """Raise one level with its effects (C-9.3); the caller checks it is below the top."""
    i = p * 4 + track
    s.track_level[i] += 1
    if track == STUDY:
        sync_claims(s, p)
        if s.track_level[i] == PAPER_LEVEL_INDEX and s.equip[p * 6 + PAPER] == 0:
            take_equipment(s, p, PAPER)


def lower_experiment(s: CompoundedState, p: int, track: int) -> bool:
    """Lower one level (C-9.4); True if the Study drop rule C-7.4 must now run."""
    i = p * 4 + track
    if s.track_level[i] == 0:
        return False
    s.track_level[i] -= 1
    return track == STUDY and over_study(s, p)


def complete_extinguishers(s: CompoundedState, p: int) -> list[int]:
    """Ids of the complete extinguishers ``p`` holds."""
    return [
        x
        for x, holder in enumerate(s.extinguisher_holder)
        if holder == p and EMPTY not in s.extinguisher_items[x]
    ]


def clear_items(s: CompoundedState, card: int, items: tuple[int, ...]) -> None:
    """Send a card's items away: crystals to the bag, wild tokens out of the game."""
    elements = CARDS[card].space_elements
    bag = s.bag
    for i, slot in enumerate(items):
        if slot == CRYSTAL:
            bag[elements[i]] += 1
        elif slot == WILD_SLOT:
            s.wild_out += 1


def discard_extinguisher(s: CompoundedState, x: int) -> None:
    """An extinguisher leaves the game: crystals to the bag, a wild token out (A38)."""
    bag = s.bag
    for i, slot in enumerate(s.extinguisher_items[x]):
        if slot == CRYSTAL:
            bag[EXT_ELEMENTS[i]] += 1
        elif slot == WILD_SLOT:
            s.wild_out += 1
    s.extinguisher_items[x] = (EMPTY,) * len(EXT_ELEMENTS)
    s.extinguisher_holder[x] = -1


def fire_limit(s: CompoundedState, pos: int) -> int:
    """The fire limit of a field compound; 0 if it is not flammable (C-11.1, C-8.3)."""
    card = CARDS[s.field_card[pos]]
    if card.flammable:
        return card.fire_limit
    return CONTENT.bunsen_fire_limit if s.burned[pos] else 0


def return_claim(s: CompoundedState, pos: int) -> None:
    """Take the claim disc off a compound: temporary to the reserve, permanent to available."""
    p = s.claim_owner[pos]
    if p < 0:
        return
    if s.claim_temp[pos]:
        s.reserve[p] += 1
    else:
        s.free_discs[p] += 1
    s.claim_owner[pos] = -1
    s.claim_temp[pos] = 0
    s.claim_round[pos] = 0
    sync_claims(s, p)


def open_mask(card: int, items: tuple[int, ...]) -> int:
    """Bitmask of the elements with at least one empty space among ``items``."""
    elements = CARDS[card].space_elements
    mask = 0
    for i, slot in enumerate(items):
        if slot == EMPTY:
            mask |= 1 << elements[i]
    return mask


def put_items(s: CompoundedState, pos: int, items: tuple[int, ...]) -> None:
    """Set the items of a field compound (the one writer of ``field_items``)."""
    s.field_items[pos] = items
    s.field_open[pos] = open_mask(s.field_card[pos], items)


ALL_ELEMENTS = (1 << 6) - 1  # an element mask with every element
ELEMENTS_IN = tuple(tuple(e for e in range(6) if mask >> e & 1) for mask in range(64))


def field_spaces(
    s: CompoundedState, element_mask: int, positions: Iterable[int] = POSITIONS
) -> list[Action]:
    """A space option per field compound among ``positions`` and element of ``element_mask``
    with an empty space there: its first empty space of that element (the others are the
    same choice), in reading order, then element order."""
    options: list[Action] = []
    field_open, field_items, field_card = s.field_open, s.field_items, s.field_card
    for pos in positions:
        m = field_open[pos] & element_mask  # 0 on an empty position
        if m:
            compound = CARDS[field_card[pos]]
            row = SPACE_NAMED[pos][compound.index]
            items = field_items[pos]
            spaces_of = compound.spaces_of
            for e in ELEMENTS_IN[m]:
                for i in spaces_of[e]:
                    if items[i] == EMPTY:
                        options.append(row[i])
                        break
    return options


def place_card(s: CompoundedState, pos: int, card: int) -> None:
    """Put a fresh card from the deck on an empty field position."""
    s.field_card[pos] = card
    items = (EMPTY,) * CARDS[card].spaces
    s.field_items[pos] = items
    s.field_open[pos] = open_mask(card, items)
    s.fire[pos] = 0
    s.burned[pos] = 0


def clear_position(s: CompoundedState, pos: int) -> None:
    """Empty a field position (its card and items are handled by the caller)."""
    s.field_card[pos] = -1
    s.field_items[pos] = ()
    s.field_open[pos] = 0
    s.fire[pos] = 0
    s.burned[pos] = 0
