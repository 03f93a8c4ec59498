"""The text board of the terminal (``render_text``): the map, every player's mat and
tracks, the seat's own cards, a combat in progress, and a legend; built only when a board is
asked for.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

from boardlab.games.scythe.abilities_text import seat_ability_texts
from boardlab.games.scythe.board import (
    BIT,
    HOME_FACTION,
    N_SPACES,
    N_TERRITORIES,
    RIVER_MASK,
    SPACE_IDS,
    TERRAIN,
    TERRAIN_ABBREVIATIONS,
    TUNNELS,
    bits,
)
from boardlab.games.scythe.tables import N_RESOURCES
from boardlab.games.scythe.view import GRID, HOME_OF, occupants_of, structures_at, view_body
from boardlab.games.scythe.vocabulary import RESOURCES, STRUCTURES

if TYPE_CHECKING:
    from boardlab.games.scythe.state import ScytheState


#: Map cells: width, distance between two cells of a row (a column between for a river
#: mark), and the row label's width; even rows are shifted half a cell east.
CELL, STEP, LABEL = 10, 12, 3
#: The widest line of the picture.
WIDTH = 100


HALF = STEP // 2


MAP_ROWS = 1 + max(row for row, _ in GRID)


MAP_WIDTH = LABEL + STEP * (1 + max(col for _, col in GRID)) + HALF


STRUCTURE_ABBREVIATIONS = {"mine": "Min", "mill": "Mil", "armory": "Arm", "monument": "Mon"}


STAR_ABBREVIATIONS = {
    "upgrades": "up",
    "mechs": "me",
    "structures": "st",
    "recruits": "re",
    "workers": "wo",
    "objective": "ob",
    "combat": "co",
    "popularity": "po",
    "power": "pw",
}


RESOURCE_LETTERS = {name: name[0] for name in RESOURCES}


LEGEND = (
    "Legend: MTN mountain, FRM farm, FOR forest, TUN tundra, VIL village, ~~~ lake, FAC Factory;",
    "  [NOR] Nordic home base (home_nordic), -- unused; T tunnel, E encounter token; | === river;",
    "  2:C M3 W1 P2's character, 3 mechs, 1 worker; 2:Mil P2's Mill (Min Mine, Arm Armory, Mon",
    "  Monument); w wood, m metal, o oil, f food; + more below the map; 1c 1 coin; * upgraded;",
    "  table: card combat cards, upg upgrades, mch mechs, bld structures, rec recruits, wrk",
    "  workers on the board, Fac Factory card, ? secret; stars: up upgrades, me mechs, st",
    "  structures, re recruits, wo workers, ob objective, co combat, po popularity, pw power",
)


def _x(space: int) -> int:
    row, col = GRID[space]
    return LABEL + col * STEP + (HALF if row % 2 == 0 else 0)


def _fit(spaced: str, compact: str) -> tuple[str, bool]:
    """The text that fits a cell, and whether something had to be cut."""
    if len(spaced) <= CELL:
        return spaced, False
    if len(compact) <= CELL:
        return compact, False
    return compact[: CELL - 1] + "+", True


def _cell(
    s: ScytheState,
    space: int,
    occupants: dict[int, list[int]],
    built: tuple[int, int] | None,
) -> tuple[list[str], str | None]:
    """The three lines of a space's cell, and the whole content when it does not fit."""
    sid = SPACE_IDS[space]
    if space >= N_TERRITORIES:
        home = HOME_OF[space]
        head = f"[{home[:3].upper()}]" + ("" if HOME_FACTION[space] >= 0 else " --")
    else:
        flags = ("T" if BIT[space] & TUNNELS else "") + (
            "E" if BIT[space] & s.encounter_tokens else ""
        )
        head = f"{sid} {TERRAIN_ABBREVIATIONS[TERRAIN[space]]}{flags}"
    tokens = []
    for seat, (characters, mechs, workers) in sorted(occupants.items()):
        parts = ["C"] if characters else []
        parts += [f"M{mechs}"] if mechs else []
        parts += [f"W{workers}"] if workers else []
        tokens.append((f"{seat + 1}:" + " ".join(parts), f"{seat + 1}:" + "".join(parts)))
    units, cut_units = _fit(" ".join(t[0] for t in tokens), " ".join(t[1] for t in tokens))
    row = s.resources[space * N_RESOURCES : (space + 1) * N_RESOURCES]
    cubes = [f"{RESOURCE_LETTERS[RESOURCES[r]]}{row[r]}" for r in range(N_RESOURCES) if row[r]]
    structure = [f"{built[0] + 1}:{STRUCTURE_ABBREVIATIONS[STRUCTURES[built[1]]]}"] if built else []
    stuff, cut_stuff = _fit(" ".join(structure + cubes), " ".join([*structure, "".join(cubes)]))
    whole = None
    if cut_units or cut_stuff:
        whole = f"{sid}: " + " ".join(t[0] for t in tokens) + "; " + " ".join(structure + cubes)
    return [head, units, stuff], whole


