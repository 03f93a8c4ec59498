"""What a seat sees of a Linnaeus game (``view_body``) and the re-deal of what it cannot see
(``resample_hidden``); the terminal picture of it is ``board_text.py``.

Everything on the table is public (ruling 36): the map, the displays, the garden, the
university, every player's workbench, library, knowledge, letters, books, sketches and
voyages, the automa's cards and face-up green lenses. Hidden: the order of every deck and
stack (specimens, sketches, letters, books, voyages, exotics, advanced lenses, action-order
tiles with the one removed unseen, the automa's deck and its face-down green lenses); only
their sizes are shown. ``view.schema.json`` gives the body's shape.
"""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING, Any

from boardlab.engine import Rng
from boardlab.games.linnaeus.content import (
    ACTIONS,
    CATEGORIES,
    CONTENT,
    N_LOCATIONS,
    SHAPES,
    TRACKS,
    WILD,
)
from boardlab.games.linnaeus.setup import automa_level

if TYPE_CHECKING:
    from boardlab.games.linnaeus.state import LinnaeusState


def side_name(s: LinnaeusState, side: int) -> str | None:
    if side < 0:
        return None
    if side == s.automa:
        return "automa"
    if side >= s.n_sides:
        return "neutral"
    return f"P{side + 1}"


def lens_id(code: int) -> str:
    if code < WILD:
        return ACTIONS[code]
    if code == WILD:
        return "wild"
    return CONTENT.advanced[code - 6].id


def ids_of(items: list[int] | tuple[int, ...], table: tuple[Any, ...]) -> list[str | None]:
    """The id of each index into ``table``, ``None`` for an empty place (-1)."""
    return [None if x < 0 else str(table[x].id) for x in items]


def _side(s: LinnaeusState, side: int) -> dict[str, Any]:
    base3, base4, base9 = side * 3, side * 4, side * 9
    automa = side == s.automa
    tools = [None if s.on_tool[base3 + t] < 0 else
             (CONTENT.solo_cards[s.on_tool[base3 + t]].id if automa
              else lens_id(s.on_tool[base3 + t])) for t in range(3)]
    columns: dict[int, list[str]] = {}
    for letter, col in zip(s.sent[side], s.sent_col[side], strict=True):
        columns.setdefault(col, []).append(CONTENT.letters[letter].id)
    return {
        "side": side_name(s, side),
        "coins": s.coins[side],
        "containers": s.containers[side],
        "tools": s.tools[side],
        "vp": s.vp[side],
        "taxonomy": s.taxonomy[side],
        "lecture": s.lecture[base3 : base3 + 3],
        "knowledge": {CATEGORIES[c]: s.knowledge[base9 + c] for c in range(9)},
        "lenses": [lens_id(code) for code in s.available[side]],
        "box": None if s.box[side] < 0 else lens_id(s.box[side]),
        "on_tools": tools,
        "lenses_acquired": s.lenses_acquired[side],
        "explorer": CONTENT.locations[s.explorer[side]].id,
        "visited": [CONTENT.locations[loc].id for loc in range(N_LOCATIONS)
                    if s.visited[side] >> loc & 1],
        "researcher": s.researcher[side],
        "library": [
            None if s.library[base4 + k] < 0 else {
                "specimen": CONTENT.specimens[s.library[base4 + k]].id,
                "rotation": s.rotation[base4 + k],
                "covered": [i for i in range(4) if s.covered[base4 + k] >> i & 1],
            } for k in range(4)
        ],
        "researched": [CONTENT.specimens[x].id for x in s.researched[side]],
        "exotics": [CONTENT.exotics[x].id for x in s.exotics[side]],
        "sketches": [CONTENT.sketches[x].id for x in s.sketches[side]],
        "sketches_paid": [CONTENT.sketches[x].id for x in s.sketches_paid[side]],
        "letters": [CONTENT.letters[x].id for x in s.letters[side]],
        "sent": [columns[c] for c in sorted(columns)],
        "books": [CONTENT.books[x].id for x in s.books[side]],
        "published": [CONTENT.books[x].id for x in s.published[side]],
        "voyages": [
            {"card": CONTENT.voyages[card].id, "ship": s.ships[side][k],
             "book": None if s.links[side][k] < 0 else CONTENT.books[s.links[side][k]].id}
            for k, card in enumerate(s.voyages[side])
        ],
        "waiting": [CONTENT.books[x].id for x in s.waiting[side]],
        "flowers": s.flowers[base3 : base3 + 3],
        "character": None if s.character[side] < 0 else CONTENT.characters[s.character[side]].id,
    }


