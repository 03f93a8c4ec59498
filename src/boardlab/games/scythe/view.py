"""What a seat sees of a Scythe game (``view_body``) and the re-deal of what it cannot see
(``resample_hidden``); the terminal picture of it is ``board_text.py``.

Public (S-4, S-9.2, S-12, S-17): the map with every unit, structure, resource and encounter
token; each player's faction mat and player mat as they lie on the table (power,
popularity, stars, upgrades, costs, recruits, mechs, structures, the section used last, the
Factory card kept); how many combat cards and objective cards each player holds; the
objectives revealed; the discard pile (every discarded card was shown); each deck's size;
the combat being fought, without the choices not revealed yet.

Hidden: other players' coins until the game is over (S-4.9, S-17), the values of the combat
cards in their hands, their objective cards, the order of every deck, the Factory cards on
offer from a seat that has not looked at them (``factory_seen``), and a combat's dial and
cards committed but not revealed (``combat.combat_view``). ``view.schema.json`` gives the
body's shape.

Coins are hidden but never re-dealt: every coin gained or paid is a public action, so a
seat that keeps count knows them, and a re-deal would contradict its log.
"""

from __future__ import annotations

import json
from importlib import resources
from random import Random
from typing import TYPE_CHECKING, Any

from boardlab.engine import Frame, Rng
from boardlab.engine.layouts import KEY
from boardlab.games.scythe import combat, factory, objectives
from boardlab.games.scythe.board import (
    BIT,
    ENCOUNTER_SPACES,
    N_SPACES,
    N_TERRITORIES,
    NAMES,
    PRODUCES_WORKER,
    PRODUCT,
    RIVER_MASK,
    SPACE_IDS,
    TERRAIN,
    TERRAIN_NAMES,
    TUNNELS,
    bits,
)
from boardlab.games.scythe.content import (
    BOTTOM_ACTIONS,
    CONTENT,
    FACTION_IDS,
    STAR_GOALS,
    TOP_ACTIONS,
)
from boardlab.games.scythe.control import all_controlled
from boardlab.games.scythe.frames import EncounterOption
from boardlab.games.scythe.stars import SIXTH_STAR, TURN_LIMIT
from boardlab.games.scythe.tables import (
    BOTTOM_PAYS,
    COIN_BONUS,
    COMBAT_VALUES,
    COST_MIN,
    COST_START,
    FACTION_ABILITY,
    FACTORY_SECTION,
    MECH,
    MECH_ABILITY,
    N_RESOURCES,
    N_SECTIONS,
    N_STRUCTURES,
    N_VALUES,
    OBJECTIVES_HELD,
    ONCE_GOALS,
    RECRUIT_BONUS,
    SECTION_TOP,
    TOP_STRUCTURE,
    TOP_UPGRADE_BOXES,
    UNITS_PER_SEAT,
    WORKER,
)
from boardlab.games.scythe.trade_produce import produce_cost
from boardlab.games.scythe.vocabulary import RESOURCES, STRUCTURES, TRACKS

if TYPE_CHECKING:
    from boardlab.games.scythe.state import ScytheState

#: The body's ``ended``: why the game ended (``state.ended``), absent while it goes on.
ENDED = {SIXTH_STAR: "sixth_star", TURN_LIMIT: "turn_limit"}
#: How ``last_section`` names the Factory card used as a fifth section.
FACTORY_NAME = "factory"


def _read_home_slots() -> dict[str, tuple[int, int]]:
    """``(row, col)`` of each home base on the map's grid (the records keep no position)."""
    text = resources.files("boardlab.games.scythe").joinpath("content/board.json").read_text()
    return {home["id"]: (home["row"], home["col"]) for home in json.loads(text)["home_bases"]}


_HOME_SLOTS = _read_home_slots()
#: ``(row, col)`` of every space on the map's grid (even rows half a hex east).
GRID: tuple[tuple[int, int], ...] = (
    *((h.row, h.col) for h in CONTENT.board.hexes),
    *(_HOME_SLOTS[SPACE_IDS[space]] for space in range(N_TERRITORIES, N_SPACES)),
)
#: The faction (or unused slot) of each home base.
HOME_OF = {
    space: SPACE_IDS[space].removeprefix("home_") for space in range(N_TERRITORIES, N_SPACES)
}


