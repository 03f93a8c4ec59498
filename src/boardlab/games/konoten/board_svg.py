"""The Konoten table as SVG for the browser, drawn from one seat's view only.

The lab's devices with the assistants on them, the research journal (the card display),
the foundations, the lenses (their transparent cards stacked: every mark in its card's
colour) and each seat's board: counters, materials, tasks, lobby, growth chart and hand.
Every option of the pending decision with a place on the table is clickable there
(``data-action``): a card for ``collect D21`` or ``card D21``, a device for ``activate
device guts``, a lens for ``persuade lens L2``, a node for ``will n00``, a foundation pile
for ``foundation 2``, a material for ``discard light``, the lobby for ``remove lobby used``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, cast

from boardlab.games.konoten.content import CONTENT, SYMBOLS, DevCard, Vector
from boardlab.games.konoten.tables import AP
from boardlab.games.konoten.wording import ability_text, card_sides, effect_text
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

WIDTH = 1220
LEFT_X, LEFT_W = 16, 724
RIGHT_X = LEFT_X + LEFT_W + 16
RIGHT_W = WIDTH - RIGHT_X - 16
INK, MUTED, PAPER = "#222", "#666", "#fbfaf7"
CARDS: dict[str, DevCard] = {card.id: card for card in CONTENT.dev_cards}
CHARACTERS = {character.id: character for character in CONTENT.characters}
DEVICES = {device.id: device for device in CONTENT.devices}
#: Card colours (the card's ``color``) as fills: a strong edge and a light tint.
CARD_EDGE = {
    "yellow": "#d9a400",
    "violet": "#8e44ad",
    "gray": "#7f8c8d",
    "red": "#d0352b",
    "blue": "#2a6fc9",
    "green": "#2e9e4f",
    "gold": "#b8860b",
}
CARD_TINT = {
    "yellow": "#fff6d1",
    "violet": "#f1e3f8",
    "gray": "#eceeee",
    "red": "#fbe1df",
    "blue": "#e0ecfb",
    "green": "#dff3e5",
    "gold": "#f8ecc7",
}
#: How each symbol is drawn: fill, ink and the letters on it.
SYMBOL_LOOK = {
    "light": ("#ffd84a", "#5a4500", "L"),
    "rainbow": ("#b35cd6", "#fff", "R"),
    "sediment": ("#8b5a2b", "#fff", "S"),
    "ap": ("#555", "#fff", "AP"),
    "creativity": ("#ef6fa7", "#fff", "cr"),
    "vp": ("#1c7c54", "#fff", "VP"),
    "growth": ("#7cb342", "#fff", "g"),
    "assistant": ("#2a6fc9", "#fff", "a"),
}
MATERIALS = ("light", "rainbow", "sediment")
#: The smallest letters drawn on a mark (picture units: about CSS px at 1280 px wide).
MIN_LETTER = 10.0


def board_svg(view: Mapping[str, Any]) -> str:
    """The table ``view`` shows (one seat's or a spectator's), as one ``<svg>`` string."""
    options = Options(view)
    body = view["body"]
    parts: list[str] = []
    parts += _header(view)
    y = _devices(body, 70, options, parts)
    y = _market(body, y + 14, options, parts)
    left_end = _lenses(body, y + 14, options, parts)
    right_end = _players(view, 70, options, parts)
    height = max(left_end, right_end) + 16
    background = rect(0, 0, WIDTH, height, fill=PAPER)
    return document(WIDTH, height, [background, *parts], "Konoten table")


# ---------------------------------------------------------------- header
def _header(view: Mapping[str, Any]) -> list[str]:
    body = view["body"]
    seat = view["seat"]
    you = "spectator" if seat is None else f"you are {side(seat)}"
    if view["over"]:
        stage = "graduation (the game is over)"
    else:
        stage = f"{body['phase']} phase; start player {side(body['start_player'])}"
        if body["next_start_player"] is not None:
            stage += f" (next round: {side(body['next_start_player'])})"
    head = f"Konoten - round {body['round']} of {CONTENT.rounds}, {stage} ({you})"
    parts = [text(16, 30, head, 18, font_weight="bold", fill=INK)]
    parts.append(text(WIDTH - 16, 30, _status(view), 14, "end", fill=MUTED))
    return parts


def _status(view: Mapping[str, Any]) -> str:
    if view["over"]:
        return "winner " + ", ".join(view["winners"]) if view["winners"] else "game over"
    to_move = view["to_move"]
    pending = view["body"]["pending"] or {}
    kind = str(pending.get("kind", "")).replace("_", " ")
    who = "you" if to_move is not None and to_move == view["seat"] else side(to_move)
    return f"{who} to decide: {kind}"


# ---------------------------------------------------------------- symbols and cards
def _symbol(cx: float, cy: float, name: str, r: float) -> str:
    """A mark: its colour, and its letters when they can be read at laptop size (a card
    in a hand is too small for them; its tooltip and the mark's own name tell)."""
    fill, ink, letters = SYMBOL_LOOK[name]
    size = r * (1.25 if len(letters) > 1 else 1.5)
    parts = [circle(cx, cy, r, fill=fill, stroke="#0005", stroke_width=0.8), title(name)]
    if size >= MIN_LETTER:
        parts.append(
            text(cx, cy + size * 0.36, letters, size, "middle", fill=ink, font_weight="bold")
        )
    return group(parts)


def _cells(card: DevCard, turned: bool) -> list[tuple[int, int, str]]:
    """The card's marks as placed: a 180-degree turn maps (row, col) to (2-row, 3-col)."""
    if not turned:
        return [(cell.row, cell.col, cell.symbol) for cell in card.cells]
    return [(2 - cell.row, 3 - cell.col, cell.symbol) for cell in card.cells]


def _grid(
    x: float, y: float, cell: float, stacked: Iterable[tuple[DevCard, bool]], frame: str
) -> list[str]:
    """The 3 x 4 mark grid of one card or a stack of them (inputs left, outputs right)."""
    h = cell * 0.8
    parts = [rect(x, y, 4 * cell, 3 * h, fill="#fff", stroke=frame, stroke_width=0.8)]
    parts.append(
        line(x + 2 * cell, y, x + 2 * cell, y + 3 * h, stroke="#999", stroke_dasharray="2 2")
    )
    for card, turned in stacked:
        for row, col, symbol in _cells(card, turned):
            cx, cy = x + (col + 0.5) * cell, y + (row + 0.5) * h
            parts.append(
                rect(
                    x + col * cell + 0.5,
                    y + row * h + 0.5,
                    cell - 1,
                    h - 1,
                    fill=CARD_TINT[card.color],
                )
            )
            parts.append(_symbol(cx, cy, symbol, min(cell, h) * 0.46))
    return parts


def _card(x: float, y: float, w: float, card_id: str, turned: bool = False) -> list[str]:
    """A development card: its colour, id, corner numbers (material, result) and marks; a
    small card keeps its corner numbers in its tooltip."""
    card = CARDS[card_id]
    edge = CARD_EDGE[card.color]
    material, result = card.material, card.result
    if turned:
        material, result = card.material_rotated, card.result_rotated
    cell = (w - 8) / 4
    name = card_id + ("'" if turned else "")
    parts = [
        rect(
            x,
            y,
            w,
            _card_height(w),
            rx=5,
            fill=CARD_TINT[card.color],
            stroke=edge,
            stroke_width=1.5,
        ),
        title(
            f"{name}: {card.color}, {card_sides(card.index, int(turned))}"
            f"; material {material}, result {result}"
        ),
        text(x + w / 2, y + 13, name, 11.5, "middle", font_weight="bold", fill=edge),
        *_grid(x + 4, y + 19, cell, [(card, turned)], edge),
    ]
    if w >= 70:
        parts.append(text(x + 5, y + 13, f"M{material}", 10.5, fill=MUTED))
        parts.append(text(x + w - 5, y + 13, f"R{result}", 10.5, "end", fill=MUTED))
    return parts


def _card_height(w: float) -> float:
    return (w - 8) / 4 * 2.4 + 24


def _outline(x: float, y: float, w: float, h: float) -> str:
    return rect(x - 2, y - 2, w + 4, h + 4, rx=6, fill="none", class_="hit")


# ---------------------------------------------------------------- devices
def _devices(body: Mapping[str, Any], y: float, options: Options, parts: list[str]) -> float:
    parts.append(text(LEFT_X, y + 12, "lab devices", 13, font_weight="bold", fill=MUTED))
    y += 20
    w, h = (LEFT_W - 3 * 8) / 4, 78
    for k, entry in enumerate(body["devices"]):
        x = LEFT_X + k * (w + 8)
        face = _device(x, y, w, h, entry, body["phase"])
        device = entry["device"]
        outline = _outline(x, y, w, h)
        for option in (f"activate device {device}", f"remove device {device}"):
            if option in options:
                face = [options.wrap(option, face, outline)]
                break
        parts += face
    return y + h


def _device(
    x: float, y: float, w: float, h: float, entry: Mapping[str, Any], phase: str
) -> list[str]:
    record = DEVICES[entry["device"]]
    special = {"make_lens": "make a lens", "take_start_player_marker": "start player next"}
    effect = effect_text(record.input, record.ap + record.input[AP], record.output)
    if record.special:
        effect = f"{record.ap} AP: {special.get(record.special, record.special)}"
    full = record.capacity and entry["uses_this_round"] >= record.capacity and phase == "main"
    room = "unlimited" if not record.capacity else f"room {record.capacity}"
    parts = [
        rect(x, y, w, h, rx=6, fill="#eef3f7" if not full else "#e2e2e2", stroke="#8aa0b3"),
        title(f"{record.name}: {effect}; {room}; used {entry['uses_this_round']} this round"),
        text(x + 8, y + 17, entry["device"].replace("_", " "), 13, font_weight="bold", fill=INK),
        text(x + 8, y + 33, effect, 11, fill=INK),
        text(x + w - 8, y + 17, "full" if full else room, 10.5, "end", fill=MUTED),
    ]
    cx = x + 16
    for seat, count in enumerate(entry["assistants"]):
        if count:
            parts += _assistants(cx, y + h - 18, seat, count)
            cx += 40
    return parts


def _assistants(cx: float, cy: float, seat: int, count: int, used: bool = False) -> list[str]:
    colour = seat_colour(seat)
    return [
        circle(cx, cy, 9, fill=colour if not used else "#fff", stroke=colour, stroke_width=2),
        text(
            cx,
            cy + 3.5,
            side(seat),
            10,
            "middle",
            fill="#fff" if not used else colour,
            font_weight="bold",
        ),
        text(cx + 12, cy + 4, f"x{count}", 11, fill=INK),
    ]


# ---------------------------------------------------------------- market and foundations
def _market(body: Mapping[str, Any], y: float, options: Options, parts: list[str]) -> float:
    decks = body["deck_sizes"]
    parts.append(
        text(
            LEFT_X,
            y + 12,
            f"research journal (deck {decks['normal']} normal, {decks['vp']} VP)",
            13,
            font_weight="bold",
            fill=MUTED,
        )
    )
    y += 20
    w = MARKET_W
    h = _card_height(w)
    slots = [*body["market"]["normal"], *body["market"]["vp"]]
    for k, card_id in enumerate(slots):
        x = LEFT_X + (k % 5) * (w + 8)
        cy = y + (k // 5) * (h + 8)
        if card_id is None:
            parts.append(
                rect(x, cy, w, h, rx=5, fill="none", stroke="#bbb", stroke_dasharray="4 3")
            )
            continue
        parts.append(
            options.wrap(f"collect {card_id}", _card(x, cy, w, card_id), _outline(x, cy, w, h))
        )
    _foundations(body, LEFT_X + 5 * (w + 8) + 16, y, options, parts)
    return y + 2 * h + 8


def _foundations(
    body: Mapping[str, Any], x: float, y: float, options: Options, parts: list[str]
) -> None:
    """The foundation piles by cost, one under the other."""
    parts.append(text(x, y + 12, "foundations", 12, font_weight="bold", fill=MUTED))
    w = LEFT_X + LEFT_W - x
    for k, (cost, piles) in enumerate(body["foundations"].items()):
        fy = y + 22 + k * 31
        face = [
            rect(x, fy, w, 25, rx=4, fill="#efe8dc" if piles else "#f6f6f6", stroke="#a89a7e"),
            text(x + 8, fy + 17, f"cost {cost}", 12, font_weight="bold", fill=INK),
            text(x + w - 8, fy + 17, f"{len(piles)} left", 12, "end", fill=MUTED),
            title(f"cost {cost}: {' '.join(piles) or 'none left'}"),
        ]
        parts.append(options.wrap(f"foundation {cost}", face, _outline(x, fy, w, 25)))


# ---------------------------------------------------------------- lenses
LENS_W, LENS_H, LENS_GAP = 136, 138, 10
MARKET_W = 104


def _lenses(body: Mapping[str, Any], y: float, options: Options, parts: list[str]) -> float:
    lenses = list(body["lenses"])
    pending = body["pending"] or {}
    making = pending.get("lens")
    parts.append(
        text(LEFT_X, y + 12, f"lenses ({len(lenses)})", 13, font_weight="bold", fill=MUTED)
    )
    y += 20
    per_row = int((LEFT_W + LENS_GAP) // (LENS_W + LENS_GAP))
    tiles = len(lenses) + (1 if making else 0)
    for k, lens in enumerate(lenses):
        x = LEFT_X + (k % per_row) * (LENS_W + LENS_GAP)
        ly = y + (k // per_row) * (LENS_H + LENS_GAP)
        face = _lens(x, ly, lens)
        name = lens["name"]
        for verb in ("activate", "persuade", "reactivate", "remove"):
            option = f"{verb} lens {name}"
            if option in options:
                face = [options.wrap(option, face, _outline(x, ly, LENS_W, LENS_H))]
                break
        parts += face
    if making:
        k = len(lenses)
        x = LEFT_X + (k % per_row) * (LENS_W + LENS_GAP)
        parts += _lens_in_progress(x, y + (k // per_row) * (LENS_H + LENS_GAP), making)
    if not tiles:
        parts.append(text(LEFT_X, y + 16, "none yet", 12, fill=MUTED))
        return y + 24
    rows = (tiles + per_row - 1) // per_row
    return y + rows * (LENS_H + LENS_GAP) - LENS_GAP


def _stack(cards: Sequence[Mapping[str, Any]]) -> list[tuple[DevCard, bool]]:
    return [(CARDS[c["card"]], bool(c["turned"])) for c in cards]


def _card_list(cards: Sequence[Mapping[str, Any]]) -> str:
    return " ".join(c["card"] + ("'" if c["turned"] else "") for c in cards)


def _lens(x: float, y: float, lens: Mapping[str, Any]) -> list[str]:
    owner = lens["owner"]
    colour = seat_colour(owner)
    cell = 22.0
    inputs = _vector(lens["input"])
    outputs = _vector(lens["output"])
    effect = effect_text(inputs, lens["ap"], outputs)
    parts = [
        rect(x, y, LENS_W, LENS_H, rx=10, fill="#f4f9ff", stroke=colour, stroke_width=2),
        title(
            f"{lens['name']} of {side(owner)} on {lens['foundation']} (cost {lens['cost']}): "
            f"{_card_list(lens['cards'])}; {effect}"
        ),
        text(x + 8, y + 16, lens["name"], 13, font_weight="bold", fill=colour),
        text(x + 34, y + 16, f"of {side(owner)} \u00b7 {lens['foundation']}", 10.5, fill=MUTED),
        text(x + LENS_W - 8, y + 16, f"{lens['cost']} AP", 11, "end", fill=INK, font_weight="bold"),
        *_grid(x + (LENS_W - 4 * cell) / 2, y + 22, cell, _stack(lens["cards"]), "#8aa0b3"),
        text(x + 8, y + 90, _card_list(lens["cards"]), 10, fill=INK),
        *_wrapped(x + 8, y + 104, effect, 24, 10),
    ]
    occupant = lens["occupant"]
    if occupant >= 0:
        parts += _assistants(x + LENS_W - 13, y + 50, occupant, 1, used=lens["occupant_used"])[:2]
    return parts


def _vector(amounts: Mapping[str, int]) -> Vector:
    return cast(Vector, tuple(amounts.get(symbol, 0) for symbol in SYMBOLS))


def _wrapped(x: float, y: float, value: str, width: int, size: float) -> list[str]:
    """``value`` on up to three lines of ``width`` characters, broken between words."""
    lines: list[str] = []
    for word in value.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return [text(x, y + k * (size + 2), part, size, fill=INK) for k, part in enumerate(lines[:3])]


def _lens_in_progress(x: float, y: float, making: Mapping[str, Any]) -> list[str]:
    cell = 22.0
    awaiting = making["awaiting"]
    note = f"R-M {making['difference']:+d}"
    if awaiting:
        note += f"; {awaiting}: which way up?"
    elif making["choosing_foundation"]:
        note += "; choosing a foundation"
    return [
        rect(
            x,
            y,
            LENS_W,
            LENS_H,
            rx=10,
            fill="#fffbe8",
            stroke="#e6a700",
            stroke_width=2,
            stroke_dasharray="6 3",
        ),
        text(x + 8, y + 16, "new lens", 13, font_weight="bold", fill="#9a6b00"),
        *_grid(x + (LENS_W - 4 * cell) / 2, y + 22, cell, _stack(making["cards"]), "#e6a700"),
        text(x + 8, y + 90, _card_list(making["cards"]) or "no card yet", 10, fill=INK),
        *_wrapped(x + 8, y + 104, note, 26, 10),
    ]


# ---------------------------------------------------------------- players
NODE_W, NODE_H = (RIGHT_W - 24) / 3, 30
HAND_W, HAND_ROW = 56, 7


def _players(view: Mapping[str, Any], y: float, options: Options, parts: list[str]) -> float:
    for player in view["body"]["players"]:
        mine = player["seat"] == view["seat"]
        panel, height = _player(view, player, y, options if mine else None)
        parts += panel
        y += height + 10
    return y - 10


def _player(
    view: Mapping[str, Any], player: Mapping[str, Any], y: float, options: Options | None
) -> tuple[list[str], float]:
    seat = player["seat"]
    colour = seat_colour(seat)
    mine = seat == view["seat"]
    body: list[str] = []
    x = RIGHT_X + 14
    character = player["character"]
    name = _character_name(character)
    head = side(seat) + (" (you)" if mine else "") + f" \u00b7 {name}"
    if player["ended"] and view["body"]["phase"] == "main":
        head += " (ended)"
    body.append(text(x, y + 19, head, 14, font_weight="bold", fill=colour))
    counters = f"VP {player['vp']} \u00b7 AP {player['ap']} \u00b7 cr {player['creativity']}"
    sources = ", ".join(f"{name} {vp}" for name, vp in player["vp_by_source"].items() if vp)
    body.append(
        group(
            [
                text(
                    RIGHT_X + RIGHT_W - 10,
                    y + 19,
                    counters,
                    14,
                    "end",
                    font_weight="bold",
                    fill=INK,
                ),
                title(f"VP {player['vp']}: {sources or 'none yet'}"),
            ]
        )
    )
    body += _supplies(player, x, y + 40, options)
    cy = y + 56
    if character:
        body += _growth(player, character, x, cy, options)
        cy += 3 * (NODE_H + 3) + 4
    body += _hand(player, x, cy, options)
    rows = (len(player["hand"]) + HAND_ROW - 1) // HAND_ROW or 1
    height = cy + rows * (_card_height(HAND_W) + 4) - y + 6
    frame = [
        rect(
            RIGHT_X,
            y,
            RIGHT_W,
            height,
            rx=8,
            fill="#fff",
            stroke=colour,
            stroke_width=2.5 if mine else 1.2,
        ),
        rect(RIGHT_X, y, 7, height, rx=3, fill=colour),
    ]
    return frame + body, height


def _character_name(character: str | None) -> str:
    if character is None:
        return "no board yet"
    return CHARACTERS[character].name.removesuffix(" (placeholder name)")


def _supplies(player: Mapping[str, Any], x: float, cy: float, options: Options | None) -> list[str]:
    parts = []
    for material in MATERIALS:
        face = [
            _symbol(x + 8, cy, material, 8),
            text(x + 20, cy + 4, player["materials"][material], 12, fill=INK),
        ]
        parts.append(_maybe(options, f"discard {material}", face, x - 2, cy - 10, 36, 20))
        x += 36
    parts.append(text(x, cy + 4, f"of {player['capacity']}", 11, fill=MUTED))
    x += 34
    parts.append(text(x, cy + 4, f"stock {player['stock']}", 11.5, fill=INK))
    x += 50
    for used, word in ((False, "unused"), (True, "used")):
        count = player["lobby_used" if used else "lobby_unused"]
        face = [
            *_assistants(x + 9, cy, player["seat"], count, used),
            title(f"lobby: {count} {word} assistant(s)"),
        ]
        parts.append(_maybe(options, f"remove lobby {word}", face, x - 2, cy - 11, 38, 22))
        x += 41
    tasks = " ".join(player["open_tasks"]) or "-"
    parts.append(text(x + 2, cy + 4, f"tasks {tasks}", 10, fill=MUTED))
    return parts


def _maybe(
    options: Options | None, option: str, face: list[str], x: float, y: float, w: float, h: float
) -> str:
    if options is None:
        return "".join(face)
    return options.wrap(option, face, rect(x, y, w, h, rx=5, fill="none", class_="hit"))


def _growth(
    player: Mapping[str, Any], character: str, x: float, y: float, options: Options | None
) -> list[str]:
    abilities = {a.node: a for a in CHARACTERS[character].abilities}
    colour = seat_colour(player["seat"])
    parts = []
    for k, node in enumerate(CONTENT.template.nodes):
        row, col = divmod(k, 3)
        nx, ny = x + col * (NODE_W + 3), y + row * (NODE_H + 3)
        grown = node in player["grown"]
        words = ability_text(abilities[node])
        kind, _, effect = words.partition(": ")
        used = node in player["will_used"]
        face = [
            rect(
                nx,
                ny,
                NODE_W,
                NODE_H,
                rx=4,
                fill=_tint(colour) if grown else "#f6f6f6",
                stroke=colour if grown else "#ccc",
            ),
            title(
                f"{node} ({'grown' if grown else 'not grown'}): {words}"
                + (" (used this round)" if used else "")
            ),
            text(
                nx + 4,
                ny + 12,
                f"{node} \u00b7 {kind}" + (" (used)" if used else ""),
                10.5,
                font_weight="bold",
                fill=colour if grown else MUTED,
            ),
            text(nx + 4, ny + 26, _clip(effect, 25), 10.5, fill=INK if grown else MUTED),
        ]
        wrapped = "".join(face)
        for verb in ("will", "use", "grow", "node"):
            option = f"{verb} {node}"
            if options is not None and option in options:
                wrapped = options.wrap(option, face, _outline(nx, ny, NODE_W, NODE_H))
                break
        parts.append(wrapped)
    return parts


def _tint(colour: str) -> str:
    """A light version of a ``#rrggbb`` colour."""
    rgb = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * 0.78):02x}" for c in rgb)


def _clip(value: str, size: int) -> str:
    return value if len(value) <= size else value[: size - 1] + "\u2026"


def _hand(player: Mapping[str, Any], x: float, y: float, options: Options | None) -> list[str]:
    hand = player["hand"]
    if not hand:
        return [text(x, y + 14, "hand: empty", 11, fill=MUTED)]
    parts = []
    h = _card_height(HAND_W)
    for k, card_id in enumerate(hand):
        cx = x + (k % HAND_ROW) * (HAND_W + 6)
        cy = y + (k // HAND_ROW) * (h + 4)
        face = _card(cx, cy, HAND_W, card_id)
        if options is not None:
            parts.append(options.wrap(f"card {card_id}", face, _outline(cx, cy, HAND_W, h)))
        else:
            parts += face
    return parts
