"""Linnaeus's observation vector straight from the state: the same numbers as
``observation.LinnaeusObservationEncoder.encode(state.view(seat), seat)``, without the view.

Everything Linnaeus shows is public except the order of its decks, which are read only as
their sizes. The vector is cut into blocks (the header, the map, the displays, the decks,
the garden, the university, one block per side, the automa); each block keeps a copy of
what it read, so ``update`` rewrites only the blocks whose inputs changed since its previous
call (see ``boardlab.engine.observe``). ``observation.py`` stays the definition;
``tests/adapters/test_fast_observation.py`` checks the two agree on random positions and
along whole playouts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.engine.observe import BlockEncoder, Watched, zeros
from boardlab.games.linnaeus.content import ADVANCED as ADVANCED_CODE
from boardlab.games.linnaeus.content import CONTENT, N_LOCATIONS, N_SPOTS, WILD

if TYPE_CHECKING:
    from collections.abc import Callable

    from boardlab.engine import GameState
    from boardlab.engine.observe import Out
    from boardlab.games.linnaeus._observe import Encoder
    from boardlab.games.linnaeus.observation import LinnaeusObservationEncoder
    from boardlab.games.linnaeus.state import LinnaeusState

#: Per specimen: (containers / 3, effective / 4, domain).
SPECIMEN = tuple((x.containers / 3, x.effective / 4, x.domain) for x in CONTENT.specimens)
SPECIMEN_DOMAIN = tuple(x.domain for x in CONTENT.specimens)
SPECIMEN_EFFECTIVE = tuple(x.effective / 4 for x in CONTENT.specimens)
SKETCH_COLOUR = tuple(x.colour for x in CONTENT.sketches)
SKETCH_VALUE = tuple(x.value for x in CONTENT.sketches)
LETTER_COLOUR = tuple(x.colour for x in CONTENT.letters)
VOYAGE_CELLS = tuple(len(x.cells) for x in CONTENT.voyages)
N_TILES = len(CONTENT.scoring_tiles)
N_PONDS = len(CONTENT.pond_ids)
N_BED_TILES = len(CONTENT.bed_tiles)
N_BEDS = len(CONTENT.beds)
N_ADVANCED = len(CONTENT.advanced)
N_BOOKS = len(CONTENT.books)
#: Offsets inside a side's block (``LinnaeusObservationEncoder._player``).
BASIC = 17
ADVANCED = BASIC + 7
ON_TOOLS = ADVANCED + N_ADVANCED
ACQUIRED = ON_TOOLS + 3
EXPLORER = ACQUIRED + 1
VISITED = EXPLORER + N_LOCATIONS
RESEARCHER = VISITED + N_LOCATIONS
LIBRARY = RESEARCHER + 9
RESEARCHED = LIBRARY + 20
EXOTICS = RESEARCHED + 4
SKETCHES = EXOTICS + 1
PAID = SKETCHES + 6
LETTERS = PAID + 1
BOOKS = LETTERS + 8
VOYAGES = BOOKS + 2 * N_BOOKS
FLOWERS = VOYAGES + 4
CHARACTER = FLOWERS + 3
#: The parts of a side's block, each rewritten for every side when what it reads changed.
RESOURCES, LENSES, PLACES, LIBRARY_PART, COLLECTIONS = range(5)
#: Blocks of the whole board, watched after the side parts.
HEAD, MAP, DISPLAYS, DECKS, GARDEN, UNIVERSITY, AUTOMA = range(5, 12)
BLOCKS = AUTOMA + 1


#: The divisors and weights of the encoder (``count / SCALE``, ``total += WEIGHT``), by
#: name, for the compiled twin: the numbers written in the methods below.
NATIVE_SCALES = (
    ("round", 5), ("coins", 20), ("containers", 5), ("tools", 5), ("vp", 100),
    ("taxonomy", 12), ("lecture", 8), ("knowledge", 2), ("lens", 0.5), ("acquired", 5),
    ("covered", 4), ("research_domain", 0.25), ("research_count", 0.1), ("exotics", 5),
    ("sketch", 0.25), ("paid", 6), ("letter", 0.25), ("voyages", 4), ("waiting", 2),
    ("flowers", 4), ("deck", 45), ("stack", 12), ("spot_value", 4), ("automa_deck", 20),
    ("green_supply", 6),
)


def _capped(value: float) -> float:
    return 1.0 if value > 1.0 else value


class FastLinnaeusEncoder(BlockEncoder):
    """``encode_into`` / ``update`` for one player count (see the module doc)."""

    blocks = BLOCKS

    __slots__ = ("_at", "_zeros", "players", "side_size", "sides", "size")

    def __init__(self, encoder: LinnaeusObservationEncoder) -> None:
        self.players = encoder.players
        self.sides = encoder.sides
        self.size = encoder.size
        self.side_size = encoder._player_size()
        self._at = {name: span for name, span in encoder.fields().items()}
        self._zeros = zeros(self.size)

    def native(self, scale: object, low: object, high: object) -> Encoder | None:
        """The compiled twin of this encoder (``_observe.c``) normalising with ``scale``
        (float32 array or None), ``low`` and ``high``; None when it was not built."""
        try:
            from boardlab.games.linnaeus import _observe
        except ImportError:
            return None
        return _observe.Encoder(
            self._native_ints(), NATIVE_SCALES, SPECIMEN, SKETCH_COLOUR, SKETCH_VALUE,
            LETTER_COLOUR, VOYAGE_CELLS, scale, low, high,
        )

    def _native_ints(self) -> tuple[tuple[str, int], ...]:
        """The layout the compiled twin reads, as (name, value) pairs in its order: the
        sizes, every field's start and end, the counts the methods below loop over, and the
        offsets inside a side's block."""
        ints = [
            ("size", self.size), ("players", self.players), ("sides", self.sides),
            ("side_size", self.side_size),
        ]
        for name, (start, stop) in self._at.items():
            ints += [(f"at_{name}", start), (f"end_{name}", stop)]
        return (
            *ints,
            ("locations", N_LOCATIONS), ("spots", N_SPOTS), ("tiles", N_TILES),
            ("ponds", N_PONDS), ("bed_tiles", N_BED_TILES), ("beds", N_BEDS),
            ("advanced", N_ADVANCED), ("books", N_BOOKS),
            # specimen domains; the lens codes (basic < wild < advanced)
            ("domains", 3), ("wild", WILD), ("advanced_code", ADVANCED_CODE),
            # per side: lecture tracks, knowledge categories, tools, library slots, flowers
            ("lecture", 3), ("knowledge", 9), ("tools", 3), ("slots", 4), ("flowers", 3),
            ("sketch_colours", 3), ("letter_colours", 4), ("covered_mask", 15), ("decks", 6),
            # the parts of a side's block
            ("lecture_at", 5), ("knowledge_at", 8), ("basic_at", BASIC),
            ("advanced_at", ADVANCED), ("on_tools_at", ON_TOOLS), ("acquired_at", ACQUIRED),
            ("explorer_at", EXPLORER), ("visited_at", VISITED),
            ("researcher_at", RESEARCHER), ("library_at", LIBRARY),
            ("researched_at", RESEARCHED), ("exotics_at", EXOTICS),
            ("sketches_at", SKETCHES), ("paid_at", PAID), ("letters_at", LETTERS),
            ("books_at", BOOKS), ("voyages_at", VOYAGES), ("flowers_at", FLOWERS),
            ("character_at", CHARACTER),
        )

    def update(
        self, state: GameState, seat: int | None, out: Out, watched: list[Watched]
    ) -> None:
        """Rewrite the blocks of ``out`` whose inputs (kept in ``watched``) changed."""
        s: LinnaeusState = state  # type: ignore[assignment]
        first = 0 if seat is None else seat
        players = self.players
        n_sides = s.n_sides
        # the position of each side in the vector (sides from the seat on)
        rel = [(x - first) % players if x < players else x for x in range(n_sides)]
        w = watched
        if w[RESOURCES].changed([
            first, n_sides, s.coins, s.containers, s.tools, s.vp, s.taxonomy, s.lecture,
            s.knowledge,
        ]):
            self._sides(s, out, rel, self._resources, 0, BASIC)
        if w[LENSES].changed([
            first, n_sides, s.available, s.box, s.on_tool, s.lenses_acquired,
        ]):
            self._sides(s, out, rel, self._lenses, BASIC, EXPLORER)
        if w[PLACES].changed([first, n_sides, s.explorer, s.visited, s.researcher]):
            self._sides(s, out, rel, self._places, EXPLORER, LIBRARY)
        if w[LIBRARY_PART].changed([
            first, n_sides, s.library, s.covered, s.researched, s.exotics,
        ]):
            self._sides(s, out, rel, self._library, LIBRARY, SKETCHES)
        if w[COLLECTIONS].changed([
            first, n_sides, s.sketches, s.sketches_paid, s.letters, s.sent, s.books,
            s.published, s.voyages, s.ships, s.links, s.waiting, s.flowers, s.character,
        ]):
            self._sides(s, out, rel, self._collections, SKETCHES, self.side_size)
        if w[HEAD].changed([first, n_sides, s.round, s.helm, s.active]):
            self._head(s, out, rel)
        if w[MAP].changed([
            first, n_sides, s.sites, s.site_sketch, s.first_marks, s.explorer,
        ]):
            self._map(s, out, rel)
        if w[DISPLAYS].changed([
            s.letter_display, s.book_display, s.voyage_display, s.exotic_display,
            s.lens_display,
        ]):
            self._displays(s, out)
        decks = [
            len(s.spec_deck), len(s.letter_deck), len(s.book_deck), len(s.voyage_deck),
            len(s.exotic_deck), len(s.lens_supply), *[len(x) for x in s.stacks],
        ]
        if w[DECKS].changed(decks):
            self._clear(out, "decks")
            o = self._at["decks"][0]
            for k in range(6):
                out[o + k] = decks[k] / 45
            for k in range(6, len(decks)):
                out[o + k] = decks[k] / 12
        if w[GARDEN].changed([
            first, n_sides, s.spot_owner, s.spot_value, s.spot_dark, s.ponds,
            s.pond_sketch, s.bed_tiles, s.beds_done,
        ]):
            self._garden(s, out, rel)
        if w[UNIVERSITY].changed([first, n_sides, s.gold, s.red, s.claims, s.end_space]):
            self._university(s, out, rel)
        if w[AUTOMA].changed([s.automa, len(s.automa_deck), len(s.green_supply), s.green_under]):
            self._automa(s, out)

    def _sides(
        self,
        s: LinnaeusState,
        out: Out,
        rel: list[int],
        part: Callable[[LinnaeusState, int, Out, int], None],
        start: int,
        stop: int,
    ) -> None:
        """Rewrite ``[start, stop)`` of every side's block with ``part`` (empty slots: 0)."""
        zero = self._zeros
        size = self.side_size
        at = self._at["players"][0]
        for where in range(self.sides):
            b = at + where * size
            out[b + start : b + stop] = zero[b + start : b + stop]
        for side in range(len(rel)):
            part(s, side, out, at + rel[side] * size)

    def _clear(self, out: Out, name: str) -> None:
        a, b = self._at[name]
        out[a:b] = self._zeros[a:b]

    def _mark(self, side: int, rel: list[int]) -> int:
        """The place of a piece's owner among the marks (-1: nobody, sides: neutral)."""
        if side < 0:
            return -1
        return rel[side] if side < len(rel) else self.sides

    def _head(self, s: LinnaeusState, out: Out, rel: list[int]) -> None:
        self._clear(out, "round")
        self._clear(out, "helm")
        self._clear(out, "active")
        at = self._at
        out[at["round"][0]] = s.round / 5
        out[at["helm"][0] + s.helm] = 1
        active = s.active
        if 0 <= active < len(rel):
            out[at["active"][0] + rel[active]] = 1

    def _map(self, s: LinnaeusState, out: Out, rel: list[int]) -> None:
        self._clear(out, "map")
        marks = self.sides + 1
        width = 6 + 2 * marks + self.sides
        at = self._at["map"][0]
        sites, sketches, first_marks = s.sites, s.site_sketch, s.first_marks
        for k in range(N_LOCATIONS):
            specimen = sites[k]
            if specimen >= 0:
                containers, effective, domain = SPECIMEN[specimen]
                if containers:
                    out[at] = containers
                if effective:
                    out[at + 1] = effective
                out[at + 2 + domain] = 1
            if sketches[k] >= 0:
                out[at + 5] = 1
            for j in range(2):
                m = self._mark(first_marks[2 * k + j], rel)
                if m >= 0:
                    out[at + 6 + j * marks + m] = 1
            at += width
        at = self._at["map"][0] + 6 + 2 * marks
        for side, location in enumerate(s.explorer[: len(rel)]):
            out[at + location * width + rel[side]] = 1

    def _displays(self, s: LinnaeusState, out: Out) -> None:
        at = self._at
        for name, shown in (
            ("letters", s.letter_display), ("books", s.book_display),
            ("voyages", s.voyage_display), ("exotics", s.exotic_display),
            ("lenses", s.lens_display),
        ):
            self._clear(out, name)
            o = at[name][0]
            for card in shown:
                if card >= 0:
                    out[o + card] = 1

    def _garden(self, s: LinnaeusState, out: Out, rel: list[int]) -> None:
        for name in ("garden", "ponds", "bed_tiles"):
            self._clear(out, name)
        marks = self.sides + 1
        at = self._at["garden"][0]
        owners, values, dark = s.spot_owner, s.spot_value, s.spot_dark
        for k in range(N_SPOTS):
            m = self._mark(owners[k], rel)
            if m >= 0:
                out[at + m] = 1
            if values[k]:
                out[at + marks] = values[k] / 4
            if dark[k]:
                out[at + marks + 1] = 1
            at += marks + 2
        at = self._at["ponds"][0]
        for r in range(3):
            out[at + s.ponds[r]] = 1
            if s.pond_sketch[r] >= 0:
                out[at + N_PONDS + r] = 1
        at = self._at["bed_tiles"][0]
        for tile in s.bed_tiles:
            out[at + tile] = 1
        for b in range(N_BEDS):
            if s.beds_done >> b & 1:
                out[at + N_BED_TILES + b] = 1

    def _university(self, s: LinnaeusState, out: Out, rel: list[int]) -> None:
        for name in ("gold", "achievements", "end_space"):
            self._clear(out, name)
        at = self._at["gold"][0]
        for t, tile in enumerate(s.gold):
            out[at + t * N_TILES + tile] = 1
        at = self._at["achievements"][0]
        for k, tile in enumerate(s.red):
            out[at + tile] = 1
            for side in s.claims[k]:
                out[at + N_TILES + rel[side]] = 1
            at += N_TILES + self.sides
        at = self._at["end_space"][0]
        for k, side in enumerate(s.end_space):
            if side >= 0:
                out[at + k * self.sides + rel[side]] = 1

    def _automa(self, s: LinnaeusState, out: Out) -> None:
        self._clear(out, "automa")
        if s.automa < 0:
            return
        at = self._at["automa"][0]
        out[at] = len(s.automa_deck) / 20
        out[at + 1] = len(s.green_supply) / 6
        for k, green in enumerate(s.green_under):
            if green >= 0:
                out[at + 2 + k] = 1

    # the parts of a side's block (``LinnaeusObservationEncoder._player``: every value is
    # capped at 1), each written into its zeroed range of the block at ``at``

    @staticmethod
    def _resources(s: LinnaeusState, side: int, out: Out, at: int) -> None:
        b3, b9 = side * 3, side * 9
        for k, value in enumerate((
            s.coins[side] / 20, s.containers[side] / 5, s.tools[side] / 5, s.vp[side] / 100,
            s.taxonomy[side] / 12,
            s.lecture[b3] / 8, s.lecture[b3 + 1] / 8, s.lecture[b3 + 2] / 8,
        )):
            if value:
                out[at + k] = _capped(value)
        for c in range(9):
            if s.knowledge[b9 + c]:
                out[at + 8 + c] = _capped(s.knowledge[b9 + c] / 2)

    @staticmethod
    def _lenses(s: LinnaeusState, side: int, out: Out, at: int) -> None:
        b3 = side * 3
        basic = [0.0] * 5
        for code in s.available[side]:
            if code < WILD:
                basic[code] += 0.5
            elif code == WILD:
                out[at + BASIC + 5] = 1
            else:
                out[at + ADVANCED + code - 6] = 1
        for k in range(5):
            if basic[k]:
                out[at + BASIC + k] = _capped(basic[k])
        if s.box[side] >= 0:
            out[at + BASIC + 6] = 1
        for t in range(3):
            if s.on_tool[b3 + t] >= 0:
                out[at + ON_TOOLS + t] = 1
        if s.lenses_acquired[side]:
            out[at + ACQUIRED] = _capped(s.lenses_acquired[side] / 5)

    @staticmethod
    def _places(s: LinnaeusState, side: int, out: Out, at: int) -> None:
        out[at + EXPLORER + s.explorer[side]] = 1
        visited = s.visited[side]
        for location in range(N_LOCATIONS):
            if visited >> location & 1:
                out[at + VISITED + location] = 1
        out[at + RESEARCHER + s.researcher[side]] = 1

    @staticmethod
    def _library(s: LinnaeusState, side: int, out: Out, at: int) -> None:
        b4 = side * 4
        for k in range(4):
            specimen = s.library[b4 + k]
            if specimen < 0:
                continue
            o = at + LIBRARY + 5 * k
            if SPECIMEN_EFFECTIVE[specimen]:
                out[o] = _capped(SPECIMEN_EFFECTIVE[specimen])
            covered = s.covered[b4 + k] & 15
            if covered:
                out[o + 1] = bin(covered).count("1") / 4
            out[o + 2 + SPECIMEN_DOMAIN[specimen]] = 1
        researched = [0.0] * 4
        for specimen in s.researched[side]:
            researched[SPECIMEN_DOMAIN[specimen]] += 0.25
            researched[3] += 0.1
        for k in range(4):
            if researched[k]:
                out[at + RESEARCHED + k] = _capped(researched[k])
        if s.exotics[side]:
            out[at + EXOTICS] = _capped(len(s.exotics[side]) / 5)

    @staticmethod
    def _collections(s: LinnaeusState, side: int, out: Out, at: int) -> None:
        b3 = side * 3
        sketches = [0.0] * 6
        for sketch in s.sketches[side]:
            sketches[SKETCH_COLOUR[sketch]] += 0.25
            sketches[3 + SKETCH_VALUE[sketch] - 1] += 0.25
        for k in range(6):
            if sketches[k]:
                out[at + SKETCHES + k] = _capped(sketches[k])
        if s.sketches_paid[side]:
            out[at + PAID] = _capped(len(s.sketches_paid[side]) / 6)
        letters = [0.0] * 8
        for letter in s.letters[side]:
            letters[LETTER_COLOUR[letter]] += 0.25
        for letter in s.sent[side]:
            letters[4 + LETTER_COLOUR[letter]] += 0.25
        for k in range(8):
            if letters[k]:
                out[at + LETTERS + k] = _capped(letters[k])
        for book in s.books[side]:
            out[at + BOOKS + book] = 1
        for book in s.published[side]:
            out[at + BOOKS + N_BOOKS + book] = 1
        voyages = s.voyages[side]
        if voyages:
            ships = s.ships[side]
            done = sum(ships[k] >= VOYAGE_CELLS[card] for k, card in enumerate(voyages))
            linked = sum(link >= 0 for link in s.links[side][: len(voyages)])
            out[at + VOYAGES] = _capped(len(voyages) / 4)
            if done:
                out[at + VOYAGES + 1] = _capped(done / 4)
            if linked:
                out[at + VOYAGES + 2] = _capped(linked / 4)
        if s.waiting[side]:
            out[at + VOYAGES + 3] = _capped(len(s.waiting[side]) / 2)
        for k in range(3):
            if s.flowers[b3 + k]:
                out[at + FLOWERS + k] = _capped(s.flowers[b3 + k] / 4)
        if s.character[side] >= 0:
            out[at + CHARACTER + s.character[side]] = 1
