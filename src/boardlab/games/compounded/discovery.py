"""Discovery phase (C-6): draws, trading by offers (D1, A33), the capacity check (D2)."""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING, NamedTuple

from boardlab.engine import Action
from boardlab.engine.layouts import PLAYER
from boardlab.games.compounded import events
from boardlab.games.compounded.actions import (
    ACCEPT,
    ASK,
    ASK_EXT,
    BUNDLE_EQUIPMENT,
    BUNDLE_NAMES,
    BUNDLE_SLOTS,
    BUNDLE_WILD,
    CANCEL,
    DECLINE,
    GIVE,
    GIVE_EXT,
    MAX_PLAYERS,
    OFFER,
    PASS,
    RETURN,
    SEND,
    side,
)
from boardlab.games.compounded.content import CONTENT
from boardlab.games.compounded.content import DISCOVERY as DISCOVERY_TRACK
from boardlab.games.compounded.frames import (
    DISCOVERY,
    Frame,
    ReturnExcess,
    TradeBuild,
    TradeOffer,
    TradeReply,
)
from boardlab.games.compounded.workbench import capacity, draw, stored, value

if TYPE_CHECKING:
    from boardlab.games.compounded.state import CompoundedState

# An offer's bundle: a count per slot of ``BUNDLE_NAMES``, then a bitmask of extinguisher ids
# (``frames.TradeBuild``; a ``TradeReply`` has its bundles at the same positions).
EXT_MASK = BUNDLE_SLOTS  # offset of the extinguisher bitmask inside a bundle
BUNDLE_LEN = BUNDLE_SLOTS + 1
GIVE_AT = TradeBuild.give_h
ASK_AT = TradeBuild.ask_h
ADDABLE_AT = TradeBuild.addable
EMPTY_BUNDLES = (0,) * (2 * BUNDLE_LEN)

# ``addable`` has bit i set while ``BUILD_ACTIONS[i]`` may still be added (its side holds
# more than the offer names), and ``SENDABLE`` once the offer names anything. Nothing a
# scientist holds can change while an offer is being built, so the mask is worked out when
# the offer starts and kept by each step: offers are most of the decisions of a game.
BUILD_ACTIONS = (*GIVE, *GIVE_EXT, *ASK, *ASK_EXT)
SIDE_BITS = BUNDLE_SLOTS + MAX_PLAYERS  # the addressee's bits come after the proposer's
SENDABLE = 1 << len(BUILD_ACTIONS)


def offer_cap(s: CompoundedState) -> int:
    """How many offers each scientist may make per Discovery phase (A33, option)."""
    return int(s.options.get("trade_offers", CONTENT.proposals_per_phase))


def discovery_draws(s: CompoundedState, frame: Frame) -> None:
    """C-6.1: in lead order each scientist draws their Discovery value (bag permitting)."""
    s.phase = DISCOVERY
    n = s.players
    for i in range(n):
        p = (s.lead + i) % n
        wanted = value(s, p, DISCOVERY_TRACK)
        drawn = draw(s, wanted)
        for e in drawn:
            s.storage[p * 6 + e] += 1
        s.offers[p] = 0
        s.announce("draw", events.drew, p, tuple(drawn), wanted, "storage")
    s.stack.pop()


def _has_any(s: CompoundedState, p: int) -> bool:
    """True if ``p`` holds anything tradeable."""
    base = p * 6
    return (
        any(s.storage[base : base + 6])
        or s.wild[p] > 0
        or any(s.equip[base : base + 6])
        or p in s.extinguisher_holder
    )


def trade_offer_prompt(s: CompoundedState, frame: Frame) -> str:
    return f"{side(frame[PLAYER])}: make a trade offer or pass"


def trade_offer_options(s: CompoundedState, frame: Frame) -> tuple[Action, ...]:
    p = frame[PLAYER]
    if s.offers[p] >= offer_cap(s):
        return (PASS,)
    mine = _has_any(s, p)
    options = [OFFER[q] for q in range(s.players) if q != p and (mine or _has_any(s, q))]
    options.append(PASS)
    return tuple(options)


def trade_offer(s: CompoundedState, frame: Frame, action: Action) -> None:
    p, passes = frame[PLAYER], frame[TradeOffer.passes]
    stack = s.stack
    following = (p + 1) % s.players
    if action.kind == "pass":
        passes += 1
        if passes >= s.players:
            stack.pop()  # a full cycle of passes closes trading
        else:
            stack[-1] = (TradeOffer.key, following, passes)
        return
    s.offers[p] += 1
    stack[-1] = (TradeOffer.key, following, 0)
    stack.append(start_offer(s, p, OFFER_TO[action.id]))


