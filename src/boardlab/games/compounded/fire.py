"""Fires (C-9.8, C-11): lab fires, the extinguisher window (D7), explosions and scatter (D9)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from boardlab.engine import Action
from boardlab.engine.layouts import PLAYER
from boardlab.games.compounded import events
from boardlab.games.compounded.actions import (
    DECLINE,
    ELEMENT_OF,
    ITEM,
    PROTECT_NAMED,
    WILD_ITEM,
    side,
)
from boardlab.games.compounded.board import BIT, NEIGHBOURS, ROW_COL, position
from boardlab.games.compounded.frames import (
    Explode,
    Extinguish,
    ExtinguisherWindow,
    Frame,
    PlaceFireTokens,
    Scatter,
    ScatterItem,
    ScatterSpace,
)
from boardlab.games.compounded.workbench import (
    ALL_ELEMENTS,
    CARDS,
    CRYSTAL,
    WILD_SLOT,
    clear_position,
    complete_extinguishers,
    discard_extinguisher,
    field_spaces,
    fire_limit,
    put_items,
    return_claim,
)

if TYPE_CHECKING:
    from boardlab.games.compounded.state import CompoundedState


def flammable_mask(s: CompoundedState) -> int:
    """Every flammable field compound, Bunsen-converted ones included (C-9.8)."""
    mask = 0
    for pos in range(16):
        if s.field_card[pos] >= 0 and fire_limit(s, pos) > 0:
            mask |= BIT[pos]
    return mask


def push_fire(s: CompoundedState, listed: int) -> None:
    """Start placing one fire token on each listed compound, extinguishers first (C-11.2)."""
    if any(complete_extinguishers(s, p) for p in range(s.players)):
        s.stack.append((ExtinguisherWindow.key, -1, listed, 0, 0, 0))
    else:
        s.stack.append((PlaceFireTokens.key, -1, listed))


def lab_fire(s: CompoundedState, frame: Frame) -> None:
    """C-9.8: a token for every flammable field compound (after the extinguisher window)."""
    s.stack.pop()
    listed = flammable_mask(s)
    if listed:
        push_fire(s, listed)


def extinguisher_window(s: CompoundedState, frame: Frame) -> None:
    _, _, listed, protected, j, declines = frame
    n = s.players
    if declines >= n or not listed & ~protected:
        s.stack[-1] = (PlaceFireTokens.key, -1, listed & ~protected)
        return
    p = (s.lead + j) % n
    if complete_extinguishers(s, p):
        s.stack[-1] = (Extinguish.key, p, listed, protected, j, declines)
    else:
        s.stack[-1] = (ExtinguisherWindow.key, -1, listed, protected, (j + 1) % n, declines + 1)


def extinguish_prompt(s: CompoundedState, frame: Frame) -> str:
    return f"{side(frame[PLAYER])}: discard a complete extinguisher to stop a fire token?"


def extinguish_options(s: CompoundedState, frame: Frame) -> tuple[Action, ...]:
    open_targets = frame[Extinguish.targets] & ~frame[Extinguish.protected]
    card = s.field_card
    return (
        *(PROTECT_NAMED[pos][CARDS[card[pos]].index]
          for pos in range(16) if open_targets >> pos & 1),
        DECLINE,
    )


def extinguish(s: CompoundedState, frame: Frame, action: Action) -> None:
    _, p, listed, protected, j, declines = frame
    n = s.players
    if action.kind == "decline":
        s.stack[-1] = (ExtinguisherWindow.key, -1, listed, protected, (j + 1) % n, declines + 1)
        return
    discard_extinguisher(s, complete_extinguishers(s, p)[0])
    pos = position(action.args)
    s.stack[-1] = (ExtinguisherWindow.key, -1, listed, protected | BIT[pos], (j + 1) % n, 0)


def place_fire_tokens(s: CompoundedState, frame: Frame) -> None:
    """Add the tokens; every compound at its limit explodes at once (C-11.3, A19)."""
    mask = frame[PlaceFireTokens.targets]
    exploding = 0
    burning: list[int] = []  # positions and cards, alternating, for the log
    for pos in range(16):
        if mask >> pos & 1 and s.field_card[pos] >= 0:
            burning += (pos, s.field_card[pos])
            s.fire[pos] += 1
            if not CARDS[s.field_card[pos]].flammable:
                s.burned[pos] = 1  # a Bunsen token makes it flammable, limit 2 (C-8.3)
            if s.fire[pos] >= fire_limit(s, pos):
                exploding |= BIT[pos]
    if burning:
        s.announce("fire", events.fire_tokens, tuple(burning))
    s.stack.pop()
    if exploding:
        s.stack.append((Explode.key, -1, exploding))


def explode(s: CompoundedState, frame: Frame) -> None:
    """C-11.3 step 1: remove every exploding card, return discs; then scatter in reading order."""
    mask = frame[Explode.exploding]
    for pos in range(16):
        if not mask >> pos & 1 or s.field_card[pos] < 0:
            continue
        card = s.field_card[pos]
        decider = s.claim_owner[pos] if s.claim_owner[pos] >= 0 else s.lead
        elements = CARDS[card].space_elements
        items = sorted(
            elements[i] if slot == CRYSTAL else WILD_ITEM
            for i, slot in enumerate(s.field_items[pos])
            if slot
        )
        return_claim(s, pos)
        s.discard.append(card)
        clear_position(s, pos)
        s.scatter.append((pos, decider, *items))
        s.announce("explosion", events.exploded, card, pos, tuple(items))
    s.stack[-1] = (Scatter.key, -1)


def scatter_kinds(s: CompoundedState) -> list[int]:
    """Item codes on the first exploded card that still have a legal adjacent space."""
    entry = s.scatter[0]
    reachable = 0
    for nb in NEIGHBOURS[entry[0]]:
        if s.field_card[nb] >= 0:
            reachable |= s.field_open[nb]
    kinds: list[int] = []
    for code in entry[2:]:
        if code in kinds:
            continue
        if reachable if code == WILD_ITEM else reachable >> code & 1:
            kinds.append(code)
    return kinds


def scatter_items(s: CompoundedState, frame: Frame) -> None:
    """C-11.3 step 2: the decider places item by item; items with no space leave."""
    while s.scatter:
        entry = s.scatter[0]
        if scatter_kinds(s):
            s.stack.append((ScatterItem.key, entry[1]))
            return
        for code in entry[2:]:
            if code == WILD_ITEM:
                s.wild_out += 1
            else:
                s.bag[code] += 1
        s.scatter.pop(0)
    s.stack.pop()


def scatter_item_prompt(s: CompoundedState, frame: Frame) -> str:
    row, col = ROW_COL[s.scatter[0][0]]
    decider = side(frame[PLAYER])
    return f"{decider}: choose the next item to scatter from the explosion at {row},{col}"


def scatter_item_options(s: CompoundedState, frame: Frame) -> tuple[Action, ...]:
    return tuple(ITEM[code] for code in scatter_kinds(s))


def item_code(action: Action) -> int:
    name = str(action.args[0])
    return WILD_ITEM if name == "wild" else ELEMENT_OF[name]


def scatter_item(s: CompoundedState, frame: Frame, action: Action) -> None:
    s.stack[-1] = (ScatterSpace.key, frame[PLAYER], item_code(action))


def spaces_for(s: CompoundedState, positions: Iterable[int], code: int) -> list[Action]:
    """Space options on the given field positions that accept the item (C-12.1 for wild)."""
    return field_spaces(s, ALL_ELEMENTS if code == WILD_ITEM else 1 << code, positions)


def scatter_space_prompt(s: CompoundedState, frame: Frame) -> str:
    code = frame[ScatterSpace.item]
    what = "the wild token" if code == WILD_ITEM else ITEM[code].args[0]
    return f"{side(frame[PLAYER])}: choose an adjacent space for {what}"


def scatter_space_options(s: CompoundedState, frame: Frame) -> tuple[Action, ...]:
    return tuple(spaces_for(s, NEIGHBOURS[s.scatter[0][0]], frame[ScatterSpace.item]))


def put_on_field(s: CompoundedState, action: Action, code: int) -> int:
    """Put a scattered or moved item into the chosen field space; returns the position."""
    pos = position(action.args)
    i = int(action.args[2])
    items = list(s.field_items[pos])
    items[i] = WILD_SLOT if code == WILD_ITEM else CRYSTAL
    put_items(s, pos, tuple(items))
    return pos


def scatter_space(s: CompoundedState, frame: Frame, action: Action) -> None:
    code = frame[ScatterSpace.item]
    put_on_field(s, action, code)  # scattering never makes a temporary claim (C-11.3)
    entry = list(s.scatter[0])
    del entry[entry.index(code, 2)]
    s.scatter[0] = tuple(entry)
    s.stack.pop()