# ---------------------------------------------------------------------- shared readings
def _where(space: int) -> str | None:
    return None if space < 0 else SPACE_IDS[space]


def _revealed(s: ScytheState, seat: int) -> list[int]:
    """The objective cards ``seat`` has revealed, in the order it revealed them."""
    row = s.objectives_revealed[seat * OBJECTIVES_HELD : (seat + 1) * OBJECTIVES_HELD]
    return [card for card in row if card >= 0]


def occupants_of(s: ScytheState) -> list[dict[int, list[int]]]:
    """Per space: seat -> [characters, mechs, workers] standing there."""
    found: list[dict[int, list[int]]] = [{} for _ in range(N_SPACES)]
    units = s.units
    for seat in range(s.players):
        base = seat * UNITS_PER_SEAT
        for piece in range(UNITS_PER_SEAT):
            space = units[base + piece]
            if space >= 0:
                kind = 0 if piece < MECH else (1 if piece < WORKER else 2)
                found[space].setdefault(seat, [0, 0, 0])[kind] += 1
    return found


def structures_at(s: ScytheState) -> dict[int, tuple[int, int]]:
    """Space -> (seat, structure) for every structure built."""
    found = {}
    for k, space in enumerate(s.structures):
        if space >= 0:
            found[space] = divmod(k, N_STRUCTURES)
    return found


def _upgraded(s: ScytheState, seat: int, action: int, choice: int) -> bool:
    for box, (top, c) in enumerate(TOP_UPGRADE_BOXES):
        if top == action and c == choice:
            return bool(s.top_upgrades[seat] >> box & 1)
    return False


def _hand(s: ScytheState, seat: int) -> list[int]:
    """The values of ``seat``'s combat cards, highest first."""
    row = s.hand[seat * N_VALUES : (seat + 1) * N_VALUES]
    return [COMBAT_VALUES[v] for v in reversed(range(N_VALUES)) for _ in range(row[v])]


def _last_section(s: ScytheState, seat: int) -> str | None:
    last = s.last_section[seat]
    if last < 0:
        return None
    return FACTORY_NAME if last == FACTORY_SECTION else TOP_ACTIONS[SECTION_TOP[s.mat[seat]][last]]


# ---------------------------------------------------------------------- the body
def view_body(s: ScytheState, viewer: int | None) -> dict[str, Any]:
    """Everything ``viewer`` may know (``None``: a spectator), as ``view.schema.json`` says."""
    over = s.ended != 0
    return {
        "turn": s.turn,
        "turn_limit": int(s.options.get("turn_limit", 0)),
        "active": s.active,
        "order": list(s.order),
        "ended": ENDED.get(s.ended),
        "bonus_tile": _bonus_tile(s),
        "spaces": _spaces(s),
        "players": [_player(s, seat, viewer, over) for seat in range(s.players)],
        "you": None if viewer is None else _own(s, viewer),
        "combat": combat.combat_view(s, viewer),
        "encounter": _encounter(s),
        "decks": {
            "combat": len(s.combat_deck),
            "combat_discard": {str(COMBAT_VALUES[v]): s.combat_discard[v] for v in range(N_VALUES)},
            "objectives": len(s.objective_deck),
            "encounters": len(s.encounter_deck),
            "encounter_tokens": s.encounter_tokens.bit_count(),
            "factory_offer": len(s.factory_offer),
        },
    }


def _bonus_tile(s: ScytheState) -> dict[str, Any]:
    tile = CONTENT.bonus_tiles[s.bonus_tile]
    return {
        "id": tile.id,
        "name": tile.name,
        "payout": [{"low": p.low, "high": p.high, "coins": p.coins} for p in tile.payout],
    }


