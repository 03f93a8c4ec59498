"""What a seat sees of a Linnaeus game (``view_body``), a terminal picture of it
(``render_text``), and the re-deal of what it cannot see (``resample_hidden``).

Everything on the table is public (ruling 36): the map, the displays, the garden, the
university, every player's workbench, library, knowledge, letters, books, sketches and
voyages, the automa's cards and face-up green lenses. Hidden: the order of every deck and
stack (specimens, sketches, letters, books, voyages, exotics, advanced lenses, action-order
tiles with the one removed unseen, the automa's deck and its face-down green lenses); only
their sizes are shown. ``view.schema.json`` gives the body's shape.
"""

from __future__ import annotations

import textwrap
from random import Random
from typing import TYPE_CHECKING, Any

from boardlab.engine import Rng
from boardlab.games.linnaeus.actions import reward_text
from boardlab.games.linnaeus.content import (
    ACTIONS,
    ADVANCED,
    CATEGORIES,
    COLOURS,
    CONTENT,
    DOMAINS,
    N_LOCATIONS,
    SHAPES,
    TOOLS,
    TRACKS,
    WILD,
    Specimen,
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


def _ids(items: list[int] | tuple[int, ...], table: tuple[Any, ...]) -> list[str | None]:
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
            "letters": _ids(s.letter_display, CONTENT.letters),
            "books": _ids(s.book_display, CONTENT.books),
            "voyages": _ids(s.voyage_display, CONTENT.voyages),
            "exotics": _ids(s.exotic_display, CONTENT.exotics),
            "lenses": _ids(s.lens_display, CONTENT.advanced),
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


def render_text(s: LinnaeusState, seat: int | None) -> str:
    """The board in lines of at most 78 columns: the round and order, the map, the displays,
    the garden, the university, then each side's board."""
    name = side_name
    dots = ", ".join(f"{c} x{n}" for c, n in zip(("crimson", "gold", "azure"),
                                                   CONTENT.helm[s.helm], strict=True))
    lines = [f"Linnaeus, round {s.round}; order {' '.join(name(s, x) or '' for x in s.turn_order)}"
             f"; helm {dots}"]
    if s.automa >= 0:
        lines.append(f"Solo game: P1 against the automa ({automa_level(s.options)})")
    if s.to_move is not None:
        lines.append(f"{name(s, s.to_move)} to play")
    if s.round == 1 and s.turns_done == 0:
        lines.append(_order_line(s, "round-1", s.current_tile, s.first_spaces))
    if s.next_tile >= 0:
        lines.append(_order_line(s, "next-round", s.next_tile, s.next_spaces))
    lines.append("Map:")
    for k, loc in enumerate(CONTENT.locations):
        bits = [loc.name]
        if s.sites[k] >= 0:
            spec = CONTENT.specimens[s.sites[k]]
            bits.append(f"{spec.name} ({spec.containers} container"
                        f"{'' if spec.containers == 1 else 's'})")
        if s.site_sketch[k] >= 0:
            bits.append(f"sketch {CONTENT.sketches[s.site_sketch[k]].id}")
        visits = [name(s, x) or "" for x in s.first_marks[2 * k : 2 * k + 2] if x >= 0]
        if loc.kind == "specimen" and visits:
            bits.append("first visits " + ",".join(visits))
        here = [name(s, x) or "" for x in range(s.n_sides) if s.explorer[x] == k]
        if here:
            bits.append("explorers " + ",".join(here))
        if s.sites[k] >= 0:
            bits.append("corners " + corners_text(CONTENT.specimens[s.sites[k]]))
        lines.append("  " + "; ".join(bits))
    lines.append("Displays: letters " + " ".join(_shown(_ids(s.letter_display, CONTENT.letters)))
                 + "; books " + " ".join(_shown(_ids(s.book_display, CONTENT.books)))
                 + "; voyages " + " ".join(_shown(_ids(s.voyage_display, CONTENT.voyages)))
                 + "; exotics " + " ".join(_shown(_ids(s.exotic_display, CONTENT.exotics)))
                 + "; lenses " + " ".join(_shown(_ids(s.lens_display, CONTENT.advanced))))
    lines.extend(_display_lines(s))
    garden = []
    for k, spot in enumerate(CONTENT.spots):
        owner = name(s, s.spot_owner[k])
        if owner:
            garden.append(f"{spot.id}:{owner}{s.spot_value[k]}{'*' if s.spot_dark[k] else ''}")
    lines.append("Garden (* dark): " + (" ".join(garden) or "empty"))
    ponds = " ".join(
        f"row {r}: {CONTENT.pond_ids[s.ponds[r]]}"
        + (f"+{CONTENT.sketches[s.pond_sketch[r]].id}" if s.pond_sketch[r] >= 0 else "")
        for r in range(3))
    lines.append(f"Ponds: {ponds}")
    lines.append("University: " + "; ".join(
        f"{TRACKS[t]} goal {CONTENT.scoring_tiles[g].gold_counter}" for t, g in enumerate(s.gold))
        + "; achievements " + " ".join(
            f"{CONTENT.scoring_tiles[x].id}[{','.join(name(s, y) or '' for y in s.claims[k])}]"
            for k, x in enumerate(s.red)))
    for side in range(s.n_sides):
        lines.extend(_side_lines(s, side, seat))
    wrapped: list[str] = []
    for line in lines:
        wrapped.extend(textwrap.wrap(line, 78, subsequent_indent="      ") or [""])
    return "\n".join(wrapped)


def _shown(items: list[str | None]) -> list[str]:
    return [x or "-" for x in items]


def corners_text(spec: Specimen) -> str:
    """A specimen's corners NW, NE, SE, SW as printed: a knowledge category, a bonus, or -."""
    return ", ".join("-" if c is None else CATEGORIES[c.knowledge] if c.knowledge >= 0
                     else reward_text(c.bonus) for c in spec.corners)


def _order_line(s: LinnaeusState, which: str, tile: int, marks: list[int]) -> str:
    spaces = "; ".join(f"{k + 1} {reward_text(reward)} [{side_name(s, marks[k]) or '-'}]"
                       for k, reward in enumerate(CONTENT.order_tiles[tile]))
    return f"{which} order tile {CONTENT.order_ids[tile]}: {spaces}"


def _knowledge_text(knowledge: tuple[int, ...]) -> str:
    """Knowledge a card needs, by category, or ``any-<domain>`` where any of a domain will do."""
    return " ".join(CATEGORIES[e] if e >= 0 else f"any-{DOMAINS[-1 - e]}" for e in knowledge)


def _display_lines(s: LinnaeusState) -> list[str]:
    """What each face-up card gives."""
    from boardlab.games.linnaeus.explain import condition_text, lens_text

    lines = []
    for x in s.letter_display:
        if x >= 0:
            letter = CONTENT.letters[x]
            lines.append(f"  {letter.id} {COLOURS[letter.colour]} letter: write "
                         f"{reward_text(letter.write)}; send {reward_text(letter.send)}")
    for x in s.book_display:
        if x >= 0:
            book = CONTENT.books[x]
            needs = _knowledge_text(book.knowledge)
            sketches = f", sketches {'+'.join(map(str, book.sketches))}" if book.sketches else ""
            lines.append(f"  {book.id} book {book.vp} VP and {reward_text(book.reward)}; "
                         f"needs {needs}{sketches}")
    for x in s.voyage_display:
        if x >= 0:
            voyage = CONTENT.voyages[x]
            lines.append(f"  {voyage.id} voyage to {voyage.destination}: "
                         f"{len(voyage.cells)} spaces; income {reward_text(voyage.income)}")
    for x in s.exotic_display:
        if x >= 0:
            exotic = CONTENT.exotics[x]
            knows = _knowledge_text(exotic.knowledge)
            lines.append(f"  {exotic.id} {exotic.name}: knowledge {knows}; 5 VP if "
                         + " or ".join(condition_text(c) for c in exotic.conditions))
    for x in s.lens_display:
        if x >= 0:
            lines.append(f"  {CONTENT.advanced[x].id}: {lens_text(ADVANCED + x)}")
    return lines


def _side_lines(s: LinnaeusState, side: int, seat: int | None) -> list[str]:
    base3, base4, base9 = side * 3, side * 4, side * 9
    who = (side_name(s, side) or "") + (" (you)" if side == seat else "")
    knowledge = " ".join(f"{CATEGORIES[c]}{s.knowledge[base9 + c]}" for c in range(9)
                         if s.knowledge[base9 + c])
    lines = [
        f"{who}: {s.vp[side]} VP, {s.coins[side]} coins, {s.containers[side]} containers, "
        f"{s.tools[side]} tools; taxonomy {s.taxonomy[side]}/12; lectures "
        + " ".join(f"{TRACKS[t]} {s.lecture[base3 + t]}" for t in range(3))
        + f"; knowledge: {knowledge or 'none'}",
    ]
    if side != s.automa:
        tools = " ".join(f"{TOOLS[t]}={lens_id(s.on_tool[base3 + t])}" for t in range(3)
                         if s.on_tool[base3 + t] >= 0)
        box = lens_id(s.box[side]) if s.box[side] >= 0 else "-"
        lines.append(f"  lenses: {' '.join(lens_id(x) for x in s.available[side])}; "
                     f"box {box}; {tools or 'no lens placed'}")
        held = [(k, CONTENT.specimens[s.library[base4 + k]]) for k in range(4)
                if s.library[base4 + k] >= 0]
        library = " ".join(f"[{k // 2},{k % 2}] {spec.name} "
                           f"{s.covered[base4 + k].bit_count()}/{spec.effective}"
                           for k, spec in held)
        lines.append(f"  explorer at {CONTENT.locations[s.explorer[side]].name}; researcher at "
                     f"({s.researcher[side] // 3},{s.researcher[side] % 3}); library: "
                     f"{library or 'empty'}")
    else:
        cards = " ".join(CONTENT.solo_cards[s.on_tool[base3 + t]].id
                         if s.on_tool[base3 + t] >= 0 else "-" for t in range(3))
        greens = " ".join(f"GL{x + 1}" if x >= 0 else "-" for x in s.green_under)
        lines.append(f"  cards on tools {cards}; green lenses {greens}; "
                     f"{len(s.automa_deck)} cards in its deck")
    lines.append(
        f"  researched {len(s.researched[side])}, exotics {len(s.exotics[side])}, sketches "
        f"{' '.join(CONTENT.sketches[x].id for x in s.sketches[side]) or 'none'}; letters "
        f"unsent {' '.join(CONTENT.letters[x].id for x in s.letters[side]) or 'none'}, "
        f"sent {len(s.sent[side])}")
    lines.append(
        f"  books {' '.join(CONTENT.books[b].id for b in s.books[side]) or 'none'}, published "
        f"{' '.join(CONTENT.books[b].id for b in s.published[side]) or 'none'}; voyages "
        + " ".join(f"{CONTENT.voyages[c].destination} {s.ships[side][k]}/"
                   f"{len(CONTENT.voyages[c].cells)}" for k, c in enumerate(s.voyages[side]))
        + f"; flowers left {s.flowers[base3 : base3 + 3]}")
    return lines


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

