"""The Linnaeus table as SVG for the browser, drawn from one seat's view only.

The map of Sweden (locations, routes with their coins, specimens, sketches, first-visit
spaces, explorers), the displays (exotics, voyages, letters, books, advanced lenses) and the
sketch stacks, the action-order tiles, the helm, the botanical garden with its ponds and bed
tiles, the university (lecture tracks, goals, achievements), then one workbench per side:
tools with their lenses, the box, the available lenses, the library with its researcher,
knowledge, taxonomy, sketches, letters, books and voyages; in a solo game the automa's
cards, green lenses and deck. Every option of the pending decision with a place on the table
is clickable there (``data-action``), under the option's own id, which names things as the
view does: a location for ``move falun`` or ``stay``, a first-visit space for ``first_visit
upper``, the specimen for ``collect``, a card of a display for ``write LT12``, ``take_book
BK25``, ``recruit VY18``, ``exotic EX04``, ``lens AL12``, a lens chip on a tool for ``place
explore,magnifier``, a library slot or point for ``slot 3,1`` or ``point 4``, a garden spot
for ``plant 2,T1-3`` or ``cultivate Q1-2``, a lecture track for ``track botany``, an order
space for ``space 2``, a knowledge category for ``knowledge anatomy`` or ``token anatomy``,
one of the viewer's cards for ``send LT12``, ``publish BK25``, ``ship VY18``, ``link VY18``,
``income VY18``, ``activate SK24``, ``sketch SK24``, ``link_book BK25``, a lens of the
viewer's for ``discard AL12``; a refresh button for ``refresh letters``. Static facts
(names, rewards, the map's layout) come from the game's content files.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from typing import Any

from boardlab.games.linnaeus.actions import reward_text
from boardlab.games.linnaeus.content import (
    ACTIONS,
    CATEGORIES,
    COLOURS,
    CONTENT,
    CONTENT_DIR,
    DOMAINS,
    HELM_COLOURS,
    REWARDS,
    SHAPES,
    TOOLS,
    TRACKS,
    Specimen,
    Spot,
)
from boardlab.games.svg import (
    Options,
    circle,
    document,
    group,
    line,
    polygon,
    rect,
    seat_colour,
    text,
    title,
)

WIDTH = 1240
LEFT_X, LEFT_W = 12, 628
RIGHT_X = LEFT_X + LEFT_W + 12
RIGHT_W = WIDTH - RIGHT_X - 12
TOP = 46
INK, MUTED, PAPER, CARD = "#222", "#666", "#f6f1e4", "#fffdf7"
DOMAIN_FILL = {0: "#c8553d", 1: "#4e9a4b", 2: "#7d5ba6"}
DOMAIN_TINT = {0: "#f6ddd6", 1: "#dcefd9", 2: "#e8def3"}
LETTER_FILL = {0: "#d0352b", 1: "#2a6fc9", 2: "#e0b000", 3: "#8e44ad"}
HELM_FILL = {0: "#b0213a", 1: "#d4a017", 2: "#2f8fd8"}
TRACK_FILL = {0: "#3f8f3f", 1: "#e07b1f", 2: "#1f8f8f"}
TOOL_TIMES = ("\u00d71", "\u00d72", "\u00d73")
TOOL_BONUS = ("taxonomy +3", "1 tool or 1 container", "next-round order space")
AUTOMA_FILL, NEUTRAL_FILL = "#4d4d4d", "#a9a9a9"
#: Map layout: location centres from ``map.json`` (x east, y south).
_MAP = json.loads((CONTENT_DIR / "map.json").read_text(encoding="utf-8"))
MAP_XY = {loc["id"]: (int(loc["x"]), int(loc["y"])) for loc in _MAP["locations"]}
NODE_W, NODE_H = 108.0, 48.0
STEP_X, STEP_Y = 54.0, 53.0
SPECIMENS = {s.id: s for s in CONTENT.specimens}
SKETCHES = {s.id: s for s in CONTENT.sketches}
LETTERS = {x.id: x for x in CONTENT.letters}
BOOKS = {x.id: x for x in CONTENT.books}
VOYAGES = {x.id: x for x in CONTENT.voyages}
EXOTICS = {x.id: x for x in CONTENT.exotics}
LENSES = {x.id: x for x in CONTENT.advanced}
SPOTS = {x.id: x for x in CONTENT.spots}
SOLO = {x.id: x for x in CONTENT.solo_cards}
TILES = {x.id: x for x in CONTENT.scoring_tiles}
BED_TILES = {x.id: x for x in CONTENT.bed_tiles}
ORDER = dict(zip(CONTENT.order_ids, CONTENT.order_tiles, strict=True))
PONDS = dict(zip(CONTENT.pond_ids, CONTENT.ponds, strict=True))
SHORT = (
    ("coins", "c"),
    ("containers", "ct"),
    ("tools", "tl"),
    ("vp", "VP"),
    ("taxonomy", "tx"),
    ("lecture_any", "lec"),
    ("knowledge_any", "kn"),
    ("sketch", "sk"),
    ("activate_sketch", "act"),
    ("exotic", "exo"),
    ("advanced_lens", "lens"),
    ("book", "book"),
    ("voyage_card", "voy"),
)
LEGEND = (
    "c coin \u00b7 ct container \u00b7 tl tool \u00b7 tx taxonomy \u00b7 lec lecture step \u00b7 "
    "kn knowledge \u00b7 sk sketch \u00b7 act activate a sketch \u00b7 exo exotic \u00b7 "
    "voy voyage card \u00b7 \u25cf container cost \u00b7 hover anything for its full text"
)


def board_svg(view: Mapping[str, Any]) -> str:
    """The table ``view`` shows (one seat's or a spectator's), as one ``<svg>`` string."""
    options = Options(view)
    body = view["body"]
    parts = _header(view)
    left = _map(body, view["seat"], options, parts)
    right = _displays(body, options, parts)
    decision = view["decision"]
    right = _order(body, decision and decision["kind"], right + 10, options, parts)
    y = max(left, right) + 12
    left = _garden(body, y, options, parts)
    right = _university(body, y, options, parts)
    y = max(left, right) + 12
    y = _boards(view, y, options, parts)
    parts.append(text(LEFT_X, y + 16, LEGEND, 11, fill=MUTED))
    height = y + 28
    background = rect(0, 0, WIDTH, height, fill=PAPER)
    return document(WIDTH, height, [background, *parts], "Linnaeus table")


# ---------------------------------------------------------------- small pieces
def side_fill(name: str | None) -> str:
    """The colour of a side as the view names it (``P2``, ``automa``, ``neutral``)."""
    if name is None:
        return "none"
    if name == "automa":
        return AUTOMA_FILL
    if name == "neutral":
        return NEUTRAL_FILL
    return seat_colour(int(name[1:]) - 1)


def short(reward: int) -> str:
    """A reward in a few characters (the legend explains them)."""
    r = REWARDS[reward]
    bits = [f"{getattr(r, key)}{abbr}" for key, abbr in SHORT if getattr(r, key)]
    bits += [f"{n}{TRACKS[t][:3]}" for t, n in enumerate(r.lecture) if n]
    bits += [f"kn:{CATEGORIES[c][:4]}" for c in r.knowledge]
    bits += [f"{n}kn:{DOMAINS[d][:4]}" for d, n in enumerate(r.knowledge_domain) if n]
    bits += [f"{n}\u00d7{ACTIONS[a]}" for a, n in enumerate(r.action) if n]
    if r.choice:
        bits.append("/".join(short(c) for c in r.choice))
    if r.pay:
        cost = " ".join(f"{n}{k}" for n, k in zip(r.pay, ("c", "ct", "tl"), strict=True) if n)
        bits.append(f"(pay {cost})")
    return " ".join(bits) or "-"


def clip(value: str, size: int) -> str:
    return value if len(value) <= size else value[: size - 1] + "\u2026"


def hit(x: float, y: float, w: float, h: float, r: float = 5) -> str:
    return rect(x - 2, y - 2, w + 4, h + 4, rx=r, fill="none", class_="hit")


def click(options: Options | None, ids: Sequence[str], face: list[str], outline: str) -> str:
    """``face`` clickable for the first of ``ids`` that is an option now."""
    if options is not None:
        for option in ids:
            if option in options:
                return options.wrap(option, face, outline)
    return group(face)


def pawn(cx: float, cy: float, name: str | None, r: float = 6.5) -> list[str]:
    """A side's piece: a disc in its colour with its number (A for the automa)."""
    if name is None:
        return []
    letter = name[1:] if name.startswith("P") else name[0].upper()
    return [
        circle(cx, cy, r, fill=side_fill(name), stroke="#000", stroke_width=0.8),
        text(cx, cy + r * 0.5, letter, r * 1.5, "middle", fill="#fff", font_weight="bold"),
        title(name),
    ]


