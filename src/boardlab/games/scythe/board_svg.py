"""The Scythe board as SVG for the browser, drawn from one seat's view only.

The hex map (terrain colours, rivers, lakes, home bases, tunnels, the Factory, encounter
tokens, structures, resources and every unit in its faction's colour, control shown by an
inner border), a panel per player (power, popularity, coins where the view shows them,
stars, cards), what only the viewing seat knows, the combat or encounter in progress, and
the player mat of the viewing seat (the active player's for a spectator). Every option of
the pending decision with a place is clickable there (``data-action``): a territory for
``to r3c4``, ``at r3c4``, ``produce r3c4``...; a unit for ``character r3c4``, ``mech
r3c4``, ``worker r3c4``; a mat section, top choice, bottom action, upgrade box, recruit,
structure, mech or enlist bonus for ``section move``, ``bolster power``, ``upgrade move``,
``cube deploy``, ``recruit build``, ``structure mill``, ``mech speed``, ``bonus power``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from boardlab.games.scythe.abilities_text import ability_texts
from boardlab.games.scythe.content import CONTENT
from boardlab.games.svg import (
    Options,
    circle,
    document,
    group,
    hexagon,
    line,
    polygon,
    rect,
    side,
    text,
    title,
)

WIDTH = 1240
HEX_R = 48.0
HEX_W = math.sqrt(3) * HEX_R
ROW_STEP = 1.5 * HEX_R
MAP_X, MAP_Y = 8.0, 52.0
MAP_COLS, MAP_ROWS = 8, 9
MAP_W = MAP_COLS * HEX_W + HEX_W / 2
MAP_H = (MAP_ROWS - 1) * ROW_STEP + 2 * HEX_R
SIDE_X = MAP_X + MAP_W + 14
SIDE_W = WIDTH - SIDE_X - 12
MAT_Y = MAP_Y + MAP_H + 14
INK, MUTED, PAPER = "#222", "#666", "#f7f4ec"
TERRAIN_FILL = {
    "mountain": "#b5aca0",
    "farm": "#e9d67d",
    "forest": "#5e9a48",
    "tundra": "#bcd9cc",
    "village": "#dba56c",
    "lake": "#7fb9e2",
    "factory": "#a395cf",
    "home_base": "#efe9dc",
}
FACTION_FILL = {
    "nordic": "#2f6db5",
    "rusviet": "#c62828",
    "crimea": "#e8aa00",
    "saxony": "#2b2b2b",
    "polania": "#f4f4f4",
    "albion": "#2e8b57",
    "togawa": "#7b4fa0",
}
FACTION_INK = {"crimea": "#222", "polania": "#222"}
RESOURCE_FILL = {"wood": "#8b5a2b", "metal": "#8d99a6", "oil": "#1d1d1d", "food": "#f2c84b"}
STRUCTURE_LETTER = {"mine": "Mi", "mill": "Ml", "armory": "Ar", "monument": "Mo"}
#: The option ids that play each top-row choice, and upgrade its box.
CHOICE_OPTION = {
    "move_units": "move",
    "gain_coins": "gain coins",
    "gain_resources": "trade resources",
    "gain_popularity": "trade popularity",
    "gain_power": "bolster power",
    "draw_combat_cards": "bolster cards",
    "territories": "produce",
}
UPGRADE_OPTION = {
    "move_units": "upgrade move",
    "gain_coins": "upgrade coins",
    "gain_popularity": "upgrade popularity",
    "gain_power": "upgrade power",
    "draw_combat_cards": "upgrade cards",
    "territories": "upgrade produce",
}
CHOICE_NOUN = {
    "move_units": "units",
    "gain_coins": "coins",
    "gain_resources": "resources",
    "gain_popularity": "popularity",
    "gain_power": "power",
    "draw_combat_cards": "combat cards",
    "territories": "territories",
}
#: Options that name a territory: clicking the territory plays them.
SPACE_VERBS = ("to", "fight", "at", "from", "produce", "retreat")
UNIT_VERBS = ("character", "mech", "worker")


def board_svg(view: Mapping[str, Any]) -> str:
    """The board ``view`` shows (one seat's or a spectator's), as one ``<svg>`` string."""
    options = Options(view)
    body = view["body"]
    factions = {p["seat"]: p["faction"] for p in body["players"]}
    parts = _header(view)
    parts += _map(body, factions, options)
    side_end = _side(view, options, parts)
    shown = _mat_seat(view)
    mat_end = _mat(body["players"][shown], shown == view["seat"], options, parts)
    height = max(side_end, mat_end) + 12
    return document(WIDTH, height, [rect(0, 0, WIDTH, height, fill=PAPER), *parts], "Scythe board")


def _mat_seat(view: Mapping[str, Any]) -> int:
    seat = view["seat"]
    return int(view["body"]["active"] if seat is None else seat)


# ---------------------------------------------------------------- header
def _header(view: Mapping[str, Any]) -> list[str]:
    body = view["body"]
    seat = view["seat"]
    players = body["players"]
    you = "a spectator" if seat is None else side(seat)
    limit = f"/{body['turn_limit'] * len(players)}" if body["turn_limit"] else ""
    if view["over"]:
        ended = str(body["ended"] or "over").replace("_", " ")
        state = f"over ({ended}), won by {' '.join(view['winners'])}"
    else:
        active = body["active"]
        state = f"{side(active)} ({players[active]['faction']}) to play"
    order = " ".join(side(s) for s in body["order"])
    head = f"Scythe - turn {body['turn']}{limit}: {state}"
    return [
        text(12, 30, head, 19, font_weight="bold", fill=INK),
        text(WIDTH - 12, 30, f"order {order} \u00b7 you are {you}", 14, "end", fill=MUTED),
    ]


# ---------------------------------------------------------------- the map
def _centre(row: int, col: int) -> tuple[float, float]:
    x = MAP_X + col * HEX_W + HEX_W / 2 + (HEX_W / 2 if row % 2 == 0 else 0)
    return x, MAP_Y + HEX_R + row * ROW_STEP


def _map(body: Mapping[str, Any], factions: Mapping[int, str], options: Options) -> list[str]:
    spaces = body["spaces"]
    parts = [rect(MAP_X, MAP_Y - 4, MAP_W, MAP_H + 8, rx=10, fill="#dfe8ef")]
    by_space = _space_options(options)
    for space in spaces:
        parts.append(_tile(space, factions, by_space.get(space["id"], []), options))
    parts += _rivers(spaces)
    for space in spaces:
        parts += _contents(space, options)
    parts += _badges(spaces, by_space, options)
    parts += _legend()
    return parts


#: What each terrain gives when produced on, from the board's data; the others give nothing.
TERRAIN_PRODUCT = {space.terrain: space.produces for space in CONTENT.board.hexes if space.produces}
LEGEND_NOTE = {
    "lake": "nothing: units cannot stand there without an ability",
    "factory": "a Factory card to the first character there",
    "home_base": "nothing: a faction's start",
}


def _legend() -> list[str]:
    """The terrain legend, in the empty corner right of the map's bottom row."""
    x0, y0, column, row = _centre(8, 4)[0] - 24, MAP_Y + MAP_H - 62, 106.0, 19.0
    cells = [text(x0, y0 + 12, "Terrain gives", 11, font_weight="bold", fill=INK)]
    for k, (terrain, fill) in enumerate(TERRAIN_FILL.items(), start=1):
        x, y = x0 + (k % 3) * column, y0 + (k // 3) * row
        product = TERRAIN_PRODUCT.get(terrain)
        gives = (product + "s" if product == "worker" else product) if product else "nothing"
        if product is None and terrain == "factory":
            gives = "a card"
        name = "home" if terrain == "home_base" else terrain
        meaning = f"produce here: {gives}" if product else LEGEND_NOTE.get(terrain, "nothing")
        cells.append(
            group(
                [
                    title(f"{name}: {meaning}"),
                    rect(x, y + 2, 12, 12, rx=2, fill=fill, stroke="#0006", stroke_width=0.8),
                    text(x + 16, y + 12, f"{name}: {gives}", 10.5, fill=INK),
                ]
            )
        )
    return cells


def _ability_text(faction: str, ability: str) -> str:
    """A faction's ability or one of its mech abilities, by id, as its name and its words."""
    texts = ability_texts(faction)
    if ability == CONTENT.faction(faction).ability.id:
        return texts["faction"]
    return texts.get(ability, ability.replace("_", " "))


def _faction_tip(faction: str) -> str:
    """The hover text of a faction: its own ability, its character, its four mechs."""
    record = CONTENT.faction(faction)
    texts = ability_texts(faction)
    mechs = " ".join(texts[mech.id] for mech in record.mechs)
    return f"{record.name}. {texts['faction']} {texts['character']} Mechs: {mechs}"


def _space_options(options: Options) -> dict[str, list[str]]:
    """Options naming a territory (``to r3c4``), by territory, in the decision's order."""
    found: dict[str, list[str]] = {}
    for option in options.labels:
        verb, _, where = option.partition(" ")
        if verb in SPACE_VERBS and where and "," not in where:
            found.setdefault(where, []).append(option)
    return found


def _tile(
    space: Mapping[str, Any], factions: Mapping[int, str], here: Sequence[str], options: Options
) -> str:
    cx, cy = _centre(space["row"], space["col"])
    terrain = space["terrain"]
    fill = TERRAIN_FILL.get(terrain, "#ddd")
    home = space["home_of"]
    if home is not None:
        fill = _tint(FACTION_FILL.get(home, "#999"), 0.55 if home in factions.values() else 0.85)
    parts = [
        polygon(hexagon(cx, cy, HEX_R - 1), fill=fill, stroke="#fff", stroke_width=2),
        title(f"{space['name']}" + _space_note(space)),
    ]
    controller = space["controlled_by"]
    if controller is not None and controller in factions:
        parts.append(
            polygon(
                hexagon(cx, cy, HEX_R - 5),
                fill="none",
                stroke=FACTION_FILL[factions[controller]],
                stroke_width=3,
                stroke_opacity=0.85,
            )
        )
    parts += _label(space, cx, cy)
    outline = polygon(hexagon(cx, cy, HEX_R - 3), fill="#ffd54a", fill_opacity=0.25, class_="hit")
    if here:
        return options.wrap(here[0], parts, outline)
    return group(parts)


def _space_note(space: Mapping[str, Any]) -> str:
    notes = []
    if space["produces"]:
        notes.append(f"produces {space['produces']}")
    if space["tunnel"]:
        notes.append("tunnel")
    if space["encounter"]:
        notes.append("encounter token")
    if space["controlled_by"] is not None:
        notes.append(f"controlled by {side(space['controlled_by'])}")
    return (": " + ", ".join(notes)) if notes else ""


def _label(space: Mapping[str, Any], cx: float, cy: float) -> list[str]:
    terrain = space["terrain"]
    dark = terrain in ("forest",)
    ink = "#fff" if dark else "#333"
    home = space["home_of"]
    if home is not None:
        return [text(cx, cy - 24, home.capitalize(), 11, "middle", fill="#333", font_weight="bold")]
    name = "Factory" if terrain == "factory" else space["id"]
    parts = [text(cx, cy - 27, name, 11, "middle", fill=ink, font_weight="bold", fill_opacity=0.85)]
    if space["tunnel"]:
        parts.append(rect(cx - 38, cy - 27, 16, 14, rx=6, fill="#4a4037"))
        parts.append(text(cx - 30, cy - 16.5, "T", 11, "middle", fill="#fff", font_weight="bold"))
    if space["encounter"]:
        parts.append(
            circle(cx + 29, cy - 20, 8, fill="#fff3c4", stroke="#a0522d", stroke_width=1.5)
        )
        parts.append(text(cx + 29, cy - 16, "!", 11, "middle", fill="#a0522d", font_weight="bold"))
    return parts


def _rivers(spaces: Sequence[Mapping[str, Any]]) -> list[str]:
    where = {s["id"]: (s["row"], s["col"]) for s in spaces}
    parts = []
    for space in spaces:
        for other in space["across_river"]:
            if other < space["id"] or other not in where:
                continue
            a = _centre(space["row"], space["col"])
            b = _centre(*where[other])
            mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
            dx, dy = b[0] - a[0], b[1] - a[1]
            length = math.hypot(dx, dy) or 1.0
            px, py = -dy / length * HEX_R / 2, dx / length * HEX_R / 2
            parts.append(
                line(
                    mx - px,
                    my - py,
                    mx + px,
                    my + py,
                    stroke="#2b7bd1",
                    stroke_width=5,
                    stroke_linecap="round",
                )
            )
    return parts


def _contents(space: Mapping[str, Any], options: Options) -> list[str]:
    """What stands on a territory: units by seat, the structure, the resources."""
    cx, cy = _centre(space["row"], space["col"])
    parts = []
    units = space["units"]
    for k, stack in enumerate(units):
        uy = cy - 3 + k * 21 - (12 if len(units) > 1 else 0)
        parts += _units(cx, uy, space["id"], stack, options)
    structure = space["structure"]
    if structure is not None:
        parts += _structure(cx - 30, cy + 20, structure)
    parts += _resources(cx + (8 if structure is not None else 0), cy + 30, space["resources"])
    return parts


def _units(
    cx: float, cy: float, where: str, stack: Mapping[str, Any], options: Options
) -> list[str]:
    faction = stack["faction"]
    fill = FACTION_FILL.get(faction, "#999")
    ink = FACTION_INK.get(faction, "#fff")
    tokens: list[tuple[str, list[str], str]] = []
    x = cx - 30.0
    if stack["character"]:
        tokens.append(
            (
                "character",
                [
                    circle(x + 9, cy, 9.5, fill=fill, stroke="#000", stroke_width=1.2),
                    text(
                        x + 9,
                        cy + 4,
                        faction[0].upper(),
                        11,
                        "middle",
                        fill=ink,
                        font_weight="bold",
                    ),
                ],
                circle(x + 9, cy, 12, fill="none", class_="hit"),
            )
        )
        x += 21
    if stack["mechs"]:
        tokens.append(
            (
                "mech",
                [
                    rect(x, cy - 8.5, 19, 17, rx=3, fill=fill, stroke="#000", stroke_width=1.2),
                    text(
                        x + 9.5,
                        cy + 4,
                        f"M{stack['mechs']}" if stack["mechs"] > 1 else "M",
                        11,
                        "middle",
                        fill=ink,
                        font_weight="bold",
                    ),
                ],
                rect(x - 3, cy - 11.5, 25, 23, rx=4, fill="none", class_="hit"),
            )
        )
        x += 22
    if stack["workers"]:
        tokens.append(
            (
                "worker",
                [
                    circle(x + 8, cy, 8, fill=_tint(fill, 0.35), stroke="#000", stroke_width=1),
                    text(
                        x + 8,
                        cy + 4,
                        stack["workers"],
                        11,
                        "middle",
                        fill=ink,
                        font_weight="bold",
                    ),
                ],
                circle(x + 8, cy, 10, fill="none", class_="hit"),
            )
        )
    parts = []
    seat = side(stack["seat"])
    for kind, shape, outline in tokens:
        shape.append(title(f"{seat} ({faction}) {kind}"))
        parts.append(options.wrap(f"{kind} {where}", shape, outline))
    return parts


def _structure(x: float, y: float, structure: Mapping[str, Any]) -> list[str]:
    fill = FACTION_FILL.get(structure["faction"], "#999")
    ink = FACTION_INK.get(structure["faction"], "#fff")
    kind = structure["kind"]
    roof = [(x, y - 4), (x + 8, y - 11), (x + 16, y - 4)]
    return [
        polygon(roof, fill=fill, stroke="#000", stroke_width=1),
        rect(x, y - 4, 16, 11, fill=fill, stroke="#000", stroke_width=1),
        text(
            x + 8,
            y + 5,
            STRUCTURE_LETTER.get(kind, kind[:2]),
            7.5,
            "middle",
            fill=ink,
            font_weight="bold",
        ),
        title(f"{side(structure['seat'])}'s {kind}"),
    ]


def _resources(cx: float, y: float, resources: Mapping[str, int]) -> list[str]:
    held = [(name, count) for name, count in resources.items() if count]
    parts = []
    x = cx - 8 - (len(held) - 1) * 11
    for name, count in held:
        parts.append(
            rect(x, y - 6, 11, 11, rx=2, fill=RESOURCE_FILL[name], stroke="#000", stroke_width=0.6)
        )
        parts.append(text(x + 13, y + 4, count, 11, fill="#111", font_weight="bold"))
        parts.append(title(f"{count} {name}"))
        x += 22
    return parts


def _badges(
    spaces: Sequence[Mapping[str, Any]], by_space: Mapping[str, Sequence[str]], options: Options
) -> list[str]:
    """A territory with several options has one badge per option after the first."""
    where = {s["id"]: (s["row"], s["col"]) for s in spaces}
    parts = []
    for space_id, ids in by_space.items():
        if space_id not in where:
            continue
        cx, cy = _centre(*where[space_id])
        for k, option in enumerate(ids[1:]):
            bx, by = cx - 20, cy + 34 - k * 16
            verb = option.split(" ")[0]
            shape = [
                rect(bx, by - 7, 40, 14, rx=7, fill="#fff6cc", stroke="#b38600"),
                text(bx + 20, by + 3.5, verb, 9, "middle", fill=INK),
            ]
            parts.append(
                options.wrap(
                    option, shape, rect(bx, by - 7, 40, 14, rx=7, fill="none", class_="hit")
                )
            )
    return parts


def _tint(colour: str, amount: float) -> str:
    """``colour`` (``#rrggbb``) mixed with white: 0 keeps it, 1 is white."""
    rgb = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * amount):02x}" for c in rgb)


