"""Dealing a new game (rules §4, §18, §19.1) from the game's seeded generator.

Order of the deal: exotics, voyages, specimens, sketch stacks, letters, books, helm, garden
tiles, university tiles, action-order tiles, advanced lenses, the setup card (2-3 players,
solo), then each side in seat order (the automa last): starting book, voyage card,
character (option), and the automa's deck and green lenses. The setup decisions are frames:
``("start_tile", p, a, b)`` (option ``start_tiles``, seat order), ``("initial_order", p)``
(reverse seat order; solo: the automa has taken the rightmost space), then ``order_fixed``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from boardlab.engine import Action, Frame
from boardlab.engine.layouts import PLAYER
from boardlab.games.linnaeus import rewards
from boardlab.games.linnaeus.actions import act
from boardlab.games.linnaeus.content import (
    CONTENT,
    N_LOCATIONS,
    N_SPOTS,
    REGULAR_BOOKS,
    REGULAR_VOYAGES,
    REWARDS,
    SKETCH_SITES,
    SPECIMEN_SITES,
    START,
    STARTING_BOOKS,
    STARTING_SPECIMEN,
    STARTING_VOYAGES,
    WILD,
)
from boardlab.games.linnaeus.frames import InitialOrder, OrderFixed, StartTile
from boardlab.games.linnaeus.options import check_options

if TYPE_CHECKING:
    from boardlab.games.linnaeus.state import LinnaeusState

DIFFICULTIES = tuple(CONTENT.solo.difficulty)


def _shuffled(s: LinnaeusState, items: tuple[int, ...] | range) -> tuple[int, ...]:
    deck = list(items)
    s.rng.shuffle(deck)
    return tuple(deck)


def _draw(deck: tuple[int, ...], n: int) -> tuple[list[int], tuple[int, ...]]:
    drawn = [deck[-1 - k] for k in range(min(n, len(deck)))]
    return drawn, deck[: len(deck) - len(drawn)]


def deal(s: LinnaeusState) -> None:
    options = dict(s.options)
    check_options(s.players, options)
    solo = s.players == 1
    s.automa = 1 if solo else -1
    sides = s.n_sides
    s.round, s.turns_done, s.active, s.ended, s.beds_done = 1, 0, -1, 0, 0
    s.final = []
    s.stack = []
    s.turn_order = tuple(range(sides))
    # shared (§4.1)
    s.exotic_deck = _shuffled(s, range(len(CONTENT.exotics)))
    drawn, s.exotic_deck = _draw(s.exotic_deck, 3)
    s.exotic_display = drawn
    s.voyage_deck = _shuffled(s, REGULAR_VOYAGES)
    drawn, s.voyage_deck = _draw(s.voyage_deck, 3)
    s.voyage_display = drawn
    s.spec_deck = _shuffled(s, range(CONTENT.normal_count))
    s.sites = [-1] * N_LOCATIONS
    for loc in SPECIMEN_SITES:
        drawn, s.spec_deck = _draw(s.spec_deck, 1)
        s.sites[loc] = drawn[0]
    sketches = _shuffled(s, range(len(CONTENT.sketches)))
    size = len(sketches) // 3
    s.stacks = [sketches[k * size : (k + 1) * size] for k in range(3)]
    s.site_sketch = [-1] * N_LOCATIONS
    for loc in SKETCH_SITES:
        s.site_sketch[loc] = rewards.draw_sketch(s, CONTENT.locations[loc].sketch_stack)
    s.letter_deck = _shuffled(s, range(len(CONTENT.letters)))
    drawn, s.letter_deck = _draw(s.letter_deck, 3)
    s.letter_display = drawn
    s.book_deck = _shuffled(s, REGULAR_BOOKS)
    drawn, s.book_deck = _draw(s.book_deck, 3)
    s.book_display = drawn
    s.helm = s.rng.randbelow(len(CONTENT.helm))
    s.bed_tiles = tuple(
        s.rng.choice([k for k, t in enumerate(CONTENT.bed_tiles) if t.shape == shape])
        for shape in range(3))
    s.ponds = _shuffled(s, range(len(CONTENT.ponds)))[:3]
    s.pond_sketch = [rewards.draw_sketch(s, row) for row in range(3)]
    university = _shuffled(s, range(len(CONTENT.scoring_tiles)))
    s.gold, s.red = university[:3], university[3:7]
    s.claims = [() for _ in range(4)]
    s.end_space = [-1, -1, -1]
    order = _shuffled(s, range(len(CONTENT.order_tiles)))
    s.current_tile, s.next_tile = order[-2], order[-3]
    # the top tile is removed unseen: kept at the bottom of the stack, never drawn (§4.1-9)
    s.order_stack = (order[-1], *order[:-3])
    s.first_spaces = [-1] * 4
    s.next_spaces = [-1] * 4
    s.lens_supply = _shuffled(s, range(len(CONTENT.advanced)))
    drawn, s.lens_supply = _draw(s.lens_supply, 4)
    s.lens_display = drawn
    s.first_marks = [-1] * (N_LOCATIONS * 2)
    s.spot_owner = [-1] * N_SPOTS
    s.spot_value = [0] * N_SPOTS
    s.spot_dark = [0] * N_SPOTS
    if s.players in (1, 2, 3):
        _setup_card(s)
    _players(s, sides, options)
    s.green_under = [-1, -1, -1]
    s.green_supply = ()
    s.automa_deck = ()
    if solo:
        _automa(s, options)
    _decisions(s, options)


def _setup_card(s: LinnaeusState) -> None:
    """§4.3: the neutral colour on the card's side for the player count (solo: 2)."""
    from boardlab.games.linnaeus.state import NEUTRAL

    card = CONTENT.setup_cards[s.rng.randbelow(len(CONTENT.setup_cards))]
    side = card[max(2, s.players)]
    for loc, k in side.blocks:
        s.first_marks[loc * 2 + k] = NEUTRAL
    for spot, dark, value in side.flowers:
        s.spot_owner[spot] = NEUTRAL
        s.spot_value[spot] = value + dark
        s.spot_dark[spot] = int(dark)