def chip(
    x: float,
    y: float,
    label: str,
    fill: str,
    ink: str = "#fff",
    w: float | None = None,
    size: float = 10.5,
) -> tuple[list[str], float]:
    """A small labelled token; returns its shapes and width."""
    width = w if w is not None else 8 + 0.63 * size * len(label)
    return [
        rect(x, y, width, 16, rx=4, fill=fill, stroke="#0004"),
        text(x + width / 2, y + 11.5, label, size, "middle", fill=ink, font_weight="bold"),
    ], width


def panel(
    x: float, y: float, w: float, h: float, head: str, edge: str = "#8c7b5e", fill: str = CARD
) -> list[str]:
    return [
        rect(x, y, w, h, rx=8, fill=fill, stroke=edge, stroke_width=1.5),
        text(x + 10, y + 17, head, 13, font_weight="bold", fill=INK),
    ]


def lens_label(name: str) -> str:
    """A lens as a chip shows it: the basic action, or the advanced lens's id and action."""
    if name in ACTIONS or name == "wild":
        return name
    lens = LENSES[name]
    return f"{name} {ACTIONS[lens.action][:4]}"


def lens_tip(name: str) -> str:
    if name in ACTIONS:
        return f"{name} lens"
    if name == "wild":
        return "wild lens (1 coin: any basic action)"
    lens = LENSES[name]
    what = lens.modifier.replace("_", " ") if lens.modifier else f"gain {reward_text(lens.gain)}"
    return f"{name}: {ACTIONS[lens.action]}, {what}"


def lens_fill(name: str) -> str:
    return "#6b6b6b" if name == "wild" else ("#2b6f77" if name in ACTIONS else "#b8860b")


def sketch_chip(x: float, y: float, sketch_id: str) -> tuple[list[str], float]:
    sketch = SKETCHES[sketch_id]
    shapes, width = chip(x, y, f"{sketch_id} {sketch.value}", DOMAIN_FILL[sketch.colour])
    shapes.append(
        title(
            f"sketch {sketch_id}: {DOMAINS[sketch.colour]} {sketch.value}, "
            f"bonus {reward_text(sketch.bonus)}"
        )
    )
    return shapes, width


# ---------------------------------------------------------------- header
def _header(view: Mapping[str, Any]) -> list[str]:
    body = view["body"]
    seat = view["seat"]
    you = "spectator" if seat is None else f"you are P{seat + 1}"
    if view["over"]:
        won = " ".join(view["winners"]) or "nobody"
        state = f"game over, won by {won}"
    else:
        state = f"{body['active'] or body['to_decide'] or '-'} to play"
    order = " ".join(body["turn_order"])
    head = f"Linnaeus - round {body['round']} of 5: {state}"
    scores = " \u00b7 ".join(
        f"{name} {num(score)}" for name, score in zip(view["sides"], view["scores"], strict=False)
    )
    return [
        text(LEFT_X, 30, head, 19, font_weight="bold", fill=INK),
        text(WIDTH - 12, 22, f"order {order} \u00b7 {you}", 13, "end", fill=MUTED),
        text(WIDTH - 12, 38, f"scores {scores}", 13, "end", fill=INK),
    ]


def num(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:.1f}"


# ---------------------------------------------------------------- the map
def _centre(loc_id: str) -> tuple[float, float]:
    x, y = MAP_XY[loc_id]
    return LEFT_X + 74 + (x - 1) * STEP_X, TOP + 56 + y * STEP_Y


def _map(body: Mapping[str, Any], seat: int | None, options: Options, parts: list[str]) -> float:
    height = 56 + 9 * STEP_Y + NODE_H / 2 + 12
    parts += panel(LEFT_X, TOP, LEFT_W, height, "Map", "#5b7d9a", "#e5eef2")
    decks = body["decks"]
    parts.append(
        text(
            LEFT_X + LEFT_W - 10,
            TOP + 17,
            f"specimen deck {decks['specimens']} \u00b7 sketch stacks "
            + " / ".join(str(n) for n in decks["sketch_stacks"]),
            11.5,
            "end",
            fill=MUTED,
        )
    )
    badges: list[str] = []
    for route in _MAP["routes"]:
        (ax, ay), (bx, by) = _centre(route["a"]), _centre(route["b"])
        cost = int(route["cost"].get("coins", 0))
        parts.append(
            line(
                ax,
                ay,
                bx,
                by,
                stroke="#8a6d3b" if cost else "#7a8f99",
                stroke_width=3 if cost else 2.5,
                stroke_dasharray="7 4" if cost else None,
            )
        )
        if cost:  # drawn over the locations: a short route's middle is near their boxes
            mx, my = (ax + bx) / 2, (ay + by) / 2
            badges += [
                circle(mx, my, 8, fill="#fff3c4", stroke="#8a6d3b"),
                text(mx, my + 4, f"{cost}c", 9.5, "middle", fill="#5a3e12", font_weight="bold"),
                title(f"difficult route: {cost} coin{'s' if cost > 1 else ''}"),
            ]
    mine = None if seat is None else body["players"][seat]["explorer"]
    for k, place in enumerate(body["map"]):
        parts += _location(k, place, place["id"] == mine, options)
    parts += badges
    return TOP + height