# ---------------------------------------------------------------- the side panels
def _side(view: Mapping[str, Any], options: Options, parts: list[str]) -> float:
    """Adds the players' panels, the viewer's secrets, the combat or encounter, the decks;
    returns where the column ends."""
    body = view["body"]
    y = MAP_Y - 4
    for player in body["players"]:
        y = _player_panel(view, player, y, options, parts) + 8
    if body["you"] is not None:
        y = _own_panel(body["you"], body["players"][body["you"]["seat"]], y, options, parts) + 8
    if body["combat"] is not None:
        y = _combat_panel(body["combat"], y, parts) + 8
    if body["encounter"] is not None:
        y = _encounter_panel(body["encounter"], y, options, parts) + 8
    return _decks_panel(body, y, parts)


def _panel(y: float, height: float, colour: str, strong: bool = False) -> list[str]:
    return [
        rect(
            SIDE_X,
            y,
            SIDE_W,
            height,
            rx=8,
            fill="#fff",
            stroke=colour,
            stroke_width=2.5 if strong else 1.2,
        ),
    ]


def _player_panel(
    view: Mapping[str, Any],
    player: Mapping[str, Any],
    y: float,
    options: Options,
    parts: list[str],
) -> float:
    seat = player["seat"]
    faction = player["faction"]
    colour = FACTION_FILL.get(faction, "#999")
    edge = "#555" if faction == "polania" else colour
    mine = seat == view["seat"]
    active = seat == view["body"]["active"] and not view["over"]
    height = 62
    parts += _panel(y, height, edge, mine)
    parts.append(rect(SIDE_X, y, 8, height, rx=3, fill=colour, stroke=edge, stroke_width=0.8))
    head = f"{side(seat)}{' (you)' if mine else ''} \u00b7 {player['faction_name']}"
    parts.append(
        group(
            [
                title(_faction_tip(faction)),
                text(
                    SIDE_X + 16,
                    y + 18,
                    head,
                    13.5,
                    font_weight="bold",
                    fill=edge if faction != "crimea" else "#9a6f00",
                ),
            ]
        )
    )
    mat = f"{player['mat']} mat #{player['mat_number']}" + (" \u00b7 to play" if active else "")
    score = view["scores"][seat]
    if score is not None:
        mat = f"score {score:g} \u00b7 " + mat
    parts.append(text(SIDE_X + SIDE_W - 10, y + 18, mat, 11.5, "end", fill=MUTED))
    coins = "?" if player["coins"] is None else player["coins"]
    mechs = sum(1 for m in player["mechs"] if m["at"] is not None)
    built = sum(1 for at in player["structures"].values() if at is not None)
    recruits = sum(1 for sec in player["sections"] if sec["bottom"]["recruit_enlisted"])
    stats = (
        f"power {player['power']} \u00b7 popularity {player['popularity']} \u00b7 coins {coins}"
        f" \u00b7 cards {player['combat_cards']} \u00b7 objectives {player['objectives_held']}"
    )
    parts.append(text(SIDE_X + 16, y + 36, stats, 12, fill=INK))
    more = (
        f"mechs {mechs} \u00b7 structures {built} \u00b7 recruits {recruits} \u00b7 upgrades "
        f"{len(player['upgrades'])} \u00b7 workers {player['workers_on_board']}"
        f" \u00b7 last {player['last_section'] or '-'}"
    )
    parts.append(text(SIDE_X + 16, y + 53, more, 11, fill=MUTED))
    parts += _stars(player["stars"], SIDE_X + SIDE_W - 10, y + 44)
    return y + height


