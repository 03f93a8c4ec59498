"""The Linnaeus game state: flat lists of ints and shared tuples; the hooks delegate.

A *side* is a seat (0 .. players-1) or, in a solo game, the automa (side ``players``); every
per-side field has one entry (or one block) per side. ``NEUTRAL`` marks the pieces of the
unused colour of the 2-3 player setup (rules §4.3).

Per side, ints: ``coins``, ``containers``, ``tools``, ``vp``, ``taxonomy`` (space 0-11),
``explorer`` (location), ``visited`` (bitmask of locations visited), ``researcher`` (library
point 0-8), ``box`` (lens code locked for the coming round, -1), ``lenses_acquired``,
``character`` (-1 without the option), ``ship_sel`` (voyage card position chosen for the
placement in progress, -1). Blocks: ``flowers[side*3 + v-1]`` flower tiles of light value v
left in supply, ``lecture[side*3 + t]``, ``knowledge[side*9 + c]``, ``on_tool[side*3 + t]``
(lens code on tool t this round, -1; the automa: solo card index), ``library[side*4 + slot]``
(specimen index, -1), ``rotation[...]``, ``covered[...]`` (bitmask of printed corners covered).
Per side, tuples (replaced, never mutated): ``available`` (lens codes), ``researched``
(specimens), ``exotics``, ``sketches`` (unused), ``sketches_paid``, ``letters`` (unsent),
``sent`` and ``sent_col`` (sent letters and their column numbers), ``books`` (unpublished),
``published``, ``voyages`` (cards), ``ships`` (cells reached per card: 0 at the port,
len(cells) at the destination), ``links`` (book linked per card, -1), ``waiting`` (published
books waiting for a card).

Shared: the map (``sites`` specimen per location, ``site_sketch`` sketch per location,
``first_marks[loc*2 + k]`` owner of first-visit space k), the displays (``letter_display``,
``book_display``, ``voyage_display``, ``exotic_display``, ``lens_display``, -1 when empty),
the garden (``spot_owner``, ``spot_value``, ``spot_dark``, ``pond_sketch``, ``ponds`` the
pond tiles of rows 0-2, ``bed_tiles`` the bed-reward tile per shape, ``beds_done`` bitmask),
the university (``gold`` tiles on the tracks, ``red`` achievement tiles, ``claims`` sides in
claim order per achievement, ``end_space`` holder of each track's x4 space), the order
(``turn_order``, ``first_spaces`` markers on the round-1 tile during setup, ``next_spaces``
on the next-round tile, ``current_tile``, ``next_tile``, ``order_stack``), the decks (top =
last), ``helm``, ``round`` (1-5), ``turns_done`` (turns begun this round), ``active``,
``ended``, ``final`` (final scores, set once the game is over), and for the automa
``automa_deck``, ``green_supply`` and ``green_under`` (green lens under each tool, -1).
"""

from __future__ import annotations

from random import Random
from typing import Any

from boardlab.engine import Action, Rng, StackState
from boardlab.games.linnaeus import flow, scoring, setup, view

NEUTRAL = 9

_NUMBERS = ("round", "turns_done", "active", "helm", "current_tile", "next_tile", "ended",
            "automa", "beds_done")
_LISTS = (
    "coins", "containers", "tools", "vp", "taxonomy", "explorer", "visited", "researcher",
    "box", "lenses_acquired", "character", "ship_sel", "flowers", "lecture", "knowledge",
    "on_tool", "library", "rotation", "covered", "sites", "site_sketch", "first_marks",
    "letter_display", "book_display", "voyage_display", "exotic_display", "lens_display",
    "pond_sketch", "spot_owner", "spot_value", "spot_dark", "end_space", "next_spaces",
    "first_spaces", "green_under", "final",
)
_SEQS = (
    "available", "researched", "exotics", "sketches", "sketches_paid", "letters", "sent",
    "sent_col", "books", "published", "voyages", "ships", "links", "waiting", "claims",
    "stacks",
)
_TUPLES = (
    "spec_deck", "letter_deck", "book_deck", "voyage_deck", "exotic_deck", "lens_supply",
    "order_stack", "ponds", "bed_tiles", "gold", "red", "automa_deck", "green_supply",
    "turn_order",
)


