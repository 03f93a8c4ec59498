"""The Linnaeus components, read once from ``content/*.json`` into frozen records.

Everything the rules index is an int: knowledge categories 0-8 (domain = category // 3, in
the order of rules §2.2), domains 0-2, letter colours 0-3, lecture tracks 0-2, tools 0-2
(glasses, magnifier, microscope), locations by map index, garden spots by their order in
``garden.json``. Rewards (rules §2.3) are interned in ``REWARDS`` and named by their index,
so frames hold plain ints. A data file that breaks a documented constraint raises
``ContentError`` naming the file and the field.

>>> CONTENT.locations[0].name
'Uppsala'
>>> REWARDS[CONTENT.locations[2].reward].containers
1
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

CONTENT_DIR = Path(__file__).with_name("content")

DOMAINS = ("vertebrate", "plant", "invertebrate")
CATEGORIES = (
    "anatomy", "behaviour", "environment",
    "structure", "growth", "soil",
    "morphology", "development", "nutrition",
)
COLOURS = ("red", "blue", "yellow", "purple")
TRACKS = ("botany", "zoology", "medicine")
TOOLS = ("glasses", "magnifier", "microscope")
ACTIONS = ("explore", "research", "correspond", "cultivate", "voyage")
EXPLORE, RESEARCH, CORRESPOND, CULTIVATE, VOYAGE = range(5)
HELM_COLOURS = ("crimson", "gold", "azure")
SHAPES = ("T", "square", "L")
#: Lens codes: 0-4 the basic lenses (by action), 5 the wild lens, 6 + k advanced lens k.
WILD = 5
ADVANCED = 6


class ContentError(ValueError):
    """The component data breaks a documented constraint; the message names file and field."""


# ---------------------------------------------------------------------------- rewards
@dataclass(frozen=True, slots=True)
class Reward:
    """One reward of rules §2.3; every field is zero or empty when absent.

    ``lecture`` is the steps per track (three ints) or empty; ``knowledge`` exact categories;
    ``knowledge_domain`` one count per domain (or empty); ``action`` one count per basic
    action (or empty); ``choice`` reward ids; ``pay`` (coins, containers, tools) or empty.
    """

    coins: int = 0
    containers: int = 0
    tools: int = 0
    vp: int = 0
    taxonomy: int = 0
    lecture: tuple[int, ...] = ()
    lecture_any: int = 0
    knowledge: tuple[int, ...] = ()
    knowledge_domain: tuple[int, ...] = ()
    knowledge_any: int = 0
    sketch: int = 0
    activate_sketch: int = 0
    exotic: int = 0
    advanced_lens: int = 0
    action: tuple[int, ...] = ()
    book: int = 0
    voyage_card: int = 0
    choice: tuple[int, ...] = ()
    pay: tuple[int, ...] = ()

    @property
    def unpaid(self) -> Reward:
        """This reward without its payment."""
        return replace(self, pay=())


REWARDS: list[Reward] = []
_REWARD_IDS: dict[Reward, int] = {}


def intern(reward: Reward) -> int:
    """The id of ``reward`` in ``REWARDS`` (added once)."""
    found = _REWARD_IDS.get(reward)
    if found is None:
        found = len(REWARDS)
        REWARDS.append(reward)
        _REWARD_IDS[reward] = found
    return found


NO_REWARD = intern(Reward())

_SIMPLE = ("coins", "containers", "tools", "vp", "taxonomy", "lecture_any", "knowledge_any",
           "sketch", "activate_sketch", "exotic", "advanced_lens", "book", "voyage_card")


def _int(where: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ContentError(f"{where}: expected a non-negative integer, got {value!r}")
    return value


def _index(where: str, names: tuple[str, ...], value: Any) -> int:
    if value not in names:
        raise ContentError(f"{where}: {value!r} is not one of {list(names)}")
    return names.index(value)


def parse_reward(where: str, data: Any) -> int:
    """The id of the reward written as ``data`` (``None`` or ``{}``: no reward)."""
    if data is None:
        return NO_REWARD
    if not isinstance(data, dict):
        raise ContentError(f"{where}: expected a reward object, got {data!r}")
    fields: dict[str, Any] = {}
    for key, value in data.items():
        at = f"{where}.{key}"
        if key in _SIMPLE:
            fields[key] = _int(at, value)
        elif key == "lecture":
            steps = [0, 0, 0]
            for track, n in dict(value).items():
                steps[_index(at, TRACKS, track)] += _int(at, n)
            fields[key] = tuple(steps)
        elif key == "knowledge":
            fields[key] = tuple(_index(at, CATEGORIES, c) for c in value)
        elif key == "knowledge_domain":
            counts = [0, 0, 0]
            for domain, n in dict(value).items():
                counts[_index(at, DOMAINS, domain)] += _int(at, n)
            fields[key] = tuple(counts)
        elif key == "action":
            counts = [0] * len(ACTIONS)
            for action, n in dict(value).items():
                counts[_index(at, ACTIONS, action)] += _int(at, n)
            fields[key] = tuple(counts)
        elif key == "choice":
            fields[key] = tuple(parse_reward(f"{at}[{i}]", r) for i, r in enumerate(value))
        elif key == "pay":
            cost = dict(value)
            for name in cost:
                if name not in ("coins", "containers", "tools"):
                    raise ContentError(f"{at}: cannot pay {name!r}")
            fields[key] = (_int(at, cost.get("coins", 0)), _int(at, cost.get("containers", 0)),
                           _int(at, cost.get("tools", 0)))
        else:
            raise ContentError(f"{at}: unknown reward key {key!r}")
    return intern(Reward(**fields))


# ---------------------------------------------------------------------------- records
@dataclass(frozen=True, slots=True)
class Location:
    id: str
    name: str
    kind: str  # "start", "specimen" or "sketch"
    reward: int
    first_visit: tuple[int, ...]  # upper, lower reward ids (specimen sites)
    sketch_stack: int  # sketch sites, else -1


@dataclass(frozen=True, slots=True)
class Route:
    a: int
    b: int
    cost: int  # coins


@dataclass(frozen=True, slots=True)
class Corner:
    """A specimen corner: a knowledge category (``knowledge`` >= 0) or a bonus reward."""

    knowledge: int
    bonus: int


@dataclass(frozen=True, slots=True)
class Specimen:
    id: str
    name: str
    domain: int
    containers: int
    corners: tuple[Corner | None, ...]  # NW, NE, SE, SW as printed
    effective: int
    book_number: int  # starting specimens, else 0


@dataclass(frozen=True, slots=True)
class Condition:
    type: str
    min: int
    domain: int
    track: int


@dataclass(frozen=True, slots=True)
class Exotic:
    id: str
    name: str
    domain: int
    knowledge: tuple[int, ...]  # category >= 0, or -1 - domain for any_<domain>
    conditions: tuple[Condition, ...]


@dataclass(frozen=True, slots=True)
class Sketch:
    id: str
    colour: int
    value: int
    bonus: int


@dataclass(frozen=True, slots=True)
class Letter:
    id: str
    colour: int
    correspondent: str
    write: int
    send: int


@dataclass(frozen=True, slots=True)
class Book:
    id: str
    number: int
    title: str
    starting: bool
    colour: int
    knowledge: tuple[int, ...]  # category >= 0, or -1 - domain for any_<domain>
    sketches: tuple[int, ...]  # minimum values, largest first
    vp: int
    reward: int
    appendix_cost: tuple[int, ...]  # coins, containers, tools; empty without an appendix
    appendix_sketches: tuple[int, ...]
    appendix_vp: int


@dataclass(frozen=True, slots=True)
class Cell:
    reward: int
    helm: int  # helm colour index, -1 when plain


@dataclass(frozen=True, slots=True)
class Voyage:
    id: str
    starting: bool
    destination: str
    cells: tuple[Cell, ...]
    income: int


@dataclass(frozen=True, slots=True)
class Lens:
    id: str
    action: int
    gain: int  # reward id, NO_REWARD for a modifier lens
    modifier: str  # "" for a gain lens
    value: int


@dataclass(frozen=True, slots=True)
class Spot:
    id: str
    bed: int
    row: int
    col: int
    reward: int


@dataclass(frozen=True, slots=True)
class Bed:
    id: str
    shape: int
    spots: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class BedTile:
    id: str
    shape: int
    top: int
    rank_vp: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Track:
    id: str
    rewards: tuple[int, ...]  # per space 0-8 (NO_REWARD where none)
    multipliers: tuple[int, ...]  # per space 0-8
    end_multiplier: int


@dataclass(frozen=True, slots=True)
class ScoringTile:
    id: str
    gold_counter: str
    gold_per: int
    red: Condition


@dataclass(frozen=True, slots=True)
class SetupSide:
    blocks: tuple[tuple[int, int], ...]  # (location, 0 upper / 1 lower)
    flowers: tuple[tuple[int, bool, int], ...]  # (spot, dark, light value)


@dataclass(frozen=True, slots=True)
class SoloRow:
    do: str
    domain: int = -1
    slot: str = ""
    track: int = -1
    amount: int = 0


@dataclass(frozen=True, slots=True)
class SoloCard:
    id: str
    ltr: bool
    rows: tuple[SoloRow, ...]


@dataclass(frozen=True, slots=True)
class SoloRules:
    """The automa's constants from ``solo.json`` (rules §19.1, §19.3, §19.4, §19.6)."""

    glasses_bonus: int  # reward id of the automa's glasses bonus
    magnifier_bonus: int  # reward id of the automa's magnifier bonus
    start: int  # reward id of the automa's start resources
    failed_row_coins: int
    lap_vp: int  # a lap or advanced lens with no free tool or no green lens left
    difficulty: Mapping[str, tuple[int, ...]]  # tools given a green lens at setup
    characters_min_difficulty: str
    exotic_vp: int


