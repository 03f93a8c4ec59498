"""The default Konoten components, read once from ``content/content.toml`` into frozen records.

Every effect is data: a vector of symbol counts (inputs, outputs) plus an AP cost, or a
named rule from a small vocabulary (``PASSIVE_RULES``, ``FINAL_COUNTS``, ``DEVICE_SPECIALS``).
The rules modules interpret those names; the data never names code.

>>> CONTENT.dev_cards[0].id
'D01'
"""

from __future__ import annotations

import itertools
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CONTENT_FILE = Path(__file__).with_name("content") / "content.toml"

#: The eight symbols, in the order of every effect vector.
SYMBOLS = ("light", "rainbow", "sediment", "ap", "creativity", "vp", "growth", "assistant")
MATERIALS = ("light", "rainbow", "sediment")
ABILITY_TYPES = ("will", "supply", "end", "passive", "final")
PASSIVE_RULES = (
    "collect_cost",
    "persuade_discount",
    "material_capacity",
    "owner_bonus",
    "grind_bonus_vp",
    "device_bonus",
    "sediment_penalty",
)
FINAL_COUNTS = ("light", "rainbow", "sediment", "ap", "creativity", "lenses")
TIMES_VALUES = ("lenses_owned",)
DEVICE_SPECIALS = ("", "make_lens", "take_start_player_marker")
TASK_IDS = ("light7", "rainbow5", "lenses3")
GRID_ROWS = 3
GRID_COLS = 4
INPUT_COLUMNS = (0, 1)

Vector = tuple[int, int, int, int, int, int, int, int]
ZERO: Vector = (0, 0, 0, 0, 0, 0, 0, 0)


class ContentError(ValueError):
    """The content file breaks a documented constraint; the message names the record."""


@dataclass(frozen=True, slots=True)
class Symbol:
    """One symbol: its id, display name, kind and the worth used to derive card numbers."""

    id: str
    name: str
    kind: str
    worth: int


@dataclass(frozen=True, slots=True)
class Device:
    """A lab-guide device: capacity (0 = unlimited), AP cost, input -> output, special rule."""

    id: str
    name: str
    capacity: int
    ap: int
    input: Vector
    output: Vector
    special: str


@dataclass(frozen=True, slots=True)
class Foundation:
    """An opaque foundation card: its cost is the lens threshold and the lens's AP cost."""

    id: str
    cost: int


@dataclass(frozen=True, slots=True)
class Cell:
    """One symbol printed on a development card, at (row, col) of the 3 x 4 grid."""

    row: int
    col: int
    symbol: str


@dataclass(frozen=True, slots=True)
class DevCard:
    """A transparent development card with its cells and corner numbers in both orientations."""

    id: str
    index: int
    deck: str
    color: str
    cells: tuple[Cell, ...]
    material: int
    result: int
    material_rotated: int
    result_rotated: int


@dataclass(frozen=True, slots=True)
class Ability:
    """The ability printed on one growth-chart node (unused fields keep their defaults)."""

    node: str
    type: str
    input: Vector = ZERO
    ap: int = 0
    output: Vector = ZERO
    rule: str = ""
    value: int = 0
    device: str = ""
    times: str = ""
    max_times: int = 0
    count: str = ""
    per: int = 0
    equals: int = -1
    vp: int = 0


@dataclass(frozen=True, slots=True)
class Character:
    """A character board: its colour and one ability per growth-chart node (template order)."""

    id: str
    name: str
    colour: str
    abilities: tuple[Ability, ...]


@dataclass(frozen=True, slots=True)
class GrowthTemplate:
    """The shared growth-chart shape: node ids, the start node and the arrows (tail, head)."""

    nodes: tuple[str, ...]
    start: str
    arrows: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class PlayerSetup:
    """What each player starts with (K-4.3, K-4.4)."""

    colour_tokens: int
    tokens_on_tasks: int
    tokens_on_growth_start: int
    tokens_in_stock: int
    assistants_in_lobby_unused: int
    creativity: int
    ap: int
    materials: tuple[int, int, int]
    material_capacity: int


@dataclass(frozen=True, slots=True)
class Content:
    """Every component of one content set."""

    rounds: int
    min_players: int
    max_players: int
    symbols: tuple[Symbol, ...]
    devices: tuple[Device, ...]
    tasks: tuple[str, ...]
    foundations: tuple[Foundation, ...]
    dev_cards: tuple[DevCard, ...]
    characters: tuple[Character, ...]
    template: GrowthTemplate
    setup: PlayerSetup
    supply_ap: int
    supply_creativity: int
    normal_display: int
    vp_display: int
    collect_ap: int
    vp_per_sediment: int
    owner_bonus_vp: int
    vp_per_card: int

    def card(self, card_id: str) -> DevCard:
        """The development card with this id (``KeyError`` if none)."""
        for card in self.dev_cards:
            if card.id == card_id:
                return card
        raise KeyError(card_id)

    def character(self, character_id: str) -> Character:
        """The character with this id (``KeyError`` if none)."""
        for character in self.characters:
            if character.id == character_id:
                return character
        raise KeyError(character_id)


