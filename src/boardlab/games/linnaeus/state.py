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
from boardlab.engine.fields import Fields
from boardlab.games.linnaeus import board_text, flow, scoring, setup, view

NEUTRAL = 9


class LinnaeusState(StackState):
    """A game of Linnaeus in progress (see the module doc and the package README)."""

    FIELDS = Fields(
        numbers=(
            "round", "turns_done", "active", "helm", "current_tile", "next_tile", "ended",
            "automa", "beds_done",
        ),
        int_lists=(
            "coins", "containers", "tools", "vp", "taxonomy", "explorer", "visited",
            "researcher", "box", "lenses_acquired", "character", "ship_sel", "flowers",
            "lecture", "knowledge", "on_tool", "library", "rotation", "covered", "sites",
            "site_sketch", "first_marks", "letter_display", "book_display", "voyage_display",
            "exotic_display", "lens_display", "pond_sketch", "spot_owner", "spot_value",
            "spot_dark", "end_space", "next_spaces", "first_spaces", "green_under", "final",
        ),
        tuple_lists=(
            "available", "researched", "exotics", "sketches", "sketches_paid", "letters",
            "sent", "sent_col", "books", "published", "voyages", "ships", "links", "waiting",
            "claims", "stacks",
        ),
        tuples=(
            "spec_deck", "letter_deck", "book_deck", "voyage_deck", "exotic_deck",
            "lens_supply", "order_stack", "ponds", "bed_tiles", "gold", "red", "automa_deck",
            "green_supply", "turn_order",
        ),
    )
    __slots__ = FIELDS.names

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
        return scoring.score_breakdown(self)

    def end_reason(self) -> str:
        return scoring.end_reason(self)

    def explain(self, action: Action | str) -> str:
        from boardlab.games.linnaeus.explain import explain

        return explain(self, action)

    def view_body(self, seat: int | None) -> dict[str, Any]:
        return view.view_body(self, seat)

    def render_text(self, seat: int | None) -> str:
        return board_text.render_text(self, seat)

    def resample_hidden(self, seat: int | None, rng: Random | Rng) -> None:
        view.resample_hidden(self, seat, rng)