def _location(k: int, place: Mapping[str, Any], mine: bool, options: Options) -> list[str]:
    loc = CONTENT.locations[k]
    cx, cy = _centre(place["id"])
    x, y = cx - NODE_W / 2, cy - NODE_H / 2
    fill = {"start": "#f3e3b5", "sketch": "#eef3f8", "specimen": "#fffdf7"}[loc.kind]
    face = [
        rect(x, y, NODE_W, NODE_H, rx=6, fill=fill, stroke="#4a5d6a", stroke_width=1.2),
        text(x + 5, y + 13, loc.name, 11, fill=INK, font_weight="bold"),
        title(_location_tip(loc.kind, k, place)),
    ]
    for n, name in enumerate(place["explorers"]):
        face += pawn(x + NODE_W - 8 - 9 * (len(place["explorers"]) - 1 - n), y + 8, name, 6)
    ids = [f"move {loc.id}"] + (["stay"] if mine else [])
    out = [click(options, ids, face, hit(x, y, NODE_W, NODE_H, 7))]
    if loc.kind == "start":
        out.append(text(cx, y + 32, "start", 10, "middle", fill=MUTED))
        return out
    reward = [
        text(x + 5, y + 43, f"site: {short(loc.reward)}", 9.5, fill="#4a5d6a"),
        title(f"location reward: {reward_text(loc.reward)}"),
    ]
    mine_ids = ["investigate reward"] if mine else []
    out.append(click(options, mine_ids, reward, hit(x + 3, y + 34, NODE_W - 6, 12, 3)))
    if loc.kind == "sketch":
        sketch = place["sketch"]
        if sketch is not None:
            shapes, _ = sketch_chip(x + 5, y + 16, sketch)
            out += shapes
        else:
            out.append(text(x + 5, y + 28, f"stack {loc.sketch_stack}: empty", 9.5, fill=MUTED))
        return out
    specimen = place["specimen"]
    if specimen is not None:
        spec = SPECIMENS[specimen]
        dots = "\u25cf" * spec.containers
        shape = [
            rect(
                x + 4,
                y + 17,
                NODE_W - 8,
                15,
                rx=3,
                fill=DOMAIN_TINT[spec.domain],
                stroke=DOMAIN_FILL[spec.domain],
            ),
            text(x + 7, y + 28.5, clip(spec.name, 13), 9.5, fill=INK),
            text(x + NODE_W - 7, y + 28.5, dots, 9, "end", fill=DOMAIN_FILL[spec.domain]),
            title(_specimen_tip(spec.id)),
        ]
        ids = ["collect"] if mine else []
        out.append(click(options, ids, shape, hit(x + 4, y + 17, NODE_W - 8, 15, 3)))
    else:
        out.append(text(x + 7, y + 28.5, "no specimen", 9.5, fill=MUTED))
    for n, (which, owner) in enumerate(zip(("upper", "lower"), place["first_visit"], strict=False)):
        fx, fy = x - 17, y + 4 + n * 22
        mark = [
            rect(
                fx, fy, 15, 18, rx=3, fill=side_fill(owner) if owner else "#fff", stroke="#4a5d6a"
            ),
            title(
                f"first visit, {which}: {reward_text(loc.first_visit[n])}"
                + (f" (taken by {owner})" if owner else "")
            ),
        ]
        if owner is None:
            mark.append(text(fx + 7.5, fy + 12.5, which[0].upper(), 10, "middle", fill=MUTED))
        ids = [f"first_visit {which}"] if mine else []
        out.append(click(options, ids, mark, hit(fx, fy, 15, 18, 3)))
    return out


def _location_tip(kind: str, k: int, place: Mapping[str, Any]) -> str:
    loc = CONTENT.locations[k]
    tip = f"{loc.name} ({kind})"
    if place["explorers"]:
        tip += "; explorers " + ", ".join(place["explorers"])
    return tip


def _specimen_tip(specimen_id: str) -> str:
    spec = SPECIMENS[specimen_id]
    corners = []
    for name, corner in zip(("NW", "NE", "SE", "SW"), spec.corners, strict=True):
        if corner is None:
            corners.append(f"{name} blank")
        elif corner.knowledge >= 0:
            corners.append(f"{name} {CATEGORIES[corner.knowledge]}")
        else:
            corners.append(f"{name} {reward_text(corner.bonus)}")
    return (
        f"{spec.id} {spec.name}: {DOMAINS[spec.domain]}, {spec.containers} container(s); "
        + ", ".join(corners)
    )


# ---------------------------------------------------------------- displays
def _displays(body: Mapping[str, Any], options: Options, parts: list[str]) -> float:
    shown = body["displays"]
    decks = body["decks"]
    x, w = RIGHT_X, RIGHT_W
    rows: list[tuple[str, str, list[str | None]]] = [
        ("Exotic specimens", "exotics", shown["exotics"]),
        ("Voyage cards", "voyages", shown["voyages"]),
        ("Letters", "letters", shown["letters"]),
        ("Books", "books", shown["books"]),
        ("Advanced lenses", "lenses", shown["lenses"]),
    ]
    y = TOP
    height = 24 + len(rows) * 58 + 4
    parts += panel(x, y, w, height, "Displays")
    y += 24
    for head, key, cards in rows:
        label = f"{head} (deck {decks[key]})"
        parts.append(text(x + 10, y + 12, label, 11, fill=MUTED, font_weight="bold"))
        refresh = f"refresh {key}"
        button, bw = chip(x + w - 70, y + 1, "refresh", "#8c7b5e", w=60)
        parts.append(
            click(
                options,
                [refresh, "refresh_lenses"] if key == "lenses" else [refresh],
                button,
                hit(x + w - 70, y + 1, bw, 16, 4),
            )
        )
        slots = len(cards)
        cw = (w - 20 - 6 * (slots - 1)) / slots
        for n, card in enumerate(cards):
            cx = x + 10 + n * (cw + 6)
            parts.append(_display_card(key, card, cx, y + 18, cw, options))
        y += 58
    return y + 4


def _display_card(
    key: str, card: str | None, x: float, y: float, w: float, options: Options
) -> str:
    h = 36.0
    if card is None:
        return rect(x, y, w, h, rx=5, fill="none", stroke="#bbb", stroke_dasharray="4 3")
    if key == "exotics":
        exotic = EXOTICS[card]
        head, sub = f"{card} {exotic.name}", DOMAINS[exotic.domain]
        edge, tint = DOMAIN_FILL[exotic.domain], DOMAIN_TINT[exotic.domain]
        tip = f"{card} {exotic.name} ({DOMAINS[exotic.domain]})"
        ids = [f"exotic {card}"]
    elif key == "voyages":
        voyage = VOYAGES[card]
        head, sub = (
            f"{card} {voyage.destination}",
            f"{len(voyage.cells)} spaces, income {short(voyage.income)}",
        )
        edge, tint = "#2f6d8f", "#e1eef5"
        tip = (
            f"voyage {card} to {voyage.destination}: "
            + "; ".join(
                reward_text(c.reward) + (f" ({HELM_COLOURS[c.helm]})" if c.helm >= 0 else "")
                for c in voyage.cells
            )
            + f"; income {reward_text(voyage.income)}"
        )
        ids = [f"voyage_card {card}", f"recruit {card}"]
    elif key == "letters":
        letter = LETTERS[card]
        head, sub = (
            f"{card} {letter.correspondent}",
            f"write {short(letter.write)} \u00b7 send {short(letter.send)}",
        )
        edge, tint = LETTER_FILL[letter.colour], "#fbf6ea"
        tip = (
            f"{card} ({COLOURS[letter.colour]}, {letter.correspondent}): write "
            f"{reward_text(letter.write)}; send {reward_text(letter.send)}"
        )
        ids = [f"write {card}"]
    elif key == "books":
        book = BOOKS[card]
        head, sub = (
            f"{card} {book.title}",
            f"{book.vp} VP \u00b7 {_needs(book.knowledge)}"
            + (f" \u00b7 sk {'/'.join(str(v) for v in book.sketches)}" if book.sketches else ""),
        )
        edge, tint = DOMAIN_FILL[book.colour], DOMAIN_TINT[book.colour]
        tip = _book_tip(card)
        ids = [f"book {card}", f"take_book {card}"]
    else:
        lens = LENSES[card]
        head, sub = (
            card,
            f"{ACTIONS[lens.action]}: "
            + (lens.modifier.replace("_", " ") if lens.modifier else short(lens.gain)),
        )
        edge, tint = "#b8860b", "#fbf1d6"
        tip = lens_tip(card)
        ids = [f"lens {card}"]
    chars = int(w / 6.7)
    face = [
        rect(x, y, w, h, rx=5, fill=tint, stroke=edge, stroke_width=1.5),
        text(x + 5, y + 14, clip(head, chars), 10.5, fill=INK, font_weight="bold"),
        text(x + 5, y + 29, clip(sub, chars + 2), 9.5, fill=MUTED),
        title(tip),
    ]
    return click(options, ids, face, hit(x, y, w, h))


