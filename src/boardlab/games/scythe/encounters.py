"""Encounters (S-10): the character that ended its Move on an encounter token, and is still
there after the combats (S-21.3-1), removes the token and draws the top encounter card.

The card is read out (public, ``announce``) and put face down under the deck. Its owner
chooses one option (``option A``) whose whole cost it can pay, pays it and takes the gains
(``cards.py``), everything placed on the board going on the character's territory.
Polania's Meander: up to two different options, in either order, the first's gains able to
pay the second's cost (``done`` after the first).

Frames: ``("encounter", seat, territory)`` (Step: token, draw, announce), then
``("encounter_option", seat, territory, card, chosen, picks)``: ``chosen`` is the bitmask of
options already taken, ``picks`` how many may still be taken.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.engine import Action, Frame
from boardlab.games.scythe import actions as A
from boardlab.games.scythe import cards
from boardlab.games.scythe.board import BIT, NAMES
from boardlab.games.scythe.content import CONTENT
from boardlab.games.scythe.tables import FACTION_ABILITY

if TYPE_CHECKING:
    from boardlab.games.scythe.state import ScytheState

#: Options Meander lets Polania take from one card (S-15.5).
MEANDER_PICKS = 2


def run_encounter(s: ScytheState, f: Frame) -> None:
    seat, territory = f[1], f[2]
    s.encounter_tokens &= ~BIT[territory]
    deck = s.encounter_deck
    if not deck:
        s.stack.pop()
        return
    card = deck[-1]
    s.encounter_deck = (card, *deck[:-1])  # face down under the deck once resolved
    record = CONTENT.encounters[card]
    s.announce(
        "encounter",
        f"P{seat + 1} meets encounter {record.number}, {record.title!r}, on {NAMES[territory]}",
    )
    picks = MEANDER_PICKS if FACTION_ABILITY[s.faction[seat]] == "meander" else 1
    s.stack[-1] = ("encounter_option", seat, territory, card, 0, picks)


def options_option(s: ScytheState, f: Frame) -> list[Action]:
    seat, card, chosen = f[1], f[3], f[4]
    found = [
        A.ENCOUNTER_OPTION[k]
        for k, row in enumerate(CONTENT.encounters[card].options)
        if not chosen & (1 << k) and cards.affordable(s, seat, row)
    ]
    if chosen:
        found.append(A.DONE)
    return found


def resolve_option(s: ScytheState, f: Frame, a: Action) -> None:
    seat, territory, card, chosen, picks = f[1:6]
    if a.kind == "done":
        s.stack.pop()
        return
    k = A.INDEX_OF[a.id]
    if picks > 1:
        s.stack[-1] = ("encounter_option", seat, territory, card, chosen | (1 << k), picks - 1)
    else:
        s.stack.pop()
    cards.take_row(s, seat, cards.ENCOUNTER, card, k, territory)


def prompt(s: ScytheState, f: Frame) -> str:
    record = CONTENT.encounters[f[3]]
    rows = "; ".join(f"{row.label}) {row.text}" for row in record.options)
    more = " (Meander: another option, or done)" if f[4] else ""
    return f"P{f[1] + 1}: encounter {record.title!r}: {record.scene} {rows}{more}"
