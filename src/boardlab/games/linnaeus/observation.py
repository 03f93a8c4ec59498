"""Linnaeus's observation vector, declared once (``boardlab.engine.vector``).

Sides are listed from the observer on: ``seat0`` is the observing seat (seat 0 for a
spectator), then the next seats, then, in solo, ``automa`` (at 1 player the sides are
``seat0`` and ``automa``); ``neutral`` is the neutral colour of the 2-3 player setup. Every
side reference inside the vector (explorers, first-visit marks, garden owners, claims, the
x4 spaces, the active side) uses the same order. Parts (``fields()`` names them): the
round, the helm, whose turn, the map (per location: the specimen's containers, corners and
domain, a sketch, first-visit marks and explorers by side), the displays as multi-hot
vectors over their cards, deck sizes, the garden (per spot: owner, value, dark), ponds, bed
tiles, the university (gold tiles per track, achievements with their claims, the x4
spaces), each side's board (``players``: resources, tracks, knowledge, lenses, explorer,
library, collections, letters, books, voyages, flowers) and the automa's deck and green
lenses. Every entry lies in [0, 1]: flags and one-hots, counts divided by a fixed scale
(a side's capped at 1). Everything Linnaeus shows is public but the order of
its decks, read only as their sizes. The package README lists every entry.

>>> import boardlab
>>> state = boardlab.new("linnaeus", players=2, seed=1)
>>> encoder = observation_encoder(2, {})
>>> len(encoder.encode(state, 1)) == encoder.size
True
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from boardlab.engine.vector import (
    Op,
    Read,
    VectorDeclaration,
    attr,
    bits,
    derived,
    item,
    members,
    onehot,
    part,
    seat,
)
from boardlab.engine.vector_encoder import DeclaredEncoder
from boardlab.games.linnaeus.content import (
    ACTIONS,
    ADVANCED,
    CATEGORIES,
    COLOURS,
    CONTENT,
    DOMAINS,
    LAST_SPACE,
    TOOLS,
    TRACKS,
    WILD,
)
from boardlab.games.linnaeus.publish import unlinked
from boardlab.games.linnaeus.voyage import completed

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

N_TILES = len(CONTENT.scoring_tiles)
N_PONDS = len(CONTENT.pond_ids)
N_BED_TILES = len(CONTENT.bed_tiles)
N_ADVANCED = len(CONTENT.advanced)
N_BOOKS = len(CONTENT.books)
N_LOCATIONS = len(CONTENT.locations)
_CONTAINERS = tuple(x.containers for x in CONTENT.specimens)
_CORNERS = tuple(x.effective / 4 for x in CONTENT.specimens)  # at most 4
_DOMAIN = tuple(x.domain for x in CONTENT.specimens)
#: Where a sketch counts in ``sketches``: its colour, and its value after the colours.
_SKETCH_COLOUR = tuple(x.colour for x in CONTENT.sketches)
_SKETCH_VALUE = tuple(len(DOMAINS) + x.value - 1 for x in CONTENT.sketches)
_LETTER_COLOUR = tuple(x.colour for x in CONTENT.letters)
_BOOK_IDS = tuple(book.id for book in CONTENT.books)
_PLACES = tuple(place.id for place in CONTENT.locations)

#: The entries of a side's block (``players.<side>.<entry>``), in order.
SIDE_ENTRIES: tuple[str, ...] = (
    *SIDE_COUNTS,
    "taxonomy",
    *(f"lecture.{track}" for track in TRACKS),
    *(f"knowledge.{category}" for category in CATEGORIES),
    *(f"lenses.{action}" for action in ACTIONS),
    "lenses.wild",
    "lenses.locked_for_next_round",
    *(f"lenses.{lens.id}" for lens in CONTENT.advanced),
    *(f"lens_on_tool.{tool}" for tool in TOOLS),
    "lenses_acquired",
    *(f"explorer.{place}" for place in _PLACES),
    *(f"visited.{place}" for place in _PLACES),
    *(f"researcher.space{k}" for k in range(LAST_SPACE + 1)),
    *(
        f"library.slot{k}.{what}"
        for k in range(1, LIBRARY_SLOTS + 1)
        for what in ("specimen_corners", "corners_covered", *(f"domain.{d}" for d in DOMAINS))
    ),
    *(f"researched.{domain}" for domain in DOMAINS),
    "researched.count",
    "exotics",
    *(f"sketches.{domain}" for domain in DOMAINS),
    *(f"sketches.value{value}" for value in (1, 2, 3)),
    "sketches_paid",
    *(f"letters_held.{colour}" for colour in COLOURS),
    *(f"letters_sent.{colour}" for colour in COLOURS),
    *(f"books.{book}" for book in _BOOK_IDS),
    *(f"published.{book}" for book in _BOOK_IDS),
    *(f"voyages.{count}" for count in VOYAGE_COUNTS),
    *(f"flowers.light_value{value}" for value in (1, 2, 3)),
    *(f"character.{character.id}" for character in CONTENT.characters),
)
SIDE_SIZE = len(SIDE_ENTRIES)
_AT = {name: i for i, name in enumerate(SIDE_ENTRIES)}
#: Where each run of a side's block starts.
BASIC, ADVANCED_AT = _AT["lenses.explore"], _AT[f"lenses.{CONTENT.advanced[0].id}"]
EXPLORER, VISITED = _AT[f"explorer.{_PLACES[0]}"], _AT[f"visited.{_PLACES[0]}"]
RESEARCHER, LIBRARY = _AT["researcher.space0"], _AT["library.slot1.specimen_corners"]
SKETCHES = _AT[f"sketches.{DOMAINS[0]}"]
BOOKS, VOYAGES = _AT[f"books.{_BOOK_IDS[0]}"], _AT["voyages.voyages"]

#: Where a run of the side blocks goes: the length of the numbers that write it and, by
#: observer, each side with the offset of its run in them.
Runs = tuple[int, tuple[tuple[tuple[int, int], ...], ...]]
#: ``write(runs, state, seat, me)``: a run of every side's block (a ``derived`` function).
SideWriter = Callable[[Runs, Any, int, int], list[float]]


def declare(players: int) -> VectorDeclaration:
    """The parts of the vector at ``players`` seats, in order."""
    n = players
    sides = n + (n == 1)
    names = (*(f"seat{k}" for k in range(n)), *(("automa",) if n == 1 else ()))
    marks = (*names, "neutral")
    tiles = tuple(tile.id for tile in CONTENT.scoring_tiles)
    place_width = 6 + 2 * len(marks) + sides
    achievement_width = N_TILES + sides
    #: the position of each side in the vector, by observer: its seats from it on
    orders = tuple(tuple((x - me) % n if x < n else x for x in range(sides)) for me in range(n))

    def side_hot(read: Read, at: int = 0) -> Op:
        """A 1 at the side ``read`` holds, in side order (the automa last in solo)."""
        return seat(read, at) if n > 1 else onehot(read, sides, at=at)

    def board(
        fn: Callable[[Any, Sequence[int], list[float]], None], inputs: Iterable[str], width: int
    ) -> Op:
        """``fn(state, position of each side, out)`` writing a whole part."""

        def made(s: Any, _seat: int, me: int) -> list[float]:
            out = [0.0] * width
            fn(s, orders[me], out)
            return out

        return derived(made, inputs, width)

    def per_side(write: SideWriter, inputs: Iterable[str], first: int, stop: int) -> Op:
        """``write`` for every side, its run ``first`` to ``stop`` of the side's block."""
        width = (sides - 1) * SIDE_SIZE + stop - first
        runs = tuple(
            tuple((side, where * SIDE_SIZE - first) for side, where in enumerate(order))
            for order in orders
        )
        return derived(functools.partial(write, (width, runs)), inputs, width, at=first)

    def places(s: Any, order: Sequence[int], out: list[float]) -> None:
        sketches, first_marks = s.site_sketch, s.first_marks
        for k, specimen in enumerate(s.sites):
            at = k * place_width
            if specimen >= 0:
                out[at] = _CONTAINERS[specimen] / 3
                out[at + 1] = _CORNERS[specimen]
                out[at + 2 + _DOMAIN[specimen]] = 1.0
            if sketches[k] >= 0:
                out[at + 5] = 1.0
            for j in (0, 1):
                owner = first_marks[2 * k + j]
                if owner >= 0:
                    out[at + 6 + j * len(marks) + (order[owner] if owner < sides else sides)] = 1
        for side, where in enumerate(order):
            out[s.explorer[side] * place_width + 6 + 2 * len(marks) + where] = 1.0

    def garden(s: Any, order: Sequence[int], out: list[float]) -> None:
        values, dark = s.spot_value, s.spot_dark
        for k, owner in enumerate(s.spot_owner):
            at = k * (len(marks) + 2)
            if owner >= 0:
                out[at + (order[owner] if owner < sides else sides)] = 1.0
            out[at + len(marks)] = values[k] / 4
            if dark[k]:
                out[at + len(marks) + 1] = 1.0

    def claims(s: Any, order: Sequence[int], out: list[float]) -> None:
        for k, claimed in enumerate(s.claims):
            for side in claimed:
                out[k * achievement_width + N_TILES + order[side]] = 1.0

    v = VectorDeclaration(n)
    v.add(
        part("round", ("share_of_last",), derived(_round, ("round",), 1)),
        part(
            "helm",
            (f"orientation{k}" for k in range(len(CONTENT.helm))),
            onehot(attr("helm"), len(CONTENT.helm)),
        ),
        part("active", names, side_hot(attr("active"))),
        part(
            "map",
            (
                f"{place}.{what}"
                for place in _PLACES
                for what in (
                    "specimen_containers",
                    "specimen_corners",
                    *(f"specimen_domain.{domain}" for domain in DOMAINS),
                    "sketch",
                    *(f"first_visit{k}.{mark}" for k in (1, 2) for mark in marks),
                    *(f"explorers.{side}" for side in names),
                )
            ),
            board(
                places,
                ("sites", "site_sketch", "first_marks", "explorer"),
                N_LOCATIONS * place_width,
            ),
        ),
        *(
            part(name, (f"on_display.{x.id}" for x in cards), members(attr(shown), len(cards)))
            for name, shown, cards in (
                ("letters", "letter_display", CONTENT.letters),
                ("books", "book_display", CONTENT.books),
                ("voyages", "voyage_display", CONTENT.voyages),
                ("exotics", "exotic_display", CONTENT.exotics),
                ("lenses", "lens_display", CONTENT.advanced),
            )
        ),
        part(
            "decks",
            (*DECK_NAMES, *(f"sketch_stack{k}" for k in range(1, SKETCH_STACKS + 1))),
            derived(_decks, (*_DECKS, "stacks"), len(DECK_NAMES) + SKETCH_STACKS),
        ),
        part(
            "garden",
            (
                f"{spot.id}.{what}"
                for spot in CONTENT.spots
                for what in (*(f"owner.{mark}" for mark in marks), "value", "dark")
            ),
            board(
                garden,
                ("spot_owner", "spot_value", "spot_dark"),
                len(CONTENT.spots) * (len(marks) + 2),
            ),
        ),
        part(
            "ponds",
            (
                *(f"tile.{pond}" for pond in CONTENT.pond_ids),
                *(f"pond{k}_sketch" for k in range(1, PONDS + 1)),
            ),
            members(attr("ponds"), N_PONDS),
            derived(_pond_sketches, ("pond_sketch",), PONDS, at=N_PONDS),
        ),
        part(
            "bed_tiles",
            (
                *(f"tile.{tile.id}" for tile in CONTENT.bed_tiles),
                *(f"done.{bed.id}" for bed in CONTENT.beds),
            ),
            members(attr("bed_tiles"), N_BED_TILES),
            bits(attr("beds_done"), len(CONTENT.beds), at=N_BED_TILES),
        ),
        part(
            "gold",
            (f"{track}.{tile}" for track in TRACKS for tile in tiles),
            *(onehot(item("gold", t), N_TILES, at=t * N_TILES) for t in range(len(TRACKS))),
        ),
        part(
            "achievements",
            (
                f"achievement{k}.{what}"
                for k in range(1, ACHIEVEMENTS + 1)
                for what in (
                    *(f"tile.{tile}" for tile in tiles),
                    *(f"claimed_by.{side}" for side in names),
                )
            ),
            *(
                onehot(item("red", k), N_TILES, at=k * achievement_width)
                for k in range(ACHIEVEMENTS)
            ),
            board(claims, ("claims",), ACHIEVEMENTS * achievement_width),
        ),
        part(
            "end_space",
            (f"space{k}.{side}" for k in range(1, END_SPACES + 1) for side in names),
            *(side_hot(item("end_space", k), at=k * sides) for k in range(END_SPACES)),
        ),
        part(
            "players",
            (f"{side}.{entry}" for side in names for entry in SIDE_ENTRIES),
            per_side(_counts, ("coins", "containers", "tools", "vp", "taxonomy"), 0, 5),
            per_side(_tracks, ("lecture", "knowledge"), 5, BASIC),
            per_side(_lenses, ("available", "box", "on_tool", "lenses_acquired"), BASIC, EXPLORER),
            per_side(_places, ("explorer", "visited", "researcher"), EXPLORER, LIBRARY),
            per_side(_library, ("library", "covered", "researched", "exotics"), LIBRARY, SKETCHES),
            per_side(_notes, ("sketches", "sketches_paid", "letters", "sent"), SKETCHES, BOOKS),
            per_side(_books, ("books", "published"), BOOKS, VOYAGES),
            per_side(
                _voyages,
                ("voyages", "ships", "links", "waiting", "flowers", "character"),
                VOYAGES,
                SIDE_SIZE,
            ),
        ),
        part(
            "automa",
            ("deck", "green_supply", *(f"green_under{k}" for k in range(1, GREEN_UNDER + 1))),
            derived(_automa, ("automa", "automa_deck", "green_supply", "green_under"), 5),
        ),
    )
    return v