def _map_lines(s: ScytheState) -> list[str]:
    occupants = occupants_of(s)
    built = structures_at(s)
    rows: list[list[list[str]]] = [[[" "] * MAP_WIDTH for _ in range(3)] for _ in range(MAP_ROWS)]
    between: list[list[str]] = [[" "] * MAP_WIDTH for _ in range(MAP_ROWS - 1)]
    notes = []
    for space in range(N_SPACES):
        lines, whole = _cell(s, space, occupants[space], built.get(space))
        if whole is not None:
            notes.append(whole)
        x = _x(space)
        for k, text in enumerate(lines):
            rows[GRID[space][0]][k][x : x + len(text)] = text
        for other in bits(RIVER_MASK[space]):
            if other < space:
                continue
            top, low = sorted((space, other), key=lambda p: GRID[p][0])
            if GRID[top][0] == GRID[low][0]:  # side by side: the column between them
                column = min(_x(top), _x(low)) + CELL
                for k in range(3):
                    rows[GRID[top][0]][k][column] = "|"
            else:  # one row apart: under the half-cells they share
                start = max(_x(top), _x(low))
                end = min(_x(top), _x(low)) + CELL
                between[GRID[top][0]][start:end] = "=" * (end - start)
    out = []
    for r in range(MAP_ROWS):
        for k in range(3):
            line = f"{f'r{r}' if k == 0 else '':<{LABEL}}" + "".join(rows[r][k][LABEL:]).rstrip()
            if k == 0 or line.strip(" |"):  # a line with nothing but rivers says nothing new
                out.append(line)
        if r < MAP_ROWS - 1 and "=" in between[r]:
            out.append("".join(between[r]).rstrip())
    return out + [f"  + {note}" for note in notes]


def _stars_text(p: dict[str, Any]) -> str:
    kinds = []
    for name, count in p["stars"].items():
        if name != "total" and count:
            kinds.append(STAR_ABBREVIATIONS[name] + (str(count) if count > 1 else ""))
    return " ".join([str(p["stars"]["total"]), *kinds])


def _players_lines(players: list[dict[str, Any]]) -> list[str]:
    lines = ["side faction  mat          pow pop coin card upg mch bld rec wrk last     Fac stars"]
    for p in players:
        coins = "?" if p["coins"] is None else str(p["coins"])
        mechs = sum(1 for m in p["mechs"] if m["at"] is not None)
        built = sum(1 for at in p["structures"].values() if at is not None)
        recruits = sum(1 for sec in p["sections"] if sec["bottom"]["recruit_enlisted"])
        card = "-" if p["factory_card"] is None else str(p["factory_card"]["number"])
        lines.append(
            f"{p['side']:<5}{p['faction']:<9}{p['mat']:<13}{p['power']:>3} {p['popularity']:>3}"
            f" {coins:>4} {p['combat_cards']:>4} {len(p['upgrades']):>3} {mechs:>3} {built:>3}"
            f" {recruits:>3} {p['workers_on_board']:>3} {p['last_section'] or '-':<8}"
            f" {card:>3} {_stars_text(p)}"
        )
    return lines


#: How the mat lines name each top-row value.
_NOUNS = {
    "move_units": "units",
    "gain_coins": "coins",
    "gain_resources": "res",
    "gain_popularity": "pop",
    "gain_power": "power",
    "draw_combat_cards": "cards",
    "territories": "territories",
}


_TRACK_WORDS = {"popularity": "pop", "combat_cards": "cards"}


def _amount(value: int, noun: str) -> str:
    return f"{value} {noun[:-1] if value == 1 and noun.endswith('s') else noun}"


def _top_text(top: dict[str, Any]) -> str:
    shown = " / ".join(
        _amount(c["value"], _NOUNS[c["id"]]).replace(" ", "* " if c["upgraded"] else " ", 1)
        for c in top["choices"]
    )
    cost = "".join(f"{amount}c: " for track, amount in top["cost"].items() if track == "coins")
    return f"{top['action']:<8}{cost}{shown}"


def _mat_lines(p: dict[str, Any], whose: str) -> list[str]:
    produce = ", ".join(
        _amount(v, _TRACK_WORDS.get(k, k)) for k, v in p["produce_cost"].items() if v
    )
    lines = [
        f"{whose} mat: {p['mat']} ({p['faction']}); last section: {p['last_section'] or '-'};"
        f" Produce costs {produce or 'nothing'}"
    ]
    for sec in p["sections"]:
        top, bottom = sec["top"], sec["bottom"]
        structure = top["structure"].capitalize() + (" built" if top["structure_built"] else "")
        bonus = bottom["recruit_bonus"]
        cost = f"{bottom['cost']}" + ("*" if bottom["cost"] < bottom["cost_start"] else "")
        lines.append(
            f"  {_top_text(top):<31}{structure:<15}| {bottom['action']:<8}{cost:<3}"
            f"{bottom['pays']:<6}min {bottom['cost_min']} +{bottom['coin_bonus']}c  recruit"
            f" +{bonus['amount']} {_TRACK_WORDS.get(bonus['track'], bonus['track'])}: "
            + ("yes" if bottom["recruit_enlisted"] else "no")
        )
    return lines


