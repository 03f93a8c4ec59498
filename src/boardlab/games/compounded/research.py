"""Research phase (C-8): goggles (D5), Bunsen windows (D6), research turns (D8)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.engine import Action
from boardlab.engine.layouts import PLAYER
from boardlab.games.compounded import events, fire
from boardlab.games.compounded.actions import (
    BURN_NAMED,
    DECLINE,
    DONE,
    ELEMENT_OF,
    EXT_SPACE,
    PIPETTE,
    PLACE,
    PLACE_POOL,
    PLACE_WILD,
    PLACE_WILD_ITEM,
    POOL_OFFSET,
    SWAP3,
    TAKE,
    USE_GOGGLES,
    side,
)
from boardlab.games.compounded.board import BIT, position
from boardlab.games.compounded.content import (
    BUNSEN,
    ELEMENTS,
    GOGGLES,
)
from boardlab.games.compounded.content import (
    DISCOVERY as DISCOVERY_TRACK,
)
from boardlab.games.compounded.content import (
    PIPETTE as PIPETTE_KIND,
)
from boardlab.games.compounded.content import (
    RESEARCH as RESEARCH_TRACK,
)
from boardlab.games.compounded.frames import (
    RESEARCH,
    Bunsen,
    BunsenWindow,
    ExchangeTake,
    Frame,
    Goggles,
    GogglesRound,
    PlaceItem,
    PlaceSpace,
    ResearchPhase,
    offer_in_turn_order,
)
from boardlab.games.compounded.workbench import (
    ALL_ELEMENTS,
    CARDS,
    CRYSTAL,
    EMPTY,
    EXT_ELEMENTS,
    WILD_SLOT,
    draw,
    field_spaces,
    put_items,
    usable,
    value,
)

if TYPE_CHECKING:
    from boardlab.games.compounded.state import CompoundedState


def research_step(s: CompoundedState, frame: Frame) -> None:
    """C-8: goggles, then a Bunsen window before each research turn and after the last."""
    step = frame[ResearchPhase.step]
    n = s.players
    stack = s.stack
    if step == 0:
        s.phase = RESEARCH
        stack[-1] = (ResearchPhase.key, -1, 1)
        stack.append((GogglesRound.key, -1, 0))
        return
    if step > 2 * n + 1:
        stack.pop()
        return
    stack[-1] = (ResearchPhase.key, -1, step + 1)
    if step % 2:
        if any(usable(s, p, BUNSEN) > 0 for p in range(n)):
            stack.append((BunsenWindow.key, -1, 0, 0))
    else:
        stack.append((PlaceItem.key, research_player(s, step), 0))


def research_player(s: CompoundedState, step: int) -> int:
    """Whose research turn the research phase's even ``step`` is (C-8.2): in lead order,
    each turn after a Bunsen window (the odd steps)."""
    return (s.lead + (step - 2) // 2) % s.players


# ---------------------------------------------------------------- goggles (C-8.1, A28)
def may_use_goggles(s: CompoundedState, p: int) -> bool:
    return usable(s, p, GOGGLES) > 0 and not s.used_goggles[p]


def goggles_round(s: CompoundedState, frame: Frame) -> None:
    offer_in_turn_order(s, frame, Goggles.key, may_use_goggles)


def goggles_prompt(s: CompoundedState, frame: Frame) -> str:
    return f"{side(frame[PLAYER])}: discard safety goggles for a second discovery?"


def goggles_options(s: CompoundedState, frame: Frame) -> tuple[Action, ...]:
    return (USE_GOGGLES, DECLINE)


def goggles(s: CompoundedState, frame: Frame, action: Action) -> None:
    s.stack.pop()
    if action.kind == "decline":
        return
    p = frame[PLAYER]
    s.equip[p * 6 + GOGGLES] -= 1
    s.supply[GOGGLES] += 1
    s.used_goggles[p] = 1
    wanted = value(s, p, DISCOVERY_TRACK)
    drawn = draw(s, wanted)
    for e in drawn:
        s.pool[p * 6 + e] += 1
    s.announce("draw", events.drew, p, tuple(drawn), wanted, "the goggles pool")


# ---------------------------------------------------------------- Bunsen windows (C-8.3, A12)
def bunsen_targets(s: CompoundedState) -> list[int]:
    """Field compounds with no fire token."""
    card, tokens = s.field_card, s.fire
    return [pos for pos in range(16) if card[pos] >= 0 and tokens[pos] == 0]


def bunsen_window(s: CompoundedState, frame: Frame) -> None:
    j, declines = frame[BunsenWindow.turn], frame[BunsenWindow.declines]
    n = s.players
    if declines >= n:
        s.stack.pop()
        return
    p = (s.lead + j) % n
    if usable(s, p, BUNSEN) > 0 and bunsen_targets(s):
        s.stack[-1] = (Bunsen.key, p, j, declines)
    else:
        s.stack[-1] = (BunsenWindow.key, -1, (j + 1) % n, declines + 1)


def bunsen_prompt(s: CompoundedState, frame: Frame) -> str:
    return f"{side(frame[PLAYER])}: use a Bunsen burner on a compound with no fire token?"


def bunsen_options(s: CompoundedState, frame: Frame) -> tuple[Action, ...]:
    card = s.field_card
    return (*(BURN_NAMED[pos][CARDS[card[pos]].index] for pos in bunsen_targets(s)), DECLINE)


def bunsen(s: CompoundedState, frame: Frame, action: Action) -> None:
    p, j, declines = frame[PLAYER], frame[Bunsen.turn], frame[Bunsen.declines]
    n = s.players
    if action.kind == "decline":
        s.stack[-1] = (BunsenWindow.key, -1, (j + 1) % n, declines + 1)
        return
    s.equip[p * 6 + BUNSEN] -= 1
    s.supply[BUNSEN] += 1
    s.stack[-1] = (BunsenWindow.key, -1, (j + 1) % n, 0)
    pos = position(action.args)
    fire.push_fire(s, BIT[pos])


# ---------------------------------------------------------------- research turn (C-8.2)
def open_elements(s: CompoundedState, p: int) -> int:
    """Bitmask of elements with an empty space on the field or on ``p``'s extinguishers."""
    mask = 0
    for m in s.field_open:
        mask |= m
    if mask != ALL_ELEMENTS:
        for x, holder in enumerate(s.extinguisher_holder):
            if holder == p:
                items = s.extinguisher_items[x]
                for i, slot in enumerate(items):
                    if slot == EMPTY:
                        mask |= 1 << EXT_ELEMENTS[i]
    return mask