def _needs(knowledge: Sequence[int]) -> str:
    return " ".join(
        CATEGORIES[c][:4] if c >= 0 else f"any {DOMAINS[-1 - c][:4]}" for c in knowledge
    )


def _book_tip(card: str) -> str:
    book = BOOKS[card]
    tip = (
        f"{card} {book.title} ({DOMAINS[book.colour]}, {book.vp} VP): needs "
        f"{_needs(book.knowledge) or 'no knowledge'}"
        + (f", sketches {'/'.join(str(v) for v in book.sketches)}" if book.sketches else "")
        + f"; publishing gives {reward_text(book.reward)}"
    )
    if book.appendix_cost:
        cost = ", ".join(
            f"{n} {k}"
            for n, k in zip(book.appendix_cost, ("coins", "containers", "tools"), strict=True)
            if n
        )
        tip += f"; appendix {book.appendix_vp} VP for {cost or 'nothing'}"
        if book.appendix_sketches:
            tip += " + sketches " + "/".join(str(v) for v in book.appendix_sketches)
    return tip


# ---------------------------------------------------------------- order, helm, stacks
def _order(
    body: Mapping[str, Any], kind: str | None, y: float, options: Options, parts: list[str]
) -> float:
    order = body["order"]
    x, w = RIGHT_X, RIGHT_W
    height = 108.0
    parts += panel(x, y, w, height, "Turn order, action-order tiles, helm, sketch stacks")
    row_y = y + 26
    names = body["turn_order"]
    parts.append(text(x + 10, row_y + 12, "turn order", 11, fill=MUTED, font_weight="bold"))
    for n, name in enumerate(names):
        px = x + 86 + n * 22
        if name == body["active"]:
            parts.append(circle(px, row_y + 8, 10, fill="#ffe680", stroke="#b38600"))
        parts += pawn(px, row_y + 8, name, 7.5)
    tiles = [
        (
            "round-1 tile" if body["round"] == 1 else "this round",
            order["current_tile"],
            order["first_spaces"] if body["round"] == 1 else [None] * 4,
            kind == "initial_order_space",
        )
    ]
    if order["next_tile"] is not None:
        tiles.append(
            ("next round", order["next_tile"], order["next_spaces"], kind == "order_space")
        )
    for n, (label, tile, marks, live) in enumerate(tiles):
        ty = row_y + 24 + n * 34
        parts.append(text(x + 10, ty + 12, f"{label} {tile}", 11, fill=MUTED, font_weight="bold"))
        for k, reward in enumerate(ORDER[tile]):
            sx = x + 110 + k * 62
            face = [
                rect(sx, ty - 2, 58, 28, rx=4, fill="#fff", stroke="#8c7b5e"),
                text(sx + 4, ty + 10, f"{k + 1}", 10, fill=MUTED, font_weight="bold"),
                text(sx + 29, ty + 22, short(reward), 9.5, "middle", fill=INK),
                title(f"order space {k + 1} from the left: {reward_text(reward)}"),
            ]
            face += pawn(sx + 48, ty + 8, marks[k], 6.5)
            ids = [f"space {k}"] if live else []
            parts.append(click(options, ids, face, hit(sx, ty - 2, 58, 28, 4)))
    parts.append(
        text(x + 230, row_y + 12, f"order tiles left {order['tiles_left']}", 10.5, fill=MUTED)
    )
    _helm(body, x + 370, row_y + 6, parts)
    _stacks(body, x + 470, row_y, options, parts)
    return y + height


def _helm(body: Mapping[str, Any], x: float, y: float, parts: list[str]) -> None:
    dots = body["helm"]["dots"]
    cx, cy = x + 40, y + 40
    parts.append(circle(cx, cy, 36, fill="#d8c39a", stroke="#6d5530", stroke_width=2))
    for k in range(8):
        angle = math.radians(45 * k)
        parts.append(
            line(
                cx,
                cy,
                cx + 36 * math.cos(angle),
                cy + 36 * math.sin(angle),
                stroke="#6d5530",
                stroke_width=1,
            )
        )
    parts.append(circle(cx, cy, 6, fill="#6d5530"))
    for n, colour in enumerate(HELM_COLOURS):
        angle = math.radians(-90 + 120 * n)
        px, py = cx + 22 * math.cos(angle), cy + 22 * math.sin(angle)
        parts.append(circle(px, py, 10, fill=HELM_FILL[n], stroke="#fff", stroke_width=1.5))
        parts.append(
            text(px, py + 4, f"\u00d7{dots[colour]}", 10, "middle", fill="#fff", font_weight="bold")
        )
        parts.append(title(f"helm: {colour} voyage spaces pay {dots[colour]} time(s)"))


def _stacks(
    body: Mapping[str, Any], x: float, y: float, options: Options, parts: list[str]
) -> None:
    parts.append(text(x, y + 12, "sketch stacks", 11, fill=MUTED, font_weight="bold"))
    for k, count in enumerate(body["decks"]["sketch_stacks"]):
        sy = y + 20 + k * 22
        face = [
            rect(x, sy, 30, 18, rx=3, fill="#ccbfa3", stroke="#6d5530"),
            rect(x + 3, sy - 3, 30, 18, rx=3, fill="#e6dcc4", stroke="#6d5530"),
            text(x + 18, sy + 10, str(k), 11, "middle", fill=INK, font_weight="bold"),
            text(x + 40, sy + 12, f"{count} left", 10.5, fill=INK),
            title(f"sketch stack {k}: {count} face down"),
        ]
        parts.append(click(options, [f"stack {k}"], face, hit(x, sy - 3, 82, 21, 4)))


# ---------------------------------------------------------------- garden
CELL = 42.0


