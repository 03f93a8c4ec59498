"""Discovery phase (C-6): draws, trading by offers (D1, A33), the capacity check (D2)."""

from __future__ import annotations

from typing import Any

from boardlab.engine import Action
from boardlab.games.compounded.actions import (
    ACCEPT,
    ASK,
    ASK_EXT,
    BUNDLE_NAMES,
    BUNDLE_SLOTS,
    CANCEL,
    DECLINE,
    ELEMENT_OF,
    EQUIP_SLOT,
    GIVE,
    GIVE_EXT,
    OFFER,
    PASS,
    RETURN,
    SEND,
    SLOT_OF,
    WILD_SLOT,
)
from boardlab.games.compounded.content import CONTENT
from boardlab.games.compounded.content import DISCOVERY as DISCOVERY_TRACK
from boardlab.games.compounded.frames import (
    D_RETURN,
    D_TRADE_BUILD,
    D_TRADE_REPLY,
    D_TRADE_TURN,
    DISCOVERY,
    T_CAPACITY,
    T_DRAW,
    applies,
    decision,
    task,
)
from boardlab.games.compounded.workbench import capacity, draw, stored, value

# D_TRADE_BUILD / D_TRADE_REPLY frames: (op, decider, other, give x 14, ask x 14)
GIVE_AT = 3
ASK_AT = GIVE_AT + BUNDLE_SLOTS + 1
EXT_MASK = BUNDLE_SLOTS  # offset of the extinguisher bitmask inside a bundle
BUNDLE_LEN = BUNDLE_SLOTS + 1
EMPTY_BUNDLES = (0,) * (2 * BUNDLE_LEN)


def offer_cap(s: Any) -> int:
    """How many offers each scientist may make per Discovery phase (A33, option)."""
    return int(s.options.get("trade_offers", CONTENT.proposals_per_phase))


@task(T_DRAW)
def discovery_draws(s: Any, frame: tuple[int, ...]) -> None:
    """C-6.1: in lead order each scientist draws their Discovery value (bag permitting)."""
    s.phase = DISCOVERY
    n = s.players
    for i in range(n):
        p = (s.lead + i) % n
        for e in draw(s, value(s, p, DISCOVERY_TRACK)):
            s.storage[p * 6 + e] += 1
        s.offers[p] = 0
    s.stack.pop()


def _has_any(s: Any, p: int) -> bool:
    """True if ``p`` holds anything tradeable."""
    base = p * 6
    return (
        any(s.storage[base : base + 6])
        or s.wild[p] > 0
        or any(s.equip[base : base + 6])
        or p in s.ext_holder
    )


def _next_seat(s: Any, p: int) -> int:
    return (p + 1) % s.players


def _trade_prompt(s: Any, frame: tuple[int, ...]) -> str:
    return f"player {frame[1]}: make a trade offer or pass"


@decision(D_TRADE_TURN, "trade_offer", _trade_prompt)
def trade_turn_options(s: Any, frame: tuple[int, ...]) -> tuple[Action, ...]:
    p = frame[1]
    if s.offers[p] >= offer_cap(s):
        return (PASS,)
    mine = _has_any(s, p)
    options = [OFFER[q] for q in range(s.players) if q != p and (mine or _has_any(s, q))]
    options.append(PASS)
    return tuple(options)


@applies(D_TRADE_TURN)
def trade_turn(s: Any, frame: tuple[int, ...], action: Action) -> None:
    p, passes = frame[1], frame[2]
    stack = s.stack
    if action.kind == "pass":
        passes += 1
        if passes >= s.players:
            stack.pop()  # a full cycle of passes closes trading
        else:
            stack[-1] = (D_TRADE_TURN, _next_seat(s, p), passes)
        return
    q = int(action.args[0])
    s.offers[p] += 1
    stack[-1] = (D_TRADE_TURN, _next_seat(s, p), 0)
    stack.append((D_TRADE_BUILD, p, q, *EMPTY_BUNDLES))


def describe_bundle(bundle: tuple[int, ...] | list[int]) -> str:
    """A bundle as text, e.g. ``"2 H, 1 wild, extinguisher 1"``; ``"nothing"`` if empty."""
    if not any(bundle):
        return "nothing"
    parts = [f"{count} {name}" for name, count in zip(BUNDLE_NAMES, bundle, strict=False) if count]
    mask = bundle[EXT_MASK]
    parts.extend(f"extinguisher {x}" for x in range(5) if mask >> x & 1)
    return ", ".join(parts)


def _build_prompt(s: Any, frame: tuple[int, ...]) -> str:
    give = describe_bundle(frame[GIVE_AT : GIVE_AT + BUNDLE_LEN])
    ask = describe_bundle(frame[ASK_AT : ASK_AT + BUNDLE_LEN])
    return f"player {frame[1]} offers player {frame[2]} {give} for {ask}: add items or send"