def place_item_prompt(s: CompoundedState, frame: Frame) -> str:
    p, placed = frame[PLAYER], frame[PlaceItem.placed]
    limit = value(s, p, RESEARCH_TRACK)
    return f"{side(p)}: research turn, {placed} of {limit} placed; choose an item or done"


def place_item_options(s: CompoundedState, frame: Frame) -> tuple[Action, ...]:
    p, placed = frame[PLAYER], frame[PlaceItem.placed]
    base = p * 6
    storage = s.storage
    options: list[Action] = []
    if placed == 0:  # exchanges come before any placement (A10)
        if not s.used_pipette[p]:
            options.extend(SWAP3[e] for e in range(6) if storage[base + e] >= 3)
        if not s.used_swap[p] and s.used_pipette[p] < usable(s, p, PIPETTE_KIND):
            options.extend(PIPETTE[e] for e in range(6) if storage[base + e] >= 2)
    mask = open_elements(s, p)
    if mask:
        pool = s.pool
        for e in range(6):
            if mask >> e & 1:
                if storage[base + e]:
                    options.append(PLACE[e])
                if pool[base + e]:
                    options.append(PLACE_POOL[e])
        if s.wild[p]:
            options.append(PLACE_WILD)
    options.append(DONE)
    return tuple(options)


def end_turn(s: CompoundedState, p: int) -> None:
    """C-8.2 step 4: goggles-pool crystals left over go back to the bag."""
    base = p * 6
    pool = s.pool
    for e in range(6):
        if pool[base + e]:
            s.bag[e] += pool[base + e]
            pool[base + e] = 0
    s.stack.pop()


