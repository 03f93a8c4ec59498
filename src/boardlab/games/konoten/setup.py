"""Dealing a new game (K-4): shuffled decks, the display, counters, tokens and the boards.

Boards are dealt at random, fixed by the ``characters`` option, or drafted (A17): the
draft pushes one ``character`` frame per seat, in reverse start order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.games.konoten import actions as A
from boardlab.games.konoten.content import CONTENT
from boardlab.games.konoten.flow import DRAFT, SUPPLY
from boardlab.games.konoten.frames import Character
from boardlab.games.konoten.tables import (
    ALL_FOUNDATIONS,
    ALL_TASKS,
    CHARACTER_IDS,
    N_CHARACTERS,
    N_DEVICES,
    N_VP_SOURCES,
    NORMAL_CARDS,
    START_BIT,
    VP_CARDS,
)

if TYPE_CHECKING:
    from boardlab.games.konoten.state import KonotenState


def deal(s: KonotenState) -> None:
    """Deal a new game from ``s.rng`` and ``s.options``; the caller then runs to a decision."""
    n = s.players
    rng = s.rng
    normal = list(NORMAL_CARDS)
    rng.shuffle(normal)
    vp_deck = list(VP_CARDS)
    rng.shuffle(vp_deck)
    s.normal_deck = normal
    s.vp_deck = vp_deck
    s.market = [normal.pop() for _ in range(CONTENT.normal_display)] + [
        vp_deck.pop() for _ in range(CONTENT.vp_display)
    ]
    s.found = ALL_FOUNDATIONS
    s.start = rng.randbelow(n)
    start = CONTENT.setup
    s.ap = [start.ap] * n
    s.creativity = [start.creativity] * n
    s.vp = [0] * n
    s.vp_by_source = [0] * (n * N_VP_SOURCES)
    s.stock = [start.tokens_in_stock] * n
    s.tasks = [ALL_TASKS] * n
    s.grown = [START_BIT] * n
    s.will_used = [0] * n
    s.lobby_unused = [start.assistants_in_lobby_unused] * n
    s.lobby_used = [0] * n
    s.hand = [0] * n
    s.mats = list(start.materials) * n
    s.dev_occ = [0] * (N_DEVICES * n)
    s.dev_uses = [0] * N_DEVICES
    s.lenses = []
    s.lens_occ = []
    s.lens_used = []
    s.stack = []
    s.round = 1
    s.order_pos = 0
    s.main_next = s.start
    s.ended = 0
    s.next_start = -1
    chosen = list(s.options.get("characters") or ())
    if chosen:
        if len(chosen) != n or len(set(chosen)) != n:
            raise ValueError(
                f"option 'characters' needs {n} different characters (one per seat), "
                f"got {chosen}; characters: {', '.join(CHARACTER_IDS)}"
            )
        s.char = [A.CHARACTER_INDEX[c] for c in chosen]
        s.phase = SUPPLY
    elif s.options.get("assignment", "random") == "draft":
        s.char = [-1] * n
        s.phase = DRAFT
        for k in range(n):  # A17: reverse start order, so the seat before the start picks first
            s.stack.append((Character.key, (s.start + k) % n))
    else:
        order = list(range(N_CHARACTERS))
        rng.shuffle(order)
        s.char = order[:n]
        s.phase = SUPPLY