def _stars(stars: Mapping[str, int], x: float, y: float) -> list[str]:
    """The star count, on a star; its tooltip lists the kinds earned."""
    total = stars["total"]
    earned = ", ".join(
        f"{name}" + (f" x{count}" if count > 1 else "")
        for name, count in stars.items()
        if name != "total" and count
    )
    points = []
    for k in range(10):
        radius = 13 if k % 2 == 0 else 5.5
        angle = math.radians(-90 + 36 * k)
        points.append((x - 14 + radius * math.cos(angle), y + radius * math.sin(angle)))
    return [
        group(
            [
                polygon(points, fill="#f5c518", stroke="#8a6d00", stroke_width=1),
                text(x - 14, y + 4, total, 10, "middle", fill="#222", font_weight="bold"),
                title(f"{total} star(s): {earned or 'none yet'}"),
            ]
        )
    ]


def _own_panel(
    own: Mapping[str, Any],
    player: Mapping[str, Any],
    y: float,
    options: Options,
    parts: list[str],
) -> float:
    """What only the viewer knows: coins, combat cards, objectives, the Factory offer."""
    lines = [f"Your coins {own['coins']} \u00b7 combat cards:"]
    start = y
    body: list[str] = []
    body.append(text(SIDE_X + 12, y + 19, lines[0], 13, font_weight="bold", fill=INK))
    x = SIDE_X + 12 + 7.3 * len(lines[0]) + 6
    for value in own["hand"]:
        shape = [
            rect(x, y + 6, 18, 19, rx=3, fill="#c0392b", stroke="#7b241c"),
            text(x + 9, y + 20, value, 11.5, "middle", fill="#fff", font_weight="bold"),
        ]
        body.append(
            options.wrap(
                f"card {value}", shape, rect(x - 2, y + 4, 22, 23, rx=4, fill="none", class_="hit")
            )
        )
        x += 22
    if not own["hand"]:
        body.append(text(x, y + 19, "none", 12, fill=MUTED))
    y += 30
    for objective in own["objectives"]:
        met = " (met)" if objective["met"] else ""
        head = f"objective {objective['number']} {objective['name']}{met}"
        body.append(
            options.wrap(
                f"objective {objective['number']}",
                [
                    text(
                        SIDE_X + 12,
                        y + 12,
                        head,
                        12,
                        font_weight="bold",
                        fill="#1c7c54" if objective["met"] else INK,
                    ),
                    title(objective["text"]),
                ],
                rect(SIDE_X + 6, y, SIDE_W - 12, 16, rx=4, fill="none", class_="hit"),
            )
        )
        y += 16
        for part in _wrap(objective["text"], 74)[:2]:
            body.append(text(SIDE_X + 20, y + 11, part, 10.5, fill=MUTED))
            y += 13
        y += 3
    offer = own["factory_offer"]
    if offer is not None:
        body.append(
            text(SIDE_X + 12, y + 12, "Factory cards on offer:", 12, font_weight="bold", fill=INK)
        )
        y += 16
        for card in offer:
            line_text = f"{card['number']} {card['name']}: {card['top']} | {card['bottom']}"
            face = [text(SIDE_X + 20, y + 12, _clip(line_text, 80), 11, fill=INK), title(line_text)]
            hit = rect(SIDE_X + 6, y, SIDE_W - 12, 16, rx=4, fill="none", class_="hit")
            body.append(options.wrap(f"factory {card['number']}", face, hit))
            y += 17
    height = y - start + 6
    parts += _panel(start, height, "#777", True)
    parts += body
    return start + height