def place_item(s: CompoundedState, frame: Frame, action: Action) -> None:
    p, placed = frame[PLAYER], frame[PlaceItem.placed]
    kind = action.kind
    if kind == "done":
        end_turn(s, p)
        return
    args = action.args
    if kind == "place":
        if args[0] == "wild":
            item = PLACE_WILD_ITEM
        else:
            item = ELEMENT_OF[str(args[0])] + (POOL_OFFSET if len(args) > 1 else 0)
        s.stack[-1] = (PlaceSpace.key, p, placed, item)
        return
    e = ELEMENT_OF[str(args[0])]
    count = 3 if kind == "swap3" else 2
    s.storage[p * 6 + e] -= count
    s.bag[e] += count
    if kind == "swap3":
        s.used_swap[p] = 1
    else:
        s.used_pipette[p] += 1
    s.stack.append((ExchangeTake.key, p))


def exchange_take_prompt(s: CompoundedState, frame: Frame) -> str:
    return f"{side(frame[PLAYER])}: take one crystal of any element in the bag"


def exchange_take_options(s: CompoundedState, frame: Frame) -> tuple[Action, ...]:
    return tuple(TAKE[e] for e in range(6) if s.bag[e] > 0)


def exchange_take(s: CompoundedState, frame: Frame, action: Action) -> None:
    e = ELEMENT_OF[str(action.args[0])]
    s.bag[e] -= 1
    s.storage[frame[PLAYER] * 6 + e] += 1
    s.stack.pop()


def extinguisher_spaces(s: CompoundedState, p: int, element_mask: int) -> list[Action]:
    options: list[Action] = []
    for x, holder in enumerate(s.extinguisher_holder):
        if holder != p:
            continue
        seen = 0
        for i, slot in enumerate(s.extinguisher_items[x]):
            e = EXT_ELEMENTS[i]
            if slot == EMPTY and element_mask >> e & 1 and not seen >> e & 1:
                seen |= 1 << e
                options.append(EXT_SPACE[x][i])
    return options


def place_space_prompt(s: CompoundedState, frame: Frame) -> str:
    item = frame[PlaceSpace.item]
    if item == PLACE_WILD_ITEM:
        what = "the wild token"
    else:
        what = ELEMENTS[item % POOL_OFFSET] + (" (goggles pool)" if item >= POOL_OFFSET else "")
    return f"{side(frame[PLAYER])}: choose where to place {what}"


def place_space_options(s: CompoundedState, frame: Frame) -> tuple[Action, ...]:
    p, item = frame[PLAYER], frame[PlaceSpace.item]
    mask = ALL_ELEMENTS if item == PLACE_WILD_ITEM else 1 << (item % POOL_OFFSET)
    options = field_spaces(s, mask)
    options.extend(extinguisher_spaces(s, p, mask))
    return tuple(options)


def place_space(s: CompoundedState, frame: Frame, action: Action) -> None:
    p, placed, item = frame[PLAYER], frame[PlaceSpace.placed], frame[PlaceSpace.item]
    if item == PLACE_WILD_ITEM:
        s.wild[p] -= 1
        slot = WILD_SLOT
    elif item >= POOL_OFFSET:
        s.pool[p * 6 + item - POOL_OFFSET] -= 1
        slot = CRYSTAL
    else:
        s.storage[p * 6 + item] -= 1
        slot = CRYSTAL
    args = action.args
    if args[0] == "ext":
        x, i = int(args[1]), int(args[2])
        items = list(s.extinguisher_items[x])
        items[i] = slot
        s.extinguisher_items[x] = tuple(items)
    else:
        pos = position(args)
        items = list(s.field_items[pos])
        items[int(args[2])] = slot
        put_items(s, pos, tuple(items))
        if s.field_open[pos] == 0 and s.claim_owner[pos] < 0 and s.reserve[p] > 0:
            s.reserve[p] -= 1  # C-8.2 step 3: a temporary claim (none if the reserve is empty)
            s.claim_owner[pos] = p
            s.claim_temp[pos] = 1
            s.claim_round[pos] = s.round
    placed += 1
    if placed >= value(s, p, RESEARCH_TRACK):
        end_turn(s, p)
    else:
        s.stack[-1] = (PlaceItem.key, p, placed)
