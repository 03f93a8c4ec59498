"""Linnaeus's fixed action space for learning environments: one index per action, for ever.

The space is a row of blocks, one per action kind, each listing every action of that kind
the game can offer (built with ``actions.act``, so they are the very options of the
decisions). Options that name a card, tile, lens or location name it by its content index,
so an index always means the same thing; the layout depends on neither the player count nor
the options.

>>> from boardlab.games.linnaeus.actions import act
>>> codec = action_codec(2, {})
>>> codec.encode(act("write", 3)) == codec.blocks()["write"][0] + 3
True
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from boardlab.engine import Action
from boardlab.engine.codec import BlockCodec
from boardlab.games.linnaeus.actions import act, choice_key
from boardlab.games.linnaeus.content import ADVANCED, CONTENT, N_LOCATIONS, N_SPOTS, REWARDS


def _blocks() -> tuple[tuple[str, tuple[Action, ...]], ...]:
    lenses = ADVANCED + len(CONTENT.advanced)
    books, voyages = len(CONTENT.books), len(CONTENT.voyages)
    sketches, letters = len(CONTENT.sketches), len(CONTENT.letters)
    choices = tuple(dict.fromkeys(choice_key(c) for r in REWARDS for c in r.choice))
    return (
        ("flow", (act("continue"), act("stop"), act("skip"), act("pay"),
                  act("ability", "before"), act("ability", "after"))),
        ("place", tuple(act("place", code, t) for code in range(lenses) for t in range(3))),
        ("wild", tuple(act("wild", a) for a in range(5))),
        ("space", tuple(act("space", k) for k in range(4))),
        ("start_tile", tuple(act("start_tile", k) for k in range(len(CONTENT.start_tiles)))),
        ("explore", (act("stay"), *(act("move", loc) for loc in range(N_LOCATIONS)))),
        ("first_visit", (act("first_visit", "upper"), act("first_visit", "lower"))),
        ("investigate", (act("investigate", "reward"), act("collect"), act("nothing"))),
        ("slot", tuple(act("slot", k, r) for k in range(4) for r in range(4))),
        ("point", tuple(act("point", p) for p in range(9))),
        ("write", tuple(act("write", x) for x in range(letters))),
        ("send", tuple(act("send", x) for x in range(letters))),
        ("plant", tuple(act("plant", v, x) for v in (1, 2, 3) for x in range(N_SPOTS))),
        ("cultivate", tuple(act("cultivate", x) for x in range(N_SPOTS))),
        ("ship", tuple(act("ship", v) for v in range(voyages))),
        ("publish", tuple(act("publish", b) for b in range(books))),
        ("token", tuple(act("token", c) for c in range(9))),
        ("sketch", tuple(act("sketch", k) for k in range(sketches))),
        ("appendix", (act("appendix"),)),
        ("link", tuple(act("link", v) for v in range(voyages))),
        ("link_book", tuple(act("link_book", b) for b in range(books))),
        ("choose", tuple(act("choose", key) for key in choices)),
        ("track", tuple(act("track", t) for t in range(3))),
        ("knowledge", tuple(act("knowledge", c) for c in range(9))),
        ("stack", tuple(act("stack", k) for k in range(3))),
        ("activate", tuple(act("activate", k) for k in range(sketches))),
        ("exotic", tuple(act("exotic", e) for e in range(len(CONTENT.exotics)))),
        ("lens", (*(act("lens", k) for k in range(len(CONTENT.advanced))),
                  act("refresh_lenses"))),
        ("book", tuple(act("book", b) for b in range(books))),
        ("voyage_card", tuple(act("voyage_card", v) for v in range(voyages))),
        ("discard", tuple(act("discard", code) for code in range(lenses))),
        ("income", tuple(act("income", v) for v in range(voyages))),
        ("extra", tuple(act("extra", a) for a in range(5))),
        ("trade", (act("buy", "container"), act("buy", "tool"), act("sell", "container"),
                   act("sell", "tool"))),
        ("move_knowledge", tuple(act("move_knowledge", a, b) for a in range(9)
                                 for b in range(9) if a != b)),
        ("refresh", tuple(act("refresh", name) for name in
                          ("letters", "books", "voyages", "exotics", "lenses", "ponds"))),
        ("recruit", tuple(act("recruit", v) for v in range(voyages))),
        ("take_book", tuple(act("take_book", b) for b in range(books))),
        ("lens_order", (act("lens_order", "first"), act("lens_order", "last"))),
        ("corner", tuple(act("corner", k) for k in range(len(CONTENT.specimens)))),
    )


#: Decisions per player allowed for in ``max_game_length`` (OpenSpiel's game length): 1,200
#: random games (300 per count, every option) took at most 127, 237, 359 and 453 decisions
#: at 1, 2, 3 and 4 players (median 100, 200, 301, 399), so 250 per player leaves about
#: twice the longest.
DECISIONS_PER_PLAYER = 250


class LinnaeusActionCodec(BlockCodec):
    """The Linnaeus action space: ``encode``/``decode`` one action, ``mask`` the legal ones."""

    __slots__ = ("max_game_length",)

    def __init__(self, players: int) -> None:
        super().__init__("Linnaeus", players, _blocks())
        self.max_game_length = DECISIONS_PER_PLAYER * players


@functools.cache
def _codec(players: int) -> LinnaeusActionCodec:
    return LinnaeusActionCodec(players)


def action_codec(players: int, options: Mapping[str, Any]) -> LinnaeusActionCodec:
    """The action space (the same at every player count and with every option)."""
    return _codec(players)
