"""Free actions (rules §8), offered at the windows of §8 to the player whose turn it is.

``with_free(ask)`` adds the free actions to a decision of the active player in the action
phase; taking one leaves the decision in place, so it is asked again. Options:
``extra A`` (6 coins, one basic action), ``buy container|tool`` (3 coins), ``move_knowledge
a,b`` (2 coins), ``refresh letters|books|voyages|exotics|lenses|ponds`` (1 coin), ``sell
container|tool`` (1 coin back), ``recruit v`` (1 container + 3 coins, voyage card v of the
display), ``take_book b`` (1 tool, book b of the display).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from boardlab.engine import Action, Ask, Frame
from boardlab.engine.layouts import PLAYER
from boardlab.games.linnaeus import rewards
from boardlab.games.linnaeus.actions import act
from boardlab.games.linnaeus.content import CONTENT
from boardlab.games.linnaeus.frames import ACTION_STEPS

if TYPE_CHECKING:
    from boardlab.games.linnaeus.state import LinnaeusState

EXTRA_COST = 6
BUY_COST = 3
MOVE_KNOWLEDGE_COST = 2
RECRUIT_COINS = 3
FREE_KINDS = frozenset({"extra", "buy", "move_knowledge", "refresh", "sell", "recruit",
                        "take_book"})
_EXTRA = tuple(act("extra", a) for a in range(5))
_BUY = (act("buy", "container"), act("buy", "tool"))
_SELL_CONTAINER = act("sell", "container")
_SELL_TOOL = act("sell", "tool")
_MOVES = tuple(tuple(act("move_knowledge", a, b) for b in range(9)) for a in range(9))
_REFRESH = {name: act("refresh", name)
            for name in ("letters", "books", "voyages", "exotics", "lenses", "ponds")}
#: The lens refresh, offered at an advanced-lens pick as ``refresh_lenses`` instead.
REFRESH_LENSES = _REFRESH["lenses"]


def recruit_cost(s: LinnaeusState, side: int) -> int:
    character = s.character[side]
    discount = CONTENT.characters[character].recruit_discount if character >= 0 else 0
    return max(0, RECRUIT_COINS - discount)


def free_options(s: LinnaeusState, side: int) -> list[Action]:
    """The free actions ``side`` can pay for now."""
    coins = s.coins[side]
    found: list[Action] = []
    if coins >= EXTRA_COST:
        found.extend(_EXTRA)
    if coins >= BUY_COST:
        found.extend(_BUY)
    if s.containers[side]:
        found.append(_SELL_CONTAINER)
    if s.tools[side]:
        found.append(_SELL_TOOL)
    if coins >= MOVE_KNOWLEDGE_COST:
        k = s.knowledge[side * 9 : side * 9 + 9]
        for a in range(9):
            if k[a]:
                row = _MOVES[a]
                found.extend(row[b] for b in range(9) if b != a and k[b] < rewards.KNOWLEDGE_CAP)
    if coins >= 1:
        if s.letter_deck:
            found.append(_REFRESH["letters"])
        if s.book_deck:
            found.append(_REFRESH["books"])
        if s.voyage_deck:
            found.append(_REFRESH["voyages"])
        if s.exotic_deck:
            found.append(_REFRESH["exotics"])
        if s.lens_supply:
            found.append(_REFRESH["lenses"])
        if any(s.stacks):
            found.append(_REFRESH["ponds"])
    if s.containers[side] and coins >= recruit_cost(s, side):
        found.extend(act("recruit", v) for v in s.voyage_display if v >= 0)
    if s.tools[side]:
        found.extend(act("take_book", b) for b in s.book_display if b >= 0)
    return found


def take_free(s: LinnaeusState, side: int, a: Action) -> None:
    """Apply the free action ``a`` for ``side``."""
    kind, args = a.kind, a.args
    if kind == "extra":
        s.coins[side] -= EXTRA_COST
        s.stack.append((ACTION_STEPS[int(args[0])].key, side, -1))
    elif kind == "buy":
        s.coins[side] -= BUY_COST
        if args[0] == "container":
            s.containers[side] += 1
        else:
            s.tools[side] += 1
    elif kind == "sell":
        s.coins[side] += 1
        if args[0] == "container":
            s.containers[side] -= 1
        else:
            s.tools[side] -= 1
    elif kind == "move_knowledge":
        s.coins[side] -= MOVE_KNOWLEDGE_COST
        s.knowledge[side * 9 + int(args[0])] -= 1
        s.knowledge[side * 9 + int(args[1])] += 1
    elif kind == "refresh":
        s.coins[side] -= 1
        refresh(s, str(args[0]))
    elif kind == "recruit":
        s.containers[side] -= 1
        s.coins[side] -= recruit_cost(s, side)
        rewards.take_voyage(s, side, s.voyage_display.index(int(args[0])))
    elif kind == "take_book":
        s.tools[side] -= 1
        rewards.take_book(s, side, s.book_display.index(int(args[0])))


def _refresh_display(display: list[int], deck: tuple[int, ...]) -> tuple[int, ...]:
    """Face-up cards to the bottom of the deck, then 3 new ones from the top (§8)."""
    old = tuple(x for x in display if x >= 0)
    deck = old + deck
    for k in range(len(display)):
        if deck:
            display[k] = deck[-1]
            deck = deck[:-1]
        else:
            display[k] = -1
    return deck


def refresh(s: LinnaeusState, name: str) -> None:
    if name == "letters":
        s.letter_deck = _refresh_display(s.letter_display, s.letter_deck)
    elif name == "books":
        s.book_deck = _refresh_display(s.book_display, s.book_deck)
    elif name == "voyages":
        s.voyage_deck = _refresh_display(s.voyage_display, s.voyage_deck)
    elif name == "exotics":
        s.exotic_deck = _refresh_display(s.exotic_display, s.exotic_deck)
    elif name == "lenses":
        rewards.refresh_lenses(s)
    else:
        # pond sketches: a new one for each row from its stack, then the old ones are
        # shuffled back into the stacks they came from (ruling 22)
        old = s.pond_sketch[:]
        for row in range(3):
            s.pond_sketch[row] = rewards.draw_sketch(s, row)
        for row in range(3):
            if old[row] >= 0:
                tiles = [*s.stacks[row], old[row]]
                s.rng.shuffle(tiles)
                s.stacks[row] = tuple(tiles)


def in_window(s: LinnaeusState, side: int) -> bool:
    """Free actions are for the active player in the action phase, never the automa."""
    return side == s.active and side != s.automa


def with_free(ask: Ask[LinnaeusState], covered: Action | None = None) -> Ask[LinnaeusState]:
    """``ask`` with the free actions of its player added when it is their turn; taking one
    leaves the frame, so the decision is posed again. ``covered``: a free action the
    decision already offers under an id of its own (left out)."""
    options, resolve = ask.options, ask.resolve

    def with_options(s: LinnaeusState, f: Frame) -> Sequence[Action]:
        found = options(s, f)
        if not found or not in_window(s, f[PLAYER]):
            return found
        free = free_options(s, f[PLAYER])
        if covered is not None and covered in free:
            free.remove(covered)
        return [*found, *free]

    def resolve_or_free(s: LinnaeusState, f: Frame, a: Action) -> None:
        if a.kind in FREE_KINDS:
            take_free(s, f[PLAYER], a)

        else:
            resolve(s, f, a)

    return Ask(ask.kind, ask.prompt, with_options, resolve_or_free, ask.prepare, ask.always_ask)