def _clip(value: str, size: int) -> str:
    return value if len(value) <= size else value[: size - 1] + "\u2026"


def _wrap(value: str, width: int) -> list[str]:
    lines: list[str] = []
    for word in value.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _combat_panel(fight: Mapping[str, Any], y: float, parts: list[str]) -> float:
    rows = [f"Combat on {fight['territory']}"]
    for role in ("attacker", "defender"):
        entry = fight[role]
        state = "committed" if entry.get("committed") else "not committed"
        if "cards" in entry:
            cards = " + ".join(str(v) for v in entry["cards"]) or "no cards"
            state = f"dial {entry['dial']}, cards {cards}"
        elif "dial" in entry:
            state = f"dial {entry['dial']}, choosing cards"
        rows.append(f"{role} {side(entry['seat'])}: {state}")
    height = 10 + 17 * len(rows)
    parts += _panel(y, height, "#c62828", True)
    for k, row in enumerate(rows):
        parts.append(
            text(
                SIDE_X + 12,
                y + 20 + k * 17,
                row,
                12.5 if k else 13.5,
                font_weight="bold" if not k else None,
                fill=INK,
            )
        )
    return y + height


def _encounter_panel(
    encounter: Mapping[str, Any], y: float, options: Options, parts: list[str]
) -> float:
    """The encounter card read out; each option clickable while it is one."""
    head = (
        f"Encounter {encounter['number']} \u00b7 {encounter['title']} \u00b7 "
        f"{side(encounter['seat'])} on {encounter['territory']}"
    )
    body = [text(SIDE_X + 12, y + 20, head, 12.5, font_weight="bold", fill=INK)]
    row_y = y + 28
    for option in encounter["options"]:
        taken = " (taken)" if option["taken"] else ""
        rows = _wrap(f"{option['label']}: {option['text']}{taken}", 76)
        face = [
            text(SIDE_X + 14, row_y + 13 + k * 15, row, 11.5, fill=MUTED if taken else INK)
            for k, row in enumerate(rows)
        ]
        hit = rect(
            SIDE_X + 6, row_y, SIDE_W - 12, 15 * len(rows) + 4, rx=4, fill="none", class_="hit"
        )
        body.append(options.wrap(f"option {option['label']}", face, hit))
        row_y += 15 * len(rows) + 5
    height = row_y - y + 4
    parts += _panel(y, height, "#a0522d", True)
    parts += body
    return y + height


