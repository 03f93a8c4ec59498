"""Grinding a lens (K-9): choose cards, their orientations, then a foundation; only legal stacks.

A partial stack is (cards, flipped, mask, diff, count): ``mask`` is the union of the
cards' 12-bit mark masks and ``diff`` the running result minus material value. A card or
orientation is offered only if the stack it leads to can still be completed into a legal
lens (2-6 cards, no shared cell, a foundation in the supply with cost >= max(0, diff)),
so the declaration never reaches a dead end (A4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.engine import Action, Frame
from boardlab.games.konoten import actions as A
from boardlab.games.konoten.content import CONTENT
from boardlab.games.konoten.effects import ON_DEVICE, can_pay, execute
from boardlab.games.konoten.frames import FollowUp, Foundation, Grind
from boardlab.games.konoten.lenses import lens_info, use_lens
from boardlab.games.konoten.tables import (
    CARD_INDEX,
    CARDS_VP,
    COST_MASK,
    COSTS,
    DEVICE_AP,
    DEVICE_INPUT,
    DEVICE_OUTPUT,
    FOUNDATION_COST,
    GRIND,
    GRIND_BONUS_VP,
    MAX_LENS_CARDS,
    MIN_LENS_CARDS,
    N_VP_SOURCES,
    ORIENTATIONS,
    PASSIVES,
)

if TYPE_CHECKING:
    from boardlab.games.konoten.state import KonotenState

_MEMO: dict[tuple[int, int, int, int, int], bool] = {}
_MEMO_LIMIT = 100_000
#: can_grind by ``hand << _COST_BITS | highest cost left``.
_GRINDABLE: dict[int, bool] = {}
_COST_BITS = max(FOUNDATION_COST).bit_length()


def completable(rem: int, mask: int, diff: int, count: int, max_cost: int) -> bool:
    """Whether cards of ``rem`` can complete the partial stack into a legal lens (K-9.2)."""
    if count >= MIN_LENS_CARDS and diff <= max_cost:
        return True
    if count >= MAX_LENS_CARDS or not rem:
        return False
    key = (rem, mask, diff, count, max_cost)
    found = _MEMO.get(key)
    if found is not None:
        return found
    result = False
    rest = rem
    while rest and not result:
        low = rest & -rest
        rest ^= low
        for card_mask, card_diff, _ in ORIENTATIONS[low.bit_length() - 1]:
            if not card_mask & mask and completable(
                rest, mask | card_mask, diff + card_diff, count + 1, max_cost
            ):
                result = True
                break
    if len(_MEMO) >= _MEMO_LIMIT:
        _MEMO.clear()
    _MEMO[key] = result
    return result


def max_cost(found: int) -> int:
    """The highest foundation cost still in the supply, or -1 when none is left.

    Foundations are listed cheapest first (the content checks it), so the costliest left
    is the highest bit of ``found``.
    """
    return FOUNDATION_COST[found.bit_length() - 1] if found else -1


def can_grind(s: KonotenState, p: int) -> bool:
    """Whether ``p``'s hand holds a legal lens for the foundations left (A4)."""
    hand = s.hand[p]
    if hand.bit_count() < MIN_LENS_CARDS or not s.found:
        return False
    top = max_cost(s.found)
    key = hand << _COST_BITS | top
    found = _GRINDABLE.get(key)
    if found is None:
        if len(_GRINDABLE) >= _MEMO_LIMIT:
            _GRINDABLE.clear()
        found = _GRINDABLE[key] = completable(hand, 0, 0, 0, top)
    return found


def start_grind(s: KonotenState, p: int) -> None:
    """Open the declaration of a new lens (Activate on the Grind device, K-7.4)."""
    s.stack.append((Grind.key, p, 0, 0, 0, 0, 0, -1))