_DECKS = ("spec_deck", "letter_deck", "book_deck", "voyage_deck", "exotic_deck", "lens_supply")


def _round(s: Any, _seat: int, _me: int) -> tuple[float]:
    return (s.round / 5,)


def _decks(s: Any, _seat: int, _me: int) -> list[float]:
    sizes = [len(s.spec_deck), len(s.letter_deck), len(s.book_deck), len(s.voyage_deck)]
    sizes += [len(s.exotic_deck), len(s.lens_supply)]
    return [x / 45 for x in sizes] + [len(stack) / 12 for stack in s.stacks]


def _pond_sketches(s: Any, _seat: int, _me: int) -> list[float]:
    return [float(sketch >= 0) for sketch in s.pond_sketch]


def _automa(s: Any, _seat: int, _me: int) -> list[float]:
    if s.automa < 0:
        return []
    return [
        len(s.automa_deck) / 20,
        len(s.green_supply) / 6,
        *(float(green >= 0) for green in s.green_under),
    ]


def _counts(runs: Runs, s: Any, _seat: int, me: int) -> list[float]:
    width, places = runs
    out = [0.0] * width
    coins, containers, tools, vp, taxonomy = s.coins, s.containers, s.tools, s.vp, s.taxonomy
    for side, at in places[me]:
        x = coins[side]
        out[at] = x / 20 if x < 20 else 1.0
        x = containers[side]
        out[at + 1] = x / 5 if x < 5 else 1.0
        x = tools[side]
        out[at + 2] = x / 5 if x < 5 else 1.0
        x = vp[side]
        out[at + 3] = x / 100 if x < 100 else 1.0
        x = taxonomy[side]
        out[at + 4] = x / 12 if x < 12 else 1.0
    return out


