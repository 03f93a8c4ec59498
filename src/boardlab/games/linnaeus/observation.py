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
    each_seat,
    item,
    length,
    members,
    number,
    of_seat,
    onehot,
    part,
    seat,
    seat_values,
    values,
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
    N_SPOTS,
    TOOLS,
    TRACKS,
    WILD,
)
from boardlab.games.linnaeus.publish import unlinked
from boardlab.games.linnaeus.state import NEUTRAL
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
#: The first five numbers of a side's block and the scale each is divided by (capped at 1).
COUNTS = (("coins", 20), ("containers", 5), ("tools", 5), ("vp", 100), ("taxonomy", 12))
_AT = {name: i for i, name in enumerate(SIDE_ENTRIES)}
#: Where each run of a side's block starts.
BASIC, ADVANCED_AT = _AT["lenses.explore"], _AT[f"lenses.{CONTENT.advanced[0].id}"]
EXPLORER, VISITED = _AT[f"explorer.{_PLACES[0]}"], _AT[f"visited.{_PLACES[0]}"]
RESEARCHER, LIBRARY = _AT["researcher.space0"], _AT["library.slot1.specimen_corners"]
SKETCHES = _AT[f"sketches.{DOMAINS[0]}"]
BOOKS, VOYAGES = _AT[f"books.{_BOOK_IDS[0]}"], _AT["voyages.voyages"]

#: Where the runs of a side's block start that its derived numbers write.
LENS_ON_TOOL = ADVANCED_AT + N_ADVANCED
RESEARCHED = LIBRARY + 5 * LIBRARY_SLOTS
LETTERS = SKETCHES + 7
N_CHARACTERS = len(CONTENT.characters)
#: ``fn(state, side, observer)``: a side's numbers of a run of its block, by offset in
#: the run (a ``derived`` function of the side).
SideFn = Callable[[Any, int, int], dict[int, float]]