def _garden(body: Mapping[str, Any], y: float, options: Options, parts: list[str]) -> float:
    garden = body["garden"]
    x, w = LEFT_X, LEFT_W
    height = 26 + 3 * CELL + 64
    parts += panel(x, y, w, height, "Botanical garden", "#4e9a4b")
    gx, gy = x + 10, y + 26
    done = set(garden["beds_done"])
    for spot in garden["spots"]:
        info = SPOTS[spot["id"]]
        parts.append(_spot(info, spot, gx, gy, CONTENT.beds[info.bed].id in done, options))
    px = gx + 11 * CELL + 8
    for r, pond in enumerate(garden["ponds"]):
        py = gy + r * CELL
        face = [
            rect(px, py + 2, w - (px - x) - 10, CELL - 4, rx=12, fill="#bfe0ef", stroke="#2f8fd8"),
            text(
                px + 8, py + 16, f"pond {pond['tile']}: {short(PONDS[pond['tile']])}", 10, fill=INK
            ),
            title(f"pond of row {r}: {reward_text(PONDS[pond['tile']])}"),
        ]
        parts += face
        if pond["sketch"] is not None:
            shapes, _ = sketch_chip(px + 8, py + 20, pond["sketch"])
            parts += shapes
    bx = x + w - 106
    button, bw = chip(bx, gy + 3 * CELL + 4, "refresh ponds", "#8c7b5e", w=96)
    parts.append(click(options, ["refresh ponds"], button, hit(bx, gy + 3 * CELL + 4, bw, 16)))
    ty = gy + 3 * CELL + 24
    parts.append(text(gx, ty + 10, "bed tiles", 11, fill=MUTED, font_weight="bold"))
    tx = gx + 62
    for shape in SHAPES:
        tile = BED_TILES[garden["bed_tiles"][shape]]
        label = f"{shape} {tile.id}: top {short(tile.top)} \u00b7 ranks " + "/".join(
            str(v) for v in tile.rank_vp
        )
        parts.append(rect(tx, ty - 2, 170, 18, rx=4, fill="#eef6e9", stroke="#4e9a4b"))
        parts.append(text(tx + 5, ty + 11, label, 9.5, fill=INK))
        parts.append(
            title(
                f"{shape} beds ({tile.id}): the player with most flowers when the "
                f"bed fills gets {reward_text(tile.top)}; rank VP "
                + ", ".join(str(v) for v in tile.rank_vp)
            )
        )
        tx += 176
    parts.append(
        text(
            gx,
            ty + 32,
            "beds filled: "
            + (", ".join(sorted(done)) or "none")
            + " \u00b7 dark side shown with a ring",
            10,
            fill=MUTED,
        )
    )
    return y + height


BED_FILL = ("#f4e3c1", "#e3efd2", "#dbe9f4", "#f1dbe6", "#e8e1f4", "#f7edc8", "#d9efe8")


def _spot(
    info: Spot,
    spot: Mapping[str, Any],
    gx: float,
    gy: float,
    done: bool,
    options: Options,
) -> str:
    x, y = gx + info.col * CELL, gy + info.row * CELL
    bed = CONTENT.beds[info.bed]
    face = [
        rect(
            x + 1,
            y + 1,
            CELL - 2,
            CELL - 2,
            rx=4,
            fill=BED_FILL[info.bed % len(BED_FILL)],
            stroke="#6d8a4f" if not done else "#2e6b2e",
            stroke_width=1 if not done else 2,
        ),
        text(x + 4, y + 12, spot["id"], 9.5, fill=MUTED),
    ]
    tip = f"{spot['id']} (bed {bed.id}, {SHAPES[bed.shape]})"
    if info.reward:
        face.append(text(x + CELL - 4, y + 23, short(info.reward), 9.5, "end", fill="#5a3e12"))
        tip += f": planting gives {reward_text(info.reward)}"
    owner = spot["owner"]
    if owner is not None:
        cx, cy = x + CELL / 2, y + CELL / 2 + 2
        face.append(
            circle(
                cx,
                cy,
                11,
                fill=side_fill(owner),
                stroke="#000",
                stroke_width=2.5 if spot["dark"] else 0.8,
                stroke_dasharray="2 1.5" if spot["dark"] else None,
            )
        )
        face.append(
            text(cx, cy + 4.5, spot["value"], 12, "middle", fill="#fff", font_weight="bold")
        )
        tip += f"; {owner}'s flower {spot['value']}" + (" (dark side)" if spot["dark"] else "")
    face.append(title(tip))
    base = click(options, [f"cultivate {info.id}"], face, hit(x + 1, y + 1, CELL - 2, CELL - 2, 4))
    plants = [f"plant {v},{info.id}" for v in (1, 2, 3) if f"plant {v},{info.id}" in options]
    out = [base]
    for n, option in enumerate(plants):
        value = option.split()[1].split(",")[0]
        bx = x + 3 + n * 13
        badge = [
            circle(bx + 5, y + 32, 6, fill="#fff6cc", stroke="#b38600"),
            text(bx + 5, y + 35.5, value, 9, "middle", fill=INK, font_weight="bold"),
        ]
        out.append(
            options.wrap(option, badge, circle(bx + 5, y + 32, 7, fill="none", class_="hit"))
        )
    return "".join(out)


# ---------------------------------------------------------------- university
def _university(body: Mapping[str, Any], y: float, options: Options, parts: list[str]) -> float:
    uni = body["university"]
    x, w = RIGHT_X, RIGHT_W
    height = 26 + 3 * 40 + 64
    parts += panel(x, y, w, height, "University", "#1f5f8f")
    players = body["players"]
    space_w = 44.0
    for t, track in enumerate(CONTENT.tracks):
        ty = y + 26 + t * 40
        tile = TILES[uni["gold"][TRACKS[t]]]
        head = [
            rect(x + 8, ty, 86, 34, rx=4, fill=TRACK_FILL[t]),
            text(x + 14, ty + 14, TRACKS[t], 11.5, fill="#fff", font_weight="bold"),
            text(x + 14, ty + 28, f"goal {tile.id}", 9.5, fill="#fff"),
            title(
                f"{TRACKS[t]}: end goal {tile.gold_counter.replace('_', ' ')} (1 per "
                f"{tile.gold_per}, at most 5) times the marker's multiplier"
            ),
        ]
        cells: list[str] = []
        for space in range(9):
            sx = x + 100 + space * space_w
            cells.append(rect(sx, ty, space_w - 3, 34, rx=3, fill="#fff", stroke=TRACK_FILL[t]))
            cells.append(text(sx + 3, ty + 11, space, 9.5, fill=MUTED))
            mult = track.multipliers[space]
            if space == 8:
                mult_text = f"\u00d7{mult}/{track.end_multiplier}"
            else:
                mult_text = f"\u00d7{mult}" if mult else ""
            cells.append(text(sx + space_w - 6, ty + 11, mult_text, 9.5, "end", fill=MUTED))
            if track.rewards[space]:
                cells.append(
                    text(sx + 3, ty + 31, short(track.rewards[space]), 9.5, fill="#5a3e12")
                )
                cells.append(title(f"space {space}: {reward_text(track.rewards[space])}"))
            here = [p["side"] for p in players if p["lecture"][t] == space]
            for n, name in enumerate(here):
                cells += pawn(sx + 8 + n * 9, ty + 20, name, 5.5)
        end = uni["end_space"][t]
        if end is not None:
            cells.append(text(x + 100 + 9 * space_w, ty + 22, f"\u00d74 {end}", 9, fill=INK))
        parts.append(
            click(
                options,
                [f"track {TRACKS[t]}"],
                head + cells,
                hit(x + 8, ty, 92 + 9 * space_w, 34, 4),
            )
        )
    ay = y + 26 + 3 * 40 + 2
    parts.append(text(x + 10, ay + 12, "achievements", 11, fill=MUTED, font_weight="bold"))
    aw = (w - 20 - 3 * 6) / 4
    for n, ach in enumerate(uni["achievements"]):
        tile = TILES[ach["tile"]]
        ax = x + 10 + n * (aw + 6)
        cond = tile.red
        need = cond.type.replace("_", " ") + (f" {cond.min}" if cond.min > 1 else "")
        parts.append(rect(ax, ay + 18, aw, 40, rx=5, fill="#f8e1dc", stroke="#b0413e"))
        parts.append(
            text(ax + 5, ay + 31, f"{tile.id}: {clip(need, int(aw / 5.6) - 4)}", 9.5, fill=INK)
        )
        vps = CONTENT.achievement_vp.get(len(body["players"]), (6, 3))
        parts.append(
            title(f"achievement {tile.id}: {need}; VP by rank " + ", ".join(str(v) for v in vps))
        )
        for c, name in enumerate(ach["claims"]):
            parts += pawn(ax + 10 + c * 30, ay + 47, name, 6.5)
            vp = vps[c] if c < len(vps) else 0
            parts.append(text(ax + 18 + c * 30, ay + 51, f"{vp}", 9.5, fill=INK))
        if not ach["claims"]:
            parts.append(
                text(ax + 5, ay + 51, "VP " + "/".join(str(v) for v in vps), 9.5, fill=MUTED)
            )
    return y + height