def describe_bundle(bundle: tuple[int, ...] | list[int]) -> str:
    """A bundle as text, e.g. ``"2 H, 1 wild, extinguisher 1"``; ``"nothing"`` if empty."""
    if not any(bundle):
        return "nothing"
    parts = [f"{count} {name}" for name, count in zip(BUNDLE_NAMES, bundle, strict=False) if count]
    mask = bundle[EXT_MASK]
    parts.extend(f"extinguisher {x}" for x in range(MAX_PLAYERS) if mask >> x & 1)
    return ", ".join(parts)


def trade_build_prompt(s: CompoundedState, frame: Frame) -> str:
    give = describe_bundle(frame[GIVE_AT : GIVE_AT + BUNDLE_LEN])
    ask = describe_bundle(frame[ASK_AT : ASK_AT + BUNDLE_LEN])
    proposer, addressee = side(frame[PLAYER]), side(frame[TradeBuild.addressee])
    return f"{proposer} offers {addressee} {give} for {ask}: add items or send"


def tradeable(s: CompoundedState, p: int, slot: int) -> int:
    """How many items of a bundle slot ``p`` may trade: storage crystals, wild tokens, or
    equipment not taken from the supply this round (A37)."""
    if slot < BUNDLE_WILD:
        return s.storage[p * 6 + slot]
    if slot == BUNDLE_WILD:
        return s.wild[p]
    i = p * 6 + slot - BUNDLE_EQUIPMENT
    return s.equip[i] - s.equip_this_round[i]


def _tradeable_mask(s: CompoundedState, p: int) -> int:
    """One side's part of ``addable`` for an empty offer: a bit per bundle slot ``p`` has
    something of (``tradeable``), then a bit per extinguisher id ``p`` holds."""
    base = p * 6
    mask = 0
    for e in compress(range(6), s.storage[base : base + 6]):
        mask |= 1 << e
    if s.wild[p]:
        mask |= 1 << BUNDLE_WILD
    equip = s.equip
    if any(equip[base : base + 6]):
        taken_this_round = s.equip_this_round
        for k in range(6):
            if equip[base + k] > taken_this_round[base + k]:
                mask |= 1 << (BUNDLE_EQUIPMENT + k)
    for x, holder in enumerate(s.extinguisher_holder):
        if holder == p:
            mask |= 1 << (BUNDLE_SLOTS + x)
    return mask


def start_offer(s: CompoundedState, proposer: int, addressee: int) -> Frame:
    """The frame of an empty offer, with its ``addable`` mask."""
    addable = _tradeable_mask(s, proposer) | _tradeable_mask(s, addressee) << SIDE_BITS
    return (TradeBuild.key, proposer, addressee, *EMPTY_BUNDLES, addable)


# The options of ``addable`` read as four parts of PART_BITS bits (two per side), each
# looked up in a table of the option tuples of its every value, built once.
PART_BITS = 9
PART = (1 << PART_BITS) - 1


def _options_by_value(actions: tuple[Action, ...]) -> tuple[tuple[Action, ...], ...]:
    return tuple(
        tuple(action for bit, action in enumerate(actions) if value >> bit & 1)
        for value in range(1 << PART_BITS)
    )


GIVE_LOW, GIVE_HIGH, ASK_LOW, ASK_HIGH = (
    _options_by_value(BUILD_ACTIONS[start : start + PART_BITS])
    for start in range(0, len(BUILD_ACTIONS), PART_BITS)
)
CANCEL_ONLY = (CANCEL,)
SEND_OR_CANCEL = (SEND, CANCEL)


def trade_build_options(s: CompoundedState, frame: Frame) -> tuple[Action, ...]:
    addable = frame[ADDABLE_AT]
    return (
        GIVE_LOW[addable & PART]
        + GIVE_HIGH[addable >> PART_BITS & PART]
        + ASK_LOW[addable >> 2 * PART_BITS & PART]
        + ASK_HIGH[addable >> 3 * PART_BITS & PART]
        + (SEND_OR_CANCEL if addable & SENDABLE else CANCEL_ONLY)
    )


class BuildStep(NamedTuple):
    """What adding one ``give`` or ``ask`` option does to the offer's frame."""

    bit: int  # its bit in ``addable``
    at: int  # the frame index it raises
    amount: int  # by how much (an extinguisher sets its own bit in the bundle)
    side: int  # the frame index of the scientist on whose side it is
    slot: int  # its bundle slot, or -1 for an extinguisher