# ---------------------------------------------------------------- cards and orientations
def options_grind(s: KonotenState, f: Frame) -> list[Action]:
    _, p, cards, _, mask, diff, count, pending = f
    top = max_cost(s.found)
    rem = s.hand[p] & ~cards
    if pending >= 0:
        rest = rem & ~(1 << pending)
        return [
            A.FLIP if o else A.UPRIGHT
            for card_mask, card_diff, o in ORIENTATIONS[pending]
            if not card_mask & mask
            and completable(rest, mask | card_mask, diff + card_diff, count + 1, top)
        ]
    found = []
    if count < MAX_LENS_CARDS:
        scan = rem
        while scan:
            low = scan & -scan
            scan ^= low
            card = low.bit_length() - 1
            rest = rem ^ low
            for card_mask, card_diff, _ in ORIENTATIONS[card]:
                if not card_mask & mask and completable(
                    rest, mask | card_mask, diff + card_diff, count + 1, top
                ):
                    found.append(A.CARD[card])
                    break
    if count >= MIN_LENS_CARDS and diff <= top:
        found.append(A.DONE)
    return found


def grind_kind(f: Frame) -> str:
    """A card to add, or the orientation of the card just picked."""
    return "grind_orientation" if f[Grind.awaiting] >= 0 else "grind_card"


def resolve_grind(s: KonotenState, f: Frame, action: Action) -> None:
    _, p, cards, flipped, mask, diff, count, pending = f
    if pending >= 0:
        o = 1 if action.kind == "flip" else 0
        card_mask, card_diff, _ = ORIENTATIONS[pending][o]
        s.stack[-1] = (
            Grind.key,
            p,
            cards | 1 << pending,
            flipped | o << pending,
            mask | card_mask,
            diff + card_diff,
            count + 1,
            -1,
        )
    elif action.kind == "done":
        s.stack[-1] = (Foundation.key, p, cards, flipped, diff)
    else:
        card = CARD_INDEX[str(action.args[0])]
        s.stack[-1] = (Grind.key, p, cards, flipped, mask, diff, count, card)


# ---------------------------------------------------------------- foundation and resolution
def options_foundation(s: KonotenState, f: Frame) -> list[Action]:
    floor = max(0, f[Foundation.diff])
    return [A.FOUNDATION[k] for k in COSTS if k >= floor and s.found & COST_MASK[k]]


def resolve_foundation(s: KonotenState, f: Frame, action: Action) -> None:
    _, p, cards, flipped, _ = f
    pile = s.found & COST_MASK[int(action.args[0])]
    low = pile & -pile
    foundation = low.bit_length() - 1
    s.found ^= low
    n = s.players
    s.lobby_unused[p] -= 1
    s.dev_occ[GRIND * n + p] += 1
    s.dev_uses[GRIND] += 1
    s.hand[p] &= ~cards
    lens = len(s.lenses)
    s.lenses.append((p, foundation, cards, flipped))
    s.lens_occ.append(-1)
    s.lens_used.append(0)
    passives = PASSIVES[s.char[p]][s.grown[p]]
    ground = cards.bit_count() * CONTENT.vp_per_card
    s.vp[p] += ground + passives.grind_bonus_vp
    s.vp_by_source[p * N_VP_SOURCES + CARDS_VP] += ground
    s.vp_by_source[p * N_VP_SOURCES + GRIND_BONUS_VP] += passives.grind_bonus_vp
    s.stack[-1] = (FollowUp.key, p, lens)
    bonus = passives.device_bonus[GRIND]
    output = tuple(a + b for a, b in zip(DEVICE_OUTPUT[GRIND], bonus, strict=True))
    inp = DEVICE_INPUT[GRIND]
    execute(s, p, inp, DEVICE_AP[GRIND] + inp[3], output, ON_DEVICE, GRIND)  # type: ignore[arg-type]


# ---------------------------------------------------------------- optional follow-up (K-9.5)
def options_follow_up(s: KonotenState, f: Frame) -> list[Action]:
    _, p, lens = f
    info = lens_info(s.lenses[lens])
    if (
        s.lobby_unused[p]
        and s.lens_occ[lens] < 0
        and can_pay(s, p, info.needs, info.ap, True)
    ):
        return [A.ACTIVATE_LENS[lens], A.SKIP]
    return [A.SKIP]


def resolve_follow_up(s: KonotenState, f: Frame, action: Action) -> None:
    _, p, lens = f
    s.stack.pop()
    if action.kind != "skip":
        use_lens(s, p, lens, 0)