def _tracks(runs: Runs, s: Any, _seat: int, me: int) -> list[float]:
    width, places = runs
    out = [0.0] * width
    lecture, knowledge = s.lecture, s.knowledge
    for side, at in places[me]:
        out[at + 5 : at + 8] = [x / 8 if x < 8 else 1.0 for x in lecture[side * 3 : side * 3 + 3]]
        out[at + 8 : at + BASIC] = [
            x / 2 if x < 2 else 1.0 for x in knowledge[side * 9 : side * 9 + 9]
        ]
    return out


@functools.lru_cache(maxsize=4096)
def _lens_run(codes: tuple[int, ...]) -> list[float]:
    """``lenses.explore`` to the last advanced lens of a side holding the lenses ``codes``
    (``lenses.locked_for_next_round`` left 0)."""
    out = [0.0] * (ADVANCED_AT - BASIC + N_ADVANCED)
    for code in codes:
        if code < WILD:
            out[code] = min(1.0, out[code] + 0.5)
        elif code == WILD:
            out[WILD] = 1.0
        else:
            out[ADVANCED_AT - BASIC + code - ADVANCED] = 1.0
    return out


def _lenses(runs: Runs, s: Any, _seat: int, me: int) -> list[float]:
    width, places = runs
    out = [0.0] * width
    available, box, on_tool, acquired = s.available, s.box, s.on_tool, s.lenses_acquired
    for side, at in places[me]:
        tools = at + ADVANCED_AT + N_ADVANCED
        out[at + BASIC : tools] = _lens_run(available[side])
        if box[side] >= 0:
            out[at + BASIC + WILD + 1] = 1.0
        for t in range(3):
            if on_tool[side * 3 + t] >= 0:
                out[tools + t] = 1.0
        x = acquired[side]
        out[tools + 3] = x / 5 if x < 5 else 1.0
    return out


