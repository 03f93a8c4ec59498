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
extinguishers alone can hold half the oxygen. When the claims miss more of an element than
is free (in the bag, in anyone's storage or goggles pool, or on a complete claimed compound),
the claims are played out: one is completed whenever what it misses is in the bag, on a
complete claim or in its owner's own hands, and its crystals then count as released, since
they go back to the bag when it scores. Crystals in another scientist's hands are not
counted on (they come only by a trade or a gift), nor are wild tokens (a bot keeps one for
its own worth until placing it completes something). A claim missing a short element that
this cannot complete is stuck: it keeps a small part of its worth (``STUCK_SHARE``), and
each stuck claim costs every seat the same (``STALL_COST``). So a scientist whose claims
wait for crystals locked on another claim feeds that claim or trades it what it misses, the
holder of the crystal that completes its own claim completes it, and one far behind prefers
a move that lets the table go on to one that freezes it until the round cap (A34), where
the standings of now decide (issue 28).
A shared cost leaves the differences between seats as they are, but the bots' judge
(``agents/values.py``) weighs a difference against the size of the values, so a frozen
table looks worse to a seat behind and better to the seat ahead. So each stuck claim also
costs its owner (``OWN_STALL_COST``) and the seat to move (``MOVER_STALL_COST``): after a
placement the seat to move is the one that placed, so a leader sees the freeze it makes as
its own loss too (seeds 262 and 358 at five players). An extinguisher space holding a short
element is worth less than a crystal in storage.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, cast

from boardlab.engine.layouts import KEY, PLAYER
from boardlab.games.compounded.actions import ACCEPT
from boardlab.games.compounded.frames import ExchangeTake, PlaceSpace, RelocateTarget, TradeReply
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
#: The part of a stuck claim's worth it keeps (see the module's description).
STUCK_SHARE = 0.25
#: What each stuck claim on the table costs every seat alike.
STALL_COST = 1.0
#: What each stuck claim costs its owner on top (see the module's description).
OWN_STALL_COST = 3.0
#: What each stuck claim costs the seat to move on top (see the module's description).
MOVER_STALL_COST = 3.0
#: An extinguisher space's worth when it holds an element the claims are short of.
SHORT_EXTINGUISHER_SPACE = 0.3
#: Second steps of a seat's own two-step choices, valued at their best option.
SECOND_STEPS = frozenset((PlaceSpace.key, ExchangeTake.key, RelocateTarget.key))


def evaluate(state: GameState, seat: int) -> float:
    """Points plus progress for ``seat``; the final score once the game is over."""
    s = cast("CompoundedState", state)
    if not s.stack:
        return float(s.ap[seat] + s.bonus[seat])
    top = s.stack[-1]
    if top[KEY] in SECOND_STEPS and top[PLAYER] == seat:
        return best_second_step(s, seat)
    if top[KEY] == TradeReply.key:
        return progress(answered(s), seat)
    return progress(s, seat)


def answered(s: CompoundedState) -> CompoundedState:
    """The position after the pending trade offer is answered as its addressee would."""
    addressee, proposer = s.stack[-1][PLAYER], s.stack[-1][TradeReply.proposer]
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
    short, stuck = locked_claims(s)
    value -= STALL_COST * stuck.bit_count()
    own_stuck = 0
    for pos in range(16):
        if s.claim_owner[pos] != seat or s.field_card[pos] < 0:
            continue
        items = s.field_items[pos]
        elements = CARDS[s.field_card[pos]].space_elements
        filled = 0
        fits = 0
        for i, slot in enumerate(items):
            if slot != EMPTY:
                filled += 1
                continue
            e = elements[i]
            if in_hand[e] > 0:
                in_hand[e] -= 1
                fits += 1
        share = (filled + IN_HAND_SHARE * fits) / len(items)
        worth = points(s, s.field_card[pos]) * share * share
        if stuck >> pos & 1:
            worth *= STUCK_SHARE
            own_stuck += 1
        value += DISC_VALUE + worth + 0.5 * filled
    value -= OWN_STALL_COST * own_stuck
    if stuck and s.stack and s.stack[-1][PLAYER] == seat:
        value -= MOVER_STALL_COST * stuck.bit_count()
    base4 = seat * 4
    for t in range(4):
        level = s.track_level[base4 + t]
        value += LEVEL_VALUE * level + (1.0 if level == TRACK_TOP[t] else 0.0)
    value += EQUIPMENT_VALUE * sum(s.equip[base6 : base6 + 6])
    space_value = EXTINGUISHER_VALUE / len(EXT_ELEMENTS)
    for x, holder in enumerate(s.extinguisher_holder):
        if holder == seat:
            for i, slot in enumerate(s.extinguisher_items[x]):
                if slot != EMPTY:
                    scarce = short >> EXT_ELEMENTS[i] & 1
                    value += SHORT_EXTINGUISHER_SPACE if scarce else space_value
    value += DISC_VALUE * s.free_discs[seat]
    if s.resolving_player == seat and s.resolving_card >= 0:
        value += 0.3 * CARDS[s.resolving_card].spaces / 10
    return value


def locked_claims(s: CompoundedState) -> tuple[int, int]:
    """The mask of the elements the open claims miss more of than are free, and the mask of
    the stuck claims (see the module's description); both 0 while no element is short."""
    owners, cards, items_at, open_at = s.claim_owner, s.field_card, s.field_items, s.field_open
    missing = 0  # counts by element, packed (see ``packed_counts``)
    released = 0
    for pos in range(16):
        if owners[pos] >= 0 and cards[pos] >= 0:
            empty, crystals = packed_counts(cards[pos], items_at[pos])
            if open_at[pos]:
                missing += empty
            else:
                released += crystals
    if not missing:
        return 0, 0
    bag = s.bag
    short_of_bag = [
        e for e in range(6) if (missing >> 8 * e & 255) > (released >> 8 * e & 255) + bag[e]
    ]
    if not short_of_bag:
        return 0, 0  # storage and pools only add to counts that are already enough
    storage, pool = s.storage, s.pool
    short = 0
    for e in short_of_bag:
        free = (released >> 8 * e & 255) + bag[e] + sum(storage[e::6]) + sum(pool[e::6])
        if (missing >> 8 * e & 255) > free:
            short |= 1 << e
    if not short:
        return 0, 0
    waiting = tuple(
        (pos, owners[pos], *packed_counts(cards[pos], items_at[pos]))
        for pos in range(16)
        if owners[pos] >= 0 and cards[pos] >= 0 and open_at[pos]
    )
    hands = tuple(a + b for a, b in zip(storage, pool, strict=True))
    bag_and_complete = tuple((released >> 8 * e & 255) + bag[e] for e in range(6))
    return short, stuck_claims(short, bag_and_complete, waiting, hands)


@lru_cache(maxsize=1 << 12)  # every seat's evaluation of a position asks the same question
def stuck_claims(
    short: int,
    released: tuple[int, ...],
    waiting: tuple[tuple[int, int, int, int], ...],
    hands: tuple[int, ...],
) -> int:
    """The mask of the open claims, among those missing a ``short`` element, left when the
    claims are completed one by one (see ``locked_claims``): ``released`` counts the bag and
    the complete claims by element, ``waiting`` holds each open claim's position, owner and
    packed missing and held counts, ``hands`` each seat's storage and goggles pool."""
    free = list(released)
    in_hand = list(hands)  # less what the claims completed so far took
    left = list(waiting)
    completed = True
    while completed and left:
        completed = False
        for claim in left[:]:
            _, owner, need, held = claim
            base = owner * 6
            counts = [need >> 8 * e & 255 for e in range(6)]
            if any(n > in_hand[base + e] + free[e] for e, n in enumerate(counts)):
                continue
            for e, n in enumerate(counts):
                from_hand = min(n, in_hand[base + e])
                in_hand[base + e] -= from_hand
                free[e] += (held >> 8 * e & 255) + from_hand  # all of it goes back to the bag
            left.remove(claim)
            completed = True
    stuck = 0
    for pos, _, need, _ in left:
        if any(need >> 8 * e & 255 for e in range(6) if short >> e & 1):
            stuck |= 1 << pos
    return stuck


@lru_cache(maxsize=1 << 16)
def packed_counts(card: int, items: tuple[int, ...]) -> tuple[int, int]:
    """The empty spaces and the crystals of a field compound, counted by element and packed
    into one int, 8 bits an element (element e's count is ``n >> 8 * e & 255``), so the
    counts of several compounds add up as ints."""
    elements = CARDS[card].space_elements
    empty = crystals = 0
    for i, slot in enumerate(items):
        if slot == EMPTY:
            empty += 1 << 8 * elements[i]
        elif slot == CRYSTAL:
            crystals += 1 << 8 * elements[i]
    return empty, crystals