def _static_space(space: int) -> dict[str, Any]:
    product = PRODUCT[space]
    return {
        "id": SPACE_IDS[space],
        "name": NAMES[space],
        "terrain": TERRAIN_NAMES[TERRAIN[space]].replace(" ", "_"),
        "row": GRID[space][0],
        "col": GRID[space][1],
        "home_of": HOME_OF.get(space),
        "tunnel": bool(BIT[space] & TUNNELS),
        "produces": None
        if product < 0
        else ("worker" if product == PRODUCES_WORKER else RESOURCES[product]),
    }


#: What never changes of each space, and the spaces across a river from it.
_STATIC_SPACES = tuple(_static_space(space) for space in range(N_SPACES))
_ACROSS_RIVER = tuple(
    tuple(SPACE_IDS[x] for x in bits(RIVER_MASK[space])) for space in range(N_SPACES)
)


def _spaces(s: ScytheState) -> list[dict[str, Any]]:
    occupants = occupants_of(s)
    built = structures_at(s)
    controller = {}
    for seat, mask in enumerate(all_controlled(s)):
        for space in bits(mask):
            controller[space] = seat
    faction = s.faction
    resources = s.resources
    tokens = s.encounter_tokens
    found = []
    for space in range(N_SPACES):
        at = space * N_RESOURCES
        structure = built.get(space)
        here = occupants[space]
        found.append(
            {
                **_STATIC_SPACES[space],
                "across_river": list(_ACROSS_RIVER[space]),
                "encounter": bool(BIT[space] & tokens),
                "controlled_by": controller.get(space),
                "structure": None
                if structure is None
                else {
                    "seat": structure[0],
                    "faction": FACTION_IDS[faction[structure[0]]],
                    "kind": STRUCTURES[structure[1]],
                },
                "units": [
                    {
                        "seat": seat,
                        "faction": FACTION_IDS[faction[seat]],
                        "character": bool(here[seat][0]),
                        "mechs": here[seat][1],
                        "workers": here[seat][2],
                    }
                    for seat in sorted(here)
                ]
                if here
                else [],
                "resources": dict(zip(RESOURCES, resources[at : at + N_RESOURCES], strict=True)),
            }
        )
    return found


def _sections(s: ScytheState, seat: int) -> list[dict[str, Any]]:
    mat = s.mat[seat]
    structures = s.structures[seat * N_STRUCTURES : (seat + 1) * N_STRUCTURES]
    rules = CONTENT.mat_rules
    found = []
    for section in range(N_SECTIONS):
        top = SECTION_TOP[mat][section]
        record = rules.top_actions[top]
        cubes = s.bottom_cubes[seat * N_SECTIONS + section]
        track, amount = RECRUIT_BONUS[section]
        choices = []
        for c, choice in enumerate(record.choices):
            upgraded = _upgraded(s, seat, top, c)
            choices.append(
                {
                    "id": choice.id,
                    "value": choice.upgraded if upgraded else choice.base,
                    "upgradable": choice.cubes > 0,
                    "upgraded": upgraded,
                }
            )
        found.append(
            {
                "top": {
                    "action": TOP_ACTIONS[top],
                    "cost": {cost.track: cost.amount for cost in record.cost},
                    "choices": choices,
                    "structure": record.structure,
                    "structure_built": structures[TOP_STRUCTURE[top]] >= 0,
                },
                "bottom": {
                    "action": BOTTOM_ACTIONS[section],
                    "pays": RESOURCES[BOTTOM_PAYS[section]],
                    "cost": COST_START[mat][section] - cubes,
                    "cost_min": COST_MIN[mat][section],
                    "cost_start": COST_START[mat][section],
                    "coin_bonus": COIN_BONUS[mat][section],
                    "recruit_bonus": {"track": TRACKS[track], "amount": amount},
                    "recruit_enlisted": bool(s.recruits[seat] >> section & 1),
                },
            }
        )
    return found