def _decks_panel(body: Mapping[str, Any], y: float, parts: list[str]) -> float:
    decks = body["decks"]
    discard = " ".join(f"{n}x{v}" for v, n in decks["combat_discard"].items() if n) or "empty"
    revealed = [
        f"{side(p['seat'])} {o['number']}"
        for p in body["players"]
        for o in p["objectives_revealed"]
    ]
    rows = [
        f"decks: combat {decks['combat']} (discards {discard}) \u00b7 objectives "
        f"{decks['objectives']} \u00b7 encounters {decks['encounters']} \u00b7 Factory "
        f"{decks['factory_offer']}",
        f"encounter tokens {decks['encounter_tokens']} \u00b7 objectives revealed: "
        f"{', '.join(revealed) or 'none'}",
        f"structure bonus: {body['bonus_tile']['name']}",
    ]
    for k, row in enumerate(rows):
        parts.append(text(SIDE_X + 4, y + 14 + k * 16, row, 11, fill=MUTED))
    return y + 16 * len(rows)


# ---------------------------------------------------------------- the player mat
SECTION_W = (WIDTH - 24 - 3 * 8) / 4
SECTION_H = 158


def _mat(player: Mapping[str, Any], mine: bool, options: Options, parts: list[str]) -> float:
    """The player mat of ``player`` (clickable when it is the viewer's): its four sections,
    then its mechs, structures, enlist bonuses and Factory card."""
    own = options if mine else None
    whose = "Your" if mine else f"{side(player['seat'])}'s"
    produce = ", ".join(f"{v} {k}" for k, v in player["produce_cost"].items() if v) or "nothing"
    head = (
        f"{whose} mat: {player['mat']} ({player['faction']}) \u00b7 last section: "
        f"{player['last_section'] or '-'} \u00b7 Produce costs {produce}"
    )
    parts.append(text(12, MAT_Y + 14, head, 13.5, font_weight="bold", fill=INK))
    y = MAT_Y + 22
    for k, section in enumerate(player["sections"]):
        x = 12 + k * (SECTION_W + 8)
        parts.append(_section(x, y, section, player["last_section"], own))
    y += SECTION_H + 8
    return _extras(player, y, own, parts)


