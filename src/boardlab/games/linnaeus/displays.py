"""Refilling the map and the displays at the end of a turn (rules §6.3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.games.linnaeus import rewards
from boardlab.games.linnaeus.content import CONTENT, SKETCH_SITES, SPECIMEN_SITES

if TYPE_CHECKING:
    from boardlab.games.linnaeus.state import LinnaeusState


def _fill(display: list[int], deck: tuple[int, ...]) -> tuple[int, ...]:
    for k in range(len(display)):
        if display[k] < 0 and deck:
            display[k] = deck[-1]
            deck = deck[:-1]
    return deck


def refill_all(s: LinnaeusState) -> None:
    for loc in SPECIMEN_SITES:
        if s.sites[loc] < 0 and s.spec_deck:
            s.sites[loc] = s.spec_deck[-1]
            s.spec_deck = s.spec_deck[:-1]
    occupied = set(s.explorer)
    for loc in SKETCH_SITES:
        if s.site_sketch[loc] < 0 and loc not in occupied:
            s.site_sketch[loc] = rewards.draw_sketch(s, CONTENT.locations[loc].sketch_stack)
    s.letter_deck = _fill(s.letter_display, s.letter_deck)
    s.book_deck = _fill(s.book_display, s.book_deck)
    s.voyage_deck = _fill(s.voyage_display, s.voyage_deck)
    s.exotic_deck = _fill(s.exotic_display, s.exotic_deck)
    for row in range(3):
        if s.pond_sketch[row] < 0:
            s.pond_sketch[row] = rewards.draw_sketch(s, row)