def _player(s: ScytheState, seat: int, viewer: int | None, over: bool) -> dict[str, Any]:
    base = seat * UNITS_PER_SEAT
    units = s.units
    faction = s.faction[seat]
    goals = s.star_goals[seat]
    stars: dict[str, int] = {"total": s.stars(seat)}
    for goal in ONCE_GOALS:
        stars[STAR_GOALS[goal]] = goals >> goal & 1
    stars["objective"] = s.objective_stars[seat]
    stars["combat"] = s.combat_stars[seat]
    workers = units[base + WORKER : base + UNITS_PER_SEAT]
    power, popularity, coins = produce_cost(s, seat)
    return {
        "seat": seat,
        "side": f"P{seat + 1}",
        "faction": FACTION_IDS[faction],
        "faction_name": CONTENT.factions[faction].name,
        "ability": FACTION_ABILITY[faction],
        "mat": CONTENT.mats[s.mat[seat]].id,
        "mat_number": CONTENT.mats[s.mat[seat]].number,
        "power": s.power[seat],
        "popularity": s.popularity[seat],
        "coins": s.coins[seat] if seat == viewer or over else None,
        "stars": stars,
        "combat_cards": s.hand_size(seat),
        "objectives_held": sum(
            1 for k in range(OBJECTIVES_HELD) if s.objectives[seat * OBJECTIVES_HELD + k] >= 0
        ),
        "objectives_revealed": [_objective(card) for card in _revealed(s, seat)],
        "upgrades": [
            CONTENT.mat_rules.top_actions[top].choices[c].id
            for box, (top, c) in enumerate(TOP_UPGRADE_BOXES)
            if s.top_upgrades[seat] >> box & 1
        ],
        "sections": _sections(s, seat),
        "produce_cost": {"power": power, "popularity": popularity, "coins": coins},
        "character": _where(units[base]),
        "mechs": [
            {"ability": ability, "at": _where(units[base + MECH + k])}
            for k, ability in enumerate(MECH_ABILITY[faction])
        ],
        "workers_on_board": sum(1 for x in workers if x >= 0),
        "structures": {
            name: _where(s.structures[seat * N_STRUCTURES + k]) for k, name in enumerate(STRUCTURES)
        },
        "enlist_bonuses": [
            CONTENT.mat_rules.enlist_bonuses[k].track
            for k in range(len(CONTENT.mat_rules.enlist_bonuses))
            if s.recruit_bonuses[seat] >> k & 1
        ],
        "last_section": _last_section(s, seat),
        "factory_card": None if s.factory_card[seat] < 0 else _factory_card(s.factory_card[seat]),
    }


def _objective(card: int) -> dict[str, Any]:
    record = CONTENT.objectives[card]
    return {"number": record.number, "name": record.name, "text": record.text}


def _factory_card(card: int) -> dict[str, Any]:
    record = CONTENT.factory_cards[card]
    return {
        "number": record.number,
        "name": record.name,
        "top": record.top.text,
        "bottom": record.bottom.text,
    }


def _own(s: ScytheState, seat: int) -> dict[str, Any]:
    """What only ``seat`` knows: its coins, hand, objectives, and the Factory offer it saw."""
    seen = bool(s.factory_seen >> seat & 1)
    return {
        "seat": seat,
        "coins": s.coins[seat],
        "hand": _hand(s, seat),
        "objectives": [
            {**_objective(card), "met": objectives.holds(s, seat, card)}
            for card in objectives.held(s, seat)
        ],
        "factory_offer": [_factory_card(card) for card in sorted(s.factory_offer)]
        if seen
        else None,
    }


def _encounter(s: ScytheState) -> dict[str, Any] | None:
    """The encounter card being resolved (read out to everyone, S-10), or None."""
    frame: Frame | None = None
    for f in s.stack:
        if f[KEY] == EncounterOption.key:
            frame = f
    if frame is None:
        return None
    _, seat, territory, card, chosen, _ = frame
    record = CONTENT.encounters[card]
    return {
        "seat": seat,
        "territory": SPACE_IDS[territory],
        "number": record.number,
        "title": record.title,
        "scene": record.scene,
        "options": [
            {"label": row.label, "text": row.text, "taken": bool(chosen >> k & 1)}
            for k, row in enumerate(record.options)
        ],
    }