# ---------------------------------------------------------------- workbenches
BOARD_W = (WIDTH - 24 - 12) / 2


def _boards(view: Mapping[str, Any], y: float, options: Options, parts: list[str]) -> float:
    body = view["body"]
    seat = view["seat"]
    scores = dict(zip(view["sides"], view["scores"], strict=False))
    order = list(range(len(body["players"])))
    if seat is not None:  # the viewer's own board first
        order.remove(seat)
        order.insert(0, seat)
    bottom = y
    row_top = y
    heights: list[float] = []
    for n, side_index in enumerate(order):
        player = body["players"][side_index]
        x = LEFT_X + (n % 2) * (BOARD_W + 12)
        if n % 2 == 0 and n:
            row_top += max(heights) + 12
            heights = []
        own = options if side_index == seat else None
        if player["side"] == "automa":
            height = _automa_board(player, body["automa"], scores, x, row_top, parts)
        else:
            height = _board(player, scores, side_index == seat, x, row_top, own, parts)
        heights.append(height)
        bottom = max(bottom, row_top + height)
    return bottom


def _board_head(
    player: Mapping[str, Any],
    scores: Mapping[str, float],
    mine: bool,
    x: float,
    y: float,
    height: float,
    parts: list[str],
) -> None:
    name = player["side"]
    colour = side_fill(name)
    parts.append(rect(x, y, BOARD_W, height, rx=8, fill=CARD, stroke=colour, stroke_width=2.5))
    parts.append(rect(x, y, BOARD_W, 24, rx=8, fill=colour))
    parts.append(rect(x, y + 14, BOARD_W, 10, fill=colour))
    who = name + (" (you)" if mine else "")
    score = scores.get(name)
    line_text = (
        f"{who} \u00b7 {player['vp']} VP"
        + (f" (score {num(score)})" if score is not None else "")
        + f" \u00b7 {player['coins']} coins \u00b7 {player['containers']} containers"
        f" \u00b7 {player['tools']} tools"
    )
    parts.append(text(x + 10, y + 17, line_text, 13, fill="#fff", font_weight="bold"))


def _board(
    player: Mapping[str, Any],
    scores: Mapping[str, float],
    mine: bool,
    x: float,
    y: float,
    options: Options | None,
    parts: list[str],
) -> float:
    body: list[str] = []
    cy = y + 30
    body += _tools(player, x + 8, cy, options)
    body += _library(player, x + BOARD_W - 160, cy - 4, options)
    cy += 112
    body += _lens_row(player, x + 8, cy, options)
    cy += 24
    body += _knowledge(player, x + 8, cy, options)
    body += _taxonomy(player, x + BOARD_W - 150, cy)
    cy += 70
    cy = _collection(player, x + 8, cy, options, body)
    height = cy - y + 6
    _board_head(player, scores, mine, x, y, height, parts)
    parts += body
    return height