def _section(
    x: float, y: float, section: Mapping[str, Any], last: str | None, options: Options | None
) -> str:
    top, bottom = section["top"], section["bottom"]
    used = last == top["action"]
    face = [
        rect(
            x,
            y,
            SECTION_W,
            SECTION_H,
            rx=8,
            fill="#f0ebe0" if not used else "#e4ddd0",
            stroke="#8c7b5e",
        ),
        line(x + 8, y + 88, x + SECTION_W - 8, y + 88, stroke="#b7a98f"),
        text(x + 10, y + 20, top["action"].capitalize(), 15, font_weight="bold", fill=INK),
    ]
    cost = ", ".join(f"pay {v} {k}" for k, v in top["cost"].items())
    if used:
        cost = (cost + " \u00b7 " if cost else "") + "used last turn"
    face.append(text(x + SECTION_W - 10, y + 19, cost, 10.5, "end", fill=MUTED))
    inner = [_choices(x + 10, y + 28, top, options), _slot(x, y, top, options)]
    inner += _bottom(x, y + 92, bottom, options)
    outline = rect(x, y, SECTION_W, SECTION_H, rx=8, fill="none", class_="hit")
    option = f"section {top['action']}"
    if options is not None and option in options:
        return options.wrap(option, [*face, *inner], outline)
    return group([*face, *inner])