class LinnaeusState(StackState):
    """A game of Linnaeus in progress (see the module doc and the package README)."""

    __slots__ = (*_NUMBERS, *_LISTS, *_SEQS, *_TUPLES)

    RULES = flow.RULES

    round: int
    turns_done: int
    active: int
    helm: int
    current_tile: int
    next_tile: int
    ended: int
    automa: int
    beds_done: int
    coins: list[int]
    containers: list[int]
    tools: list[int]
    vp: list[int]
    taxonomy: list[int]
    explorer: list[int]
    visited: list[int]
    researcher: list[int]
    box: list[int]
    lenses_acquired: list[int]
    character: list[int]
    ship_sel: list[int]
    flowers: list[int]
    lecture: list[int]
    knowledge: list[int]
    on_tool: list[int]
    library: list[int]
    rotation: list[int]
    covered: list[int]
    sites: list[int]
    site_sketch: list[int]
    first_marks: list[int]
    letter_display: list[int]
    book_display: list[int]
    voyage_display: list[int]
    exotic_display: list[int]
    lens_display: list[int]
    pond_sketch: list[int]
    spot_owner: list[int]
    spot_value: list[int]
    spot_dark: list[int]
    end_space: list[int]
    next_spaces: list[int]
    first_spaces: list[int]
    green_under: list[int]
    final: list[int]
    available: list[tuple[int, ...]]
    researched: list[tuple[int, ...]]
    exotics: list[tuple[int, ...]]
    sketches: list[tuple[int, ...]]
    sketches_paid: list[tuple[int, ...]]
    letters: list[tuple[int, ...]]
    sent: list[tuple[int, ...]]
    sent_col: list[tuple[int, ...]]
    books: list[tuple[int, ...]]
    published: list[tuple[int, ...]]
    voyages: list[tuple[int, ...]]
    ships: list[tuple[int, ...]]
    links: list[tuple[int, ...]]
    waiting: list[tuple[int, ...]]
    claims: list[tuple[int, ...]]
    stacks: list[tuple[int, ...]]
    spec_deck: tuple[int, ...]
    letter_deck: tuple[int, ...]
    book_deck: tuple[int, ...]
    voyage_deck: tuple[int, ...]
    exotic_deck: tuple[int, ...]
    lens_supply: tuple[int, ...]
    order_stack: tuple[int, ...]
    ponds: tuple[int, ...]
    bed_tiles: tuple[int, ...]
    gold: tuple[int, ...]
    red: tuple[int, ...]
    automa_deck: tuple[int, ...]
    green_supply: tuple[int, ...]
    turn_order: tuple[int, ...]

    # ------------------------------------------------------------------ game hooks
    def setup(self) -> None:
        setup.deal(self)
        self.advance()

    def refill(self) -> bool:
        return flow.refill(self)

    @property
    def n_sides(self) -> int:
        """Seats plus the automa."""
        return self.players + (self.automa >= 0)

    def scores(self) -> list[float]:
        return [float(x) for x in scoring.scores(self)[: self.players]]

    def winners(self) -> list[int]:
        if not self.is_over:
            return []
        return [side for side in scoring.winners(self) if side < self.players]

    def other_sides(self) -> tuple[str, ...]:
        return ("automa",) if self.automa >= 0 else ()

    def side_scores(self) -> list[float]:
        return [float(x) for x in scoring.scores(self)]

    def side_winners(self) -> list[int]:
        return scoring.winners(self) if self.is_over else []

    def score_breakdown(self) -> list[dict[str, float]]:
        return [{k: float(v) for k, v in part.items()} for part in scoring.breakdown(self)]

    def end_reason(self) -> str:
        return scoring.end_reason(self)

    def explain(self, action: Action | str) -> str:
        from boardlab.games.linnaeus.explain import explain

        return explain(self, action)

    def view_body(self, seat: int | None) -> dict[str, Any]:
        return view.view_body(self, seat)

    def render_text(self, seat: int | None) -> str:
        return view.render_text(self, seat)

    def resample_hidden(self, seat: int | None, rng: Random | Rng) -> None:
        view.resample_hidden(self, seat, rng)

    # ------------------------------------------------------------------ copying and saving
    def copy_fields(self, twin: LinnaeusState) -> None:
        # written out field by field: a loop of getattr/setattr costs twice as much
        twin.round = self.round
        twin.turns_done = self.turns_done
        twin.active = self.active
        twin.helm = self.helm
        twin.current_tile = self.current_tile
        twin.next_tile = self.next_tile
        twin.ended = self.ended
        twin.automa = self.automa
        twin.beds_done = self.beds_done
        twin.coins = self.coins[:]
        twin.containers = self.containers[:]
        twin.tools = self.tools[:]
        twin.vp = self.vp[:]
        twin.taxonomy = self.taxonomy[:]
        twin.explorer = self.explorer[:]
        twin.visited = self.visited[:]
        twin.researcher = self.researcher[:]
        twin.box = self.box[:]
        twin.lenses_acquired = self.lenses_acquired[:]
        twin.character = self.character[:]
        twin.ship_sel = self.ship_sel[:]
        twin.flowers = self.flowers[:]
        twin.lecture = self.lecture[:]
        twin.knowledge = self.knowledge[:]
        twin.on_tool = self.on_tool[:]
        twin.library = self.library[:]
        twin.rotation = self.rotation[:]
        twin.covered = self.covered[:]
        twin.sites = self.sites[:]
        twin.site_sketch = self.site_sketch[:]
        twin.first_marks = self.first_marks[:]
        twin.letter_display = self.letter_display[:]
        twin.book_display = self.book_display[:]
        twin.voyage_display = self.voyage_display[:]
        twin.exotic_display = self.exotic_display[:]
        twin.lens_display = self.lens_display[:]
        twin.pond_sketch = self.pond_sketch[:]
        twin.spot_owner = self.spot_owner[:]
        twin.spot_value = self.spot_value[:]
        twin.spot_dark = self.spot_dark[:]
        twin.end_space = self.end_space[:]
        twin.next_spaces = self.next_spaces[:]
        twin.first_spaces = self.first_spaces[:]
        twin.green_under = self.green_under[:]
        twin.final = self.final[:]
        twin.available = self.available[:]
        twin.researched = self.researched[:]
        twin.exotics = self.exotics[:]
        twin.sketches = self.sketches[:]
        twin.sketches_paid = self.sketches_paid[:]
        twin.letters = self.letters[:]
        twin.sent = self.sent[:]
        twin.sent_col = self.sent_col[:]
        twin.books = self.books[:]
        twin.published = self.published[:]
        twin.voyages = self.voyages[:]
        twin.ships = self.ships[:]
        twin.links = self.links[:]
        twin.waiting = self.waiting[:]
        twin.claims = self.claims[:]
        twin.stacks = self.stacks[:]
        twin.spec_deck = self.spec_deck
        twin.letter_deck = self.letter_deck
        twin.book_deck = self.book_deck
        twin.voyage_deck = self.voyage_deck
        twin.exotic_deck = self.exotic_deck
        twin.lens_supply = self.lens_supply
        twin.order_stack = self.order_stack
        twin.ponds = self.ponds
        twin.bed_tiles = self.bed_tiles
        twin.gold = self.gold
        twin.red = self.red
        twin.automa_deck = self.automa_deck
        twin.green_supply = self.green_supply
        twin.turn_order = self.turn_order

    def snapshot(self) -> dict[str, Any]:
        data: dict[str, Any] = {name: getattr(self, name) for name in _NUMBERS}
        for name in _LISTS:
            data[name] = getattr(self, name)[:]
        for name in _SEQS:
            data[name] = [list(x) for x in getattr(self, name)]
        for name in _TUPLES:
            data[name] = list(getattr(self, name))
        data["stack"] = [[list(x) if isinstance(x, tuple) else x for x in frame]
                         for frame in self.stack]
        return data

    def restore(self, data: dict[str, Any]) -> None:
        for name in _NUMBERS:
            setattr(self, name, int(data[name]))
        for name in _LISTS:
            setattr(self, name, [int(x) for x in data[name]])
        for name in _SEQS:
            setattr(self, name, [tuple(int(y) for y in x) for x in data[name]])
        for name in _TUPLES:
            setattr(self, name, tuple(int(x) for x in data[name]))
        self.stack = [_frame(frame) for frame in data["stack"]]


def _frame(data: list[Any]) -> tuple[Any, ...]:
    return tuple(tuple(x) if isinstance(x, list) else x for x in data)