def _tools(player: Mapping[str, Any], x: float, y: float, options: Options | None) -> list[str]:
    parts: list[str] = []
    lenses = list(dict.fromkeys(player["lenses"]))
    tw = 112.0
    for t, tool in enumerate(TOOLS):
        tx = x + t * (tw + 6)
        parts.append(rect(tx, y, tw, 104, rx=6, fill="#efe6d2", stroke="#8c7b5e"))
        parts.append(
            text(tx + 6, y + 14, f"{tool} {TOOL_TIMES[t]}", 11.5, fill=INK, font_weight="bold")
        )
        parts.append(text(tx + 6, y + 27, TOOL_BONUS[t], 9, fill=MUTED))
        placed = player["on_tools"][t]
        if placed is not None:
            shapes, _ = chip(tx + 8, y + 40, lens_label(placed), lens_fill(placed), w=tw - 16)
            parts += [*shapes, title(lens_tip(placed))]
            continue
        n = 0
        for name in lenses:
            option = f"place {name},{tool}"
            if options is None or option not in options:
                continue
            cx, cy = tx + 4 + (n % 2) * 53, y + 34 + (n // 2) * 18
            shapes, _ = chip(cx, cy, clip(lens_label(name), 9), lens_fill(name), w=51, size=9.5)
            parts.append(
                options.wrap(option, [*shapes, title(lens_tip(name))], hit(cx, cy, 55, 16, 4))
            )
            n += 1
        if not n:
            parts.append(text(tx + tw / 2, y + 64, "free", 10, "middle", fill=MUTED))
    bx = x + 3 * (tw + 6)
    parts.append(
        rect(bx, y, 62, 104, rx=6, fill="#e4ddd0", stroke="#8c7b5e", stroke_dasharray="4 2")
    )
    parts.append(text(bx + 31, y + 14, "box", 11.5, "middle", fill=INK, font_weight="bold"))
    parts.append(text(bx + 31, y + 27, "next round", 9.5, "middle", fill=MUTED))
    if player["box"] is not None:
        shapes, _ = chip(
            bx + 4, y + 40, clip(lens_label(player["box"]), 8), lens_fill(player["box"]), w=54
        )
        parts += [*shapes, title(lens_tip(player["box"]))]
    return parts


def _lens_row(player: Mapping[str, Any], x: float, y: float, options: Options | None) -> list[str]:
    parts = [text(x, y + 12, "lenses", 10.5, fill=MUTED, font_weight="bold")]
    lx = x + 62
    for name in dict.fromkeys(player["lenses"]):
        count = player["lenses"].count(name)
        label = lens_label(name) + (f" \u00d7{count}" if count > 1 else "")
        shapes, width = chip(lx, y, label, lens_fill(name))
        parts.append(
            click(
                options,
                [f"discard {name}"],
                [*shapes, title(lens_tip(name))],
                hit(lx, y, width, 16, 4),
            )
        )
        lx += width + 4
    if not player["lenses"]:
        parts.append(text(lx, y + 12, "none", 10.5, fill=MUTED))
    return parts


def _library(player: Mapping[str, Any], x: float, y: float, options: Options | None) -> list[str]:
    size = 58.0
    ox, oy = x + 20, y + 14
    lx, ly = x + 4, oy + size
    parts = [
        text(
            lx,
            ly,
            "library",
            10.5,
            "middle",
            fill=MUTED,
            font_weight="bold",
            transform=f"rotate(-90 {lx:.0f} {ly:.0f})",
        )
    ]
    for k, held in enumerate(player["library"]):
        sx, sy = ox + (k % 2) * size, oy + (k // 2) * size
        if held is None:
            parts.append(
                rect(
                    sx + 2,
                    sy + 2,
                    size - 4,
                    size - 4,
                    rx=3,
                    fill="#fff",
                    stroke="#bbb",
                    stroke_dasharray="3 2",
                )
            )
            parts += _slot_buttons(k, sx, sy, size, options)
            continue
        spec = SPECIMENS[held["specimen"]]
        parts.append(
            rect(
                sx + 2,
                sy + 2,
                size - 4,
                size - 4,
                rx=3,
                fill=DOMAIN_TINT[spec.domain],
                stroke=DOMAIN_FILL[spec.domain],
            )
        )
        parts.append(
            text(sx + size / 2, sy + size / 2 + 3, clip(spec.name, 8), 9, "middle", fill=INK)
        )
        parts.append(
            title(
                _specimen_tip(spec.id) + f"; turned {90 * held['rotation']} "
                f"degrees; researched corners {len(held['covered'])}/"
                f"{spec.effective}"
            )
        )
        parts += _corners(spec, held, sx, sy, size)
    for point in range(9):
        px, py = ox + (point % 3) * size, oy + (point // 3) * size
        face: list[str] = []
        globe = CONTENT.globes.get(point)
        if globe is not None:
            face.append(circle(px, py, 8.5, fill="#bcd7ef", stroke="#2f6d8f"))
            face.append(text(px, py + 3, short(globe), 8.5, "middle", fill=INK))
            face.append(title(f"globe: {reward_text(globe)}"))
        else:
            face.append(circle(px, py, 3, fill="#8c7b5e"))
        if player["researcher"] == point:
            face += pawn(px, py, player["side"], 7)
            face.append(title(f"researcher at ({point // 3},{point % 3})"))
        parts.append(
            click(options, [f"point {point}"], face, circle(px, py, 9, fill="none", class_="hit"))
        )
    return parts


def _slot_buttons(k: int, sx: float, sy: float, size: float, options: Options | None) -> list[str]:
    if options is None:
        return []
    parts = []
    for r in range(4):
        option = f"slot {k},{r}"
        if option not in options:
            continue
        bx, by = sx + 5 + (r % 2) * 19, sy + 6 + (r // 2) * 17
        face = [
            rect(bx, by, 17, 14, rx=3, fill="#fff6cc", stroke="#b38600"),
            text(bx + 8.5, by + 10.5, f"{90 * r}", 7.5, "middle", fill=INK),
        ]
        parts.append(options.wrap(option, face, hit(bx, by, 17, 14, 3)))
    return parts


CORNER_AT = ((0.22, 0.22), (0.78, 0.22), (0.78, 0.78), (0.22, 0.78))


def _corners(
    spec: Specimen, held: Mapping[str, Any], sx: float, sy: float, size: float
) -> list[str]:
    parts = []
    for printed, corner in enumerate(spec.corners):
        if corner is None:
            continue
        pos = (printed + held["rotation"]) % 4
        fx, fy = CORNER_AT[pos]
        cx, cy = sx + fx * size, sy + fy * size
        covered = printed in held["covered"]
        if corner.knowledge >= 0:
            label = CATEGORIES[corner.knowledge][:2]
            fill = DOMAIN_FILL[corner.knowledge // 3]
            tip = CATEGORIES[corner.knowledge]
        else:
            label, fill, tip = "+", "#b8860b", reward_text(corner.bonus)
        parts.append(
            circle(cx, cy, 7.5, fill=fill if not covered else "#fff", stroke=fill, stroke_width=1.2)
        )
        parts.append(
            text(
                cx,
                cy + 3,
                label,
                8.5,
                "middle",
                fill="#fff" if not covered else fill,
                font_weight="bold",
            )
        )
        parts.append(title(f"{tip}" + (" (researched)" if covered else "")))
    return parts


def _knowledge(player: Mapping[str, Any], x: float, y: float, options: Options | None) -> list[str]:
    parts = [text(x, y + 10, "knowledge", 10.5, fill=MUTED, font_weight="bold")]
    held = player["knowledge"]
    for d in range(3):
        dx = x + d * 140
        parts.append(text(dx, y + 25, DOMAINS[d], 10, fill=DOMAIN_FILL[d], font_weight="bold"))
        for n in range(3):
            c = 3 * d + n
            cy = y + 30 + n * 14
            count = held[CATEGORIES[c]]
            face = [text(dx + 4, cy + 10, CATEGORIES[c], 10, fill=INK)]
            for k in range(2):
                face.append(
                    circle(
                        dx + 100 + k * 14,
                        cy + 6,
                        5,
                        fill=DOMAIN_FILL[d] if k < count else "#fff",
                        stroke=DOMAIN_FILL[d],
                    )
                )
            face.append(title(f"{CATEGORIES[c]}: {count} of 2"))
            parts.append(
                click(
                    options,
                    [f"knowledge {CATEGORIES[c]}", f"token {CATEGORIES[c]}"],
                    face,
                    hit(dx, cy - 1, 122, 13, 3),
                )
            )
    return parts


def _taxonomy(player: Mapping[str, Any], x: float, y: float) -> list[str]:
    cx, cy = x + 120, y + 36
    parts = [
        text(x, y + 10, f"taxonomy {player['taxonomy']}/12", 10.5, fill=MUTED, font_weight="bold"),
        text(x, y + 24, f"{player['lenses_acquired']} lenses gained", 10, fill=INK),
    ]
    for k in range(12):
        angle = math.radians(-90 + 30 * k)
        px, py = cx + 26 * math.cos(angle), cy + 26 * math.sin(angle)
        at = player["taxonomy"] == k
        parts.append(
            circle(
                px,
                py,
                6 if at else 4,
                fill=side_fill(player["side"]) if at else ("#b8860b" if k == 0 else "#d9cdb3"),
                stroke="#000" if at else "none",
                stroke_width=0.8,
            )
        )
    parts.append(title("taxonomy track: each pass of space 0 gives an advanced lens"))
    flowers = player["flowers"]
    parts.append(text(x, y + 50, "flowers left", 10, fill=MUTED, font_weight="bold"))
    parts.append(
        text(x, y + 64, " ".join(f"{n}\u00d7{v + 1}" for v, n in enumerate(flowers)), 10, fill=INK)
    )
    return parts


def _collection(
    player: Mapping[str, Any], x: float, y: float, options: Options | None, parts: list[str]
) -> float:
    width = BOARD_W - 16
    if player["character"] is not None:
        character = next(c for c in CONTENT.characters if c.id == player["character"])
        parts.append(
            text(x, y + 11, f"character {character.name}: {character.text}"[:110], 10, fill=INK)
        )
        y += 16
    researched = [SPECIMENS[s] for s in player["researched"]]
    by_domain = " ".join(f"{DOMAINS[d]} {sum(s.domain == d for s in researched)}" for d in range(3))
    exotics = " ".join(f"{e} {EXOTICS[e].name}" for e in player["exotics"]) or "none"
    parts.append(
        text(
            x, y + 11, clip(f"researched: {by_domain} \u00b7 exotics: {exotics}", 100), 10, fill=INK
        )
    )
    parts.append(title("researched " + ", ".join(f"{s.id} {s.name}" for s in researched)))
    y += 16
    sketches = [_sketch_item(s) for s in player["sketches"]]
    sketches += [_plain(f"{s} paid", "#bbb") for s in player["sketches_paid"]]
    y = _chip_row(x, y, width, "sketches", sketches, parts, options)
    letters = [_letter_item(letter) for letter in player["letters"]]
    letters += [_plain(" ".join(column) + " sent", "#9a8f7a") for column in player["sent"]]
    y = _chip_row(x, y, width, "letters", letters, parts, options)
    books = [_book_item(b, "publish") for b in player["books"]]
    books += [_book_item(b, "link_book", True) for b in player["published"]]
    y = _chip_row(x, y, width, "books", books, parts, options)
    if player["waiting"]:
        waiting = [_book_item(b, "link_book", True) for b in player["waiting"]]
        y = _chip_row(x, y, width, "no voyage", waiting, parts, options)
    for voyage in player["voyages"]:
        y = _voyage(voyage, player["side"], x, y, width, options, parts)
    return y


Item = tuple[list[str], float, list[str]]  # shapes at x=0, width, option ids


def _plain(label: str, fill: str) -> Item:
    shapes, width = chip(0, 0, label, fill)
    return shapes, width, []


def _sketch_item(sketch_id: str) -> Item:
    shapes, width = sketch_chip(0, 0, sketch_id)
    return shapes, width, [f"sketch {sketch_id}", f"activate {sketch_id}"]


def _letter_item(letter_id: str) -> Item:
    letter = LETTERS[letter_id]
    shapes, width = chip(
        0,
        0,
        f"{letter_id} {clip(letter.correspondent, 14)}",
        LETTER_FILL[letter.colour],
        "#fff" if letter.colour != 2 else INK,
    )
    shapes.append(
        title(f"{letter_id} ({COLOURS[letter.colour]}): send for {reward_text(letter.send)}")
    )
    return shapes, width, [f"send {letter_id}"]


def _book_item(book_id: str, verb: str, published: bool = False) -> Item:
    book = BOOKS[book_id]
    label = f"{book_id} {clip(book.title, 16)}" + (" \u2713" if published else "")
    fill = DOMAIN_FILL[book.colour] if not published else "#777"
    shapes, width = chip(0, 0, label, fill)
    shapes.append(title(("published: " if published else "") + _book_tip(book_id)))
    return shapes, width, [f"{verb} {book_id}"]


def _chip_row(
    x: float,
    y: float,
    width: float,
    label: str,
    items: list[Item],
    parts: list[str],
    options: Options | None,
) -> float:
    parts.append(text(x, y + 12, label, 10.5, fill=MUTED, font_weight="bold"))
    cx, start = x + 62, x + 62
    if not items:
        parts.append(text(cx, y + 12, "none", 10, fill=MUTED))
    for shapes, w, ids in items:
        if cx + w > x + width and cx > start:
            cx = start
            y += 19
        moved = f'<g transform="translate({cx:.1f},{y:.1f})">'
        inner = click(options, ids, shapes, hit(0, 0, w, 16, 4))
        parts.append(moved + inner + "</g>")
        cx += w + 4
    return y + 20


def _voyage(
    voyage: Mapping[str, Any],
    name: str,
    x: float,
    y: float,
    width: float,
    options: Options | None,
    parts: list[str],
) -> float:
    card = VOYAGES[voyage["card"]]
    face = [
        text(
            x,
            y + 12,
            clip(f"{voyage['card']} {card.destination}", 26),
            10.5,
            fill=INK,
            font_weight="bold",
        )
    ]
    cx = x + 170
    face.append(rect(cx, y + 1, 22, 16, rx=3, fill="#d7c8a6", stroke="#6d5530"))
    face.append(text(cx + 11, y + 12.5, "port", 8, "middle", fill=INK))
    for n, cell in enumerate(card.cells):
        sx = cx + 26 + n * 40
        fill = HELM_FILL[cell.helm] if cell.helm >= 0 else "#e1eef5"
        ink = "#fff" if cell.helm >= 0 else INK
        face.append(rect(sx, y + 1, 38, 16, rx=3, fill=fill, stroke="#2f6d8f"))
        face.append(text(sx + 19, y + 12.5, clip(short(cell.reward), 7), 9, "middle", fill=ink))
    ship = voyage["ship"]
    sx = cx + 11 if ship == 0 else cx + 26 + (ship - 1) * 40 + 19
    face.append(
        polygon(
            [(sx - 7, y + 8), (sx + 7, y + 8), (sx + 4, y + 15), (sx - 4, y + 15)],
            fill=side_fill(name),
            stroke="#000",
            stroke_width=0.8,
        )
    )
    face.append(line(sx, y + 8, sx, y - 1, stroke="#000", stroke_width=1))
    end = cx + 26 + len(card.cells) * 40 + 4
    done = ship >= len(card.cells)
    linked = voyage["book"]
    state = ("done" if done else f"{ship}/{len(card.cells)}") + (
        f" \u00b7 {linked}" if linked else ""
    )
    face.append(text(end, y + 12, f"{state} \u00b7 income {short(card.income)}", 9.5, fill=INK))
    face.append(
        title(
            f"voyage to {card.destination} ({voyage['card']}): ship at "
            f"{ship}/{len(card.cells)}"
            + (f", linked to {linked}" if linked else ", no book linked")
            + f"; income {reward_text(card.income)}"
        )
    )
    parts.append(
        click(
            options,
            [f"{verb} {voyage['card']}" for verb in ("ship", "link", "income")],
            face,
            hit(x - 2, y - 1, width, 19, 4),
        )
    )
    return y + 21


# ---------------------------------------------------------------- the automa
def _automa_board(
    player: Mapping[str, Any],
    automa: Mapping[str, Any] | None,
    scores: Mapping[str, float],
    x: float,
    y: float,
    parts: list[str],
) -> float:
    body: list[str] = []
    cy = y + 30
    info = automa or {}
    lines = [
        f"automa ({info.get('difficulty', '?')}) \u00b7 {info.get('deck', 0)} cards in its deck "
        f"\u00b7 {info.get('green_supply', 0)} green lenses in supply",
        f"taxonomy {player['taxonomy']}/12 \u00b7 {player['lenses_acquired']} lenses gained "
        "\u00b7 lectures " + " ".join(f"{TRACKS[t]} {v}" for t, v in enumerate(player["lecture"])),
    ]
    for n, words in enumerate(lines):
        body.append(text(x + 8, cy + 10 + n * 15, words, 10.5, fill=INK))
    cy += 15
    cy += 18
    greens = info.get("green_under", [None, None, None])
    tw = 186.0
    for t, tool in enumerate(TOOLS):
        tx = x + 8 + t * (tw + 6)
        body.append(rect(tx, cy, tw, 78, rx=6, fill="#e9e9e9", stroke="#777"))
        body.append(
            text(tx + 6, cy + 14, f"{tool} {TOOL_TIMES[t]}", 11.5, fill=INK, font_weight="bold")
        )
        green = greens[t]
        if green is not None:
            shapes, _ = chip(tx + tw - 50, cy + 3, green, "#2e9e4f", w=44)
            body += [*shapes, title(f"green lens {green} under the {tool}")]
        card = player["on_tools"][t]
        if card is None:
            body.append(text(tx + tw / 2, cy + 48, "no card", 10, "middle", fill=MUTED))
            continue
        solo = SOLO[card]
        arrow = "\u2192" if solo.ltr else "\u2190"
        body.append(text(tx + 6, cy + 30, f"{card} {arrow}", 10.5, fill=INK, font_weight="bold"))
        for n, row in enumerate(solo.rows):
            bits = [row.do]
            if row.domain >= 0:
                bits.append(DOMAINS[row.domain])
            if row.track >= 0:
                bits.append(TRACKS[row.track])
            if row.amount:
                bits.append(str(row.amount))
            body.append(
                text(tx + 10, cy + 44 + n * 12, f"{n + 1}. {' '.join(bits)}", 9.5, fill=INK)
            )
    cy += 86
    knowledge = " ".join(f"{c[:4]} {n}" for c, n in player["knowledge"].items() if n)
    body.append(text(x + 8, cy + 11, f"knowledge: {knowledge or 'none'}", 10, fill=INK))
    cy += 16
    cy = _collection(player, x + 8, cy, None, body)
    height = cy - y + 6
    _board_head(player, scores, False, x, y, height, parts)
    parts += body
    return height
