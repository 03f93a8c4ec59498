"""The Compounded components, read once from ``content/content.toml`` into frozen records.

Every number the rules use (element counts, track tables, compound spaces, atomic points,
fire limits, equipment supply, caps) comes from here; the rules never hard-code them.

>>> CONTENT.compound("water").atomic_points
3
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CONTENT_FILE = Path(__file__).with_name("content") / "content.toml"

ELEMENTS = ("H", "C", "O", "N", "Ca", "S")
TRACKS = ("discovery", "study", "research", "lab")
DISCOVERY, STUDY, RESEARCH, LAB = range(4)
EQUIPMENT = (
    "graduated_cylinder",
    "academic_paper",
    "pipette",
    "safety_goggles",
    "lab_key",
    "bunsen_burner",
)
CYLINDER, PAPER, PIPETTE, GOGGLES, LAB_KEY, BUNSEN = range(6)
EQUIPMENT_SHORT = ("cylinder", "paper", "pipette", "goggles", "labkey", "bunsen")
REACTIONS = ("stability", "volatile", "handle_with_care", "corrosive", "explosive")
STABILITY, VOLATILE, HANDLE_WITH_CARE, CORROSIVE, EXPLOSIVE = range(5)
STATE_TO_TRACK = {"gas": DISCOVERY, "solid": STUDY, "liquid": RESEARCH}


class ContentError(ValueError):
    """The content file breaks a count, a range or a cross-reference the rules rely on."""


@dataclass(frozen=True, slots=True)
class Element:
    """One element: its symbol, bag count and rarity rank (1 = rarest)."""

    index: int
    symbol: str
    name: str
    color: str
    count: int
    rarity_rank: int
    rarity_weight: float


@dataclass(frozen=True, slots=True)
class Track:
    """One experiment track: ``levels[i]`` is the value at level ``i + 1``."""

    index: int
    name: str
    state: str
    levels: tuple[int, ...]

    @property
    def top(self) -> int:
        """The 0-based index of the top level."""
        return len(self.levels) - 1


@dataclass(frozen=True, slots=True)
class Compound:
    """A compound card kind; ``space_elements[i]`` is the element of space ``i``.

    Spaces are listed in the element order H, C, O, N, Ca, S; ``spaces_of[e]`` lists the
    space indices of element ``e``.
    """

    index: int
    id: str
    name: str
    formula: str
    counts: tuple[int, ...]
    space_elements: tuple[int, ...]
    spaces_of: tuple[tuple[int, ...], ...]
    state: str
    experiment: int
    atomic_points: int
    uncapped_points: int
    flammable: bool
    fire_limit: int
    equipment: int
    reaction: int
    starter: bool
    copies: int
    hazard_basis: str

    @property
    def spaces(self) -> int:
        return len(self.space_elements)


@dataclass(frozen=True, slots=True)
class EquipmentKind:
    """A kind of lab equipment token and how many are put out."""

    index: int
    key: str
    short: str
    name: str
    box_count: int
    supply: str
    single_use: bool
    source_compound: str
    study_level: int
    effect: str

    def put_out(self, players: int) -> int:
        """How many tokens of this kind the supply starts with (C-4.5)."""
        if self.supply == "players_minus_1":
            return min(self.box_count, players - 1)
        return self.box_count


@dataclass(frozen=True, slots=True)
class Reaction:
    """A reaction printed on one compound kind and what it does when that card is scored."""

    index: int
    key: str
    name: str
    compound: str
    summary: str


@dataclass(frozen=True, slots=True)
class Content:
    """Everything static about the game, shared by every state."""

    elements: tuple[Element, ...]
    tracks: tuple[Track, ...]
    compounds: tuple[Compound, ...]
    cards: tuple[Compound, ...]
    equipment: tuple[EquipmentKind, ...]
    reactions: tuple[Reaction, ...]
    claim_discs: int
    claim_discs_in_reserve: int
    starting_elements: int
    wild_tokens_per_player: int
    storage_markers: int
    paper_study_level: int
    pile_sizes: tuple[int, ...]
    safe_top_pile_size: int
    lab_fire_cards: int
    bunsen_fire_limit: int
    extinguisher_name: str
    extinguisher_elements: tuple[int, ...]
    extinguisher_points: int
    end_per_item_on_claim: int
    end_storage_per_point: int
    end_per_wild: int
    proposals_per_phase: int
    round_cap: int
    score_threshold: int
    maxed_needed: int

    def compound(self, key: str) -> Compound:
        """The compound kind with this id, e.g. ``"water"``."""
        for compound in self.compounds:
            if compound.id == key:
                return compound
        raise KeyError(key)

    @property
    def total_crystals(self) -> int:
        return sum(element.count for element in self.elements)


def round_half_up(value: float) -> int:
    return math.floor(value + 0.5)


def _need(condition: bool, message: str) -> None:
    if not condition:
        raise ContentError(message)


def _elements(data: dict[str, Any]) -> tuple[Element, ...]:
    table = data["elements"]
    _need(tuple(table) == ELEMENTS, f"elements must be {ELEMENTS} in that order")
    return tuple(
        Element(
            index=i,
            symbol=symbol,
            name=str(table[symbol]["name"]),
            color=str(table[symbol]["color"]),
            count=int(table[symbol]["count"]),
            rarity_rank=int(table[symbol]["rarity_rank"]),
            rarity_weight=float(table[symbol]["rarity_weight"]),
        )
        for i, symbol in enumerate(ELEMENTS)
    )


def _tracks(data: dict[str, Any]) -> tuple[Track, ...]:
    table = data["experiments"]
    tracks = tuple(
        Track(i, name, str(table[name]["state"]), tuple(int(v) for v in table[name]["levels"]))
        for i, name in enumerate(TRACKS)
    )
    for track in tracks:
        _need(len(track.levels) >= 2, f"track {track.name} needs at least two levels")
        _need(
            list(track.levels) == sorted(track.levels),
            f"track {track.name} must not decrease",
        )
        if track.state:
            _need(STATE_TO_TRACK[track.state] == track.index, f"{track.name} state mismatch")
    return tracks


def _compound(index: int, raw: dict[str, Any], weights: tuple[float, ...]) -> Compound:
    key = str(raw["id"])
    given = raw["elements"]
    for symbol in given:
        _need(symbol in ELEMENTS, f"{key}: unknown element {symbol}")
    counts = tuple(int(given.get(symbol, 0)) for symbol in ELEMENTS)
    space_elements = tuple(e for e in range(6) for _ in range(counts[e]))
    spaces_of = tuple(tuple(i for i, el in enumerate(space_elements) if el == e) for e in range(6))
    _need(len(space_elements) == int(raw["spaces"]), f"{key}: spaces != atoms")
    state = str(raw["state"])
    _need(state in STATE_TO_TRACK, f"{key}: unknown state {state}")
    experiment = TRACKS.index(str(raw["experiment"]))
    _need(experiment == STATE_TO_TRACK[state], f"{key}: experiment does not match state")
    weight = sum(c * w for c, w in zip(counts, weights, strict=True))
    _need(abs(weight - float(raw["rarity_weight_sum"])) < 1e-9, f"{key}: rarity_weight_sum is off")
    uncapped = 1 + round_half_up(weight / 2)
    points = int(raw["atomic_points"])
    _need(points == min(8, max(3, uncapped)), f"{key}: atomic_points break the data rule")
    flammable = bool(raw["flammable"])
    fire_limit = int(raw["fire_limit"])
    _need(flammable == (fire_limit > 0), f"{key}: flammable and fire_limit disagree")
    equipment = raw.get("equipment")
    reaction = raw.get("reaction")
    return Compound(
        index=index,
        id=key,
        name=str(raw["name"]),
        formula=str(raw["formula"]),
        counts=counts,
        space_elements=space_elements,
        spaces_of=spaces_of,
        state=state,
        experiment=experiment,
        atomic_points=points,
        uncapped_points=max(3, uncapped),
        flammable=flammable,
        fire_limit=fire_limit,
        equipment=EQUIPMENT.index(equipment) if equipment else -1,
        reaction=REACTIONS.index(reaction) if reaction else -1,
        starter=bool(raw["starter"]),
        copies=int(raw["copies"]),
        hazard_basis=str(raw.get("hazard_basis", "")),
    )


def _equipment(data: dict[str, Any]) -> tuple[EquipmentKind, ...]:
    table = data["equipment"]
    _need(set(table) == set(EQUIPMENT), f"equipment must be {EQUIPMENT}")
    return tuple(
        EquipmentKind(
            index=i,
            key=key,
            short=EQUIPMENT_SHORT[i],
            name=str(table[key]["name"]),
            box_count=int(table[key]["box_count"]),
            supply=str(table[key]["supply"]),
            single_use=bool(table[key]["single_use"]),
            source_compound=str(table[key].get("source_compound", "")),
            study_level=int(table[key].get("study_level", 0)),
            effect=str(table[key]["effect"]),
        )
        for i, key in enumerate(EQUIPMENT)
    )


def _reactions(data: dict[str, Any], compounds: tuple[Compound, ...]) -> tuple[Reaction, ...]:
    table = data["reactions"]
    _need(set(table) == set(REACTIONS), f"reactions must be {REACTIONS}")
    for name, entry in table.items():
        found = [c for c in compounds if c.id == entry["compound"]]
        _need(bool(found) and found[0].reaction == REACTIONS.index(name), f"{name} source is off")
    return tuple(
        Reaction(
            i, key, str(table[key]["name"]), str(table[key]["compound"]), str(table[key]["summary"])
        )
        for i, key in enumerate(REACTIONS)
    )


def load(path: Path = CONTENT_FILE) -> Content:
    """Read and validate a content file; ``ContentError`` names the first broken fact."""
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    elements = _elements(data)
    weights = tuple(e.rarity_weight for e in elements)
    compounds = tuple(_compound(i, raw, weights) for i, raw in enumerate(data["compounds"]))
    cards = tuple(c for c in compounds if c.starter for _ in range(c.copies)) + tuple(
        c for c in compounds if not c.starter for _ in range(c.copies)
    )
    deck = data["deck"]
    starters = sum(1 for c in cards if c.starter)
    _need(starters == int(deck["starter_cards"]), "starter card count is off")
    _need(len(cards) - starters == int(deck["regular_cards"]), "regular card count is off")
    tracks = _tracks(data)
    equipment = _equipment(data)
    for kind in equipment:
        if kind.source_compound:
            found = [c for c in compounds if c.id == kind.source_compound]
            _need(bool(found) and found[0].equipment == kind.index, f"{kind.key} source is off")
    reactions = _reactions(data, compounds)
    kit = data["player_kit"]
    lab = data["experiments"]["lab"]
    markers = int(lab["storage_markers_per_player"])
    _need(len(tracks[LAB].levels) == markers + 1, "lab track needs one step per storage marker")
    pile_sizes = tuple(int(v) for v in deck["pile_sizes"])
    field = data["field"]
    _need(int(field["rows"]) == 4 and int(field["cols"]) == 4, "the field is 4 x 4")
    _need(
        sum(pile_sizes) == len(cards) - 16,
        "the piles must hold the cards left after filling the field",
    )
    extinguisher = data["extinguisher"]
    spaces = extinguisher["elements"]
    ext_elements = tuple(
        e for e, symbol in enumerate(ELEMENTS) for _ in range(int(spaces.get(symbol, 0)))
    )
    scoring = data["scoring"]
    ends = data["end_conditions"]
    content = Content(
        elements=elements,
        tracks=tracks,
        compounds=compounds,
        cards=cards,
        equipment=equipment,
        reactions=reactions,
        claim_discs=int(kit["claim_discs"]),
        claim_discs_in_reserve=int(kit["claim_discs_in_reserve_at_start"]),
        starting_elements=int(kit["starting_elements"]),
        wild_tokens_per_player=int(kit["wild_element_tokens"]),
        storage_markers=markers,
        paper_study_level=int(data["experiments"]["study"]["academic_paper_at_level"]),
        pile_sizes=pile_sizes,
        safe_top_pile_size=int(deck["safe_top_pile_size"]),
        lab_fire_cards=int(deck["lab_fire_cards"]),
        bunsen_fire_limit=int(data["fire"]["bunsen_converted_fire_limit"]),
        extinguisher_name=str(extinguisher["name"]),
        extinguisher_elements=ext_elements,
        extinguisher_points=int(extinguisher["end_game_points_if_complete"]),
        end_per_item_on_claim=int(scoring["end_game_per_element_on_own_unscored_claim"]),
        end_storage_per_point=int(scoring["end_game_storage_elements_per_point"]),
        end_per_wild=int(scoring["end_game_per_wild_token"]),
        proposals_per_phase=int(data["trade"]["proposals_per_scientist_per_phase"]),
        round_cap=int(ends["round_cap"]),
        score_threshold=int(ends["score_threshold"]),
        maxed_needed=int(ends["maxed_experiments_needed"]),
    )
    _need(content.total_crystals == 100, "the crystals must total 100")
    _need(content.safe_top_pile_size in pile_sizes, "the safe pile size must be a pile size")
    _need(len(pile_sizes) - 1 == content.lab_fire_cards, "one Lab Fire per pile but the safe one")
    _need(content.claim_discs > content.claim_discs_in_reserve, "one claim disc starts available")
    return content


CONTENT = load()
