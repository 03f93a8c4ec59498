"""The income phase (rules §15): lenses back (and the capacity limit), the new turn order,
the next action-order tile, voyage income, the helm; then the next round or the end.

Frames, top first (their fields in ``frames.py``): ``income_lenses`` (pushes
``discard_lens``) -> ``income_order`` -> ``income_voyage`` (pushes ``income``) ->
``income_end``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.engine import Action, Frame
from boardlab.engine.layouts import PLAYER
from boardlab.games.linnaeus import rewards, scoring, university
from boardlab.games.linnaeus.actions import act
from boardlab.games.linnaeus.content import CONTENT, REWARDS, WILD
from boardlab.games.linnaeus.frames import (
    DiscardLens,
    Income,
    IncomeEnd,
    IncomeLenses,
    IncomeOrder,
    IncomeVoyage,
)
from boardlab.games.linnaeus.turn import LAST_ROUND, MICROSCOPE

if TYPE_CHECKING:
    from boardlab.games.linnaeus.state import LinnaeusState


def push_income(s: LinnaeusState) -> None:
    s.active = -1
    s.stack.extend([(IncomeEnd.key, 0), (IncomeVoyage.key, 0), (IncomeOrder.key, 0),
                    (IncomeLenses.key, 0)])


def run_lenses(s: LinnaeusState, f: Frame) -> None:
    """Step 1: the box lens returns, the microscope lens goes to the box, the others return;
    then each side above capacity discards (§7.4)."""
    s.stack.pop()
    for side in range(s.n_sides):
        base = side * 3
        if side != s.automa:
            back = [s.on_tool[base], s.on_tool[base + 1]]
            if s.box[side] >= 0:
                back.append(s.box[side])
            s.available[side] = (*s.available[side], *(x for x in back if x >= 0))
            s.box[side] = s.on_tool[base + MICROSCOPE]
        s.on_tool[base : base + 3] = [-1, -1, -1]
    for side in reversed(s.turn_order):
        if side != s.automa and len(s.available[side]) > CONTENT.lens_capacity:
            s.stack.append((DiscardLens.key, side))


def prepare_discard(s: LinnaeusState, f: Frame) -> bool:
    if len(s.available[f[PLAYER]]) > CONTENT.lens_capacity:
        return True
    s.stack.pop()
    return False


def options_discard(s: LinnaeusState, f: Frame) -> list[Action]:
    held = s.available[f[PLAYER]]
    return [act("discard", code) for code in sorted(set(held)) if code != WILD]


def resolve_discard(s: LinnaeusState, f: Frame, a: Action) -> None:
    side = f[PLAYER]
    held = list(s.available[side])
    held.remove(int(a.args[0]))
    s.available[side] = tuple(held)
    reward = REWARDS[CONTENT.lens_discard]
    s.vp[side] += reward.vp
    s.coins[side] += reward.coins


def run_order(s: LinnaeusState, f: Frame) -> None:
    """Steps 2-3: the order of the markers on the next-round tile; the next tile."""
    s.stack.pop()
    if s.round >= LAST_ROUND:
        return
    if s.automa < 0:
        placed = [side for side in s.next_spaces if side >= 0]
        s.turn_order = (*placed, *(x for x in s.turn_order if x not in placed))
    s.current_tile = s.next_tile
    s.first_spaces = [-1, -1, -1, -1]  # the round-1 tile leaves play with its markers
    if s.round + 1 < LAST_ROUND and s.order_stack:
        s.next_tile = s.order_stack[-1]
        s.order_stack = s.order_stack[:-1]
    else:
        s.next_tile = -1
    s.next_spaces = [-1, -1, -1, -1]


def paying(s: LinnaeusState, side: int) -> tuple[int, ...]:
    """Positions of the complete voyage cards linked to a book (§14.5)."""
    return tuple(k for k, card in enumerate(s.voyages[side])
                 if s.links[side][k] >= 0
                 and s.ships[side][k] >= len(CONTENT.voyages[card].cells))


def run_voyage(s: LinnaeusState, f: Frame) -> None:
    """Step 4, in the new turn order (the automa collects nothing)."""
    s.stack.pop()
    for side in reversed(s.turn_order):
        if side != s.automa:
            cards = paying(s, side)
            if cards:
                s.stack.append((Income.key, side, cards))


def options_income(s: LinnaeusState, f: Frame) -> list[Action]:
    _, side, cards = f
    incomes = [REWARDS[CONTENT.voyages[s.voyages[side][k]].income] for k in cards]
    if any(r.pay for r in incomes):
        return [act("income", s.voyages[side][k]) for k in cards]
    return [act("income", s.voyages[side][cards[0]])]


def resolve_income(s: LinnaeusState, f: Frame, a: Action) -> None:
    _, side, cards = f
    k = s.voyages[side].index(int(a.args[0]))
    rest = tuple(x for x in cards if x != k)
    if rest:
        s.stack[-1] = (Income.key, side, rest)

    else:
        s.stack.pop()
    rewards.give(s, side, CONTENT.voyages[s.voyages[side][k]].income)


def run_end(s: LinnaeusState, f: Frame) -> None:
    """Step 5 and the round's end: the helm turns, achievements, the next round or the end."""
    s.stack.pop()
    s.helm = (s.helm + 1) % len(CONTENT.helm)
    university.check_achievements(s)
    s.round += 1
    s.turns_done = 0
    if s.round > LAST_ROUND:
        s.round = LAST_ROUND
        scoring.finish(s)
    else:
        s.announce("round", "round {} begins", s.round)