def _places(runs: Runs, s: Any, _seat: int, me: int) -> list[float]:
    width, places = runs
    out = [0.0] * width
    explorer, visited, researcher = s.explorer, s.visited, s.researcher
    for side, at in places[me]:
        out[at + EXPLORER + explorer[side]] = 1.0
        mask = visited[side]
        while mask:
            low = mask & -mask
            out[at + VISITED + low.bit_length() - 1] = 1.0
            mask ^= low
        out[at + RESEARCHER + researcher[side]] = 1.0
    return out


def _library(runs: Runs, s: Any, _seat: int, me: int) -> list[float]:
    width, places = runs
    out = [0.0] * width
    library, covered = s.library, s.covered
    for side, at in places[me]:
        for k in range(LIBRARY_SLOTS):
            specimen = library[side * 4 + k]
            if specimen >= 0:
                o = at + LIBRARY + 5 * k
                out[o] = _CORNERS[specimen]
                out[o + 1] = (covered[side * 4 + k] & 15).bit_count() / 4
                out[o + 2 + _DOMAIN[specimen]] = 1.0
        o = at + LIBRARY + 5 * LIBRARY_SLOTS
        for specimen in s.researched[side]:
            out[o + _DOMAIN[specimen]] += 0.25
            out[o + 3] += 0.1
        out[o + 4] = len(s.exotics[side]) / 5
        out[o : o + 5] = [x if x < 1.0 else 1.0 for x in out[o : o + 5]]
    return out