def _players(s: LinnaeusState, sides: int, options: dict[str, object]) -> None:
    def per(value: int, n: int = 1) -> list[int]:
        return [value] * (sides * n)

    s.coins, s.containers, s.tools, s.vp = per(0), per(0), per(0), per(0)
    s.taxonomy, s.explorer, s.visited = per(0), per(START), per(0)
    s.researcher, s.box, s.lenses_acquired = per(4), per(-1), per(0)
    s.character, s.ship_sel = per(-1), per(-1)
    s.flowers = per(4, 3)
    s.lecture, s.knowledge, s.on_tool = per(0, 3), per(0, 9), per(-1, 3)
    s.library, s.rotation, s.covered = per(-1, 4), per(0, 4), per(0, 4)
    empty: list[tuple[int, ...]] = [() for _ in range(sides)]
    for name in ("available", "researched", "exotics", "sketches", "sketches_paid", "letters",
                 "sent", "sent_col", "books", "published", "voyages", "ships", "links",
                 "waiting"):
        setattr(s, name, empty[:])
    books = _shuffled(s, STARTING_BOOKS)
    voyages = _shuffled(s, STARTING_VOYAGES)
    characters = _shuffled(s, range(len(CONTENT.characters))) if options["characters"] else ()
    for side in range(sides):
        book = books[side]
        s.books[side] = (book,)
        specimen = STARTING_SPECIMEN[book]
        if side == s.automa:
            s.researched[side] = (specimen,)
        else:
            s.library[side * 4 + 3] = specimen  # slot (1, 1)
            s.available[side] = CONTENT.basic_lenses
            s.box[side] = WILD
            if characters:
                s.character[side] = characters[side]
                s.coins[side] = 3
            elif not options["start_tiles"]:
                s.containers[side], s.tools[side], s.coins[side] = 1, 1, 1
        s.voyages[side] = (voyages[side],)
        s.ships[side] = (0,)
        s.links[side] = (-1,)


def automa_level(options: Mapping[str, object]) -> str:
    """The level the automa plays at: ``difficulty``, at least ``skilled`` with
    ``characters`` (§19.1, ``characters_min_difficulty``)."""
    level = str(options["difficulty"])
    if options["characters"]:
        level = max(level, CONTENT.solo.characters_min_difficulty, key=DIFFICULTIES.index)
    return level


def _automa(s: LinnaeusState, options: dict[str, object]) -> None:
    """§19.1: the automa's deck, green lenses and difficulty."""
    rules = CONTENT.solo
    rewards.automa_gain(s, s.automa, REWARDS[rules.start])
    s.automa_deck = _shuffled(s, range(len(CONTENT.solo_cards)))
    s.green_supply = _shuffled(s, range(len(CONTENT.green)))
    for tool in rules.difficulty[automa_level(options)]:
        s.green_under[tool] = s.green_supply[-1]
        s.green_supply = s.green_supply[:-1]
    space = 3
    s.first_spaces[space] = s.automa
    rewards.automa_gain(s, s.automa, REWARDS[CONTENT.order_tiles[s.current_tile][space]])


def _decisions(s: LinnaeusState, options: dict[str, object]) -> None:
    s.stack.append((OrderFixed.key, 0))
    for seat in range(s.players):
        s.stack.append((InitialOrder.key, seat))
    if options["start_tiles"]:
        tiles = _shuffled(s, range(len(CONTENT.start_tiles)))
        for seat in reversed(range(s.players)):
            s.stack.append((StartTile.key, seat, tiles[2 * seat], tiles[2 * seat + 1]))


def options_start_tile(s: LinnaeusState, f: Frame) -> list[Action]:
    return [act("start_tile", f[StartTile.first_tile]),
            act("start_tile", f[StartTile.second_tile])]


def resolve_start_tile(s: LinnaeusState, f: Frame, a: Action) -> None:
    s.stack.pop()
    rewards.give(s, f[PLAYER], CONTENT.start_tiles[int(a.args[0])])


def options_initial(s: LinnaeusState, f: Frame) -> list[Action]:
    return [act("space", k) for k in range(4) if s.first_spaces[k] < 0]


def resolve_initial(s: LinnaeusState, f: Frame, a: Action) -> None:
    s.stack.pop()
    k = int(a.args[0])
    seat = f[PLAYER]
    s.first_spaces[k] = seat
    rewards.give(s, seat, CONTENT.order_tiles[s.current_tile][k])



def run_order_fixed(s: LinnaeusState, f: Frame) -> None:
    """§4.4: round-1 order is left to right on the round-1 tile (solo: human, automa)."""
    s.stack.pop()
    if s.automa >= 0:
        s.turn_order = (0, s.automa)
    else:
        s.turn_order = tuple(x for x in s.first_spaces if x >= 0)