def declare(players: int) -> VectorDeclaration:
    """The parts of the vector at ``players`` seats, in order."""
    n = players
    sides = n + (n == 1)
    names = (*(f"seat{k}" for k in range(n)), *(("automa",) if n == 1 else ()))
    marks = (*names, "neutral")
    tiles = tuple(tile.id for tile in CONTENT.scoring_tiles)
    place_width = 6 + 2 * len(marks) + sides
    spot_width = len(marks) + 2
    achievement_width = N_TILES + sides
    #: the position of each side by observer, then the neutral colour's (last) up to
    #: ``NEUTRAL``
    orders = tuple(
        tuple((x - me) % n if x < n else min(x, sides) for x in range(NEUTRAL + 1))
        for me in range(n)
    )

    def side_hot(read: Read, at: int = 0) -> Op:
        """A 1 at the side ``read`` holds, in side order (the automa last in solo)."""
        return seat(read, at) if n > 1 else onehot(read, sides, at=at)

    def board(
        fn: Callable[[Any, Sequence[int], dict[int, float]], None],
        inputs: Iterable[str],
        width: int,
        at: int = 0,
    ) -> Op:
        """``fn(state, position of each side, out)`` writing the non-zero entries."""

        def made(s: Any, _seat: int, me: int) -> dict[int, float]:
            out: dict[int, float] = {}
            fn(s, orders[me], out)
            return out

        return derived(made, inputs, width, at)

    def places(s: Any, _seat: int, _me: int) -> dict[int, float]:
        return _sites(tuple(s.sites), tuple(s.site_sketch), place_width)

    #: where a first-visit mark of each side (or neutral) goes, by observer and mark
    first_at = tuple(
        tuple(
            tuple(k // 2 * place_width + 6 + k % 2 * len(marks) + x for x in order)
            for k in range(2 * N_LOCATIONS)
        )
        for order in orders
    )

    def first_visits(s: Any, _seat: int, me: int) -> dict[int, float]:
        return {
            at[owner]: 1.0
            for at, owner in zip(first_at[me], s.first_marks, strict=True)
            if owner >= 0
        }

    def explorers(s: Any, order: Sequence[int], out: dict[int, float]) -> None:
        for side, where in enumerate(s.explorer):
            if side < sides:
                out[where * place_width + order[side]] = 1.0

    #: where a spot's owner goes, by observer, spot and owner
    owner_at = tuple(
        tuple(tuple(k * spot_width + x for x in order) for k in range(N_SPOTS)) for order in orders
    )

    value_at = tuple(k * spot_width + len(marks) for k in range(N_SPOTS))

    def owners(s: Any, _seat: int, me: int) -> dict[int, float]:
        return {
            at[owner]: 1.0
            for at, owner in zip(owner_at[me], s.spot_owner, strict=True)
            if owner >= 0
        }

    def spot_values(s: Any, _seat: int, _me: int) -> dict[int, float]:
        return {at: x / 4 for at, x in zip(value_at, s.spot_value, strict=True) if x}

    def spot_dark(s: Any, _seat: int, _me: int) -> dict[int, float]:
        return {at + 1: 1.0 for at, x in zip(value_at, s.spot_dark, strict=True) if x}

    side_orders = tuple(order[:sides] for order in orders)

    def on_tools(s: Any, _seat: int, me: int) -> dict[int, float]:
        return _on_tools(tuple(s.on_tool), side_orders[me])

    def claims(s: Any, order: Sequence[int], out: dict[int, float]) -> None:
        for k, claimed in enumerate(s.claims):
            for side in claimed:
                out[k * achievement_width + N_TILES + order[side]] = 1.0

    v = VectorDeclaration(n)
    v.add(
        part("round", ("share_of_last",), number(attr("round"), scale=5)),
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
            derived(places, ("sites", "site_sketch"), N_LOCATIONS * place_width),
            derived(first_visits, ("first_marks",), N_LOCATIONS * place_width),
            board(
                explorers,
                ("explorer",),
                (N_LOCATIONS - 1) * place_width + sides,
                at=6 + 2 * len(marks),
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
            *(length(attr(deck), at=k, scale=45) for k, deck in enumerate(_DECKS)),
            derived(_stacks, ("stacks",), SKETCH_STACKS, at=len(_DECKS)),
        ),
        part(
            "garden",
            (
                f"{spot.id}.{what}"
                for spot in CONTENT.spots
                for what in (*(f"owner.{mark}" for mark in marks), "value", "dark")
            ),
            derived(owners, ("spot_owner",), N_SPOTS * spot_width),
            derived(spot_values, ("spot_value",), N_SPOTS * spot_width),
            derived(spot_dark, ("spot_dark",), N_SPOTS * spot_width),
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
            *(
                seat_values(attr(name), at=at, stride=SIDE_SIZE, scale=scale, cap=1.0)
                for at, (name, scale) in enumerate(COUNTS)
            ),
            *(
                number(item(name, 1), at=SIDE_SIZE + at, scale=scale, cap=1.0)
                for at, (name, scale) in enumerate(COUNTS)
                if n == 1  # the automa's side, after the player's
            ),
            *each_seat(SIDE_SIZE, *_side_ops(of_seat, -1)),
            *(_side_ops(functools.partial(item, k=1), 1) if n == 1 else ()),
            derived(on_tools, ("on_tool",), (sides - 1) * SIDE_SIZE + 3, at=LENS_ON_TOOL),
        ),
        part(
            "automa",
            ("deck", "green_supply", *(f"green_under{k}" for k in range(1, GREEN_UNDER + 1))),
            derived(_automa, ("automa", "automa_deck", "green_supply", "green_under"), 5),
        ),
    )
    return v


_DECKS = ("spec_deck", "letter_deck", "book_deck", "voyage_deck", "exotic_deck", "lens_supply")


def _side_ops(own: Callable[[str], Read], side: int) -> tuple[Op, ...]:
    """The ops of a side's block after its counts: of every seat (``own`` = ``of_seat``,
    ``side`` -1, in ``each_seat``) or of the automa (``own`` its item, ``side`` 1, its block
    after the player's)."""
    base = 0 if side < 0 else SIDE_SIZE

    def flat(name: str, count: int, at: int, scale: float) -> Op:
        """``count`` numbers a side in the flat list ``name``, capped at 1."""
        if side < 0:
            return values(of_seat(name), count, at=at, scale=scale, cap=1.0)
        return values(attr(name), count, start=side * count, at=base + at, scale=scale, cap=1.0)

    def run(fn: SideFn, inputs: Iterable[str | Read], width: int, at: int) -> Op:
        """``fn`` of the side, writing ``width`` entries from ``at`` of its block."""
        return derived(
            fn if side < 0 else functools.partial(_of_side, fn, side), inputs, width, base + at
        )

    return (
        flat("lecture", len(TRACKS), 5, 8),
        flat("knowledge", len(CATEGORIES), 5 + len(TRACKS), 2),
        run(_lenses, (own("available"), own("box")), ADVANCED_AT + N_ADVANCED - BASIC, BASIC),
        number(own("lenses_acquired"), at=base + LENS_ON_TOOL + 3, scale=5, cap=1.0),
        onehot(own("explorer"), N_LOCATIONS, at=base + EXPLORER),
        bits(own("visited"), N_LOCATIONS, at=base + VISITED),
        onehot(own("researcher"), LAST_SPACE + 1, at=base + RESEARCHER),
        run(_library, ("library", "covered"), 5 * LIBRARY_SLOTS, LIBRARY),
        run(_researched, (own("researched"), own("exotics")), 5, RESEARCHED),
        run(_sketches, (own("sketches"), own("sketches_paid")), 7, SKETCHES),
        run(_letters, (own("letters"), own("sent")), 2 * len(COLOURS), LETTERS),
        run(_books, (own("books"), own("published")), 2 * N_BOOKS, BOOKS),
        run(_voyages, (own("voyages"), own("ships"), own("links"), own("waiting")), 4, VOYAGES),
        flat("flowers", 3, VOYAGES + 4, 4),
        onehot(own("character"), N_CHARACTERS, at=base + SIDE_SIZE - N_CHARACTERS),
    )


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


@functools.lru_cache(maxsize=4096)
def _lens_run(codes: tuple[int, ...], boxed: bool) -> dict[int, float]:
    """``lenses.explore`` to the last advanced lens of a side holding the lenses ``codes``
    (``boxed``: one locked for next round)."""
    out: dict[int, float] = {WILD + 1: 1.0} if boxed else {}
    for code in codes:
        if code < WILD:
            out[code] = min(1.0, out.get(code, 0.0) + 0.5)
        elif code == WILD:
            out[WILD] = 1.0
        else:
            out[ADVANCED_AT - BASIC + code - ADVANCED] = 1.0
    return out


def _of_side(fn: SideFn, side: int, s: Any, _seat: int, me: int) -> dict[int, float]:
    """``fn`` of the automa's ``side`` (not a seat)."""
    return fn(s, side, me)


def _lenses(s: Any, side: int, _me: int) -> dict[int, float]:
    return _lens_run(s.available[side], s.box[side] >= 0)


@functools.lru_cache(maxsize=1024)
def _sites(sites: tuple[int, ...], sketches: tuple[int, ...], width: int) -> dict[int, float]:
    """The specimens and sketches on the map, at ``width`` entries a location."""
    out: dict[int, float] = {}
    for k, specimen in enumerate(sites):
        at = k * width
        if specimen >= 0:
            out[at] = _CONTAINERS[specimen] / 3
            out[at + 1] = _CORNERS[specimen]
            out[at + 2 + _DOMAIN[specimen]] = 1.0
        if sketches[k] >= 0:
            out[at + 5] = 1.0
    return out


@functools.lru_cache(maxsize=1024)
def _on_tools(on_tool: tuple[int, ...], order: tuple[int, ...]) -> dict[int, float]:
    """The lenses on each side's tools, sides at ``order``."""
    return {
        order[j // 3] * SIDE_SIZE + j % 3: 1.0
        for j, lens in enumerate(on_tool[: 3 * len(order)])
        if lens >= 0
    }


def _stacks(s: Any, _seat: int, _me: int) -> list[float]:
    return [len(stack) / 12 for stack in s.stacks]


def _library(s: Any, side: int, _me: int) -> dict[int, float]:
    library, covered = s.library, s.covered
    out: dict[int, float] = {}
    for k in range(LIBRARY_SLOTS):
        specimen = library[side * 4 + k]
        if specimen >= 0:
            out[5 * k] = _CORNERS[specimen]
            out[5 * k + 1] = (covered[side * 4 + k] & 15).bit_count() / 4
            out[5 * k + 2 + _DOMAIN[specimen]] = 1.0
    return out


def _capped(out: dict[int, float]) -> dict[int, float]:
    return {k: x if x < 1.0 else 1.0 for k, x in out.items()}


def _researched(s: Any, side: int, _me: int) -> dict[int, float]:
    out: dict[int, float] = {}
    for specimen in s.researched[side]:
        domain = _DOMAIN[specimen]
        out[domain] = out.get(domain, 0.0) + 0.25
        out[3] = out.get(3, 0.0) + 0.1
    if s.exotics[side]:
        out[4] = len(s.exotics[side]) / 5
    return _capped(out)


def _sketches(s: Any, side: int, _me: int) -> dict[int, float]:
    """Sketches by colour, then by value."""
    out: dict[int, float] = {}
    _quarters(out, s.sketches[side], _SKETCH_COLOUR)
    _quarters(out, s.sketches[side], _SKETCH_VALUE)
    if s.sketches_paid[side]:
        out[6] = len(s.sketches_paid[side]) / 6
    return _capped(out)


def _letters(s: Any, side: int, _me: int) -> dict[int, float]:
    """Letters held, then sent, by colour."""
    out: dict[int, float] = {}
    _quarters(out, s.letters[side], _LETTER_COLOUR)
    _quarters(out, s.sent[side], _LETTER_COLOUR, at=4)
    return _capped(out)


def _quarters(
    out: dict[int, float], cards: Iterable[int], entry_of: Sequence[int], at: int = 0
) -> None:
    """A quarter at ``at + entry_of[card]`` for each card (capped later by ``_capped``)."""
    for card in cards:
        entry = at + entry_of[card]
        out[entry] = out.get(entry, 0.0) + 0.25


def _books(s: Any, side: int, _me: int) -> dict[int, float]:
    """Books held, then published."""
    out = dict.fromkeys(s.books[side], 1.0)
    out.update((N_BOOKS + book, 1.0) for book in s.published[side])
    return out


def _voyages(s: Any, side: int, _me: int) -> dict[int, float]:
    """Voyages, those completed (``voyage.completed``), those linked to a book (not
    ``publish.unlinked``), books waiting."""
    voyages = s.voyages[side]
    if not voyages and not s.waiting[side]:
        return {}
    linked = len(voyages) - len(unlinked(s, side))
    counts = (len(voyages) / 4, completed(s, side) / 4, linked / 4, len(s.waiting[side]) / 2)
    return {k: x if x < 1.0 else 1.0 for k, x in enumerate(counts) if x}


@functools.cache
def _encoder(players: int) -> DeclaredEncoder:
    return DeclaredEncoder(declare(players).compile())


def observation_encoder(players: int, options: Mapping[str, Any]) -> DeclaredEncoder:
    """The (cached) encoder for ``players``; the options do not change the layout."""
    return _encoder(players)