def _vector(table: Any, where: str) -> Vector:
    if not isinstance(table, dict):
        raise ContentError(f"{where}: expected a table of symbol counts, got {table!r}")
    counts = [0] * len(SYMBOLS)
    for name, amount in table.items():
        if name not in SYMBOLS:
            raise ContentError(f"{where}: unknown symbol {name!r}")
        if not isinstance(amount, int) or amount < 0:
            raise ContentError(f"{where}: {name} must be a non-negative integer")
        counts[SYMBOLS.index(name)] = amount
    return tuple(counts)  # type: ignore[return-value]


def _symbols(raw: dict[str, Any]) -> tuple[Symbol, ...]:
    table = raw.get("symbols", {})
    if tuple(table) != SYMBOLS:
        raise ContentError(f"symbols must be exactly {SYMBOLS} in that order, got {tuple(table)}")
    return tuple(
        Symbol(name, str(entry["name"]), str(entry["kind"]), int(entry["worth"]))
        for name, entry in table.items()
    )


def _devices(raw: dict[str, Any]) -> tuple[Device, ...]:
    devices = []
    for entry in raw["devices"]:
        special = str(entry.get("special", ""))
        if special not in DEVICE_SPECIALS:
            raise ContentError(f"device {entry['id']}: unknown special {special!r}")
        devices.append(
            Device(
                id=str(entry["id"]),
                name=str(entry["name"]),
                capacity=int(entry["capacity"]),
                ap=int(entry["ap"]),
                input=_vector(entry.get("input", {}), f"device {entry['id']} input"),
                output=_vector(entry.get("output", {}), f"device {entry['id']} output"),
                special=special,
            )
        )
    specials = [device.special for device in devices if device.special]
    if sorted(specials) != sorted(DEVICE_SPECIALS[1:]):
        raise ContentError(f"exactly one device per special rule is needed, got {specials}")
    return tuple(devices)


def _cards(raw: dict[str, Any], worth: dict[str, int]) -> tuple[DevCard, ...]:
    cards = []
    for index, entry in enumerate(raw["dev_cards"]):
        card_id = str(entry["id"])
        cells = tuple(Cell(int(c["row"]), int(c["col"]), str(c["symbol"])) for c in entry["cells"])
        seen = set()
        for cell in cells:
            if not (0 <= cell.row < GRID_ROWS and 0 <= cell.col < GRID_COLS):
                raise ContentError(f"card {card_id}: cell {cell} is off the 3 x 4 grid")
            if cell.symbol not in SYMBOLS:
                raise ContentError(f"card {card_id}: unknown symbol {cell.symbol!r}")
            if (cell.row, cell.col) in seen:
                raise ContentError(f"card {card_id}: two symbols share cell {cell.row},{cell.col}")
            seen.add((cell.row, cell.col))
        card = DevCard(
            id=card_id,
            index=index,
            deck=str(entry["deck"]),
            color=str(entry["color"]),
            cells=cells,
            material=int(entry["material"]),
            result=int(entry["result"]),
            material_rotated=int(entry["material_rotated"]),
            result_rotated=int(entry["result_rotated"]),
        )
        if card.deck not in ("normal", "vp"):
            raise ContentError(f"card {card_id}: deck must be 'normal' or 'vp'")
        left = sum(worth[c.symbol] for c in cells if c.col in INPUT_COLUMNS)
        right = sum(worth[c.symbol] for c in cells if c.col not in INPUT_COLUMNS)
        if (card.material, card.result, card.material_rotated, card.result_rotated) != (
            left, right, right, left
        ):
            raise ContentError(
                f"card {card_id}: corner numbers do not match the worth of its symbols "
                f"(expected material {left}, result {right}, rotated {right}/{left})"
            )
        cards.append(card)
    if len({card.id for card in cards}) != len(cards):
        raise ContentError("development card ids must be unique")
    return tuple(cards)


def _ability(node: str, entry: dict[str, Any], device_ids: tuple[str, ...], where: str) -> Ability:
    kind = str(entry["type"])
    if kind not in ABILITY_TYPES:
        raise ContentError(f"{where}: unknown ability type {kind!r}")
    if kind in ("will", "supply", "end"):
        times = entry.get("times", "")
        if times and times not in TIMES_VALUES:
            raise ContentError(f"{where}: unknown times {times!r}")
        return Ability(
            node=node,
            type=kind,
            input=_vector(entry.get("input", {}), f"{where} input"),
            ap=int(entry.get("ap", 0)),
            output=_vector(entry.get("output", {}), f"{where} output"),
            times=str(times),
            max_times=int(entry.get("max_times", 0)),
        )
    if kind == "passive":
        rule = str(entry["rule"])
        if rule not in PASSIVE_RULES:
            raise ContentError(f"{where}: unknown passive rule {rule!r}")
        device = str(entry.get("device", ""))
        if rule == "device_bonus" and device not in device_ids:
            raise ContentError(f"{where}: device_bonus names unknown device {device!r}")
        return Ability(
            node=node,
            type=kind,
            rule=rule,
            value=int(entry.get("value", 0)),
            device=device,
            output=_vector(entry.get("output", {}), f"{where} output"),
        )
    count = str(entry["count"])
    if count not in FINAL_COUNTS:
        raise ContentError(f"{where}: unknown final count {count!r}")
    per = int(entry.get("per", 0))
    equals = int(entry.get("equals", -1))
    if (per > 0) == ("equals" in entry):
        raise ContentError(f"{where}: a final ability needs exactly one of per or equals")
    return Ability(node=node, type=kind, count=count, per=per, equals=equals, vp=int(entry["vp"]))