def _bundle_options(
    s: Any,
    p: int,
    frame: tuple[int, ...],
    at: int,
    plain: tuple[Action, ...],
    ext: tuple[Action, ...],
) -> list[Action]:
    """What can still be added to one side of an offer: never more than ``p`` holds."""
    base = p * 6
    storage, equip, fresh = s.storage, s.equip, s.fresh
    options = [plain[e] for e in range(6) if frame[at + e] < storage[base + e]]
    if frame[at + WILD_SLOT] < s.wild[p]:
        options.append(plain[WILD_SLOT])
    for k in range(6):
        if frame[at + EQUIP_SLOT + k] < equip[base + k] - fresh[base + k]:
            options.append(plain[EQUIP_SLOT + k])
    mask = frame[at + EXT_MASK]
    for x, holder in enumerate(s.ext_holder):
        if holder == p and not mask >> x & 1:
            options.append(ext[x])
    return options


@decision(D_TRADE_BUILD, "trade_build", _build_prompt)
def trade_build_options(s: Any, frame: tuple[int, ...]) -> tuple[Action, ...]:
    options = _bundle_options(s, frame[1], frame, GIVE_AT, GIVE, GIVE_EXT)
    options.extend(_bundle_options(s, frame[2], frame, ASK_AT, ASK, ASK_EXT))
    if any(frame[GIVE_AT:]):
        options.append(SEND)
    options.append(CANCEL)
    return tuple(options)


@applies(D_TRADE_BUILD)
def trade_build(s: Any, frame: tuple[int, ...], action: Action) -> None:
    kind = action.kind
    stack = s.stack
    if kind == "cancel":
        stack.pop()
        return
    if kind == "send":
        stack[-1] = (D_TRADE_REPLY, frame[2], frame[1], *frame[3:])
        return
    at = GIVE_AT if kind == "give" else ASK_AT
    args = action.args
    if args[0] == "ext":
        index = at + EXT_MASK
        new = list(frame)
        new[index] |= 1 << int(args[1])
    else:
        index = at + SLOT_OF[str(args[0])]
        new = list(frame)
        new[index] += 1
    stack[-1] = tuple(new)


def _reply_prompt(s: Any, frame: tuple[int, ...]) -> str:
    give = describe_bundle(frame[GIVE_AT : GIVE_AT + BUNDLE_LEN])
    ask = describe_bundle(frame[ASK_AT : ASK_AT + BUNDLE_LEN])
    return f"player {frame[1]}: player {frame[2]} offers {give} for {ask}; accept?"


@decision(D_TRADE_REPLY, "trade_reply", _reply_prompt)
def trade_reply_options(s: Any, frame: tuple[int, ...]) -> tuple[Action, ...]:
    return (ACCEPT, DECLINE)


def transfer(s: Any, giver: int, taker: int, bundle: tuple[int, ...]) -> None:
    """Move a bundle of crystals, wild tokens, equipment and extinguishers between seats."""
    g, t = giver * 6, taker * 6
    for e in range(6):
        s.storage[g + e] -= bundle[e]
        s.storage[t + e] += bundle[e]
    s.wild[giver] -= bundle[WILD_SLOT]
    s.wild[taker] += bundle[WILD_SLOT]
    for k in range(6):
        count = bundle[EQUIP_SLOT + k]
        s.equip[g + k] -= count
        s.equip[t + k] += count
    mask = bundle[EXT_MASK]
    for x in range(len(s.ext_holder)):
        if mask >> x & 1:
            s.ext_holder[x] = taker


@applies(D_TRADE_REPLY)
def trade_reply(s: Any, frame: tuple[int, ...], action: Action) -> None:
    s.stack.pop()
    if action.kind != "accept":
        return
    addressee, proposer = frame[1], frame[2]
    transfer(s, proposer, addressee, frame[GIVE_AT : GIVE_AT + BUNDLE_LEN])
    transfer(s, addressee, proposer, frame[ASK_AT : ASK_AT + BUNDLE_LEN])


@task(T_CAPACITY)
def capacity_check(s: Any, frame: tuple[int, ...]) -> None:
    """C-6.3: the next over-capacity scientist in lead order returns one crystal at a time."""
    n = s.players
    for i in range(n):
        p = (s.lead + i) % n
        if stored(s, p) > capacity(s, p):
            s.stack.append((D_RETURN, p))
            return
    s.stack.pop()


def _return_prompt(s: Any, frame: tuple[int, ...]) -> str:
    p = frame[1]
    excess = stored(s, p) - capacity(s, p)
    return f"player {p}: storage is over capacity; return a crystal ({excess} to go)"


@decision(D_RETURN, "return_excess", _return_prompt)
def return_options(s: Any, frame: tuple[int, ...]) -> tuple[Action, ...]:
    base = frame[1] * 6
    return tuple(RETURN[e] for e in range(6) if s.storage[base + e] > 0)


@applies(D_RETURN)
def return_crystal(s: Any, frame: tuple[int, ...], action: Action) -> None:
    e = ELEMENT_OF[str(action.args[0])]
    s.storage[frame[1] * 6 + e] -= 1
    s.bag[e] += 1
    s.stack.pop()