def view_body(s: LinnaeusState, seat: int | None) -> dict[str, Any]:
    def name(side: int) -> str | None:
        return side_name(s, side)

    return {
        "seat": seat,
        "round": s.round,
        "turn_order": [name(x) for x in s.turn_order],
        "active": name(s.active),
        "to_decide": None if s.to_move is None else name(s.to_move),
        "opponent": "automa" if s.automa >= 0 else None,
        "ended": bool(s.ended),
        "helm": {"orientation": s.helm,
                 "dots": dict(zip(("crimson", "gold", "azure"), CONTENT.helm[s.helm],
                                  strict=True))},
        "order": {
            "current_tile": CONTENT.order_ids[s.current_tile],
            "next_tile": None if s.next_tile < 0 else CONTENT.order_ids[s.next_tile],
            "first_spaces": [name(x) for x in s.first_spaces],
            "next_spaces": [name(x) for x in s.next_spaces],
            "tiles_left": max(0, len(s.order_stack) - 1),
        },
        "map": [
            {
                "id": loc.id,
                "specimen": None if s.sites[k] < 0 else CONTENT.specimens[s.sites[k]].id,
                "sketch": None if s.site_sketch[k] < 0 else CONTENT.sketches[s.site_sketch[k]].id,
                "first_visit": [name(s.first_marks[2 * k]), name(s.first_marks[2 * k + 1])],
                "explorers": [name(x) for x in range(s.n_sides) if s.explorer[x] == k],
            }
            for k, loc in enumerate(CONTENT.locations)
        ],
        "displays": {
            "letters": ids_of(s.letter_display, CONTENT.letters),
            "books": ids_of(s.book_display, CONTENT.books),
            "voyages": ids_of(s.voyage_display, CONTENT.voyages),
            "exotics": ids_of(s.exotic_display, CONTENT.exotics),
            "lenses": ids_of(s.lens_display, CONTENT.advanced),
        },
        "decks": {
            "specimens": len(s.spec_deck),
            "letters": len(s.letter_deck),
            "books": len(s.book_deck),
            "voyages": len(s.voyage_deck),
            "exotics": len(s.exotic_deck),
            "lenses": len(s.lens_supply),
            "sketch_stacks": [len(x) for x in s.stacks],
        },
        "garden": {
            "spots": [
                {"id": spot.id, "owner": name(s.spot_owner[k]), "value": s.spot_value[k],
                 "dark": bool(s.spot_dark[k])}
                for k, spot in enumerate(CONTENT.spots)
            ],
            "ponds": [{"tile": CONTENT.pond_ids[s.ponds[r]],
                       "sketch": None if s.pond_sketch[r] < 0
                       else CONTENT.sketches[s.pond_sketch[r]].id} for r in range(3)],
            "bed_tiles": {SHAPES[k]: CONTENT.bed_tiles[t].id for k, t in enumerate(s.bed_tiles)},
            "beds_done": [bed.id for b, bed in enumerate(CONTENT.beds) if s.beds_done >> b & 1],
        },
        "university": {
            "gold": {TRACKS[t]: CONTENT.scoring_tiles[x].id for t, x in enumerate(s.gold)},
            "achievements": [{"tile": CONTENT.scoring_tiles[x].id,
                              "claims": [name(y) for y in s.claims[k]]}
                             for k, x in enumerate(s.red)],
            "end_space": [name(x) for x in s.end_space],
        },
        "players": [_side(s, side) for side in range(s.n_sides)],
        "automa": None if s.automa < 0 else {
            "deck": len(s.automa_deck),
            "green_supply": len(s.green_supply),
            "green_under": [None if x < 0 else f"GL{x + 1}" for x in s.green_under],
            "difficulty": automa_level(s.options),
        },
    }


def resample_hidden(s: LinnaeusState, seat: int | None, rng: Random | Rng) -> None:
    """Shuffle every deck and stack (their contents are known, their order is not)."""
    def mixed(items: tuple[int, ...]) -> tuple[int, ...]:
        found = sorted(items)  # from the contents only, whatever the real order
        rng.shuffle(found)
        return tuple(found)

    s.spec_deck = mixed(s.spec_deck)
    s.letter_deck = mixed(s.letter_deck)
    s.book_deck = mixed(s.book_deck)
    s.voyage_deck = mixed(s.voyage_deck)
    s.exotic_deck = mixed(s.exotic_deck)
    s.lens_supply = mixed(s.lens_supply)
    s.order_stack = mixed(s.order_stack)
    s.automa_deck = mixed(s.automa_deck)
    s.green_supply = mixed(s.green_supply)
    pooled = list(mixed(tuple(x for stack in s.stacks for x in stack)))
    stacks = []
    for stack in s.stacks:
        stacks.append(tuple(pooled[: len(stack)]))
        del pooled[: len(stack)]
    s.stacks = stacks
