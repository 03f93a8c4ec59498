"""The conservation invariants of a Linnaeus game, in words: every component is in exactly
one place (decks, displays, the map, the garden, the players' areas), nothing is negative,
and nothing passes its limit. ``audit(state)`` lists what is broken (empty when all is well).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, cast

from boardlab.engine.layouts import KEY, PLAYER
from boardlab.games.linnaeus.content import (
    ADVANCED,
    CONTENT,
    REGULAR_BOOKS,
    REGULAR_VOYAGES,
    WILD,
)
from boardlab.games.linnaeus.frames import Link, PlaceSpecimen

if TYPE_CHECKING:
    from boardlab.engine import GameState
    from boardlab.games.linnaeus.state import LinnaeusState


def _places(found: list[str], name: str, items: Iterable[int], expected: Iterable[int],
            at_most: bool = False) -> None:
    counts = Counter(x for x in items if x >= 0)
    for item, n in counts.items():
        if n > 1:
            found.append(f"{name} {item} is in {n} places")
    missing = [x for x in expected if x not in counts]
    if missing and not at_most:
        found.append(f"{name}s {missing} are nowhere")
    extra = [x for x in counts if x not in set(expected)]
    if extra:
        found.append(f"{name}s {extra} should not be in play")


def audit(state: GameState) -> list[str]:
    s = cast("LinnaeusState", state)
    found: list[str] = []
    sides = range(s.n_sides)
    being_placed = [f[PlaceSpecimen.specimen] for f in s.stack if f[KEY] == PlaceSpecimen.key]
    specimens = [*s.spec_deck, *s.sites, *s.library, *being_placed,
                 *(x for side in sides for x in s.researched[side])]
    _places(found, "specimen", specimens, range(len(CONTENT.specimens)), at_most=True)
    normal = set(range(CONTENT.normal_count))
    in_play = set(specimens) - {-1}
    if not normal <= in_play:
        found.append(f"specimens {sorted(normal - in_play)} are nowhere")
    _places(found, "sketch",
            [*(x for st in s.stacks for x in st), *s.site_sketch, *s.pond_sketch,
             *(x for side in sides for x in s.sketches[side] + s.sketches_paid[side])],
            range(len(CONTENT.sketches)))
    _places(found, "letter",
            [*s.letter_deck, *s.letter_display,
             *(x for side in sides for x in s.letters[side] + s.sent[side])],
            range(len(CONTENT.letters)))
    _places(found, "regular book",
            [*s.book_deck, *s.book_display,
             *(x for side in sides for x in s.books[side] + s.published[side]
               if not CONTENT.books[x].starting)],
            REGULAR_BOOKS)
    _places(found, "regular voyage",
            [*s.voyage_deck, *s.voyage_display,
             *(x for side in sides for x in s.voyages[side] if not CONTENT.voyages[x].starting)],
            REGULAR_VOYAGES)
    _places(found, "exotic", [*s.exotic_deck, *s.exotic_display,
                              *(x for side in sides for x in s.exotics[side])],
            range(len(CONTENT.exotics)))
    held = [code - ADVANCED for side in sides if side != s.automa
            for code in (*s.available[side], *s.on_tool[side * 3 : side * 3 + 3], s.box[side])
            if code >= ADVANCED]
    _places(found, "advanced lens", [*s.lens_supply, *s.lens_display, *held],
            range(len(CONTENT.advanced)), at_most=True)
    for side in sides:
        who = f"side {side}"
        for name in ("coins", "containers", "tools", "vp"):
            if getattr(s, name)[side] < 0:
                found.append(f"{who} has negative {name}")
        if any(not 0 <= x <= 2 for x in s.knowledge[side * 9 : side * 9 + 9]):
            found.append(f"{who} holds more than 2 tokens of a category")
        planted = s.spot_owner.count(side)
        supply = sum(s.flowers[side * 3 : side * 3 + 3])
        if planted + supply != 12:
            found.append(f"{who} has {planted} flowers planted and {supply} left, not 12")
        for k, card in enumerate(s.voyages[side]):
            if not 0 <= s.ships[side][k] <= len(CONTENT.voyages[card].cells):
                found.append(f"{who}'s ship on {CONTENT.voyages[card].id} is off its card")
        links = [b for b in s.links[side] if b >= 0]
        linking = [f[Link.book] for f in s.stack if f[KEY] == Link.key and f[PLAYER] == side]

        if sorted(links + linking + list(s.waiting[side])) != sorted(s.published[side]):
            found.append(f"{who}'s published books are not each linked or waiting once")
        if len(s.voyages[side]) != len(s.ships[side]) or len(s.voyages[side]) != len(
                s.links[side]):
            found.append(f"{who}'s voyage fields differ in length")
        if side != s.automa:
            wild = list(s.available[side]).count(WILD) + (s.box[side] == WILD) + list(
                s.on_tool[side * 3 : side * 3 + 3]).count(WILD)
            if wild != 1:
                found.append(f"{who} has {wild} wild lenses")
            basic = Counter(x for x in (*s.available[side], *s.on_tool[side * 3 : side * 3 + 3],
                                        s.box[side]) if 0 <= x < WILD)
            if basic - Counter(CONTENT.basic_lenses):  # §7.4 may discard basic lenses
                found.append(f"{who}'s basic lenses are {dict(basic)}")
        for col in set(s.sent_col[side]):
            members = [x for x, c in zip(s.sent[side], s.sent_col[side], strict=True) if c == col]
            if len(members) > 3 or len({CONTENT.letters[x].colour for x in members}) != 1:
                found.append(f"{who}'s letter column {col} is not one colour of at most 3")
    return found