# ---------------------------------------------------------------------- re-dealing
def resample_hidden(s: ScytheState, viewer: int | None, rng: Random | Rng) -> None:
    """Re-deal what ``viewer`` cannot see, consistently with what it can: other seats'
    combat card values (their number kept) with the combat deck; other seats' objectives
    with the objective cards nobody has shown it; the encounter cards never drawn (those
    drawn were read out and lie under the deck in order); the Factory cards on offer unless
    the viewer has looked at them (``factory.resample_offer``); other seats' combat choices
    not revealed yet (``combat.resample_commits``, after the hands). Each pool is sorted
    before it is shuffled, so the re-deal depends only on what the viewer sees.

    Not kept: the card a Scout took from the viewer or showed it (S-15.3).
    """
    others = [seat for seat in range(s.players) if seat != viewer]
    _resample_hands(s, others, rng)
    _resample_objectives(s, viewer, others, rng)
    drawn = min(len(s.encounter_deck), (ENCOUNTER_SPACES & ~s.encounter_tokens).bit_count())
    unseen = sorted(s.encounter_deck[drawn:])
    rng.shuffle(unseen)
    s.encounter_deck = (*s.encounter_deck[:drawn], *unseen)
    factory.resample_offer(s, viewer, rng)
    combat.resample_commits(s, viewer, rng)


def _resample_hands(s: ScytheState, others: list[int], rng: Random | Rng) -> None:
    pool = list(s.combat_deck)
    for seat in others:
        pool.extend(_hand(s, seat))
    pool.sort()
    rng.shuffle(pool)
    for seat in others:
        count = s.hand_size(seat)
        row = [0] * N_VALUES
        for _ in range(count):
            row[COMBAT_VALUES.index(pool.pop())] += 1
        s.hand[seat * N_VALUES : (seat + 1) * N_VALUES] = row
    s.combat_deck = tuple(pool)


def _resample_objectives(
    s: ScytheState, viewer: int | None, others: list[int], rng: Random | Rng
) -> None:
    """Cards under the objective deck were put there by reveals (S-12): the revealed card is
    public, the other one known to its owner only; the rest of the deck is unseen."""
    deck = list(s.objective_deck)
    returned = len(deck) - (len(CONTENT.objectives) - OBJECTIVES_HELD * s.players)
    known: set[int] = set()
    if returned > 0:
        shown = {card for card in s.objectives_revealed if card >= 0}
        known = {i for i in range(returned) if deck[i] in shown}
        face_down = [i for i in range(returned) if i not in known]
        if (
            face_down
            and viewer is not None
            and s.objective_stars[viewer]
            and not _dominates(s, viewer)
        ):
            known.update(
                face_down if len(face_down) == 1 else _own_face_down(s, viewer, deck, returned)
            )
    slots = [i for i in range(len(deck)) if i not in known]
    held = [
        k
        for seat in others
        for k in range(seat * OBJECTIVES_HELD, (seat + 1) * OBJECTIVES_HELD)
        if s.objectives[k] >= 0
    ]
    pool = sorted([deck[i] for i in slots] + [s.objectives[k] for k in held])
    rng.shuffle(pool)
    for i in slots:
        deck[i] = pool.pop()
    for k in held:
        s.objectives[k] = pool.pop()
    s.objective_deck = tuple(deck)


def _dominates(s: ScytheState, seat: int) -> bool:
    return FACTION_ABILITY[s.faction[seat]] == "dominate"


def _own_face_down(s: ScytheState, viewer: int, deck: list[int], returned: int) -> list[int]:
    """Where the card ``viewer`` put face down under the deck with its revealed one lies.

    Each reveal put one block under the deck: Saxony's revealed card alone (S-15.4), any
    other seat's two cards side by side (S-12). The blocks fill ``deck[:returned]``, so
    without Saxony's cards the places left pair up from the bottom.
    """
    saxony = [seat for seat in range(s.players) if _dominates(s, seat)]
    alone = {card for seat in saxony for card in _revealed(s, seat)}
    own = set(_revealed(s, viewer))
    places = [i for i in range(returned) if deck[i] not in alone]
    for k in range(0, len(places) - 1, OBJECTIVES_HELD):
        pair = places[k : k + OBJECTIVES_HELD]
        if any(deck[i] in own for i in pair):
            return [i for i in pair if deck[i] not in own]
    return []
