"""A heuristic value of a position for one seat: atomic points plus honest progress proxies.

Used by greedy and search bots. Once the game is over it is the final score. Otherwise it
adds what the seat would likely turn into points: crystals in storage (worth placing, and
half a point each at the end), claimed compounds weighted by how full they are, experiment
levels, equipment, wild tokens and extinguishers.

A claimed compound keeps the worth of the claim disc on it (a disc that claims is not
lost: it comes back when the compound scores), and the crystals in the seat's hands that
fit its empty spaces count as half filled, so a claim on a compound the seat can build is
worth more than passing. A seat in the middle of a two-step choice (it has chosen what to
place but not where, returned crystals for an exchange but not taken one, chosen a claim to
move but not where to) is valued at its best second step: the first step is only worth what
the second makes of it, so a bot does not end its turn when a useful placement is left. A trade
offer awaiting its answer is valued as answered the way the addressee would answer it (it
accepts when the trade gains it more than it gains the proposer), so a bot does not send
offers that only give its things away.

Crystals are finite (the bag refills only when compounds score), and at five players the
extinguishers alone can hold half the oxygen. So claims and extinguishers are valued against
the crystals still free: those in the bag, in anyone's storage or goggles pool, or on a
complete claimed compound (they go back to the bag when it scores). A claim whose missing
crystals the free ones (and the seat's wild tokens) cannot cover keeps only a small part of
its worth (``STUCK_SHARE``), and an extinguisher space holds an element the claims are short
of at no more than a crystal in storage is worth. Completing another scientist's claim frees
its crystals, so a seat whose own claims wait for them feeds that claim or trades it what it
is missing rather than let the game stall until the round cap (issue 28).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from boardlab.games.compounded.actions import ACCEPT
from boardlab.games.compounded.frames import D_PLACE_SPACE, D_RELOCATE_TO, D_TAKE, D_TRADE_REPLY
from boardlab.games.compounded.lab import points
from boardlab.games.compounded.workbench import (
    CARDS,
    CRYSTAL,
    EMPTY,
    EXT_ELEMENTS,
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
#: A crystal in hand that fits an empty space of an own claim counts this much filled.
IN_HAND_SHARE = 0.5
#: The part of a claim's worth kept while the free crystals cannot complete it.
STUCK_SHARE = 0.25
#: An extinguisher space's worth when it holds an element the claims are short of.
SHORT_EXTINGUISHER_SPACE = 0.3
#: Second steps of a seat's own two-step choices, valued at their best option.
SECOND_STEPS = frozenset((D_PLACE_SPACE, D_TAKE, D_RELOCATE_TO))


def evaluate(state: GameState, seat: int) -> float:
    """Points plus progress for ``seat``; the final score once the game is over."""
    s = cast("CompoundedState", state)
    if not s.stack:
        return float(s.ap[seat] + s.bonus[seat])
    top = s.stack[-1]
    if top[0] in SECOND_STEPS and top[1] == seat:
        return best_second_step(s, seat)
    if top[0] == D_TRADE_REPLY:
        return progress(answered(s), seat)
    return progress(s, seat)


def answered(s: CompoundedState) -> CompoundedState:
    """The position after the pending trade offer is answered as its addressee would."""
    addressee, proposer = s.stack[-1][1], s.stack[-1][2]
    accepted = cast("CompoundedState", s.clone())
    accepted.apply_unchecked(ACCEPT)
    gain = progress(accepted, addressee) - progress(s, addressee)
    given = progress(accepted, proposer) - progress(s, proposer)
    return accepted if gain > given else s


def best_second_step(s: CompoundedState, seat: int) -> float:
    """The seat's value after its best option of the pending second step."""
    best = float("-inf")
    for option in s.legal_actions():
        after = cast("CompoundedState", s.clone())
        after.apply_unchecked(option)
        best = max(best, progress(after, seat) if after.stack else evaluate(after, seat))
    return best


def progress(s: CompoundedState, seat: int) -> float:
    """Atomic points plus the progress proxies of the module's description."""
    value = float(s.ap[seat])
    held = stored(s, seat)
    value += CRYSTAL_VALUE * min(held, capacity(s, seat)) + 0.1 * max(0, held - capacity(s, seat))
    value += WILD_VALUE * s.wild[seat]
    base6 = seat * 6
    in_hand = [s.storage[base6 + e] + s.pool[base6 + e] for e in range(6)]
    free, short = free_crystals(s)
    for pos in range(16):
        if s.claim_owner[pos] != seat or s.field_card[pos] < 0:
            continue
        items = s.field_items[pos]
        elements = CARDS[s.field_card[pos]].space_elements
        filled = 0
        fits = 0
        lacking = 0  # empty spaces the free crystals cannot fill (only short elements can)
        missing = [0] * 6 if short else None
        for i, slot in enumerate(items):
            if slot != EMPTY:
                filled += 1
                continue
            e = elements[i]
            if missing is not None and short >> e & 1:
                missing[e] += 1
                if missing[e] > free[e]:
                    lacking += 1
            if in_hand[e] > 0:
                in_hand[e] -= 1
                fits += 1
        share = (filled + IN_HAND_SHARE * fits) / len(items)
        worth = points(s, s.field_card[pos]) * share * share
        if lacking > s.wild[seat]:
            worth *= STUCK_SHARE
        value += DISC_VALUE + worth + 0.5 * filled
    base4 = seat * 4
    for t in range(4):
        level = s.exp[base4 + t]
        value += LEVEL_VALUE * level + (1.0 if level == TRACK_TOP[t] else 0.0)
    value += EQUIPMENT_VALUE * sum(s.equip[base6 : base6 + 6])
    space_value = EXTINGUISHER_VALUE / len(EXT_ELEMENTS)
    for x, holder in enumerate(s.ext_holder):
        if holder == seat:
            for i, slot in enumerate(s.ext_items[x]):
                if slot != EMPTY:
                    scarce = short >> EXT_ELEMENTS[i] & 1
                    value += SHORT_EXTINGUISHER_SPACE if scarce else space_value
    value += DISC_VALUE * s.avail[seat]
    if s.resolving_player == seat and s.resolving_card >= 0:
        value += 0.3 * CARDS[s.resolving_card].spaces / 10
    return value


def free_crystals(s: CompoundedState) -> tuple[list[int], int]:
    """The crystals of each element not locked on the table (in the bag, in storage or a
    goggles pool, or on a complete claimed compound, which returns them when it scores), and
    the mask of elements that the claimed compounds miss more of than are free.

    Storage and pools are only counted when the bag and the complete claims fall short:
    until then every count is already large enough for what the claims miss."""
    missing = [0] * 6
    free = s.bag[:]
    owners, cards, items_at, open_at = s.claim_owner, s.field_card, s.field_items, s.field_open
    for pos in range(16):
        if owners[pos] < 0 or cards[pos] < 0:
            continue
        elements = CARDS[cards[pos]].space_elements
        if open_at[pos]:
            for i, slot in enumerate(items_at[pos]):
                if slot == EMPTY:
                    missing[elements[i]] += 1
        else:
            for i, slot in enumerate(items_at[pos]):
                if slot == CRYSTAL:
                    free[elements[i]] += 1
    if all(m <= f for m, f in zip(missing, free, strict=True)):
        return free, 0
    storage, pool = s.storage, s.pool
    short = 0
    for e in range(6):
        free[e] += sum(storage[e::6]) + sum(pool[e::6])
        if missing[e] > free[e]:
            short |= 1 << e
    return free, short