@dataclass(frozen=True, slots=True)
class Character:
    id: str
    name: str
    text: str
    terrain_discount: int
    recruit_discount: int
    cultivate_discount: int
    diagonal: bool


@dataclass(frozen=True, slots=True)
class Content:
    locations: tuple[Location, ...]
    routes: tuple[Route, ...]
    adjacent: tuple[tuple[tuple[int, int], ...], ...]  # per location: (neighbour, cost)
    globes: Mapping[int, int]  # library point -> reward
    specimens: tuple[Specimen, ...]  # the 45 normal, then the 6 starting
    normal_count: int
    exotics: tuple[Exotic, ...]
    sketches: tuple[Sketch, ...]
    letters: tuple[Letter, ...]
    books: tuple[Book, ...]
    voyages: tuple[Voyage, ...]
    basic_lenses: tuple[int, ...]  # action per basic lens
    advanced: tuple[Lens, ...]
    lens_capacity: int
    lens_discard: int
    green: tuple[int, ...]  # reward per green lens
    spots: tuple[Spot, ...]
    beds: tuple[Bed, ...]
    ponds: tuple[int, ...]  # reward per pond tile
    pond_ids: tuple[str, ...]
    bed_tiles: tuple[BedTile, ...]
    helm: tuple[tuple[int, ...], ...]  # per orientation: dots per helm colour
    tracks: tuple[Track, ...]
    scoring_tiles: tuple[ScoringTile, ...]
    achievement_vp: Mapping[int, tuple[int, ...]]
    order_tiles: tuple[tuple[int, ...], ...]  # per tile: reward per space
    order_ids: tuple[str, ...]
    setup_cards: tuple[Mapping[int, SetupSide], ...]
    start_tiles: tuple[int, ...]
    start_tile_ids: tuple[str, ...]
    solo_cards: tuple[SoloCard, ...]
    solo: SoloRules
    characters: tuple[Character, ...]
    tool_bonus: tuple[int, ...]  # glasses, magnifier reward ids


