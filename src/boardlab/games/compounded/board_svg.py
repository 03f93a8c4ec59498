"""The Compounded board as SVG for the browser, drawn from one seat's view only.

The 4 x 4 field of compound cards (element spaces, claim discs, fire tokens, equipment
and reaction tags), each scientist's workbench (storage, experiments, claim discs,
equipment, extinguishers) and the bag, supply and work in progress. Every option of the
pending decision with a place on the board is clickable there (``data-action``): a card
for ``claim 2,3``, ``score 2,3``..., a space for ``space 1,2,0``, an extinguisher space, a
stored element for ``place H``, a bag element for ``take H``, a track for ``raise study``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from boardlab.games.compounded.content import ELEMENTS, EQUIPMENT_SHORT, TRACKS
from boardlab.games.svg import (
    Options,
    circle,
    document,
    group,
    line,
    rect,
    seat_colour,
    side,
    text,
    title,
)

WIDTH, HEIGHT = 1140, 796
FIELD_X, FIELD_Y = 16, 76
CARD_W, CARD_H, GAP = 166, 148, 8
BENCH_X = FIELD_X + 4 * (CARD_W + GAP) + 12
BENCH_W = WIDTH - BENCH_X - 16
BENCH_H = 4 * (CARD_H + GAP) - GAP
FOOT_Y = FIELD_Y + BENCH_H + 12
#: Crystal colours by element symbol (the components' colours) and the text on them.
ELEMENT_FILL = {
    "H": "#f7f7f7",
    "C": "#3a3a3a",
    "O": "#d7301f",
    "N": "#2c6fd1",
    "Ca": "#2e9e4f",
    "S": "#f2c200",
}
ELEMENT_INK = {"H": "#222", "C": "#fff", "O": "#fff", "N": "#fff", "Ca": "#fff", "S": "#222"}
STATE_FILL = {"solid": "#f4efe4", "liquid": "#e6f0fb", "gas": "#f0eaf8"}
TAG_FILL = {"equipment": "#dbeedd", "reaction": "#fde3d3"}
SPACE_R, SPACE_STEP, SPACES_PER_ROW = 8, 19, 8
INK, MUTED = "#222", "#666"


def board_svg(view: Mapping[str, Any]) -> str:
    """The board ``view`` shows (one seat's or a spectator's), as one ``<svg>`` string."""
    options = Options(view)
    body = view["body"]
    parts = [rect(0, 0, WIDTH, HEIGHT, fill="#fbfaf7")]
    parts += _header(view, options)
    for pos, entry in enumerate(body["field"]):
        parts.append(_card(pos, entry, options))
    players = body["players"]
    height = min(200.0, (BENCH_H + GAP) / len(players) - GAP)
    for p, player in enumerate(players):
        parts.append(_bench(view, player, BENCH_X, FIELD_Y + p * (height + GAP), height, options))
    parts += _footer(body, options)
    return document(WIDTH, HEIGHT, parts, "Compounded board")


# ---------------------------------------------------------------- header
def _header(view: Mapping[str, Any], options: Options) -> list[str]:
    body = view["body"]
    seat = view["seat"]
    you = "spectator" if seat is None else f"you are {side(seat)}"
    phase = "game over" if view["over"] else f"{body['phase']} phase"
    head = f"Compounded - round {body['round']}, {phase}, lead {side(body['lead'])} ({you})"
    parts = [text(16, 28, head, 19, font_weight="bold", fill=INK)]
    status = _status(view)
    parts.append(text(WIDTH - 16, 28, status, 14, "end", fill=MUTED))
    parts.append(text(16, 56, "bag", 13, fill=MUTED))
    x = 48.0
    for element in ELEMENTS:
        count = body["bag"][element]
        chip = _crystal(x + 9, 51, element, "crystal", 9)
        label = text(x + 21, 56, count, 13, fill=INK)
        parts.append(options.wrap(f"take {element}", [chip, label], _ring(x + 9, 51, 12)))
        x += 52
    fires = body["lab_fires_in_deck"]
    deck = f"deck {body['deck_size']} (Lab Fires left {fires})"
    if body["lab_fire_resolved_this_round"]:
        deck += ", a Lab Fire burned this round"
    parts.append(text(x + 12, 56, deck, 13, fill=INK))
    return parts


def _status(view: Mapping[str, Any]) -> str:
    if view["over"]:
        winners = [side(int(s[1:]) - 1) for s in view["winners"] if s.startswith("P")]
        return "winner " + ", ".join(winners) if winners else "game over"
    to_move = view["to_move"]
    kind = view["body"]["decision_kind"]
    who = "you" if to_move is not None and to_move == view["seat"] else side(to_move)
    return f"{who} to decide: {str(kind).replace('_', ' ')}"


# ---------------------------------------------------------------- the field
def _card_xy(pos: int) -> tuple[float, float]:
    row, col = divmod(pos, 4)
    return FIELD_X + col * (CARD_W + GAP), FIELD_Y + row * (CARD_H + GAP)


def _card(pos: int, entry: Mapping[str, Any] | None, options: Options) -> str:
    x, y = _card_xy(pos)
    row, col = divmod(pos, 4)
    where = f"{row},{col}"
    if entry is None:
        return group(
            [
                rect(
                    x, y, CARD_W, CARD_H, rx=8, fill="none", stroke="#bbb", stroke_dasharray="5 4"
                ),
                text(x + CARD_W / 2, y + CARD_H / 2, f"{where} (empty)", 12, "middle", fill=MUTED),
            ]
        )
    face = _card_face(x, y, where, entry, options)
    outline = rect(x, y, CARD_W, CARD_H, rx=8, fill="none", class_="hit")
    for kind in ("claim", "relocate", "to", "burn", "protect", "score", "release"):
        option = f"{kind} {where}"
        if option in options:
            return options.wrap(option, [face], outline)
    return face


def _card_face(x: float, y: float, where: str, entry: Mapping[str, Any], options: Options) -> str:
    complete = entry["complete"]
    parts = [
        rect(
            x,
            y,
            CARD_W,
            CARD_H,
            rx=8,
            fill=STATE_FILL.get(entry["state"], "#f4f4f4"),
            stroke="#2e9e4f" if complete else "#9a9384",
            stroke_width=3 if complete else 1.2,
        ),
        title(
            f"{entry['name']} {entry['formula']} at {where}: {entry['points']} AP, "
            f"{entry['state']}" + (", complete" if complete else "")
        ),
        text(x + 8, y + 18, _clip(entry["name"], 22), 12.5, font_weight="bold", fill=INK),
        text(x + 8, y + 35, entry["formula"], 12, fill=INK),
        rect(x + CARD_W - 52, y + 23, 44, 17, rx=8, fill="#473b8c"),
        text(
            x + CARD_W - 30,
            y + 36,
            f"{entry['points']} AP",
            11.5,
            "middle",
            fill="#fff",
            font_weight="bold",
        ),
    ]
    parts += _tags(x + 8, y + 44, entry)
    parts += _spaces(x + 8 + SPACE_R, y + 76, where, entry["spaces"], options)
    parts.append(text(x + 8, y + CARD_H - 9, where, 11, fill=MUTED))
    parts += _fire(x + 36, y + CARD_H - 14, entry["fire_tokens"], entry["fire_limit"])
    if entry["claimant"] >= 0:
        parts += _claim_disc(
            x + CARD_W - 20, y + CARD_H - 18, entry["claimant"], entry["temporary"]
        )
    return group(parts)


def _clip(value: str, size: int) -> str:
    return value if len(value) <= size else value[: size - 1] + "."


def _tags(x: float, y: float, entry: Mapping[str, Any]) -> list[str]:
    parts = []
    for kind in ("equipment", "reaction"):
        name = entry[kind]
        if name is None:
            continue
        label = str(name).replace("_", " ")
        width = 7 + 6.2 * len(label)
        parts.append(
            rect(x, y, width, 15, rx=7, fill=TAG_FILL[kind], stroke="#9a9384", stroke_width=0.6)
        )
        parts.append(text(x + width / 2, y + 11, label, 10, "middle", fill=INK))
        x += width + 4
    return parts


def _spaces(
    x: float, y: float, where: str, spaces: Sequence[Sequence[str]], options: Options
) -> list[str]:
    parts = []
    for i, (element, slot) in enumerate(spaces):
        row, col = divmod(i, SPACES_PER_ROW)
        cx, cy = x + col * SPACE_STEP, y + row * SPACE_STEP
        shape = _crystal(cx, cy, element, slot, SPACE_R)
        parts.append(options.wrap(f"space {where},{i}", [shape], _ring(cx, cy, SPACE_R + 2)))
    return parts


def _ring(cx: float, cy: float, r: float) -> str:
    return circle(cx, cy, r, fill="none", class_="hit")


def _crystal(cx: float, cy: float, element: str, slot: str, r: float) -> str:
    """An element space: hollow when empty, filled by a crystal, gold for a wild token."""
    colour = "#7d8896" if element == "H" else ELEMENT_FILL[element]
    dash: str | None = "2.5 1.5"
    fill, ink, stroke = "#fff", colour, colour
    if slot == "crystal":
        fill, ink, stroke, dash = ELEMENT_FILL[element], ELEMENT_INK[element], "#444", None
        if element == "H":
            fill = "#d3dbe6"
    elif slot == "wild":
        fill, ink, stroke, dash = "#f6d55c", "#6b4e00", "#b38600", None
    size = r * (1.25 if len(element) > 1 else 1.45)
    return group(
        [
            circle(cx, cy, r, fill=fill, stroke=stroke, stroke_width=1.6, stroke_dasharray=dash),
            text(cx, cy + size * 0.36, element, size, "middle", fill=ink, font_weight="bold"),
        ]
    )


def _wild(cx: float, cy: float, r: float) -> str:
    """A wild element token."""
    return group(
        [
            circle(cx, cy, r, fill="#f6d55c", stroke="#b38600", stroke_width=1.6),
            text(cx, cy + r * 0.45, "*", r * 1.5, "middle", fill="#6b4e00", font_weight="bold"),
        ]
    )


def _fire(x: float, y: float, tokens: int, limit: int) -> list[str]:
    if not limit and not tokens:
        return []
    parts = []
    for k in range(max(limit, tokens)):
        lit = k < tokens
        parts.append(
            circle(
                x + k * 13,
                y,
                5,
                fill="#f26b1d" if lit else "#fff",
                stroke="#c4440a",
                stroke_width=1.2,
            )
        )
    parts.append(text(x + max(limit, tokens) * 13, y + 4, f"fire {tokens}/{limit}", 10, fill=MUTED))
    return parts


def _claim_disc(cx: float, cy: float, seat: int, temporary: bool) -> list[str]:
    colour = seat_colour(seat)
    disc = circle(
        cx,
        cy,
        13,
        fill=colour if not temporary else "#fff",
        stroke=colour,
        stroke_width=2.5,
        stroke_dasharray="4 2" if temporary else None,
    )
    label = side(seat) + ("t" if temporary else "")
    ink = "#fff" if not temporary else colour
    return [disc, text(cx, cy + 4, label, 10.5, "middle", fill=ink, font_weight="bold")]


# ---------------------------------------------------------------- workbenches
def _bench(
    view: Mapping[str, Any],
    player: Mapping[str, Any],
    x: float,
    y: float,
    height: float,
    options: Options,
) -> str:
    seat = player["seat"]
    body = view["body"]
    mine = seat == view["seat"]
    colour = seat_colour(seat)
    parts = [
        rect(
            x,
            y,
            BENCH_W,
            height,
            rx=8,
            fill="#fff",
            stroke=colour,
            stroke_width=2.5 if mine else 1.2,
        ),
        rect(x, y, 8, height, rx=3, fill=colour),
    ]
    points = f"{player['atomic_points']} AP"
    if view["over"]:
        total = player["atomic_points"] + player["final_bonus"]
        points += f" + {player['final_bonus']} bonus = {total}"
    head = side(seat) + (" (you)" if mine else "") + (" - lead" if body["lead"] == seat else "")
    parts.append(text(x + 16, y + 19, head, 14, font_weight="bold", fill=colour))
    parts.append(text(x + BENCH_W - 10, y + 19, points, 14, "end", font_weight="bold", fill=INK))
    spacing = max(18.0, min(30.0, (height - 24) / 4))
    rows = [
        _storage_row(player, x + 16, y + 24 + spacing * 0.5, options if mine else None),
        _tracks_row(player, x + 16, y + 24 + spacing * 1.5, options if mine else None),
        _claims_row(player, x + 16, y + 24 + spacing * 2.5),
        _extinguishers_row(player, x + 16, y + 24 + spacing * 3.5, options if mine else None),
    ]
    for row in rows:
        parts += row
    return group(parts)


def _storage_row(
    player: Mapping[str, Any], x: float, cy: float, options: Options | None
) -> list[str]:
    parts = [text(x, cy + 4, f"storage {player['stored']}/{player['capacity']}", 12, fill=INK)]
    x += 92
    for element in ELEMENTS:
        count = player["storage"][element]
        if count:
            parts.append(
                _chip(x, cy, element, count, ("place", "return", "swap3", "pipette"), options)
            )
            x += 40
    for element in ELEMENTS:
        count = player["goggles_pool"][element]
        if count:
            chip = _crystal(x + 8, cy, element, "crystal", 8)
            label = text(x + 19, cy + 4, f"{count} pool", 11, fill=MUTED)
            parts.append(_maybe(options, f"place {element},pool", [chip, label], x + 8, cy))
            x += 62
    if player["wild_tokens"]:
        chip = _wild(x + 8, cy, 8)
        label = text(x + 19, cy + 4, f"{player['wild_tokens']} wild", 11, fill=MUTED)
        parts.append(_maybe(options, "place wild", [chip, label], x + 8, cy))
    return parts


def _chip(
    x: float, cy: float, element: str, count: int, kinds: Sequence[str], options: Options | None
) -> str:
    shape = [_crystal(x + 8, cy, element, "crystal", 8), text(x + 19, cy + 4, count, 12, fill=INK)]
    for kind in kinds:
        option = f"{kind} {element}"
        if options is not None and option in options:
            return options.wrap(option, shape, _ring(x + 8, cy, 11))
    return "".join(shape)


def _maybe(options: Options | None, option: str, shape: list[str], cx: float, cy: float) -> str:
    if options is None:
        return "".join(shape)
    return options.wrap(option, shape, _ring(cx, cy, 11))


def _tracks_row(
    player: Mapping[str, Any], x: float, cy: float, options: Options | None
) -> list[str]:
    """The four experiments: name and value over a row of level boxes."""
    parts = []
    for track in TRACKS:
        state = player["experiments"][track]
        cells = [
            text(
                x,
                cy - 2,
                f"{track} {state['level']}/{state['top']} ={state['value']}",
                10.5,
                fill=INK,
            )
        ]
        for k in range(state["top"]):
            filled = k < state["level"]
            cells.append(
                rect(x + k * 14, cy + 2, 12, 7, rx=1.5, fill="#473b8c" if filled else "#e4e0f2")
            )
        outline = rect(x - 3, cy - 13, 92, 25, rx=4, fill="none", class_="hit")
        option = f"raise {track}"
        if options is not None and option in options:
            parts.append(options.wrap(option, cells, outline))
        else:
            parts += cells
        x += 96
    return parts


def _claims_row(player: Mapping[str, Any], x: float, cy: float) -> list[str]:
    claims = player["claims"]
    gear = ", ".join(f"{name} {count}" for name, count in player["equipment"].items() if count)
    scored = len(player["scored"])
    line_text = (
        f"discs: reserve {claims['reserve']}, available {claims['available']}"
        f" \u00b7 equipment: {gear or 'none'} \u00b7 scored {scored}"
    )
    return [
        text(x, cy + 4, _clip(line_text, 62), 11.5, fill=INK),
        title(", ".join(player["scored"]) or "nothing scored yet"),
    ]


def _extinguishers_row(
    player: Mapping[str, Any], x: float, cy: float, options: Options | None
) -> list[str]:
    if not player["extinguishers"]:
        return [text(x, cy + 4, "extinguishers: none", 11.5, fill=MUTED)]
    parts = [text(x, cy + 4, "extinguishers", 11.5, fill=MUTED)]
    x += 90
    for ext in player["extinguishers"]:
        parts.append(text(x, cy + 4, f"#{ext['id']}", 11, fill=MUTED))
        for i, (element, slot) in enumerate(ext["spaces"]):
            cx = x + 26 + i * 17
            shape = [_crystal(cx, cy, element, slot, 7)]
            option = f"space ext,{ext['id']},{i}"
            if options is not None:
                parts.append(options.wrap(option, shape, _ring(cx, cy, 9)))
            else:
                parts += shape
        x += 26 + 17 * len(ext["spaces"]) + 8
    return parts


# ---------------------------------------------------------------- under the field
def _footer(body: Mapping[str, Any], options: Options) -> list[str]:
    y = FOOT_Y
    parts = [line(16, y - 4, WIDTH - 16, y - 4, stroke="#ddd")]
    supply = ", ".join(f"{name} {body['supply'][name]}" for name in EQUIPMENT_SHORT)
    parts.append(text(16, y + 14, f"equipment supply: {supply}", 12.5, fill=INK))
    right = f"discard {len(body['discard'])} \u00b7 wild tokens out {body['wild_tokens_out']}"
    parts.append(text(WIDTH - 16, y + 14, right, 12.5, "end", fill=INK))
    work = _work(body, options)
    if work:
        parts += work
    else:
        parts.append(text(16, y + 40, _context(body), 12.5, fill=MUTED))
    if body["end_conditions"]:
        ended = ", ".join(body["end_conditions"])
        parts.append(
            text(WIDTH - 16, y + 40, f"end conditions met: {ended}", 12.5, "end", fill=INK)
        )
    return parts


def _work(body: Mapping[str, Any], options: Options) -> list[str]:
    """The compound being resolved and the items of an explosion still to scatter."""
    y = FOOT_Y + 40
    parts: list[str] = []
    resolving = body["resolving"]
    if resolving is not None:
        who = side(resolving["player"])
        label = f"resolving {resolving['compound'].replace('_', ' ')} for {who}:"
        parts.append(text(16, y, label, 12.5, fill=INK))
        x = 16 + 6.6 * len(label) + 12
        for i, (element, slot) in enumerate(resolving["spaces"]):
            parts.append(_crystal(x + i * 19, y - 4, element, slot, 8))
        y += 24
    for entry in body["scatter"]:
        items = " ".join(entry["items"])
        parts.append(
            text(
                16,
                y,
                f"to scatter from {entry['from']} ({side(entry['decider'])}): {items}",
                12.5,
                fill=INK,
            )
        )
        y += 20
    return parts


def _context(body: Mapping[str, Any]) -> str:
    """The pending decision's context in words, where it says more than its kind."""
    context = body["decision_context"] or {}
    kind = body["decision_kind"]
    if kind in ("trade_build", "trade_reply"):
        give = _bundle(context["give"])
        ask = _bundle(context["ask"])
        return (
            f"offer: {side(context['proposer'])} gives {give} to "
            f"{side(context['addressee'])} for {ask}"
        )
    if kind == "place_space":
        return (
            f"placing {context['item']} from {context['source'].replace('_', ' ')} "
            f"({context['remaining']} of {context['allowance']} left)"
        )
    if kind == "extinguish":
        return f"fire at {', '.join(context['targets']) or '-'}"
    if kind == "relocate_target":
        return f"moving the claim from {context['from']}"
    return ""


def _bundle(bundle: Mapping[str, Any]) -> str:
    parts = [f"{count} {name}" for name, count in bundle["counts"].items() if count]
    parts += [f"extinguisher {x}" for x in bundle["extinguishers"]]
    return ", ".join(parts) or "nothing"
