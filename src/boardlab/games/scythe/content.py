"""The Scythe components, read once from ``content/*.json`` into frozen records and checked.

Every record has named fields; the decks written in the designed vocabulary (objectives,
encounters, Factory cards) are parsed into the typed records of ``vocabulary.py``. A data
file that breaks a documented constraint raises ``ContentError`` naming the file and the
field (``factions.json: factions[2].starting_power: expected an integer, got 'x'``).

>>> CONTENT.faction("rusviet").home
'home_rusviet'
>>> CONTENT.mat("industrial").sections[0].coin_bonus
3
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from boardlab.games.scythe.datafile import ContentError, Field
from boardlab.games.scythe.decks import (
    EncounterCard,
    FactoryCard,
    Objective,
    read_encounters,
    read_factory_cards,
    read_objectives,
)
from boardlab.games.scythe.vocabulary import RESOURCES, STRUCTURES, TERRAINS, TRACKS

CONTENT_DIR = Path(__file__).with_name("content")

#: The known faction ids; ``factions.json`` lists them in clockwise seating order.
FACTION_IDS = ("nordic", "rusviet", "crimea", "saxony", "polania")
#: The rules know these abilities by id (sections 15.1-15.5).
FACTION_ABILITIES = ("swim", "relentless", "coercion", "dominate", "meander")
MECH_ABILITIES = (
    "riverwalk",
    "speed",
    "seaworthy",
    "artillery",
    "township",
    "peoples_army",
    "wayfare",
    "scout",
    "underpass",
    "disarm",
    "submerge",
    "camaraderie",
)
TOP_ACTIONS = ("move", "trade", "bolster", "produce")
#: Every mat's bottom row, left to right (section 7).
BOTTOM_ACTIONS = ("upgrade", "deploy", "build", "enlist")
STAR_GOALS = (
    "upgrades",
    "mechs",
    "structures",
    "recruits",
    "workers",
    "objective",
    "combat_1",
    "combat_2",
    "popularity",
    "power",
)
BONUS_TILES = (
    "adjacent_tunnels",
    "adjacent_lakes",
    "adjacent_encounters",
    "on_tunnels",
    "in_a_row",
    "on_farms_tundras",
)
PRODUCTS = (*RESOURCES, "worker")


# ---------------------------------------------------------------------- the board
@dataclass(frozen=True, slots=True)
class BoardHex:
    """One board space (a territory: land, lake or the Factory), as ``board.json`` has it."""

    id: str
    row: int
    col: int
    q: int
    r: int
    terrain: str
    tunnel: bool
    encounter: bool
    #: A resource of ``RESOURCES``, ``"worker"`` (village) or None (lake, Factory).
    produces: str | None
    #: Every physically touching space, home bases included.
    neighbors: tuple[str, ...]
    #: The neighbours across a river.
    river_neighbors: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class HomeBase:
    """A home-base area (not a territory) with its explicit adjacency."""

    id: str
    faction: str
    used_in_base_game: bool
    land: tuple[str, ...]
    across_river: tuple[str, ...]
    lakes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Board:
    hexes: tuple[BoardHex, ...]
    homes: tuple[HomeBase, ...]
    factory: str
    tunnels: tuple[str, ...]
    encounters: tuple[str, ...]
    lakes: tuple[str, ...]
    river_edges: tuple[tuple[str, str], ...]
    starting_workers: Mapping[str, tuple[str, ...]]
    seating: tuple[str, ...]


# ---------------------------------------------------------------------- factions
@dataclass(frozen=True, slots=True)
class Ability:
    id: str
    name: str
    text: str


@dataclass(frozen=True, slots=True)
class MechAbility:
    """The ability under one mech slot of a faction mat (``slot`` 0-3)."""

    slot: int
    id: str
    name: str
    text: str
    #: Riverwalk only: the two terrains it crosses rivers into (published values).
    riverwalk_terrains: tuple[str, ...] = ()
    #: Riverwalk only, where the beta seed differs (Polania; rule option 21.3-7).
    seed_riverwalk_terrains: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Faction:
    id: str
    index: int
    name: str
    character: str
    color: str
    home: str
    starting_power: int
    starting_combat_cards: int
    start_workers: tuple[str, ...]
    ability: Ability
    mechs: tuple[MechAbility, ...]

    def mech_slot(self, ability: str) -> int:
        """The slot whose mech unlocks ``ability`` (``KeyError`` if the faction lacks it)."""
        for mech in self.mechs:
            if mech.id == ability:
                return mech.slot
        raise KeyError(f"{self.id} has no mech ability {ability!r}")


# ---------------------------------------------------------------------- player mats
@dataclass(frozen=True, slots=True)
class Amount:
    """An amount of one track: ``coins``, ``popularity``, ``power`` or ``combat_cards``."""

    track: str
    amount: int


@dataclass(frozen=True, slots=True)
class Upgradable:
    """A top-row value: ``base``, or ``upgraded`` once its cube is removed (``cubes`` 0/1)."""

    id: str
    base: int
    upgraded: int
    cubes: int


@dataclass(frozen=True, slots=True)
class TopAction:
    id: str
    cost: tuple[Amount, ...]
    structure: str
    choices: tuple[Upgradable, ...]


@dataclass(frozen=True, slots=True)
class ProduceCost:
    """From ``workers_at_least`` workers off the mat, Produce also costs ``cost``."""

    workers_at_least: int
    cost: Amount


@dataclass(frozen=True, slots=True)
class BottomAction:
    id: str
    pays: str
    recruit_bonus: Amount


@dataclass(frozen=True, slots=True)
class Section:
    """One column of a player mat: its top and bottom action, bottom costs and coin bonus."""

    top: str
    bottom: str
    cost_start: int
    cost_min: int
    upgrade_slots: int
    coin_bonus: int


@dataclass(frozen=True, slots=True)
class PlayerMat:
    id: str
    index: int
    name: str
    number: int
    starting_popularity: int
    starting_coins: int
    starting_objectives: int
    sections: tuple[Section, ...]

    def section_of(self, action: str) -> int:
        """The section (0-3) holding top or bottom action ``action``."""
        for index, section in enumerate(self.sections):
            if action in (section.top, section.bottom):
                return index
        raise KeyError(f"mat {self.id} has no action {action!r}")


@dataclass(frozen=True, slots=True)
class MatRules:
    """What every player mat shares (section 6, 7): top actions, upgrade boxes, bonuses."""

    top_actions: tuple[TopAction, ...]
    #: The six top-row upgrade boxes as ``(top action, choice id)``, in data order.
    top_upgrade_slots: tuple[tuple[str, str], ...]
    produce_territories: Upgradable
    produce_costs: tuple[ProduceCost, ...]
    bottom_actions: tuple[BottomAction, ...]
    enlist_bonuses: tuple[Amount, ...]

    def top(self, action: str) -> TopAction:
        return self.top_actions[TOP_ACTIONS.index(action)]


# ---------------------------------------------------------------------- structures, scoring
@dataclass(frozen=True, slots=True)
class Structure:
    id: str
    name: str
    top_action: str
    text: str


@dataclass(frozen=True, slots=True)
class Payout:
    low: int
    high: int
    coins: int


@dataclass(frozen=True, slots=True)
class BonusTile:
    """A structure bonus tile (section 16.2): what it counts and what each count pays."""

    id: str
    index: int
    name: str
    counts: str
    payout: tuple[Payout, ...]

    def coins(self, count: int) -> int:
        """Coins paid for ``count`` (0 below the first band, the top band above it)."""
        paid = 0
        for band in self.payout:
            if count >= band.low:
                paid = band.coins
        return paid


@dataclass(frozen=True, slots=True)
class Tier:
    """One popularity band of final scoring (section 14)."""

    popularity_min: int
    popularity_max: int
    per_star: int
    per_territory: int
    per_resource_pair: int


@dataclass(frozen=True, slots=True)
class Scoring:
    popularity_max: int
    power_max: int
    dial_max: int
    tiers: tuple[Tier, ...]
    factory_territories: int
    stars_per_player: int
    star_goals: tuple[str, ...]
    combat_stars_per_player: int
    objective_stars_per_player: int
    tiebreakers: tuple[str, ...]
    delay_of_game_popularity: int

    def tier(self, popularity: int) -> Tier:
        for tier in self.tiers:
            if popularity <= tier.popularity_max:
                return tier
        return self.tiers[-1]


@dataclass(frozen=True, slots=True)
class Components:
    """Per-faction piece counts and global token counts (``components.json``)."""

    mechs: int
    workers: int
    structures: int
    recruits: int
    technology_cubes: int
    stars: int
    encounter_tokens: int


@dataclass(frozen=True, slots=True)
class RuleOption:
    """A beta-vs-published point of ``rule_options.json`` (values as frozen JSON)."""

    id: str
    seed: object
    published: object
    default: object
    ruling: str


@dataclass(frozen=True, slots=True)
class Content:
    """Every component of the base game."""

    board: Board
    factions: tuple[Faction, ...]
    mat_rules: MatRules
    mats: tuple[PlayerMat, ...]
    structures: tuple[Structure, ...]
    structure_placement: tuple[str, ...]
    bonus_tiles: tuple[BonusTile, ...]
    scoring: Scoring
    components: Components
    #: The 42 combat cards by value, in a fixed order (shuffled at setup).
    combat_deck: tuple[int, ...]
    combat_values: tuple[int, ...]
    objectives: tuple[Objective, ...]
    regions: Mapping[str, tuple[str, ...]]
    encounters: tuple[EncounterCard, ...]
    factory_cards: tuple[FactoryCard, ...]
    rule_options: Mapping[str, RuleOption]

    def faction(self, faction_id: str) -> Faction:
        return self.factions[FACTION_IDS.index(faction_id)]

    def mat(self, mat_id: str) -> PlayerMat:
        for mat in self.mats:
            if mat.id == mat_id:
                return mat
        raise KeyError(mat_id)


# ---------------------------------------------------------------------- loading
def _board(root: Field) -> Board:
    root.only(
        ("schema", "notes", "terrain_counts", "factory", "hexes", "home_bases", "tunnels",
         "encounters", "lakes", "river_edges", "starting_worker_hexes", "seating_order_clockwise")
    )
    hexes = []
    for item in root["hexes"].items():
        terrain = item["terrain"].as_str(TERRAINS)
        produces = item["produces"]
        hexes.append(
            BoardHex(
                id=item["id"].as_str(),
                row=item["row"].as_int(0),
                col=item["col"].as_int(0),
                q=item["q"].as_int(),
                r=item["r"].as_int(),
                terrain=terrain,
                tunnel=item["tunnel"].as_bool(),
                encounter=item["encounter"].as_bool(),
                produces=None if produces.value is None else produces.as_str(PRODUCTS),
                neighbors=item["neighbors"].as_strs(),
                river_neighbors=item["river_neighbors"].as_strs(),
            )
        )
    homes = tuple(
        HomeBase(
            id=item["id"].as_str(),
            faction=item["faction"].as_str(),
            used_in_base_game=item["used_in_base_game"].as_bool(),
            land=item["adjacent_land_no_river"].as_strs(),
            across_river=item["adjacent_across_river"].as_strs(),
            lakes=item["adjacent_lakes"].as_strs(),
        )
        for item in root["home_bases"].items()
    )
    starting = root["starting_worker_hexes"]
    board = Board(
        hexes=tuple(hexes),
        homes=homes,
        factory=root["factory"].as_str(),
        tunnels=root["tunnels"].as_strs(),
        encounters=root["encounters"].as_strs(),
        lakes=root["lakes"].as_strs(),
        river_edges=tuple(
            (pair.items(2)[0].as_str(), pair.items(2)[1].as_str())
            for pair in root["river_edges"].items()
        ),
        starting_workers=MappingProxyType(
            {key: value.as_strs(count=2) for key, value in starting.entries()}
        ),
        seating=root["seating_order_clockwise"].as_strs(FACTION_IDS),
    )
    _check_board(root, board)
    return board


def _check_board(root: Field, board: Board) -> None:
    spaces = {h.id: h for h in board.hexes}
    homes = {home.id: home for home in board.homes}
    if len(spaces) != len(board.hexes) or set(spaces) & set(homes):
        root["hexes"].fail("space ids must be unique")
    counts = {terrain: 0 for terrain in TERRAINS}
    by_axial = {(h.q, h.r): h.id for h in board.hexes}
    for index, space in enumerate(board.hexes):
        where = root["hexes"].items()[index]
        counts[space.terrain] += 1
        if space.q != space.col - (space.row + (space.row & 1)) // 2 or space.r != space.row:
            where.fail("axial q/r do not match row/col (even rows shifted east)")
        touching = {
            by_axial[(space.q + dq, space.r + dr)]
            for dq, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
            if (space.q + dq, space.r + dr) in by_axial
        }
        listed = {n for n in space.neighbors if n in spaces}
        if listed != touching:
            where["neighbors"].fail(f"the board spaces must be those touching: {sorted(touching)}")
        for other in space.neighbors:
            if other in homes:
                home = homes[other]
                if space.id not in (*home.land, *home.across_river, *home.lakes):
                    where["neighbors"].fail(f"{other} does not list {space.id} as adjacent")
            elif other not in spaces:
                where["neighbors"].fail(f"unknown space {other!r}")
            elif space.id not in spaces[other].neighbors:
                where["neighbors"].fail(f"{other} does not list {space.id} back")
        for other in space.river_neighbors:
            if other not in space.neighbors:
                where["river_neighbors"].fail(f"{other} is not a neighbour")
            if space.terrain == "lake" or (other in spaces and spaces[other].terrain == "lake"):
                where["river_neighbors"].fail("a lake is never across a river")
        product = {"mountain": "metal", "farm": "food", "forest": "wood", "tundra": "oil",
                   "village": "worker"}.get(space.terrain)
        if space.produces != product:
            where["produces"].fail(f"a {space.terrain} produces {product}")
    expected = root["terrain_counts"]
    for terrain in TERRAINS:
        if expected[terrain].as_int(0) != counts[terrain]:
            expected[terrain].fail(f"the hexes hold {counts[terrain]} {terrain} spaces")
    for name, named, flagged in (
        ("tunnels", board.tunnels, [h.id for h in board.hexes if h.tunnel]),
        ("encounters", board.encounters, [h.id for h in board.hexes if h.encounter]),
        ("lakes", board.lakes, [h.id for h in board.hexes if h.terrain == "lake"]),
    ):
        if sorted(named) != sorted(flagged):
            root[name].fail(f"must list exactly the flagged spaces {sorted(flagged)}")
    if board.factory not in spaces or spaces[board.factory].terrain != "factory":
        root["factory"].fail("must name the space whose terrain is factory")
    edges = set()
    for a, b in board.river_edges:
        edges.add((a, b))
        edges.add((b, a))
    from_lists = {(h.id, n) for h in board.hexes for n in h.river_neighbors}
    from_lists |= {(n, h.id) for h in board.hexes for n in h.river_neighbors}
    from_lists |= {(home.id, n) for home in board.homes for n in home.across_river}
    from_lists |= {(n, home.id) for home in board.homes for n in home.across_river}
    if edges != from_lists:
        root["river_edges"].fail("must agree with the hexes' river_neighbors")
    for index, home in enumerate(board.homes):
        where = root["home_bases"].items()[index]
        for other in (*home.land, *home.across_river, *home.lakes):
            if other not in spaces or home.id not in spaces[other].neighbors:
                where.fail(f"{other} does not list {home.id} as a neighbour")
        for other in home.lakes:
            if spaces[other].terrain != "lake":
                where["adjacent_lakes"].fail(f"{other} is not a lake")
        for other in home.land:
            if spaces[other].terrain == "lake":
                where["adjacent_land_no_river"].fail(f"{other} is a lake")


def _factions(root: Field, board: Board) -> tuple[Faction, ...]:
    factions = []
    homes = {home.id: home for home in board.homes}
    items = root["factions"].items(len(FACTION_IDS))
    for index, item in enumerate(items):
        faction_id = item["id"].as_str(FACTION_IDS)
        if faction_id != FACTION_IDS[index] or item["seat_index_clockwise"].as_int() != index:
            item["seat_index_clockwise"].fail(
                f"factions must be listed in clockwise seating order {list(FACTION_IDS)}"
            )
        if board.seating[index] != faction_id:
            item["id"].fail("board.json seating_order_clockwise disagrees")
        home = item["home_base"].as_str(sorted(homes))
        if homes[home].faction != faction_id:
            item["home_base"].fail(f"{home} belongs to {homes[home].faction}")
        start = item["starting_units"]
        if start["character"].as_str() != home:
            start["character"].fail("the character starts on its home base (section 4.11)")
        workers = start["workers"].as_strs(count=2)
        if sorted(workers) != sorted(homes[home].land) or sorted(workers) != sorted(
            board.starting_workers[faction_id]
        ):
            start["workers"].fail(
                "one worker starts on each territory joined to the home base by land "
                f"(section 4.11): {sorted(homes[home].land)}"
            )
        if start["mechs"].items():
            start["mechs"].fail("mechs start on the faction mat")
        ability = item["faction_ability"]
        mechs = []
        for slot, mech in enumerate(item["mech_abilities"].items(4)):
            if mech["slot"].as_int() != slot + 1:
                mech["slot"].fail(f"slots are numbered 1-4 in order, expected {slot + 1}")
            walk = mech.get("riverwalk_terrains")
            seed_walk = mech.get("seed_riverwalk_terrains")
            mechs.append(
                MechAbility(
                    slot=slot,
                    id=mech["id"].as_str(MECH_ABILITIES),
                    name=mech["name"].as_str(),
                    text=mech["text"].as_str(),
                    riverwalk_terrains=() if walk is None else walk.as_strs(TERRAINS, 2),
                    seed_riverwalk_terrains=()
                    if seed_walk is None
                    else seed_walk.as_strs(TERRAINS, 2),
                )
            )
        ids = [mech.id for mech in mechs]
        if len(set(ids)) != 4 or "riverwalk" not in ids or "speed" not in ids:
            item["mech_abilities"].fail("four different abilities, Riverwalk and Speed among them")
        if any(bool(mech.riverwalk_terrains) != (mech.id == "riverwalk") for mech in mechs):
            item["mech_abilities"].fail("only Riverwalk lists riverwalk_terrains")
        factions.append(
            Faction(
                id=faction_id,
                index=index,
                name=item["name"].as_str(),
                character=item["character"].as_str(),
                color=item["color"].as_str(),
                home=home,
                starting_power=item["starting_power"].as_int(0, 16),
                starting_combat_cards=item["starting_combat_cards"].as_int(0),
                start_workers=workers,
                ability=Ability(
                    ability["id"].as_str(FACTION_ABILITIES),
                    ability["name"].as_str(),
                    ability["text"].as_str(),
                ),
                mechs=tuple(mechs),
            )
        )
    return tuple(factions)


def _amounts(field: Field) -> tuple[Amount, ...]:
    field.only(TRACKS)
    return tuple(Amount(key, value.as_int(1)) for key, value in field.entries())


def _one_amount(field: Field) -> Amount:
    amounts = _amounts(field)
    if len(amounts) != 1:
        field.fail("expected exactly one track and amount")
    return amounts[0]


def _upgradable(field: Field) -> Upgradable:
    field.only(("id", "text", "base", "upgraded", "upgrade_cubes"))
    cubes = field["upgrade_cubes"].as_int(0, 1)
    base, upgraded = field["base"].as_int(0), field["upgraded"].as_int(0)
    if (upgraded > base) != (cubes == 1):
        field.fail("a value with an upgrade cube improves when upgraded, and only then")
    identifier = field.get("id")
    return Upgradable(
        "territories" if identifier is None else identifier.as_str(), base, upgraded, cubes
    )


def _mat_rules(root: Field) -> MatRules:
    tops = root["top_actions"]
    tops.only(TOP_ACTIONS)
    actions = []
    for action_id in TOP_ACTIONS:
        top = tops[action_id]
        structure = top["structure"].as_str(STRUCTURES)
        if action_id == "produce":
            choices: tuple[Upgradable, ...] = (_upgradable(top["territories"]),)
            cost: tuple[Amount, ...] = ()
        else:
            choices = tuple(_upgradable(choice) for choice in top["choose_one_of"].items(2))
            cost = _amounts(top["cost"])
        actions.append(TopAction(action_id, cost, structure, choices))
    slots = []
    for item in root["top_upgrade_cube_slots"].items():
        action_id, _, choice_id = item.as_str().partition(".")
        if action_id not in TOP_ACTIONS:
            item.fail(f"names unknown top action {action_id!r}")
        found = [c for c in actions[TOP_ACTIONS.index(action_id)].choices if c.id == choice_id]
        if not found or found[0].cubes != 1:
            item.fail("must name an upgradeable top-row value")
        slots.append((action_id, choice_id))
    upgradeable = sum(c.cubes for a in actions for c in a.choices)
    if len(set(slots)) != len(slots) or len(slots) != upgradeable:
        root["top_upgrade_cube_slots"].fail("must list every upgradeable top-row value once")
    produce = tops["produce"]
    costs = tuple(
        ProduceCost(step["workers_on_board_at_least"].as_int(1), _one_amount(step["add_cost"]))
        for step in produce["cost_by_workers_on_board"].items()
    )
    if [c.workers_at_least for c in costs] != sorted({c.workers_at_least for c in costs}):
        produce["cost_by_workers_on_board"].fail("steps must rise strictly")
    bottoms = root["bottom_actions"]
    bottoms.only(BOTTOM_ACTIONS)
    bottom_actions = tuple(
        BottomAction(
            action_id,
            bottoms[action_id]["pays"].as_str(RESOURCES),
            _one_amount(bottoms[action_id]["recruit_ongoing_bonus"]),
        )
        for action_id in BOTTOM_ACTIONS
    )
    bonuses = tuple(_one_amount(item) for item in root["enlist_one_time_bonuses"].items(4))
    return MatRules(
        top_actions=tuple(actions),
        top_upgrade_slots=tuple(slots),
        produce_territories=actions[TOP_ACTIONS.index("produce")].choices[0],
        produce_costs=costs,
        bottom_actions=bottom_actions,
        enlist_bonuses=bonuses,
    )


def _mats(root: Field, cubes: int) -> tuple[PlayerMat, ...]:
    mats = []
    for index, item in enumerate(root["mats"].items()):
        sections = []
        for column, section in enumerate(item["sections"].items(4)):
            start = section["bottom_cost_start"].as_int(0)
            low = section["bottom_cost_min"].as_int(0)
            slots = section["bottom_upgrade_slots"].as_int(0)
            if slots != start - low:
                section["bottom_upgrade_slots"].fail(f"must be start - min = {start - low}")
            bottom = section["bottom"].as_str(BOTTOM_ACTIONS)
            if bottom != BOTTOM_ACTIONS[column]:
                section["bottom"].fail(f"the bottom row is always {', '.join(BOTTOM_ACTIONS)}")
            sections.append(
                Section(
                    top=section["top"].as_str(TOP_ACTIONS),
                    bottom=bottom,
                    cost_start=start,
                    cost_min=low,
                    upgrade_slots=slots,
                    coin_bonus=section["coin_bonus"].as_int(0),
                )
            )
        if sorted(s.top for s in sections) != sorted(TOP_ACTIONS):
            item["sections"].fail("each top action appears once")
        if sum(s.upgrade_slots for s in sections) != cubes:
            item["sections"].fail(f"a mat has exactly {cubes} bottom-row upgrade boxes")
        mats.append(
            PlayerMat(
                id=item["id"].as_str(),
                index=index,
                name=item["name"].as_str(),
                number=item["number"].as_int(1),
                starting_popularity=item["starting_popularity"].as_int(0, 18),
                starting_coins=item["starting_coins"].as_int(0),
                starting_objectives=item["starting_objective_cards"].as_int(0),
                sections=tuple(sections),
            )
        )
    if len({m.id for m in mats}) != len(mats) or len({m.number for m in mats}) != len(mats):
        root["mats"].fail("mat ids and numbers must be unique")
    return tuple(mats)


def _structures(root: Field) -> tuple[tuple[Structure, ...], tuple[BonusTile, ...]]:
    structures = tuple(
        Structure(
            item["id"].as_str(STRUCTURES),
            item["name"].as_str(),
            item["enhances_top_action"].as_str(TOP_ACTIONS),
            item["text"].as_str(),
        )
        for item in root["structures"].items(len(STRUCTURES))
    )
    if tuple(s.id for s in structures) != STRUCTURES:
        root["structures"].fail(f"must list {', '.join(STRUCTURES)} in that order")
    tiles = []
    for index, item in enumerate(root["structure_bonus_tiles"].items(len(BONUS_TILES))):
        bands = tuple(
            Payout(band["min"].as_int(1), band["max"].as_int(1), band["coins"].as_int(1))
            for band in item["payout"].items()
        )
        expected = 1
        for band in bands:
            if band.low != expected or band.high < band.low:
                item["payout"].fail(f"bands must run on from {expected} without gaps")
            expected = band.high + 1
        tiles.append(
            BonusTile(
                item["id"].as_str(BONUS_TILES),
                index,
                item["name"].as_str(),
                item["count"].as_str(),
                bands,
            )
        )
    if tuple(t.id for t in tiles) != BONUS_TILES:
        root["structure_bonus_tiles"].fail(f"must list {', '.join(BONUS_TILES)} in that order")
    return structures, tuple(tiles)


def _scoring(root: Field) -> Scoring:
    tiers = tuple(
        Tier(
            item["popularity_min"].as_int(0),
            item["popularity_max"].as_int(0),
            item["coins_per_star"].as_int(0),
            item["coins_per_territory"].as_int(0),
            item["coins_per_2_resources"].as_int(0),
        )
        for item in root["popularity_tiers"].items()
    )
    popularity_max = root["popularity_track"]["max"].as_int(1)
    low = 0
    for tier in tiers:
        if tier.popularity_min != low or tier.popularity_max < low:
            root["popularity_tiers"].fail(f"tiers must cover 0-{popularity_max} in order")
        low = tier.popularity_max + 1
    if low != popularity_max + 1:
        root["popularity_tiers"].fail(f"tiers must cover 0-{popularity_max} in order")
    goals = tuple(item["id"].as_str(STAR_GOALS) for item in root["triumph_track"].items())
    if goals != STAR_GOALS:
        root["triumph_track"].fail(f"must list {', '.join(STAR_GOALS)} in that order")
    limits = root["star_limits"]
    return Scoring(
        popularity_max=popularity_max,
        power_max=root["power_track"]["max"].as_int(1),
        dial_max=root["power_dial"]["max"].as_int(1),
        tiers=tiers,
        factory_territories=root["factory_counts_as_territories"].as_int(1),
        stars_per_player=root["stars_per_player"].as_int(1),
        star_goals=goals,
        combat_stars_per_player=limits["combat_stars_per_player"].as_int(1),
        objective_stars_per_player=limits["objective_stars_per_player"].as_int(1),
        tiebreakers=root["tiebreakers_in_order"].as_strs(),
        delay_of_game_popularity=root["delay_of_game_variant"]["popularity_lost"].as_int(0),
    )


def _combat_deck(root: Field) -> tuple[tuple[int, ...], tuple[int, ...]]:
    deck: list[int] = []
    values = []
    for item in root["distribution"].items():
        value = item["value"].as_int(1)
        values.append(value)
        deck.extend([value] * item["count"].as_int(1))
    if values != sorted(set(values)):
        root["distribution"].fail("values must rise strictly")
    if len(deck) != root["total"].as_int(1):
        root["total"].fail(f"the distribution holds {len(deck)} cards")
    return tuple(deck), tuple(values)


def _components(root: Field) -> Components:
    base = root["base_game"]
    per = base["per_faction"]
    return Components(
        mechs=per["mechs"].as_int(1),
        workers=per["workers"].as_int(1),
        structures=per["structures"].as_int(1),
        recruits=per["recruits"].as_int(1),
        technology_cubes=per["technology_cubes"].as_int(1),
        stars=per["stars"].as_int(1),
        encounter_tokens=base["encounter_tokens"].as_int(1),
    )


def _freeze(value: object) -> object:
    if isinstance(value, list):
        return tuple(_freeze(item) for item in value)
    if isinstance(value, dict):
        return MappingProxyType({key: _freeze(item) for key, item in value.items()})
    return value


def _rule_options(root: Field) -> Mapping[str, RuleOption]:
    found = {}
    for item in root["options"].items():
        option_id = item["id"].as_str()
        if option_id in found:
            item["id"].fail(f"{option_id!r} is listed twice")
        ruling = item.get("ruling")
        published = item.get("published")
        found[option_id] = RuleOption(
            id=option_id,
            seed=_freeze(item["seed"].value),
            published=None if published is None else _freeze(published.value),
            default=_freeze(item["default"].value),
            ruling="" if ruling is None else ruling.as_str(),
        )
    return MappingProxyType(found)


def load_content(directory: Path = CONTENT_DIR) -> Content:
    """Read and check every file of ``directory``; ``ContentError`` names the first fault."""

    def read(name: str) -> Field:
        return Field.read(directory, name)

    board = _board(read("board.json"))
    components = _components(read("components.json"))
    factions = _factions(read("factions.json"), board)
    mats_root = read("player_mats.json")
    mat_rules = _mat_rules(mats_root)
    mats = _mats(mats_root, components.technology_cubes)
    structures_root = read("structures.json")
    structures, tiles = _structures(structures_root)
    scoring = _scoring(read("scoring.json"))
    deck, values = _combat_deck(read("combat_cards.json"))
    objectives, regions = read_objectives(
        read("objectives.json"), frozenset(h.id for h in board.hexes)
    )
    rule_options = _rule_options(read("rule_options.json"))
    content = Content(
        board=board,
        factions=factions,
        mat_rules=mat_rules,
        mats=mats,
        structures=structures,
        structure_placement=structures_root["placement_rules"].as_strs(),
        bonus_tiles=tiles,
        scoring=scoring,
        components=components,
        combat_deck=deck,
        combat_values=values,
        objectives=objectives,
        regions=regions,
        encounters=read_encounters(read("encounter_cards.json")),
        factory_cards=read_factory_cards(read("factory_cards.json"), frozenset(rule_options)),
        rule_options=rule_options,
    )
    _check_counts(read("components.json"), content)
    return content


def _check_counts(root: Field, content: Content) -> None:
    """The piece counts of ``components.json`` agree with every other file."""
    base = root["base_game"]
    expected = {
        "combat_cards": len(content.combat_deck),
        "encounter_cards": len(content.encounters),
        "objective_cards": len(content.objectives),
        "factory_cards": len(content.factory_cards),
        "structure_bonus_tiles": len(content.bonus_tiles),
        "encounter_tokens": len(content.board.encounters),
        "faction_mats": len(content.factions),
        "player_mats": len(content.mats),
    }
    for key, count in expected.items():
        if base[key].as_int(0) != count:
            base[key].fail(f"the other files hold {count}")
    per = base["per_faction"]
    pieces = content.components
    if pieces.mechs != len(content.factions[0].mechs):
        per["mechs"].fail("a faction mat has one mech per mech ability")
    if pieces.structures != len(STRUCTURES):
        per["structures"].fail(f"there are {len(STRUCTURES)} structures")
    if pieces.recruits != len(BOTTOM_ACTIONS) or pieces.recruits != len(
        content.mat_rules.enlist_bonuses
    ):
        per["recruits"].fail("one recruit per bottom action and per one-time bonus space")
    if pieces.technology_cubes != len(content.mat_rules.top_upgrade_slots):
        per["technology_cubes"].fail("one cube per top-row upgrade box")
    if pieces.stars != content.scoring.stars_per_player:
        per["stars"].fail("scoring.json stars_per_player disagrees")


CONTENT = load_content()

__all__ = [
    "BOTTOM_ACTIONS",
    "CONTENT",
    "FACTION_IDS",
    "STAR_GOALS",
    "TOP_ACTIONS",
    "Content",
    "ContentError",
    "load_content",
]