def _notes(runs: Runs, s: Any, _seat: int, me: int) -> list[float]:
    """Sketches (colours, values), sketches paid, letters held and sent (colours)."""
    width, places = runs
    out = [0.0] * width
    for side, at in places[me]:
        o = at + SKETCHES
        for sketch in s.sketches[side]:
            out[o + _SKETCH_COLOUR[sketch]] += 0.25
            out[o + _SKETCH_VALUE[sketch]] += 0.25
        out[o + 6] = len(s.sketches_paid[side]) / 6
        for letter in s.letters[side]:
            out[o + 7 + _LETTER_COLOUR[letter]] += 0.25
        for letter in s.sent[side]:
            out[o + 11 + _LETTER_COLOUR[letter]] += 0.25
        out[o : at + BOOKS] = [x if x < 1.0 else 1.0 for x in out[o : at + BOOKS]]
    return out


def _books(runs: Runs, s: Any, _seat: int, me: int) -> list[float]:
    width, places = runs
    out = [0.0] * width
    books, published = s.books, s.published
    for side, at in places[me]:
        for book in books[side]:
            out[at + BOOKS + book] = 1.0
        for book in published[side]:
            out[at + BOOKS + N_BOOKS + book] = 1.0
    return out


def _voyages(runs: Runs, s: Any, _seat: int, me: int) -> list[float]:
    """Voyages (completed: ``voyage.completed``, linked to a book: not
    ``publish.unlinked``), books waiting, flowers and the character."""
    width, places = runs
    out = [0.0] * width
    flowers, character = s.flowers, s.character
    for side, at in places[me]:
        voyages = s.voyages[side]
        linked = len(voyages) - len(unlinked(s, side))
        values = [len(voyages) / 4, completed(s, side) / 4, linked / 4, len(s.waiting[side]) / 2]
        values += [x / 4 for x in flowers[side * 3 : side * 3 + 3]]
        out[at + VOYAGES : at + VOYAGES + 7] = [x if x < 1.0 else 1.0 for x in values]
        if character[side] >= 0:
            out[at + SIDE_SIZE - len(CONTENT.characters) + character[side]] = 1.0
    return out


@functools.cache
def _encoder(players: int) -> DeclaredEncoder:
    return DeclaredEncoder(declare(players).compile())


def observation_encoder(players: int, options: Mapping[str, Any]) -> DeclaredEncoder:
    """The (cached) encoder for ``players``; the options do not change the layout."""
    return _encoder(players)
