"""Growing the chart (K-11.2, K7) and the supply phase's token (K-6.2, K2).

A ``Grow`` frame (``frames.py``) grows one eligible node with a token from the stock
(``FROM_STOCK``) or from task space ``source``; the token stays in its place until the node
is chosen, so conservation holds between any two decisions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.engine import Action, Frame
from boardlab.engine.layouts import PLAYER
from boardlab.games.konoten import actions as A
from boardlab.games.konoten.effects import FROM_STOCK
from boardlab.games.konoten.frames import Grow
from boardlab.games.konoten.tables import ELIGIBLE, N_NODES

if TYPE_CHECKING:
    from boardlab.games.konoten.state import KonotenState


# ---------------------------------------------------------------- growing a node (K7)
def prepare_grow(s: KonotenState, f: Frame) -> bool:
    """A growth from an empty stock is lost (A13)."""
    _, p, source = f
    if source == FROM_STOCK and not s.stock[p]:
        s.stack.pop()
        return False
    return True


def options_grow(s: KonotenState, f: Frame) -> list[Action]:
    eligible = ELIGIBLE[s.grown[f[PLAYER]]]
    return [A.GROW[n] for n in range(N_NODES) if eligible >> n & 1]


def resolve_grow(s: KonotenState, f: Frame, action: Action) -> None:
    _, p, source = f
    s.grown[p] |= 1 << A.NODE_INDEX[str(action.args[0])]
    if source == FROM_STOCK:
        s.stock[p] -= 1
    else:
        s.tasks[p] &= ~(1 << source)
    s.stack.pop()


# ---------------------------------------------------------------- a token: assistant or growth
def options_token(s: KonotenState, f: Frame) -> list[Action]:
    """A token becomes an unused assistant, or grows when a node is eligible (K2, K9)."""
    if ELIGIBLE[s.grown[f[PLAYER]]]:
        return [A.TAKE_ASSISTANT, A.TAKE_GROWTH]
    return [A.TAKE_ASSISTANT]


def prepare_supply_token(s: KonotenState, f: Frame) -> bool:
    if not s.stock[f[PLAYER]]:
        s.stack.pop()
        return False
    return True


def resolve_supply_token(s: KonotenState, f: Frame, action: Action) -> None:
    p = f[PLAYER]
    if action.kind == "grow":
        s.stack[-1] = (Grow.key, p, FROM_STOCK)
        return
    s.stock[p] -= 1
    s.lobby_unused[p] += 1
    s.stack.pop()
