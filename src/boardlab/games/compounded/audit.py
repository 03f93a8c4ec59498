"""Conservation checks: every crystal, disc, wild token, extinguisher, marker, token and card.

``audit(state)`` returns one line per broken invariant (A41); an empty list means all is well.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, cast

from boardlab.engine.layouts import KEY
from boardlab.games.compounded.actions import WILD_ITEM, side
from boardlab.games.compounded.content import CONTENT, ELEMENTS, LAB, TRACKS
from boardlab.games.compounded.frames import ReleaseClaim, StudyDrop
from boardlab.games.compounded.workbench import (
    CARDS,
    CRYSTAL,
    EMPTY,
    EXT_ELEMENTS,
    LAB_FIRE,
    TRACK_LEVELS,
    TRACK_TOP,
    WILD_SLOT,
    in_play,
    open_mask,
)

if TYPE_CHECKING:
    from boardlab.engine import GameState
    from boardlab.games.compounded.state import CompoundedState


def _count_slots(slots: tuple[int, ...], elements: tuple[int, ...], crystals: list[int]) -> int:
    wilds = 0
    for i, slot in enumerate(slots):
        if slot == CRYSTAL:
            crystals[elements[i]] += 1
        elif slot == WILD_SLOT:
            wilds += 1
    return wilds


def _crystals_and_wilds(s: CompoundedState, problems: list[str]) -> None:
    n = s.players
    crystals = list(s.bag)
    for p in range(n):
        for e in range(6):
            crystals[e] += s.storage[p * 6 + e] + s.pool[p * 6 + e]
    wilds = sum(s.wild) + s.wild_out
    for pos in range(16):
        card = s.field_card[pos]
        if card >= 0:
            wilds += _count_slots(s.field_items[pos], CARDS[card].space_elements, crystals)
    for x in range(n):
        wilds += _count_slots(s.extinguisher_items[x], EXT_ELEMENTS, crystals)
        if s.extinguisher_holder[x] < 0 and any(s.extinguisher_items[x]):
            problems.append(f"discarded extinguisher {x} still carries items")
    if s.resolving_card >= 0:
        wilds += _count_slots(s.resolving_items, CARDS[s.resolving_card].space_elements, crystals)
    elif s.resolving_items:
        problems.append("items on a resolving card that does not exist")
    for entry in s.scatter:
        for code in entry[2:]:
            if code == WILD_ITEM:
                wilds += 1
            else:
                crystals[code] += 1
    for e, element in enumerate(CONTENT.elements):
        if crystals[e] != element.count:
            problems.append(f"{ELEMENTS[e]} crystals total {crystals[e]}, expected {element.count}")
    every = [*s.bag, *s.storage, *s.pool, *s.wild, s.wild_out]
    if min(every) < 0:
        problems.append("a negative crystal or wild token count")
    expected_wilds = n * CONTENT.wild_tokens_per_player
    if wilds != expected_wilds:
        problems.append(f"wild tokens total {wilds}, expected {expected_wilds}")


def _discs(s: CompoundedState, problems: list[str]) -> None:
    waiting_drop = any(frame[KEY] in (StudyDrop.key, ReleaseClaim.key) for frame in s.stack)
    for p in range(s.players):
        on_field = sum(1 for pos in range(16) if s.claim_owner[pos] == p)
        total = s.reserve[p] + s.free_discs[p] + on_field
        if total != CONTENT.claim_discs or s.reserve[p] < 0 or s.free_discs[p] < 0:
            expected = CONTENT.claim_discs
            problems.append(f"{side(p)} claim discs: {total} accounted, expected {expected}")
        study = TRACK_LEVELS[1][s.track_level[p * 4 + 1]]
        live = in_play(s, p)
        if live > study and not waiting_drop:
            problems.append(f"{side(p)} has {live} claims in play above Study {study} (I-1)")
        if live < study and s.reserve[p] > 0:
            problems.append(f"{side(p)} has a reserve disc while claims in play < Study (I-1)")
    for pos in range(16):
        owner = s.claim_owner[pos]
        if owner >= 0 and s.field_card[pos] < 0:
            problems.append(f"a claim disc on the empty position {pos}")
        if owner < 0 and (s.claim_temp[pos] or s.claim_round[pos]):
            problems.append(f"claim details left on unclaimed position {pos}")


def _experiments_and_markers(s: CompoundedState, problems: list[str]) -> None:
    for p in range(s.players):
        for t in range(4):
            level = s.track_level[p * 4 + t]
            if not 0 <= level <= TRACK_TOP[t]:
                problems.append(f"{side(p)} {TRACKS[t]} level {level + 1} is off the track")
        markers_on_storage = s.track_level[p * 4 + LAB]
        if not 0 <= markers_on_storage <= CONTENT.storage_markers:
            problems.append(f"{side(p)} storage markers out of range")


def _equipment(s: CompoundedState, problems: list[str]) -> None:
    n = s.players
    for kind in CONTENT.equipment:
        k = kind.index
        held = sum(s.equip[p * 6 + k] for p in range(n))
        if held + s.supply[k] != kind.put_out(n):
            problems.append(
                f"{kind.key}: {held} held + {s.supply[k]} in supply != {kind.put_out(n)}"
            )
        for p in range(n):
            if not 0 <= s.equip_this_round[p * 6 + k] <= s.equip[p * 6 + k]:
                problems.append(f"{side(p)} {kind.key}: count taken this round out of range")
    holders = [h for h in s.extinguisher_holder if not -1 <= h < n]
    if len(s.extinguisher_holder) != n or holders:
        problems.append("extinguisher holders are off")


def _cards(s: CompoundedState, problems: list[str]) -> None:
    seen: Counter[int] = Counter(s.deck)
    seen.update(card for card in s.field_card if card >= 0)
    seen.update(s.discard)
    for pile in s.scored:
        seen.update(pile)
    fires = seen.pop(LAB_FIRE, 0) + s.lab_fire_waiting
    if fires != CONTENT.lab_fire_cards:
        problems.append(f"{fires} Lab Fire cards accounted, expected {CONTENT.lab_fire_cards}")
    wrong = [card for card in range(len(CARDS)) if seen.get(card, 0) != 1]
    if wrong or len(seen) != len(CARDS):
        problems.append(f"compound cards not in exactly one place: {wrong[:5]}")
    for pos in range(16):
        card = s.field_card[pos]
        if card < 0:
            if s.field_items[pos] or s.field_open[pos] or s.fire[pos] or s.burned[pos]:
                problems.append(f"leftovers on the empty position {pos}")
            continue
        if len(s.field_items[pos]) != CARDS[card].spaces:
            problems.append(f"position {pos} has the wrong number of spaces")
        if s.field_open[pos] != open_mask(card, s.field_items[pos]):
            problems.append(f"position {pos} open-element mask is stale")
        if s.fire[pos] < 0:
            problems.append(f"negative fire tokens at {pos}")
    for x in range(s.players):
        items = s.extinguisher_items[x]
        if len(items) != len(EXT_ELEMENTS) or min(items) < EMPTY:
            problems.append(f"extinguisher {x} has malformed spaces")


def audit(state: GameState) -> list[str]:
    """Every broken conservation invariant, one line each (empty when all is well)."""
    s = cast("CompoundedState", state)
    problems: list[str] = []
    _crystals_and_wilds(s, problems)
    _discs(s, problems)
    _experiments_and_markers(s, problems)
    _equipment(s, problems)
    _cards(s, problems)
    return problems
