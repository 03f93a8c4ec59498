"""The two small languages of the designed decks, as typed frozen records the engine evaluates.

Encounter options and Factory-card rows are lists of **effects** (``Coins(2)``,
``Resources("oil", 2, "encounter")``, ``Upgrade()``, ``Choice(...)``...); objective cards
hold a **condition** (``AllOf``/``AnyOf`` over predicates such as ``TerritoryCount`` with a
``Filter``). Both are defined in the content README ("Designed decks"); the cards' ``text``
fields are for people only and are never read by the rules. Every record has a ``kind``
class attribute equal to the data's ``type``/``kind`` string.

>>> from boardlab.games.scythe.content import CONTENT
>>> CONTENT.encounters[0].options[1].gain
(Upgrade(), Power(amount=1))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Union

from boardlab.games.scythe.datafile import Field

#: The four resource types, in the order of every per-resource table.
RESOURCES = ("wood", "metal", "oil", "food")
#: Terrains of the board spaces that are territories (home bases are not).
TERRAINS = ("mountain", "farm", "forest", "tundra", "village", "lake", "factory")
UNIT_KINDS = ("character", "mech", "worker")
#: The four structures, in the order of ``structures.json``.
STRUCTURES = ("mine", "mill", "armory", "monument")
#: Player tracks and hands that effects and bonuses change.
TRACKS = ("coins", "popularity", "power", "combat_cards")
#: The stats objective conditions may test (content README, "Objective conditions").
STATS = (
    "coins",
    "popularity",
    "power",
    "combat_cards",
    "upgrades",
    "mechs_deployed",
    "structures_built",
    "recruits_enlisted",
    "workers_on_board",
    "stars",
    "combat_stars",
)
#: Where a card's gain goes on the board.
AT_ENCOUNTER = "encounter"
AT_WORKER_TERRITORIES = "worker_territories"
AT_WORKER_TERRITORY = "worker_territory"
ANY_RESOURCE = "any"


# ---------------------------------------------------------------------- effects
@dataclass(frozen=True, slots=True)
class Coins:
    """Pay (cost) or take (gain) ``amount`` coins."""

    kind: ClassVar[str] = "coins"
    amount: int


@dataclass(frozen=True, slots=True)
class Popularity:
    """Pay popularity (it must be there) or raise it (track maximum 18)."""

    kind: ClassVar[str] = "popularity"
    amount: int


@dataclass(frozen=True, slots=True)
class Power:
    """Pay power (it must be there) or raise it (track maximum 16)."""

    kind: ClassVar[str] = "power"
    amount: int


@dataclass(frozen=True, slots=True)
class CombatCards:
    """Discard cards of your choice (cost) or draw them (gain)."""

    kind: ClassVar[str] = "combat_cards"
    amount: int


@dataclass(frozen=True, slots=True)
class Resources:
    """Spend tokens from controlled territories (cost) or place new ones ``at`` (gain).

    ``resource`` is one of ``RESOURCES`` or ``"any"`` (any mix); ``at`` is ``""`` for a cost.
    """

    kind: ClassVar[str] = "resources"
    resource: str
    amount: int
    at: str = ""


@dataclass(frozen=True, slots=True)
class Workers:
    """Take up to ``amount`` workers from the player mat and place them ``at``."""

    kind: ClassVar[str] = "workers"
    amount: int
    at: str


@dataclass(frozen=True, slots=True)
class Upgrade:
    """The Upgrade effect without paying oil."""

    kind: ClassVar[str] = "upgrade"


@dataclass(frozen=True, slots=True)
class Deploy:
    """Deploy a mech of your choice ``at`` (never a lake) without paying metal."""

    kind: ClassVar[str] = "deploy"
    at: str


@dataclass(frozen=True, slots=True)
class Build:
    """Build a structure of your choice ``at`` (no structure there, not a lake), no wood."""

    kind: ClassVar[str] = "build"
    at: str


@dataclass(frozen=True, slots=True)
class Enlist:
    """The Enlist effect without paying food."""

    kind: ClassVar[str] = "enlist"


@dataclass(frozen=True, slots=True)
class Produce:
    """Produce on up to ``territories`` controlled territories with workers; no cost, no Mill."""

    kind: ClassVar[str] = "produce"
    territories: int


@dataclass(frozen=True, slots=True)
class Choice:
    """Choose exactly one of ``options`` (each a list of gains) and gain it."""

    kind: ClassVar[str] = "choice"
    options: tuple[tuple[Effect, ...], ...]


@dataclass(frozen=True, slots=True)
class Move:
    """A Move of up to ``units`` units, each up to the distance of rule option
    ``distance_option`` (plus ``speed_adds`` for a character or mech with Speed)."""

    kind: ClassVar[str] = "move"
    units: int
    distance_option: str
    speed_adds: int


Effect = Union[  # noqa: UP007 (a recursive alias needs the Union spelling at run time)
    Coins,
    Popularity,
    Power,
    CombatCards,
    Resources,
    Workers,
    Upgrade,
    Deploy,
    Build,
    Enlist,
    Produce,
    Choice,
    Move,
]
TRACK_EFFECTS: Mapping[str, type[Coins | Popularity | Power | CombatCards]] = {
    "coins": Coins,
    "popularity": Popularity,
    "power": Power,
    "combat_cards": CombatCards,
}
#: Effect types that may be a cost (payments); every type may be a gain where the deck allows.
COST_KINDS = frozenset({*TRACK_EFFECTS, "resources"})
EFFECT_KINDS = frozenset(
    {*TRACK_EFFECTS, "resources", "workers", "upgrade", "deploy", "build", "enlist", "produce",
     "choice", "move"}
)


def parse_effects(
    field: Field,
    *,
    cost: bool,
    kinds: frozenset[str],
    placements: frozenset[str],
    options: frozenset[str] = frozenset(),
) -> tuple[Effect, ...]:
    """The effect list in ``field``: a cost list when ``cost``, else a gain list.

    ``kinds`` are the effect types the deck allows here, ``placements`` its ``at`` values,
    ``options`` the rule options a ``move`` may name.
    """
    return tuple(
        _effect(item, cost=cost, kinds=kinds, placements=placements, options=options)
        for item in field.items()
    )


def _effect(
    field: Field,
    *,
    cost: bool,
    kinds: frozenset[str],
    placements: frozenset[str],
    options: frozenset[str],
) -> Effect:
    allowed = (kinds & COST_KINDS) if cost else kinds
    kind = field["type"].as_str(sorted(allowed))

    def at() -> str:
        return field["at"].as_str(sorted(placements))

    if kind in TRACK_EFFECTS:
        field.only(("type", "amount"))
        return TRACK_EFFECTS[kind](field["amount"].as_int(1))
    if kind == "resources":
        field.only(("type", "resource", "amount") if cost else ("type", "resource", "amount", "at"))
        return Resources(
            field["resource"].as_str((*RESOURCES, ANY_RESOURCE)),
            field["amount"].as_int(1),
            "" if cost else at(),
        )
    if kind == "workers":
        field.only(("type", "amount", "at"))
        return Workers(field["amount"].as_int(1), at())
    if kind in ("upgrade", "enlist"):
        field.only(("type",))
        return Upgrade() if kind == "upgrade" else Enlist()
    if kind in ("deploy", "build"):
        field.only(("type", "at"))
        return Deploy(at()) if kind == "deploy" else Build(at())
    if kind == "produce":
        field.only(("type", "territories"))
        return Produce(field["territories"].as_int(1))
    if kind == "choice":
        field.only(("type", "options"))
        inner = kinds - {"choice", "move"}
        choices = tuple(
            parse_effects(option, cost=False, kinds=inner, placements=placements)
            for option in field["options"].items()
        )
        if len(choices) < 2 or any(not option for option in choices):
            field["options"].fail("a choice needs at least two non-empty gain lists")
        return Choice(choices)
    field.only(("type", "units", "steps_rule_option", "speed_adds"))
    return Move(
        field["units"].as_int(1),
        field["steps_rule_option"].as_str(sorted(options)),
        field["speed_adds"].as_int(0),
    )


# ---------------------------------------------------------------------- conditions
@dataclass(frozen=True, slots=True, repr=False)
class Filter:
    """Which spaces match: every field that is set must match (an empty filter matches every
    territory; home bases never match). Adjacency and steps are physical (rivers ignored)."""

    terrains: tuple[str, ...] | None = None
    tunnel: bool | None = None
    hexes: tuple[str, ...] | None = None
    #: A named region of ``objectives.json``, with its spaces.
    region: str | None = None
    region_hexes: tuple[str, ...] = ()
    #: ``"self"``, ``"opponent"`` (some opponent) or ``"nobody"``.
    controlled_by: str | None = None
    own_structure: bool | None = None
    #: ``"self"`` or ``"opponent"``: listed next to your / an opponent's home base.
    home_adjacent: str | None = None
    min_home_distance: int | None = None
    #: The data's ``not``: a filter that must not match.
    exclude: Filter | None = None

    def __repr__(self) -> str:
        shown = (
            f"{name}={getattr(self, name)!r}"
            for name in self.__dataclass_fields__
            if name != "region_hexes" and getattr(self, name) is not None
        )
        return f"Filter({', '.join(shown)})"


@dataclass(frozen=True, slots=True)
class AllOf:
    """Every part holds."""

    kind: ClassVar[str] = "all"
    parts: tuple[Condition, ...]


@dataclass(frozen=True, slots=True)
class AnyOf:
    """At least one part holds."""

    kind: ClassVar[str] = "any"
    parts: tuple[Condition, ...]


@dataclass(frozen=True, slots=True)
class TerritoryCount:
    """The number of territories you control matching ``where`` is within the bounds."""

    kind: ClassVar[str] = "territories"
    where: Filter
    at_least: int | None = None
    at_most: int | None = None


@dataclass(frozen=True, slots=True)
class UnitCount:
    """The number of your ``units`` on territories matching ``where`` (never a home base)."""

    kind: ClassVar[str] = "units"
    units: tuple[str, ...]
    where: Filter
    at_least: int | None = None
    at_most: int | None = None


@dataclass(frozen=True, slots=True)
class StructureCount:
    """The number of your ``structures`` on the board whose territory matches ``where``."""

    kind: ClassVar[str] = "structures"
    structures: tuple[str, ...]
    where: Filter
    at_least: int | None = None
    at_most: int | None = None


@dataclass(frozen=True, slots=True)
class ResourceCount:
    """The total of tokens of ``resources`` on territories you control."""

    kind: ClassVar[str] = "resources"
    resources: tuple[str, ...]
    at_least: int | None = None
    at_most: int | None = None


@dataclass(frozen=True, slots=True)
class StatRange:
    """One of ``STATS`` is within the bounds."""

    kind: ClassVar[str] = "stat"
    stat: str
    at_least: int | None = None
    at_most: int | None = None


Measure = TerritoryCount | UnitCount | StructureCount | ResourceCount | StatRange


@dataclass(frozen=True, slots=True)
class Lead:
    """Your value of ``measure`` (a predicate without bounds) beats every opponent's by at
    least ``margin``."""

    kind: ClassVar[str] = "lead"
    measure: Measure
    margin: int = 1


@dataclass(frozen=True, slots=True)
class NeighborCount:
    """At least ``at_least`` physically adjacent spaces match ``where``."""

    where: Filter
    at_least: int


@dataclass(frozen=True, slots=True)
class UnitAt:
    """One of your ``units`` stands on a territory matching ``where`` such that: at least n
    *other* units of yours of each kind of ``with_units`` share it; with ``alone`` no other
    unit of yours is there; every entry of ``neighbors`` holds around it."""

    kind: ClassVar[str] = "unit_at"
    units: tuple[str, ...]
    where: Filter = Filter()
    with_units: tuple[tuple[str, int], ...] = ()
    alone: bool = False
    neighbors: tuple[NeighborCount, ...] = ()


@dataclass(frozen=True, slots=True)
class Around:
    """Some space matching ``center`` satisfies every entry of ``neighbors``."""

    kind: ClassVar[str] = "around"
    center: Filter
    neighbors: tuple[NeighborCount, ...]


@dataclass(frozen=True, slots=True)
class Spread:
    """At least ``at_least`` different territories each hold one of your ``units``; with
    ``non_adjacent``, no two of them adjacent."""

    kind: ClassVar[str] = "spread"
    units: tuple[str, ...]
    at_least: int
    non_adjacent: bool = False


Condition = Union[  # noqa: UP007 (a recursive alias needs the Union spelling at run time)
    AllOf,
    AnyOf,
    TerritoryCount,
    UnitCount,
    StructureCount,
    ResourceCount,
    StatRange,
    Lead,
    UnitAt,
    Around,
    Spread,
]


def within(value: int, at_least: int | None, at_most: int | None) -> bool:
    """Whether ``value`` lies in the inclusive bounds (a missing bound is no bound)."""
    return (at_least is None or value >= at_least) and (at_most is None or value <= at_most)


class ConditionParser:
    """Parses objective conditions; knows the board's space ids and the named regions."""

    def __init__(self, spaces: frozenset[str], regions: Mapping[str, tuple[str, ...]]) -> None:
        self.spaces = spaces
        self.regions = regions

    def condition(self, field: Field) -> Condition:
        if field.has("all") or field.has("any"):
            key = "all" if field.has("all") else "any"
            field.only((key,))
            parts = tuple(self.condition(part) for part in field[key].items())
            if not parts:
                field[key].fail("needs at least one part")
            return AllOf(parts) if key == "all" else AnyOf(parts)
        kind = field["kind"].as_str(
            ("territories", "units", "structures", "resources", "stat", "lead", "unit_at",
             "around", "spread")
        )
        if kind == "lead":
            field.only(("kind", "measure", "margin"))
            margin = field.get("margin")
            return Lead(
                self.measure(field["measure"], bounded=False),
                1 if margin is None else margin.as_int(1),
            )
        if kind == "unit_at":
            field.only(("kind", "unit", "filter", "with", "alone", "neighbors"))
            alone = field.get("alone")
            return UnitAt(
                field["unit"].as_strs(UNIT_KINDS),
                self.filter(field.get("filter")),
                self.with_units(field.get("with")),
                False if alone is None else alone.as_bool(),
                self.neighbors(field.get("neighbors")),
            )
        if kind == "around":
            field.only(("kind", "center", "neighbors"))
            neighbors = self.neighbors(field["neighbors"])
            if not neighbors:
                field["neighbors"].fail("needs at least one entry")
            return Around(self.filter(field["center"]), neighbors)
        if kind == "spread":
            field.only(("kind", "unit", "min", "non_adjacent"))
            non_adjacent = field.get("non_adjacent")
            return Spread(
                field["unit"].as_strs(UNIT_KINDS),
                field["min"].as_int(1),
                False if non_adjacent is None else non_adjacent.as_bool(),
            )
        return self.measure(field, bounded=True)

    def measure(self, field: Field, *, bounded: bool) -> Measure:
        """A counting predicate; with ``bounded`` it needs ``min`` and/or ``max``, else none."""
        kind = field["kind"].as_str(("territories", "units", "structures", "resources", "stat"))
        bounds = ("min", "max") if bounded else ()
        low, high = self.bounds(field, bounded)
        if kind == "territories":
            field.only(("kind", "filter", *bounds))
            return TerritoryCount(self.filter(field.get("filter")), low, high)
        if kind == "units":
            field.only(("kind", "unit", "filter", *bounds))
            return UnitCount(
                field["unit"].as_strs(UNIT_KINDS), self.filter(field.get("filter")), low, high
            )
        if kind == "structures":
            field.only(("kind", "structure", "filter", *bounds))
            which = field.get("structure")
            return StructureCount(
                STRUCTURES if which is None else which.as_strs(STRUCTURES),
                self.filter(field.get("filter")),
                low,
                high,
            )
        if kind == "resources":
            field.only(("kind", "resource", *bounds))
            return ResourceCount(field["resource"].as_strs(RESOURCES), low, high)
        field.only(("kind", "stat", *bounds))
        return StatRange(field["stat"].as_str(STATS), low, high)

    @staticmethod
    def bounds(field: Field, bounded: bool) -> tuple[int | None, int | None]:
        low_field, high_field = field.get("min"), field.get("max")
        low = None if low_field is None else low_field.as_int(0)
        high = None if high_field is None else high_field.as_int(0)
        if bounded and low is None and high is None:
            field.fail("a predicate needs 'min' and/or 'max'")
        if low is not None and high is not None and low > high:
            field.fail(f"'min' {low} is above 'max' {high}")
        return low, high

    @staticmethod
    def with_units(field: Field | None) -> tuple[tuple[str, int], ...]:
        if field is None:
            return ()
        field.only(UNIT_KINDS)
        return tuple((kind, value.as_int(1)) for kind, value in field.entries())

    def neighbors(self, field: Field | None) -> tuple[NeighborCount, ...]:
        if field is None:
            return ()
        entries = []
        for item in field.items():
            item.only(("filter", "min"))
            entries.append(NeighborCount(self.filter(item["filter"]), item["min"].as_int(1)))
        return tuple(entries)

    def filter(self, field: Field | None) -> Filter:
        if field is None:
            return Filter()
        field.only(
            ("terrain", "tunnel", "hexes", "region", "controlled_by", "own_structure",
             "home_adjacent", "min_home_distance", "not")
        )
        terrain, tunnel, hexes = field.get("terrain"), field.get("tunnel"), field.get("hexes")
        region = field.get("region")
        control, own, home = (
            field.get("controlled_by"),
            field.get("own_structure"),
            field.get("home_adjacent"),
        )
        distance, exclude = field.get("min_home_distance"), field.get("not")
        region_name = None if region is None else region.as_str(sorted(self.regions))
        return Filter(
            terrains=None if terrain is None else terrain.as_strs(TERRAINS),
            tunnel=None if tunnel is None else tunnel.as_bool(),
            hexes=None if hexes is None else hexes.as_strs(sorted(self.spaces)),
            region=region_name,
            region_hexes=() if region_name is None else self.regions[region_name],
            controlled_by=None
            if control is None
            else control.as_str(("self", "opponent", "nobody")),
            own_structure=None if own is None else own.as_bool(),
            home_adjacent=None if home is None else home.as_str(("self", "opponent")),
            min_home_distance=None if distance is None else distance.as_int(1),
            exclude=None if exclude is None else self.filter(exclude),
        )