def _ability_lines(s: ScytheState, players: list[dict[str, Any]], shown: int) -> list[str]:
    """The shown mat's faction, character and mech abilities in full (a mech's ability works
    while that mech is on the board), then every other faction's ability and mechs out."""
    texts = seat_ability_texts(s, shown)
    lines = _wrap(texts["faction"].replace(":", " (faction):", 1))
    lines += _wrap(texts["character"].replace(":", " (character):", 1))
    for mech in players[shown]["mechs"]:
        where = "mech out" if mech["at"] is not None else "mech on mat"
        lines += _wrap(texts[mech["ability"]].replace(":", f" ({where}):", 1))
    others = []
    for p in players:
        if p["seat"] != shown:
            name = seat_ability_texts(s, p["seat"])["faction"].split(":")[0]
            out = [m["ability"] for m in p["mechs"] if m["at"] is not None]
            others.append(f"{p['side']} {name} (mechs out: {' '.join(out) or 'none'})")
    return lines + _wrap("Others: " + ", ".join(others))


def _own_lines(own: dict[str, Any]) -> list[str]:
    hand = " ".join(map(str, own["hand"])) or "none"
    held = "; ".join(
        f"{o['number']} {o['name']}" + (" (met)" if o["met"] else "") for o in own["objectives"]
    )
    text = f"You: coins {own['coins']}; combat cards {hand}; objectives {held or 'none'}"
    if own["factory_offer"] is not None:
        offer = ", ".join(f"{c['number']} {c['name']}" for c in own["factory_offer"])
        text += f"; Factory cards on offer: {offer or 'none'}"
    return _wrap(text)


def _wrap(text: str) -> list[str]:
    return textwrap.wrap(text, WIDTH, subsequent_indent="  ", break_on_hyphens=False)


def _combat_line(fight: dict[str, Any]) -> str:
    def side(role: str) -> str:
        entry = fight[role]
        text = f"{role} P{entry['seat'] + 1} "
        if "cards" in entry:
            cards = "".join(f" + card {value}" for value in entry["cards"])
            return text + f"committed: dial {entry['dial']}{cards}"
        if "dial" in entry:
            return text + f"dial {entry['dial']}, choosing cards"
        return text + ("committed" if entry["committed"] else "not committed")

    return f"Combat on {fight['territory']}: {side('attacker')} vs {side('defender')}"


def render_text(s: ScytheState, viewer: int | None) -> str:
    """The map, everyone's tracks, the viewer's mat (the active player's for a spectator)
    and what only the viewer knows, with a legend; under 60 lines of at most 100 columns."""
    body = view_body(s, viewer)
    players = body["players"]
    order = " ".join(f"P{seat + 1}" for seat in body["order"])
    if body["ended"] is None:
        state = f"P{s.active + 1} ({players[s.active]['faction']}) to play"
    else:
        scores = ", ".join(f"P{seat + 1} {score:g}" for seat, score in enumerate(s.scores()))
        won = " ".join(f"P{seat + 1}" for seat in s.winners())
        state = f"over ({body['ended'].replace('_', ' ')}): {scores}; won by {won}"
    limit = f"/{body['turn_limit'] * s.players}" if body["turn_limit"] else ""
    lines = [
        f"Scythe, turn {body['turn']}{limit}: {state}; order {order}; you are "
        + ("a spectator" if viewer is None else f"P{viewer + 1}")
    ]
    lines += _map_lines(s)
    lines += _players_lines(players)
    whose = "Your" if viewer is not None else f"P{s.active + 1}'s"
    shown = s.active if viewer is None else viewer
    lines += _mat_lines(players[shown], whose)
    lines += _ability_lines(s, players, shown)
    if body["you"] is not None:
        lines += _own_lines(body["you"])
    if body["combat"] is not None:
        lines.append(_combat_line(body["combat"]))
    if body["encounter"] is not None:
        e = body["encounter"]
        lines.append(
            f"Encounter {e['number']} {e['title']!r}: P{e['seat'] + 1} on {e['territory']}"
        )
    decks = body["decks"]
    discard = " ".join(f"{n}x{v}" for v, n in decks["combat_discard"].items() if n) or "empty"
    revealed = [
        f"P{p['seat'] + 1} {o['number']}" for p in players for o in p["objectives_revealed"]
    ]
    lines += _wrap(
        f"Decks: combat {decks['combat']} (discards {discard}), objectives {decks['objectives']}"
        f" (revealed: {', '.join(revealed) or 'none'}), Factory {decks['factory_offer']};"
        f" encounter tokens {decks['encounter_tokens']}; bonus tile: {body['bonus_tile']['name']}"
    )
    lines += LEGEND
    return "\n".join(lines)