def _solo_rules(data: dict[str, Any]) -> SoloRules:
    where = "solo.json"
    bonus = data["automa_tool_bonus"]
    if bonus["microscope"] != "order_space_rightmost":
        raise ContentError(f"{where}: automa_tool_bonus.microscope: expected "
                           "'order_space_rightmost' (rules §19.2)")
    difficulty = {str(level): tuple(_index(f"{where}: difficulty", TOOLS, tool)
                                    for tool in tools)
                  for level, tools in data["difficulty"].items()}
    for level, tools in difficulty.items():
        if list(tools) != sorted(set(tools)):
            raise ContentError(f"{where}: difficulty.{level}: tools in the order glasses, "
                               "magnifier, microscope, each once (rules §19.1)")
    minimum = str(data["characters_min_difficulty"])
    if minimum not in difficulty:
        raise ContentError(f"{where}: characters_min_difficulty: unknown level {minimum!r}")
    return SoloRules(
        glasses_bonus=parse_reward(f"{where}: automa_tool_bonus.glasses", bonus["glasses"]),
        magnifier_bonus=parse_reward(f"{where}: automa_tool_bonus.magnifier",
                                     bonus["magnifier"]),
        start=parse_reward(f"{where}: automa_start", data["automa_start"]),
        failed_row_coins=_int(where, data["failed_row_coins"]),
        lap_vp=_int(where, data["lap_without_free_slot_vp"]),
        difficulty=MappingProxyType(difficulty),
        characters_min_difficulty=minimum,
        exotic_vp=_int(where, data["exotic_vp_unconditional"]),
    )