def _choices(x: float, y: float, top: Mapping[str, Any], options: Options | None) -> str:
    parts = []
    for k, choice in enumerate(top["choices"]):
        cy = y + k * 22
        noun = CHOICE_NOUN.get(choice["id"], choice["id"])
        star = "\u2605 " if choice["upgraded"] else ""
        label = (
            f"{star}gain {choice['value']} {noun}"
            if choice["id"] != "territories"
            else (f"{star}produce on {choice['value']} territories")
        )
        if choice["id"] == "move_units":
            label = f"{star}move {choice['value']} units"
        face = [
            rect(x, cy, 170, 19, rx=4, fill="#fff", stroke="#c9bca3"),
            text(x + 6, cy + 14, label, 11.5, fill=INK),
        ]
        if choice["upgradable"] and not choice["upgraded"]:
            face.append(rect(x + 176, cy + 3, 13, 13, rx=2, fill="#2f9e44", stroke="#1b5e20"))
        hit = rect(x - 2, cy - 2, 194, 23, rx=5, fill="none", class_="hit")
        parts.append(
            _option(
                options,
                (CHOICE_OPTION.get(choice["id"], ""), UPGRADE_OPTION.get(choice["id"], "")),
                face,
                hit,
            )
        )
    return "".join(parts)


def _slot(x: float, y: float, top: Mapping[str, Any], options: Options | None) -> str:
    """The section's structure: on the mat until it is built."""
    kind = top["structure"]
    sx, sy = x + SECTION_W - 72, y + 50
    built = top["structure_built"]
    face = [
        rect(
            sx,
            sy,
            62,
            32,
            rx=5,
            fill="#ddd5c4" if built else "#fff",
            stroke="#8c7b5e",
            stroke_dasharray="3 2" if built else None,
        ),
        text(sx + 31, sy + 14, kind, 10.5, "middle", fill=INK),
        text(sx + 31, sy + 27, "built" if built else "on mat", 10.5, "middle", fill=MUTED),
    ]
    hit = rect(sx - 2, sy - 2, 66, 36, rx=6, fill="none", class_="hit")
    return _option(options, (f"structure {kind}",), face, hit)


