"""What the log says of Compounded's public events (draws, refills, fires, explosions, scores).

The rules announce an event with one of these functions and its arguments as plain values
(``state.announce(kind, function, *args)``); the text is made only when a log reads it.
Everything here is public: storage, the goggles pool and the field are open to every seat.
"""

from __future__ import annotations

from boardlab.games.compounded.actions import side
from boardlab.games.compounded.board import ROW_COL
from boardlab.games.compounded.content import ELEMENTS
from boardlab.games.compounded.workbench import CARDS


def at(card: int, pos: int) -> str:
    """A field compound as players name it: ``"Calcium oxide (row 0, column 3)"``."""
    row, col = ROW_COL[pos]
    return f"{CARDS[card].name} (row {row}, column {col})"


def elements(drawn: tuple[int, ...]) -> str:
    """``"2 H, 1 O"`` for the element indices ``drawn``."""
    return ", ".join(f"{drawn.count(e)} {name}" for e, name in enumerate(ELEMENTS) if e in drawn)


def drew(seat: int, drawn: tuple[int, ...], wanted: int, into: str) -> str:
    if not drawn:
        return f"{side(seat)} draws nothing: the bag is empty"
    short = f" (the bag ran out after {len(drawn)} of {wanted})" if len(drawn) < wanted else ""
    return f"{side(seat)} draws {elements(drawn)} from the bag into {into}{short}"


def refilled(placed: tuple[int, ...]) -> str:
    """``placed`` alternates positions and cards."""
    cards = ", ".join(at(placed[i + 1], placed[i]) for i in range(0, len(placed), 2))
    return f"the field is refilled: {cards}"


def fire_tokens(placed: tuple[int, ...]) -> str:
    """``placed`` alternates positions and cards, each taking a fire token."""
    cards = ", ".join(at(placed[i + 1], placed[i]) for i in range(0, len(placed), 2))
    return f"a fire token goes on {cards}"


def exploded(card: int, pos: int, items: tuple[int, ...]) -> str:
    lost = ", ".join("wild" if code >= len(ELEMENTS) else ELEMENTS[code] for code in items)
    scatter = f"; its items scatter: {lost}" if items else ""
    return f"{at(card, pos)} explodes{scatter}"


def scored(seat: int, card: int, pos: int, gained: int) -> str:
    points = f": {gained} atomic points" if gained else ": points by Stability approval"
    return f"{side(seat)} completes {at(card, pos)}{points}"


ROUND = "round {} begins"
LAB_FIRE = "a Lab Fire card is drawn: every flammable compound on the field takes a fire token"
LAB_FIRE_AGAIN = "another Lab Fire card is drawn this round and discarded without effect"
DECK_EMPTY = "the deck is empty: the field cannot be refilled"
