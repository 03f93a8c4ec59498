"""Linnaeus's observation encoder: a fixed-length vector built from ``view(seat)`` only.

Sides are listed from the observing seat on (seat, the next seats, then the automa), so a
policy sees itself first. Parts (``fields()`` names them): the round, the helm, whose turn,
the map (per location: the specimen's cost, corners and domain, a sketch, first-visit
marks and explorers by side), the displays as multi-hot vectors over their cards, deck
sizes, the garden (per spot: owner by side or neutral, value, dark), ponds, bed tiles,
the university (gold tiles per track, achievements with their claims, the x4 spaces),
each side's board (resources, tracks, knowledge, lenses, explorer, library, collections,
letters, books, voyages, flowers) and the automa's deck and green lenses. Counts are
scaled to about [0, 1].
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from boardlab.games.linnaeus.content import (
    ACTIONS,
    CATEGORIES,
    COLOURS,
    CONTENT,
    DOMAINS,
    LAST_SPACE,
    N_LOCATIONS,
    N_SPOTS,
    TOOLS,
    TRACKS,
)

if TYPE_CHECKING:
    from boardlab.engine import GameState
    from boardlab.games.linnaeus.fast_observation import FastLinnaeusEncoder

_IDS = {
    "letters": {x.id: i for i, x in enumerate(CONTENT.letters)},
    "books": {x.id: i for i, x in enumerate(CONTENT.books)},
    "voyages": {x.id: i for i, x in enumerate(CONTENT.voyages)},
    "exotics": {x.id: i for i, x in enumerate(CONTENT.exotics)},
    "lenses": {x.id: i for i, x in enumerate(CONTENT.advanced)},
    "specimens": {x.id: i for i, x in enumerate(CONTENT.specimens)},
    "sketches": {x.id: i for i, x in enumerate(CONTENT.sketches)},
    "locations": {x.id: i for i, x in enumerate(CONTENT.locations)},
    "tiles": {x.id: i for i, x in enumerate(CONTENT.scoring_tiles)},
    "ponds": {x: i for i, x in enumerate(CONTENT.pond_ids)},
    "beds": {x.id: i for i, x in enumerate(CONTENT.bed_tiles)},
    "bed_ids": {x.id: i for i, x in enumerate(CONTENT.beds)},
    "characters": {x.id: i for i, x in enumerate(CONTENT.characters)},
    "cards": {x.id: i for i, x in enumerate(CONTENT.solo_cards)},
}
_LENS_ACTIONS = {name: i for i, name in enumerate(ACTIONS)}
#: ``decks``: the sizes of these decks and supplies, then of each sketch stack.
DECK_NAMES = ("specimens", "letters", "books", "voyages", "exotics", "lenses")
SKETCH_STACKS = 3
#: The four counts that open a side's block.
SIDE_COUNTS = ("coins", "containers", "tools", "vp")
#: A side's voyage counts: voyages, those completed, those with a book, books waiting.
VOYAGE_COUNTS = ("voyages", "completed", "with_book", "books_waiting")
LIBRARY_SLOTS = 4
ACHIEVEMENTS = 4
END_SPACES = 3
PONDS = 3
GREEN_UNDER = 3


class LinnaeusObservationEncoder:
    """The vector of a view at one player count (see the module doc); every entry is in
    [0, 1] (a side's counts are capped at 1)."""

    low = 0.0
    high = 1.0

    def __init__(self, players: int) -> None:
        self.players = players
        self.sides = players + (players == 1)
        marks = self.sides + 1  # the sides and the neutral colour
        layout = [
            ("round", 1), ("helm", 6), ("active", self.sides),
            ("map", N_LOCATIONS * (1 + 1 + 3 + 1 + 2 * marks + self.sides)),
            ("letters", len(CONTENT.letters)), ("books", len(CONTENT.books)),
            ("voyages", len(CONTENT.voyages)), ("exotics", len(CONTENT.exotics)),
            ("lenses", len(CONTENT.advanced)), ("decks", len(DECK_NAMES) + SKETCH_STACKS),
            ("garden", N_SPOTS * (marks + 2)), ("ponds", len(CONTENT.pond_ids) + PONDS),
            ("bed_tiles", len(CONTENT.bed_tiles) + len(CONTENT.beds)),
            ("gold", 3 * len(CONTENT.scoring_tiles)),
            ("achievements", ACHIEVEMENTS * (len(CONTENT.scoring_tiles) + self.sides)),
            ("end_space", END_SPACES * self.sides),
            ("players", self.sides * self._player_size()),
            ("automa", 2 + GREEN_UNDER),
        ]
        self._fields: dict[str, tuple[int, int]] = {}
        at = 0
        for name, size in layout:
            self._fields[name] = (at, at + size)
            at += size
        self.size = at

    @staticmethod
    def _player_size() -> int:
        return (4 + 1 + 3 + 9 + 7 + len(CONTENT.advanced) + 3 + 1 + N_LOCATIONS * 2 + 9
                + 4 * 5 + 4 + 1 + 6 + 1 + 8 + len(CONTENT.books) * 2 + 4 + 3 + 4)

    def fields(self) -> dict[str, tuple[int, int]]:
        return dict(self._fields)

    def entries(self) -> tuple[str, ...]:
        """One name per entry, in vector order: its block of ``fields()``, a dot, and what
        the entry holds (``players.seat1.coins``, ``map.falun.explorers.seat0``); sides are
        ``seat0`` (the observer), the next seats, then ``automa`` in solo."""
        return _entry_names(self.players)

    def fast(self) -> FastLinnaeusEncoder:
        """The adapters' fast path: the same vector straight from the state
        (``fast_observation.py``)."""
        from boardlab.games.linnaeus.fast_observation import FastLinnaeusEncoder

        return FastLinnaeusEncoder(self)

    def encode(self, state: GameState, seat: int | None) -> list[float]:
        """The vector of what ``seat`` (None: a spectator) sees in ``state``: its view's."""
        return self.encode_view(state.view(seat), seat)

    def encode_view(self, view: dict[str, Any], seat: int | None) -> list[float]:
        body = view["body"]
        v = [0.0] * self.size
        names = [p["side"] for p in body["players"]]
        first = 0 if seat is None else seat
        order = [*names[first:self.players], *names[:first], *names[self.players:]]
        rel = {name: k for k, name in enumerate(order)}
        marks = self.sides + 1

        def mark(name: str | None) -> int:
            if name is None:
                return -1
            return rel.get(name, self.sides)  # neutral last

        at = self._fields["round"][0]
        v[at] = body["round"] / 5
        v[self._fields["helm"][0] + body["helm"]["orientation"]] = 1.0
        if body["active"] is not None and body["active"] in rel:
            v[self._fields["active"][0] + rel[body["active"]]] = 1.0
        at = self._fields["map"][0]
        for place in body["map"]:
            if place["specimen"] is not None:
                spec = CONTENT.specimens[_IDS["specimens"][place["specimen"]]]
                v[at] = spec.containers / 3
                v[at + 1] = spec.effective / 4
                v[at + 2 + spec.domain] = 1.0
            v[at + 5] = float(place["sketch"] is not None)
            for k, owner in enumerate(place["first_visit"]):
                m = mark(owner)
                if m >= 0:
                    v[at + 6 + k * marks + m] = 1.0
            for name in place["explorers"]:
                v[at + 6 + 2 * marks + rel[name]] = 1.0
            at += 6 + 2 * marks + self.sides
        for name in ("letters", "books", "voyages", "exotics", "lenses"):
            start = self._fields[name][0]
            for ident in body["displays"][name]:
                if ident is not None:
                    v[start + _IDS[name][ident]] = 1.0
        at = self._fields["decks"][0]
        decks = body["decks"]
        for k, name in enumerate(DECK_NAMES):
            v[at + k] = decks[name] / 45
        for k, n in enumerate(decks["sketch_stacks"]):
            v[at + len(DECK_NAMES) + k] = n / 12
        at = self._fields["garden"][0]
        for spot in body["garden"]["spots"]:
            m = mark(spot["owner"])
            if m >= 0:
                v[at + m] = 1.0
            v[at + marks] = spot["value"] / 4
            v[at + marks + 1] = float(spot["dark"])
            at += marks + 2
        at = self._fields["ponds"][0]
        for k, pond in enumerate(body["garden"]["ponds"]):
            v[at + _IDS["ponds"][pond["tile"]]] = 1.0
            v[at + len(CONTENT.pond_ids) + k] = float(pond["sketch"] is not None)
        at = self._fields["bed_tiles"][0]
        for ident in body["garden"]["bed_tiles"].values():
            v[at + _IDS["beds"][ident]] = 1.0
        for ident in body["garden"]["beds_done"]:
            v[at + len(CONTENT.bed_tiles) + _IDS["bed_ids"][ident]] = 1.0
        uni = body["university"]
        at = self._fields["gold"][0]
        for k, ident in enumerate(uni["gold"].values()):
            v[at + k * len(CONTENT.scoring_tiles) + _IDS["tiles"][ident]] = 1.0
        at = self._fields["achievements"][0]
        for achievement in uni["achievements"]:
            v[at + _IDS["tiles"][achievement["tile"]]] = 1.0
            for name in achievement["claims"]:
                v[at + len(CONTENT.scoring_tiles) + rel[name]] = 1.0
            at += len(CONTENT.scoring_tiles) + self.sides
        at = self._fields["end_space"][0]
        for k, name in enumerate(uni["end_space"]):
            if name is not None:
                v[at + k * self.sides + rel[name]] = 1.0
        size = self._player_size()
        start = self._fields["players"][0]
        for player in body["players"]:
            self._player(player, v, start + rel[player["side"]] * size)
        automa = body["automa"]
        if automa is not None:
            at = self._fields["automa"][0]
            v[at] = automa["deck"] / 20
            v[at + 1] = automa["green_supply"] / 6
            for k, green in enumerate(automa["green_under"]):
                v[at + 2 + k] = float(green is not None)
        return v

    def _player(self, p: dict[str, Any], v: list[float], at: int) -> None:
        end = at + self._player_size()
        def put(values: list[float]) -> None:
            nonlocal at
            v[at : at + len(values)] = [min(1.0, x) for x in values]
            at += len(values)

        put([p["coins"] / 20, p["containers"] / 5, p["tools"] / 5, p["vp"] / 100])
        put([p["taxonomy"] / 12])
        put([x / 8 for x in p["lecture"]])
        put([p["knowledge"][c] / 2 for c in CATEGORIES])
        basic = [0.0] * 7
        advanced = [0.0] * len(CONTENT.advanced)
        for lens in p["lenses"]:
            if lens in _LENS_ACTIONS:
                basic[_LENS_ACTIONS[lens]] += 0.5
            elif lens == "wild":
                basic[5] = 1.0
            else:
                advanced[_IDS["lenses"][lens]] = 1.0
        basic[6] = float(p["box"] is not None)
        put(basic)
        put(advanced)
        put([float(x is not None) for x in p["on_tools"]])
        put([p["lenses_acquired"] / 5])
        where = [0.0] * N_LOCATIONS
        where[_IDS["locations"][p["explorer"]]] = 1.0
        put(where)
        visited = [0.0] * N_LOCATIONS
        for ident in p["visited"]:
            visited[_IDS["locations"][ident]] = 1.0
        put(visited)
        point = [0.0] * 9
        point[p["researcher"]] = 1.0
        put(point)
        for slot in p["library"]:
            if slot is None:
                put([0.0] * 5)
            else:
                spec = CONTENT.specimens[_IDS["specimens"][slot["specimen"]]]
                domain = [0.0, 0.0, 0.0]
                domain[spec.domain] = 1.0
                put([spec.effective / 4, len(slot["covered"]) / 4, *domain])
        researched = [0.0] * 4
        for ident in p["researched"]:
            researched[CONTENT.specimens[_IDS["specimens"][ident]].domain] += 0.25
            researched[3] += 0.1
        put(researched)
        put([len(p["exotics"]) / 5])
        sketches = [0.0] * 6
        for ident in p["sketches"]:
            sketch = CONTENT.sketches[_IDS["sketches"][ident]]
            sketches[sketch.colour] += 0.25
            sketches[3 + sketch.value - 1] += 0.25
        put(sketches)
        put([len(p["sketches_paid"]) / 6])
        letters = [0.0] * 8
        for ident in p["letters"]:
            letters[CONTENT.letters[_IDS["letters"][ident]].colour] += 0.25
        for column in p["sent"]:
            for ident in column:
                letters[4 + CONTENT.letters[_IDS["letters"][ident]].colour] += 0.25
        put(letters)
        books = [0.0] * (2 * len(CONTENT.books))
        for ident in p["books"]:
            books[_IDS["books"][ident]] = 1.0
        for ident in p["published"]:
            books[len(CONTENT.books) + _IDS["books"][ident]] = 1.0
        put(books)
        voyages = p["voyages"]
        done = sum(x["ship"] >= len(CONTENT.voyages[_IDS["voyages"][x["card"]]].cells)
                   for x in voyages)
        put([len(voyages) / 4, done / 4, sum(x["book"] is not None for x in voyages) / 4,
             len(p["waiting"]) / 2])
        put([x / 4 for x in p["flowers"]])
        character = [0.0] * 4
        if p["character"] is not None:
            character[_IDS["characters"][p["character"]]] = 1.0
        put(character)
        if at != end:
            raise AssertionError(f"a player's part is {at - end + self._player_size()} long")


@functools.cache
def _entry_names(players: int) -> tuple[str, ...]:
    """The names of ``LinnaeusObservationEncoder.entries`` (built on first use)."""
    sides = (*(f"seat{k}" for k in range(players)), *(("automa",) if players == 1 else ()))
    marks = (*sides, "neutral")
    tiles = tuple(tile.id for tile in CONTENT.scoring_tiles)
    names: list[str] = []

    def block(name: str, *parts: Iterable[str]) -> None:
        names.extend(f"{name}.{part}" for entries in parts for part in entries)

    block("round", ("share_of_last",))
    block("helm", (f"orientation{k}" for k in range(len(CONTENT.helm))))
    block("active", sides)
    for place in CONTENT.locations:
        block(
            f"map.{place.id}",
            ("specimen_containers", "specimen_corners"),
            (f"specimen_domain.{domain}" for domain in DOMAINS),
            ("sketch",),
            (f"first_visit{k}.{mark}" for k in (1, 2) for mark in marks),
            (f"explorers.{side}" for side in sides),
        )
    for name in ("letters", "books", "voyages", "exotics", "lenses"):
        block(name, (f"on_display.{ident}" for ident in _IDS[name]))
    block("decks", DECK_NAMES, (f"sketch_stack{k}" for k in range(1, SKETCH_STACKS + 1)))
    for spot in CONTENT.spots:
        block(
            f"garden.{spot.id}", (f"owner.{mark}" for mark in marks), ("value", "dark")
        )
    block(
        "ponds",
        (f"tile.{pond}" for pond in CONTENT.pond_ids),
        (f"pond{k}_sketch" for k in range(1, PONDS + 1)),
    )
    block(
        "bed_tiles",
        (f"tile.{tile.id}" for tile in CONTENT.bed_tiles),
        (f"done.{bed.id}" for bed in CONTENT.beds),
    )
    block("gold", (f"{track}.{tile}" for track in TRACKS for tile in tiles))
    for k in range(1, ACHIEVEMENTS + 1):
        block(
            f"achievements.achievement{k}",
            (f"tile.{tile}" for tile in tiles),
            (f"claimed_by.{side}" for side in sides),
        )
    block("end_space", (f"space{k}.{side}" for k in range(1, END_SPACES + 1) for side in sides))
    books = tuple(book.id for book in CONTENT.books)
    for side in sides:
        block(
            f"players.{side}",
            SIDE_COUNTS,
            ("taxonomy",),
            (f"lecture.{track}" for track in TRACKS),
            (f"knowledge.{category}" for category in CATEGORIES),
            (f"lenses.{action}" for action in ACTIONS),
            ("lenses.wild", "lenses.locked_for_next_round"),
            (f"lenses.{lens.id}" for lens in CONTENT.advanced),
            (f"lens_on_tool.{tool}" for tool in TOOLS),
            ("lenses_acquired",),
            (f"explorer.{place.id}" for place in CONTENT.locations),
            (f"visited.{place.id}" for place in CONTENT.locations),
            (f"researcher.space{k}" for k in range(LAST_SPACE + 1)),
            (
                f"library.slot{k}.{what}"
                for k in range(1, LIBRARY_SLOTS + 1)
                for what in (
                    "specimen_corners", "corners_covered", *(f"domain.{d}" for d in DOMAINS)
                )
            ),
            (f"researched.{domain}" for domain in DOMAINS),
            ("researched.count", "exotics"),
            (f"sketches.{domain}" for domain in DOMAINS),
            (f"sketches.value{value}" for value in (1, 2, 3)),
            ("sketches_paid",),
            (f"letters_held.{colour}" for colour in COLOURS),
            (f"letters_sent.{colour}" for colour in COLOURS),
            (f"books.{book}" for book in books),
            (f"published.{book}" for book in books),
            (f"voyages.{count}" for count in VOYAGE_COUNTS),
            (f"flowers.light_value{value}" for value in (1, 2, 3)),
            (f"character.{character.id}" for character in CONTENT.characters),
        )
    block(
        "automa",
        ("deck", "green_supply"),
        (f"green_under{k}" for k in range(1, GREEN_UNDER + 1)),
    )
    return tuple(names)


@functools.cache
def _encoder(players: int) -> LinnaeusObservationEncoder:
    return LinnaeusObservationEncoder(players)


def observation_encoder(players: int, options: Mapping[str, Any]) -> LinnaeusObservationEncoder:
    return _encoder(players)