def _bottom(x: float, y: float, bottom: Mapping[str, Any], options: Options | None) -> list[str]:
    name = bottom["action"]
    cost = bottom["cost"]
    face = [
        text(x + 10, y + 18, name.capitalize(), 14, font_weight="bold", fill=INK),
        text(x + 84, y + 17, f"pay {cost} {bottom['pays']}", 12, fill=INK),
        rect(
            x + 84 + 8 * len(f"pay {cost} {bottom['pays']}"),
            y + 7,
            11,
            11,
            rx=2,
            fill=RESOURCE_FILL.get(bottom["pays"], "#999"),
            stroke="#000",
            stroke_width=0.6,
        ),
        text(x + SECTION_W - 10, y + 17, f"+{bottom['coin_bonus']} coins", 11.5, "end", fill=INK),
        title(
            f"{name}: pay {cost} {bottom['pays']} (at least {bottom['cost_min']}, "
            f"{bottom['cost_start'] - cost} upgrade cube(s) removed), gain "
            f"{bottom['coin_bonus']} coins"
        ),
    ]
    hit = rect(x + 4, y + 2, SECTION_W - 8, 22, rx=5, fill="none", class_="hit")
    parts = [_option(options, (name, f"cube {name}"), face, hit)]
    cubes = bottom["cost_start"] - bottom["cost_min"]
    removed = bottom["cost_start"] - cost
    for k in range(cubes):
        parts.append(
            rect(
                x + 12 + k * 15,
                y + 36,
                11,
                11,
                rx=2,
                fill="#fff" if k < removed else "#2f9e44",
                stroke="#1b5e20",
            )
        )
    bonus = bottom["recruit_bonus"]
    track = str(bonus["track"]).replace("combat_cards", "cards")
    enlisted = bottom["recruit_enlisted"]
    rx = x + 120
    recruit = [
        circle(rx, y + 42, 9, fill="#7a5c3e" if not enlisted else "#fff", stroke="#4e3a27"),
        text(
            rx + 14,
            y + 46,
            f"recruit: +{bonus['amount']} {track}" + (" (enlisted)" if enlisted else ""),
            11,
            fill=MUTED if enlisted else INK,
        ),
        title("enlisted" if enlisted else "recruit on the mat"),
    ]
    rhit = rect(rx - 12, y + 31, SECTION_W - 128, 22, rx=5, fill="none", class_="hit")
    parts.append(_option(options, (f"recruit {name}",), recruit, rhit))
    return parts


def _option(options: Options | None, ids: Sequence[str], face: list[str], hit: str) -> str:
    """``face`` clickable for the first of ``ids`` that is an option now."""
    if options is not None:
        for option in ids:
            if option and option in options:
                return options.wrap(option, face, hit)
    return "".join(face)


def _extras(
    player: Mapping[str, Any], y: float, options: Options | None, parts: list[str]
) -> float:
    x = 12.0
    parts.append(text(x, y + 15, "mechs", 12, font_weight="bold", fill=MUTED))
    x += 46
    fill = FACTION_FILL.get(player["faction"], "#999")
    ink = FACTION_INK.get(player["faction"], "#fff")
    for mech in player["mechs"]:
        deployed = mech["at"] is not None
        label = mech["ability"] + (f" @{mech['at']}" if deployed else "")
        width = 14 + 6.4 * len(label)
        face = [
            title(_ability_text(player["faction"], mech["ability"])),
            rect(
                x,
                y + 2,
                width,
                19,
                rx=4,
                fill=fill if deployed else "#fff",
                stroke=fill if player["faction"] != "polania" else "#555",
            ),
            text(x + 7, y + 15, label, 11, fill=ink if deployed else INK),
        ]
        hit = rect(x - 2, y, width + 4, 23, rx=5, fill="none", class_="hit")
        parts.append(_option(options, (f"mech {mech['ability']}",), [group(face)], hit))
        x += width + 6
    x += 10
    parts.append(text(x, y + 15, "enlist bonuses", 12, font_weight="bold", fill=MUTED))
    x += 102
    for track in ("power", "coins", "popularity", "combat_cards"):
        taken = track in player["enlist_bonuses"]
        word = "cards" if track == "combat_cards" else track
        width = 14 + 6.4 * len(word)
        face = [
            rect(x, y + 2, width, 19, rx=4, fill="#ddd5c4" if taken else "#fff", stroke="#8c7b5e"),
            text(x + 7, y + 15, word, 11, fill=MUTED if taken else INK),
        ]
        hit = rect(x - 2, y, width + 4, 23, rx=5, fill="none", class_="hit")
        parts.append(_option(options, (f"bonus {word}",), face, hit))
        x += width + 6
    card = player["factory_card"]
    if card is not None:
        y += 28
        face = [
            rect(12, y, WIDTH - 24, 22, rx=5, fill="#ece6f7", stroke="#7b68b5"),
            text(
                20,
                y + 15,
                f"Factory card {card['number']} {card['name']}: {card['top']} | {card['bottom']}",
                11.5,
                fill=INK,
            ),
        ]
        hit = rect(10, y - 2, WIDTH - 20, 26, rx=6, fill="none", class_="hit")
        parts.append(_option(options, ("section factory",), face, hit))
    return y + 26
