"""Refilling the map and the displays at the end of a turn (rules §6.3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.games.linnaeus import rewards
from boardlab.games.linnaeus.content import CONTENT, SKETCH_SITES, SPECIMEN_SITES

if TYPE_CHECKING:
    from boardlab.games.linnaeus.state import LinnaeusState


# What the log names of a refill: the face-up things dealt, by kind (``dealt`` pairs).
SPECIMEN, LETTER, BOOK, VOYAGE, EXOTIC = range(5)
_KINDS = (CONTENT.specimens, CONTENT.letters, CONTENT.books, CONTENT.voyages, CONTENT.exotics)


def _fill(display: list[int], deck: tuple[int, ...], dealt: list[int], kind: int
          ) -> tuple[int, ...]:
    for k in range(len(display)):
        if display[k] < 0 and deck:
            display[k] = deck[-1]
            dealt += (kind, deck[-1])
            deck = deck[:-1]
    return deck


def refilled_text(dealt: tuple[int, ...]) -> str:
    """The log's line for a refill (§6.3): ``dealt`` alternates a kind and an index."""
    names = []
    for i in range(0, len(dealt), 2):
        item = _KINDS[dealt[i]][dealt[i + 1]]
        name = getattr(item, "name", None)
        names.append(f"{item.id} ({name})" if name else item.id)
    return "refilled: " + ", ".join(names)


def refill_all(s: LinnaeusState) -> None:
    dealt: list[int] = []
    for loc in SPECIMEN_SITES:
        if s.sites[loc] < 0 and s.spec_deck:
            s.sites[loc] = s.spec_deck[-1]
            dealt += (SPECIMEN, s.spec_deck[-1])
            s.spec_deck = s.spec_deck[:-1]
    occupied = set(s.explorer)
    for loc in SKETCH_SITES:
        if s.site_sketch[loc] < 0 and loc not in occupied:
            s.site_sketch[loc] = rewards.draw_sketch(s, CONTENT.locations[loc].sketch_stack)
    s.letter_deck = _fill(s.letter_display, s.letter_deck, dealt, LETTER)
    s.book_deck = _fill(s.book_display, s.book_deck, dealt, BOOK)
    s.voyage_deck = _fill(s.voyage_display, s.voyage_deck, dealt, VOYAGE)
    s.exotic_deck = _fill(s.exotic_display, s.exotic_deck, dealt, EXOTIC)
    if dealt:
        s.announce("refill", refilled_text, tuple(dealt))
    for row in range(3):
        if s.pond_sketch[row] < 0:
            s.pond_sketch[row] = rewards.draw_sketch(s, row)