def _build_steps() -> dict[str, BuildStep]:
    steps: dict[str, BuildStep] = {}
    bit = 0
    sides = ((PLAYER, GIVE_AT, GIVE, GIVE_EXT), (TradeBuild.addressee, ASK_AT, ASK, ASK_EXT))
    for holder, at, plain, ext in sides:
        for slot, action in enumerate(plain):
            steps[action.id] = BuildStep(bit, at + slot, 1, holder, slot)
            bit += 1
        for x, action in enumerate(ext):
            steps[action.id] = BuildStep(bit, at + EXT_MASK, 1 << x, holder, -1)
            bit += 1
    return steps


BUILD_STEP = _build_steps()  # by action id
OFFER_TO = {action.id: q for q, action in enumerate(OFFER)}


def trade_build(s: CompoundedState, frame: Frame, action: Action) -> None:
    stack = s.stack
    kind = action.kind
    if kind == "cancel":
        stack.pop()
        return
    if kind == "send":
        stack[-1] = (
            TradeReply.key,
            frame[TradeBuild.addressee],
            frame[PLAYER],
            *frame[GIVE_AT:ADDABLE_AT],
        )
        return
    bit, at, amount, side, slot = BUILD_STEP[action.id]
    count = frame[at] + amount
    addable = frame[ADDABLE_AT] | SENDABLE
    if slot < 0 or count >= tradeable(s, frame[side], slot):
        addable &= ~(1 << bit)  # an extinguisher goes in once; a count up to what is held
    stack[-1] = (*frame[:at], count, *frame[at + 1 : ADDABLE_AT], addable)


def trade_reply_prompt(s: CompoundedState, frame: Frame) -> str:
    give = describe_bundle(frame[GIVE_AT : GIVE_AT + BUNDLE_LEN])
    ask = describe_bundle(frame[ASK_AT : ASK_AT + BUNDLE_LEN])
    addressee, proposer = side(frame[PLAYER]), side(frame[TradeReply.proposer])
    return f"{addressee}: {proposer} offers {give} for {ask}; accept?"


REPLIES = (ACCEPT, DECLINE)


def trade_reply_options(s: CompoundedState, frame: Frame) -> tuple[Action, ...]:
    return REPLIES


def transfer(s: CompoundedState, giver: int, taker: int, bundle: tuple[int, ...]) -> None:
    """Move a bundle of crystals, wild tokens, equipment and extinguishers between seats."""
    g, t = giver * 6, taker * 6
    for e in range(6):
        s.storage[g + e] -= bundle[e]
        s.storage[t + e] += bundle[e]
    s.wild[giver] -= bundle[BUNDLE_WILD]
    s.wild[taker] += bundle[BUNDLE_WILD]
    for k in range(6):
        count = bundle[BUNDLE_EQUIPMENT + k]
        s.equip[g + k] -= count
        s.equip[t + k] += count
    mask = bundle[EXT_MASK]
    for x in range(len(s.extinguisher_holder)):
        if mask >> x & 1:
            s.extinguisher_holder[x] = taker


def trade_reply(s: CompoundedState, frame: Frame, action: Action) -> None:
    s.stack.pop()
    if action.kind != "accept":
        return
    addressee, proposer = frame[PLAYER], frame[TradeReply.proposer]
    transfer(s, proposer, addressee, frame[GIVE_AT : GIVE_AT + BUNDLE_LEN])
    transfer(s, addressee, proposer, frame[ASK_AT : ASK_AT + BUNDLE_LEN])


def capacity_check(s: CompoundedState, frame: Frame) -> None:
    """C-6.3: the next over-capacity scientist in lead order returns one crystal at a time."""
    n = s.players
    for i in range(n):
        p = (s.lead + i) % n
        if stored(s, p) > capacity(s, p):
            s.stack.append((ReturnExcess.key, p))
            return
    s.stack.pop()


def return_excess_prompt(s: CompoundedState, frame: Frame) -> str:
    p = frame[PLAYER]
    excess = stored(s, p) - capacity(s, p)
    return f"{side(p)}: storage is over capacity; return a crystal ({excess} to go)"


def return_excess_options(s: CompoundedState, frame: Frame) -> tuple[Action, ...]:
    base = frame[PLAYER] * 6
    return tuple(RETURN[e] for e in range(6) if s.storage[base + e] > 0)


def return_excess(s: CompoundedState, frame: Frame, action: Action) -> None:
    e = RETURN.index(action)
    s.storage[frame[PLAYER] * 6 + e] -= 1
    s.bag[e] += 1
    s.stack.pop()
