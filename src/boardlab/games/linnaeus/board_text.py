"""The text board of the terminal (``render_text``): the map, the displays, every side's
workbench and tracks, and the decision or the result; built only when a board is asked for.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from boardlab.games.linnaeus.actions import reward_text
from boardlab.games.linnaeus.content import (
    ADVANCED,
    CATEGORIES,
    COLOURS,
    CONTENT,
    DOMAINS,
    TOOLS,
    TRACKS,
    Specimen,
)
from boardlab.games.linnaeus.setup import automa_level
from boardlab.games.linnaeus.view import ids_of, lens_id, side_name

if TYPE_CHECKING:
    from boardlab.games.linnaeus.state import LinnaeusState


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
    lines.append("Displays: letters " + " ".join(_shown(ids_of(s.letter_display, CONTENT.letters)))
                 + "; books " + " ".join(_shown(ids_of(s.book_display, CONTENT.books)))
                 + "; voyages " + " ".join(_shown(ids_of(s.voyage_display, CONTENT.voyages)))
                 + "; exotics " + " ".join(_shown(ids_of(s.exotic_display, CONTENT.exotics)))
                 + "; lenses " + " ".join(_shown(ids_of(s.lens_display, CONTENT.advanced))))
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
