"""The main-phase turn (K-7): collect, will, activate a device or lens, persuade, reactivate, end.

Every option is offered only when it can be carried out in full: the AP and inputs are
payable (K-10.1), an unused assistant waits in the lobby for placements, the Grind device
only when the hand holds a legal lens (A4), Groundwork only while unused this round (R1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.engine import Action, Frame
from boardlab.engine.layouts import PLAYER
from boardlab.games.konoten import actions as A
from boardlab.games.konoten.effects import ON_DEVICE, affordable, execute, holdings
from boardlab.games.konoten.grinding import can_grind, start_grind
from boardlab.games.konoten.lenses import LENS_INFO, lens_info, use_lens
from boardlab.games.konoten.tables import (
    AP,
    ASSISTANT,
    CARD_INDEX,
    DEVICE_AP,
    DEVICE_CAPACITY,
    DEVICE_INPUT,
    DEVICE_OUTPUT,
    GRIND,
    GROUNDWORK,
    LENS_INDEX,
    N_DEVICES,
    N_NORMAL_SLOTS,
    PASSIVES,
    PERSUADE_FEE,
    REACTIVATE_FEE,
    WILL_EFFECT,
    WILL_MASK,
    needs_of,
)
from boardlab.games.konoten.wording import card_name

if TYPE_CHECKING:
    from boardlab.games.konoten.state import KonotenState

_DEVICE_TOTAL_AP = tuple(DEVICE_AP[d] + DEVICE_INPUT[d][AP] for d in range(N_DEVICES))
DEVICE_NEEDS = tuple(needs_of(DEVICE_INPUT[d]) for d in range(N_DEVICES))
#: Per device: its index, its action, its input needs, its AP in all, its capacity per round.
_DEVICE_ROWS = tuple(
    (d, A.ACTIVATE_DEVICE[d], DEVICE_NEEDS[d], _DEVICE_TOTAL_AP[d], DEVICE_CAPACITY[d])
    for d in range(N_DEVICES)
)


def device_open(s: KonotenState, d: int) -> bool:
    """Whether device ``d`` takes another assistant this round (capacity, R1)."""
    capacity = DEVICE_CAPACITY[d]
    return not capacity or s.dev_uses[d] < capacity


def options_turn(s: KonotenState, f: Frame) -> list[Action]:
    """Collect, will, activate, persuade, reactivate: each only if payable in full; and end."""
    p = f[PLAYER]
    ch = s.char[p]
    grown = s.grown[p]
    passives = PASSIVES[ch][grown]
    collect = A.COLLECT
    found = (
        [collect[card] for card in s.market if card >= 0]
        if s.ap[p] >= passives.collect_cost
        else []
    )
    wills = WILL_MASK[ch] & grown & ~s.will_used[p]
    helpers = s.lobby_unused[p]
    if not wills and not helpers:
        found.append(A.END)
        return found
    have = holdings(s, p, False)
    if wills:
        effects = WILL_EFFECT[ch]
        node = 0
        while wills:
            if wills & 1:
                effect = effects[node]
                if affordable(have, effect.needs, effect.ap):  # type: ignore[union-attr]
                    found.append(A.WILL[node])
            wills >>= 1
            node += 1
    if helpers:
        have[ASSISTANT] -= 1  # the placed assistant executes; it cannot pay itself
        ap = have[AP]
        uses = s.dev_uses
        for d, action, needs, ap_total, capacity in _DEVICE_ROWS:
            if ap < ap_total or (capacity and uses[d] >= capacity):
                continue
            for symbol, amount in needs:
                if have[symbol] < amount:
                    break
            else:
                if d != GRIND or can_grind(s, p):
                    found.append(action)
        if s.lenses:
            discount = passives.persuade_discount
            persuade = PERSUADE_FEE - discount if discount < PERSUADE_FEE else 0
            reactivate = REACTIVATE_FEE - discount if discount < REACTIVATE_FEE else 0
            lenses = s.lenses
            for lens, seat in enumerate(s.lens_occ):
                info = LENS_INFO.get(lenses[lens]) or lens_info(lenses[lens])
                if seat < 0:
                    if ap >= info.ap and affordable(have, info.needs, info.ap):
                        found.append(A.ACTIVATE_LENS[lens])
                elif seat == p:
                    if affordable(have, info.needs, info.ap + reactivate):
                        found.append(A.REACTIVATE[lens])
                elif affordable(have, info.needs, info.ap + persuade):
                    found.append(A.PERSUADE[lens])
    found.append(A.END)
    return found


def resolve_turn(s: KonotenState, f: Frame, action: Action) -> None:
    p = f[PLAYER]
    s.stack.pop()
    s.main_next = (p + 1) % s.players
    kind = action.kind
    if kind == "collect":
        collect(s, p, CARD_INDEX[str(action.args[0])])
    elif kind == "will":
        node = A.NODE_INDEX[str(action.args[0])]
        s.will_used[p] |= 1 << node
        effect = WILL_EFFECT[s.char[p]][node]
        execute(s, p, effect.input, effect.ap, effect.output)  # type: ignore[union-attr]
    elif kind == "end":
        s.ended |= 1 << p
    elif action.args[0] == "device":
        activate_device(s, p, A.DEVICE_INDEX[str(action.args[1])])
    else:
        lens = LENS_INDEX[str(action.args[1])]
        fee = 0
        if kind != "activate":
            seat = s.lens_occ[lens]
            discount = PASSIVES[s.char[p]][s.grown[p]].persuade_discount
            fee = max(0, (REACTIVATE_FEE if seat == p else PERSUADE_FEE) - discount)
            if s.lens_used[lens]:
                s.lobby_used[seat] += 1
            else:
                s.lobby_unused[seat] += 1
        use_lens(s, p, lens, fee)


def collect(s: KonotenState, p: int, card: int) -> None:
    """Take a face-up card into hand and refill its slot from the same deck (K-7.2, A11)."""
    s.ap[p] -= PASSIVES[s.char[p]][s.grown[p]].collect_cost
    s.hand[p] |= 1 << card
    slot = s.market.index(card)
    deck = s.normal_deck if slot < N_NORMAL_SLOTS else s.vp_deck
    dealt = deck.pop() if deck else -1
    s.market[slot] = dealt
    s.announce("refill", dealt_text, dealt, slot >= N_NORMAL_SLOTS)


def dealt_text(card: int, vp_display: bool) -> str:
    """The log's line for a display refill (K-7.2): the new card is face up for everyone."""
    display = "VP display" if vp_display else "display"
    if card < 0:
        return f"the deck of the {display} is empty: its slot stays empty"
    return f"{card_name(card)} is dealt to the {display}"


def activate_device(s: KonotenState, p: int, d: int) -> None:
    """Place an unused assistant on device ``d`` and execute it (K-8); Grind opens K-9."""
    if d == GRIND:
        start_grind(s, p)
        return
    n = s.players
    s.lobby_unused[p] -= 1
    s.dev_occ[d * n + p] += 1
    s.dev_uses[d] += 1
    if d == GROUNDWORK and s.next_start < 0:
        s.next_start = p
    bonus = PASSIVES[s.char[p]][s.grown[p]].device_bonus[d]
    output = tuple(a + b for a, b in zip(DEVICE_OUTPUT[d], bonus, strict=True))
    execute(s, p, DEVICE_INPUT[d], _DEVICE_TOTAL_AP[d], output, ON_DEVICE, d)  # type: ignore[arg-type]