def _characters(
    raw: dict[str, Any], template: GrowthTemplate, device_ids: tuple[str, ...]
) -> tuple[Character, ...]:
    characters = []
    for entry in raw["characters"]:
        nodes = entry["nodes"]
        if set(nodes) != set(template.nodes):
            raise ContentError(f"character {entry['id']}: nodes must be {template.nodes}")
        abilities = tuple(
            _ability(node, nodes[node], device_ids, f"character {entry['id']} node {node}")
            for node in template.nodes
        )
        characters.append(
            Character(str(entry["id"]), str(entry["name"]), str(entry["colour"]), abilities)
        )
    if len({c.colour for c in characters}) != len(characters):
        raise ContentError("every character needs its own colour")
    return tuple(characters)


def load_content(path: Path = CONTENT_FILE) -> Content:
    """Read and validate one content file; ``ContentError`` names the first broken record."""
    with path.open("rb") as handle:
        raw = tomllib.load(handle)
    symbols = _symbols(raw)
    worth = {symbol.id: symbol.worth for symbol in symbols}
    devices = _devices(raw)
    template_raw = raw["growth_chart_template"]
    template = GrowthTemplate(
        nodes=tuple(template_raw["nodes"]),
        start=str(template_raw["start"]),
        arrows=tuple((str(a), str(b)) for a, b in template_raw["arrows"]),
    )
    for tail, head in template.arrows:
        if tail not in template.nodes or head not in template.nodes:
            raise ContentError(f"growth arrow {tail}->{head} names an unknown node")
    tasks = tuple(str(task["id"]) for task in raw["tasks"])
    if tasks != TASK_IDS:
        raise ContentError(f"tasks must be {TASK_IDS}, got {tasks}")
    foundations = tuple(Foundation(str(f["id"]), int(f["cost"])) for f in raw["foundations"])
    if any(f.cost < 0 for f in foundations):
        raise ContentError("foundation costs must be non-negative")
    if any(a.cost > b.cost for a, b in itertools.pairwise(foundations)):
        raise ContentError("foundations must be listed by cost, cheapest first")
    setup_raw = raw["player_setup"]
    mats = setup_raw["materials"]
    setup = PlayerSetup(
        colour_tokens=int(setup_raw["colour_tokens"]),
        tokens_on_tasks=int(setup_raw["tokens_on_tasks"]),
        tokens_on_growth_start=int(setup_raw["tokens_on_growth_start"]),
        tokens_in_stock=int(setup_raw["tokens_in_stock"]),
        assistants_in_lobby_unused=int(setup_raw["assistants_in_lobby_unused"]),
        creativity=int(setup_raw["creativity"]),
        ap=int(setup_raw["ap"]),
        materials=(int(mats["light"]), int(mats["rainbow"]), int(mats["sediment"])),
        material_capacity=int(setup_raw["material_capacity"]),
    )
    placed = (
        setup.tokens_on_tasks
        + setup.tokens_on_growth_start
        + setup.tokens_in_stock
        + setup.assistants_in_lobby_unused
    )
    if placed != setup.colour_tokens or setup.tokens_on_tasks != len(tasks):
        raise ContentError("player setup must place every colour token, one per task")
    supply = raw["supply_phase"]["gain"]
    market = raw["market"]
    scoring = raw["scoring"]
    content = Content(
        rounds=int(raw["meta"]["rounds"]),
        min_players=int(raw["meta"]["player_count"]["min"]),
        max_players=int(raw["meta"]["player_count"]["max"]),
        symbols=symbols,
        devices=devices,
        tasks=tasks,
        foundations=foundations,
        dev_cards=_cards(raw, worth),
        characters=_characters(raw, template, tuple(d.id for d in devices)),
        template=template,
        setup=setup,
        supply_ap=int(supply["ap"]),
        supply_creativity=int(supply["creativity"]),
        normal_display=int(market["normal_display"]),
        vp_display=int(market["vp_display"]),
        collect_ap=int(market["collect_ap"]),
        vp_per_sediment=int(scoring["vp_per_sediment_at_graduation"]),
        owner_bonus_vp=int(scoring["vp_for_lens_owner_when_others_use"]),
        vp_per_card=int(scoring["vp_per_dev_card_when_grinding"]),
    )
    if len(content.characters) < content.max_players:
        raise ContentError("there must be at least one character per player")
    return content


CONTENT = load_content()