def _read(name: str) -> dict[str, Any]:
    try:
        data = json.loads((CONTENT_DIR / name).read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise ContentError(f"{name}: cannot be read as JSON: {error}") from None
    if not isinstance(data, dict):
        raise ContentError(f"{name}: top level: expected an object")
    return data


def _knowledge_entry(where: str, value: str) -> int:
    if value.startswith("any_"):
        return -1 - _index(where, DOMAINS, value[4:])
    return _index(where, CATEGORIES, value)


def _condition(where: str, data: dict[str, Any]) -> Condition:
    return Condition(
        str(data["type"]),
        _int(where, data.get("min", 1)),
        _index(where, DOMAINS, data["domain"]) if "domain" in data else -1,
        _index(where, TRACKS, data["track"]) if "track" in data else -1,
    )


def _corner(where: str, data: Any) -> Corner | None:
    if data is None:
        return None
    if "knowledge" in data:
        return Corner(_index(where, CATEGORIES, data["knowledge"]), NO_REWARD)
    return Corner(-1, parse_reward(f"{where}.bonus", data["bonus"]))


def _specimen(where: str, data: dict[str, Any]) -> Specimen:
    corners = tuple(_corner(f"{where}.corners[{i}]", c) for i, c in enumerate(data["corners"]))
    if len(corners) != 4:
        raise ContentError(f"{where}.corners: expected 4 corners")
    effective = sum(c is not None for c in corners)
    if effective != data["effective_corners"]:
        raise ContentError(f"{where}.effective_corners: {effective} corners are not blank")
    return Specimen(data["id"], data["name"], _index(where, DOMAINS, data["domain"]),
                    _int(where, data["containers"]), corners, effective,
                    int(data.get("book_number", 0)))


def _load() -> Content:
    game = _read("game.json")
    if tuple(c for d in DOMAINS for c in game["domains"][d]) != CATEGORIES:
        raise ContentError("game.json: domains: categories differ from rules §2.2")

    board = _read("map.json")
    names = [loc["id"] for loc in board["locations"]]
    locations = []
    for i, loc in enumerate(board["locations"]):
        where = f"map.json: locations[{i}]"
        if loc["index"] != i:
            raise ContentError(f"{where}.index: expected {i}")
        first = loc.get("first_visit")
        locations.append(Location(
            loc["id"], loc["name"], loc["kind"], parse_reward(f"{where}.reward", loc.get("reward")),
            () if first is None else (parse_reward(f"{where}.upper", first["upper"]),
                                      parse_reward(f"{where}.lower", first["lower"])),
            int(loc.get("sketch_stack", -1)),
        ))
    routes = tuple(
        Route(_index("map.json: routes", tuple(names), r["a"]),
              _index("map.json: routes", tuple(names), r["b"]), int(r["cost"].get("coins", 0)))
        for r in board["routes"]
    )
    adjacent: list[list[tuple[int, int]]] = [[] for _ in locations]
    for route in routes:
        adjacent[route.a].append((route.b, route.cost))
        adjacent[route.b].append((route.a, route.cost))

    library = _read("library.json")
    globes = {g["point"][0] * 3 + g["point"][1]: parse_reward("library.json: globes", g["reward"])
              for g in library["globes"]}

    spec = _read("specimens.json")
    normal = [_specimen(f"specimens.json: normal[{i}]", s) for i, s in enumerate(spec["normal"])]
    starting = [_specimen(f"specimens.json: starting[{i}]", s)
                for i, s in enumerate(spec["starting"])]
    for s in starting:
        if s.corners[0] is not None:
            raise ContentError(f"specimens.json: {s.id}: the NW corner must be blank (§3.2)")
    exotics = tuple(
        Exotic(e["id"], e["name"], _index("exotic", DOMAINS, e["domain"]),
               tuple(_knowledge_entry(f"specimens.json: {e['id']}", k) for k in e["knowledge"]),
               tuple(_condition(f"specimens.json: {e['id']}", c) for c in e["condition_any_of"]))
        for e in spec["exotic"]
    )
    sketches = tuple(
        Sketch(k["id"], _index("sketches.json", DOMAINS, k["colour"]), _int("sketch", k["value"]),
               parse_reward(f"sketches.json: {k['id']}.bonus", k["bonus"]))
        for k in _read("sketches.json")["sketches"]
    )
    letters = tuple(
        Letter(t["id"], _index("letters.json", COLOURS, t["colour"]), t["correspondent"],
               parse_reward(f"letters.json: {t['id']}.write_reward", t["write_reward"]),
               parse_reward(f"letters.json: {t['id']}.send_reward", t["send_reward"]))
        for t in _read("letters.json")["letters"]
    )
    books = []
    for b in _read("books.json")["books"]:
        where = f"books.json: {b['id']}"
        appendix = b.get("appendix")
        cost = {} if appendix is None else dict(appendix["cost"])
        books.append(Book(
            b["id"], int(b["number"]), b["title"], bool(b["starting"]),
            _index(where, DOMAINS, b["colour"]),
            tuple(_knowledge_entry(where, k) for k in b["knowledge"]),
            tuple(sorted((_int(where, v) for v in b["sketches"]), reverse=True)),
            _int(where, b["vp"]), parse_reward(f"{where}.reward", b["reward"]),
            () if appendix is None else (int(cost.get("coins", 0)), int(cost.get("containers", 0)),
                                         int(cost.get("tools", 0))),
            tuple(sorted((int(v) for v in cost.get("sketches", [])), reverse=True)),
            0 if appendix is None else _int(where, appendix["vp"]),
        ))
    voyages = tuple(
        Voyage(v["id"], bool(v["starting"]), v["destination"],
               tuple(Cell(parse_reward(f"voyages.json: {v['id']}.cells", c["reward"]),
                          -1 if c["helm"] is None else _index("voyages.json", HELM_COLOURS,
                                                              c["helm"]))
                     for c in v["cells"]),
               parse_reward(f"voyages.json: {v['id']}.income", v["income"]))
        for v in _read("voyages.json")["voyages"]
    )
    lenses = _read("lenses.json")
    advanced = tuple(
        Lens(a["id"], _index("lenses.json", ACTIONS, a["action"]),
             parse_reward(f"lenses.json: {a['id']}.gain", a.get("gain")),
             str(a.get("modifier", "")), int(a.get("value", 0)))
        for a in lenses["advanced"]
    )
    garden = _read("garden.json")
    bed_ids = [b["id"] for b in garden["beds"]]
    spot_ids = [s["id"] for s in garden["spots"]]
    spots = tuple(
        Spot(s["id"], bed_ids.index(s["bed"]), int(s["row"]), int(s["col"]),
             parse_reward(f"garden.json: {s['id']}.reward", s["reward"]))
        for s in garden["spots"]
    )
    beds = tuple(
        Bed(b["id"], _index("garden.json", SHAPES, b["shape"]),
            tuple(spot_ids.index(x) for x in b["spots"]))
        for b in garden["beds"]
    )
    for bed_index, bed in enumerate(beds):
        if any(spots[x].bed != bed_index for x in bed.spots):
            raise ContentError(f"garden.json: bed {bed.id}: spots of another bed")
    bed_tiles = tuple(
        BedTile(t["id"], _index("garden.json", SHAPES, t["shape"]),
                parse_reward(f"garden.json: {t['id']}.top_reward", t["top_reward"]),
                tuple(int(v) for v in t["rank_vp"]))
        for t in garden["bed_reward_tiles"]
    )
    helm_data = _read("helm.json")
    helm = tuple(tuple(int(o[c]) for c in HELM_COLOURS) for o in helm_data["orientations"])
    uni = _read("university.json")
    tracks = []
    for i, t in enumerate(uni["tracks"]):
        if t["id"] != TRACKS[i]:
            raise ContentError(f"university.json: tracks[{i}]: expected {TRACKS[i]}")
        rewards = [NO_REWARD] * 9
        for space, r in t["space_rewards"].items():
            rewards[int(space)] = parse_reward(f"university.json: {t['id']}.{space}", r)
        mult = [0] * 9
        for space in range(9):
            for start, m in t["multiplier_from"].items():
                if space >= int(start):
                    mult[space] = max(mult[space], int(m))
        tracks.append(Track(t["id"], tuple(rewards), tuple(mult), int(t["end_bonus_multiplier"])))
    scoring = tuple(
        ScoringTile(t["id"], t["gold"]["counter"], int(t["gold"]["per"]),
                    _condition(f"university.json: {t['id']}.red", t["red"]))
        for t in uni["scoring_tiles"]
    )
    order = _read("action_order.json")
    setup_cards = []
    for card in _read("setup_cards.json")["cards"]:
        sides = {}
        for count in ("2", "3"):
            side = card[count]
            sides[int(count)] = SetupSide(
                tuple((names.index(loc), 0 if pos == "upper" else 1)
                      for loc, pos in side["blocks"]),
                tuple((spot_ids.index(sp), face == "dark", int(v))
                      for sp, face, v in side["flowers"]),
            )
        setup_cards.append(sides)
    starts = _read("start_tiles.json")["tiles"]
    solo = _read("solo.json")
    solo_cards = tuple(
        SoloCard(c["id"], c["arrow"] == "ltr", tuple(
            SoloRow(r["do"],
                    _index("solo.json", DOMAINS, r["domain"]) if "domain" in r else -1,
                    str(r.get("slot", "")),
                    _index("solo.json", TRACKS, r["track"]) if "track" in r else -1,
                    int(r.get("amount", r.get("steps", 0))))
            for r in c["rows"]))
        for c in solo["cards"]
    )
    characters = tuple(
        Character(c["id"], c["name"], c["text"], int(c["effect"].get("terrain_discount", 0)),
                  int(c["effect"].get("voyage_recruit_discount_coins", 0)),
                  int(c["effect"].get("cultivate_discount", 0)),
                  bool(c["effect"].get("diagonal_research", False)))
        for c in _read("characters.json")["characters"]
    )
    tools = game["tools"]
    return Content(
        locations=tuple(locations),
        routes=routes,
        adjacent=tuple(tuple(a) for a in adjacent),
        globes=globes,
        specimens=(*normal, *starting),
        normal_count=len(normal),
        exotics=exotics,
        sketches=sketches,
        letters=letters,
        books=tuple(books),
        voyages=voyages,
        basic_lenses=tuple(_index("lenses.json", ACTIONS, a) for a in lenses["basic_per_player"]),
        advanced=advanced,
        lens_capacity=int(lenses["available_lens_capacity"]),
        lens_discard=parse_reward("lenses.json: discard_reward", lenses["discard_reward"]),
        green=tuple(parse_reward(f"lenses.json: {g['id']}", g["reward"])
                    for g in lenses["solo_green"]),
        spots=spots,
        beds=beds,
        ponds=tuple(parse_reward(f"garden.json: {p['id']}", p["reward"])
                    for p in garden["pond_tiles"]),
        pond_ids=tuple(p["id"] for p in garden["pond_tiles"]),
        bed_tiles=bed_tiles,
        helm=helm,
        tracks=tuple(tracks),
        scoring_tiles=scoring,
        achievement_vp={int(k): tuple(v) for k, v in uni["achievement_vp"].items()},
        order_tiles=tuple(tuple(parse_reward(f"action_order.json: {t['id']}", s)
                                for s in t["spaces"]) for t in order["tiles"]),
        order_ids=tuple(t["id"] for t in order["tiles"]),
        setup_cards=tuple(setup_cards),
        start_tiles=tuple(parse_reward(f"start_tiles.json: {t['id']}", t["reward"])
                          for t in starts),
        start_tile_ids=tuple(t["id"] for t in starts),
        solo_cards=solo_cards,
        solo=_solo_rules(solo),
        characters=characters,
        tool_bonus=(parse_reward("game.json: tools.glasses", tools["glasses"]["bonus"]),
                    parse_reward("game.json: tools.magnifier", tools["magnifier"]["bonus"])),
    )


CONTENT = _load()

#: Quick tables the rules read.
STARTING_BOOKS = tuple(i for i, b in enumerate(CONTENT.books) if b.starting)
REGULAR_BOOKS = tuple(i for i, b in enumerate(CONTENT.books) if not b.starting)
STARTING_VOYAGES = tuple(i for i, v in enumerate(CONTENT.voyages) if v.starting)
REGULAR_VOYAGES = tuple(i for i, v in enumerate(CONTENT.voyages) if not v.starting)
SPECIMEN_SITES = tuple(i for i, loc in enumerate(CONTENT.locations) if loc.kind == "specimen")
SKETCH_SITES = tuple(i for i, loc in enumerate(CONTENT.locations) if loc.kind == "sketch")
START = next(i for i, loc in enumerate(CONTENT.locations) if loc.kind == "start")
N_LOCATIONS = len(CONTENT.locations)
N_SPOTS = len(CONTENT.spots)
#: The starting specimen for each starting book (by specimen index).
STARTING_SPECIMEN = {
    b: next(i for i, s in enumerate(CONTENT.specimens) if s.book_number == CONTENT.books[b].number
            and i >= CONTENT.normal_count)
    for b in STARTING_BOOKS
}
#: Library: slot (r, c) = 2r + c; point (r, c) = 3r + c. ``SLOT_POINTS[slot][position]``.
SLOT_POINTS = tuple(
    (3 * r + c, 3 * r + c + 1, 3 * (r + 1) + c + 1, 3 * (r + 1) + c)
    for r in range(2) for c in range(2)
)
POINT_CORNERS = tuple(
    tuple((slot, pos) for slot in range(4) for pos in range(4) if SLOT_POINTS[slot][pos] == p)
    for p in range(9)
)
ORTHOGONAL = tuple(
    tuple(3 * r2 + c2 for r2, c2 in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c))
          if 0 <= r2 < 3 and 0 <= c2 < 3)
    for r in range(3) for c in range(3)
)
DIAGONAL = tuple(
    tuple(3 * r2 + c2 for r2, c2 in ((r - 1, c - 1), (r - 1, c + 1), (r + 1, c - 1),
                                      (r + 1, c + 1))
          if 0 <= r2 < 3 and 0 <= c2 < 3)
    for r in range(3) for c in range(3)
)
def _distances() -> tuple[tuple[int, ...], ...]:
    table = []
    for source in range(N_LOCATIONS):
        dist = [-1] * N_LOCATIONS
        dist[source] = 0
        frontier = [source]
        while frontier:
            nxt = []
            for at in frontier:
                for other, _cost in CONTENT.adjacent[at]:
                    if dist[other] < 0:
                        dist[other] = dist[at] + 1
                        nxt.append(other)
            frontier = nxt
        table.append(tuple(dist))
    return tuple(table)


DISTANCE = _distances()
MAGNIFIER_BONUS = CONTENT.tool_bonus[1]
GLASSES_BONUS = CONTENT.tool_bonus[0]
TAXONOMY_LOOP = 12
LAST_SPACE = 8
