"""Encounters (S-10): the character that ended its Move on an encounter token, and is still
there after the combats (S-21.3-1), removes the token and draws the top encounter card.

The card is read out (public, ``announce``) and put face down under the deck. Its owner
chooses one option (``option A``) whose whole cost it can pay, pays it and takes the gains
(``cards.py``), everything placed on the board going on the character's territory.
Polania's Meander: up to two different options, in either order, the first's gains able to
pay the second's cost (``done`` after the first).

Frames (``frames.py``): ``Encounter`` (Step: token, draw, announce), then
``EncounterOption``: ``chosen`` is the bitmask of options already taken, ``picks`` how many
may still be taken.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.engine import Action, Frame
from boardlab.engine.layouts import PLAYER
from boardlab.games.scythe import actions as A
from boardlab.games.scythe import cards
from boardlab.games.scythe.board import BIT, NAMES
from boardlab.games.scythe.content import CONTENT
from boardlab.games.scythe.decks import CardRow
from boardlab.games.scythe.frames import Encounter, EncounterOption
from boardlab.games.scythe.tables import FACTION_ABILITY
from boardlab.games.scythe.vocabulary import AT_ENCOUNTER, Choice, Effect, Move, Resources

if TYPE_CHECKING:
    from boardlab.games.scythe.state import ScytheState

#: Options Meander lets Polania take from one card (S-15.5).
MEANDER_PICKS = 2


def describe(effect: Effect) -> str:
    """A short text of one effect record (``2 coins``, ``upgrade``, ``3 oil here``)."""
    if isinstance(effect, Choice):
        return "one of " + " / ".join(", ".join(map(describe, row)) for row in effect.options)
    if isinstance(effect, Move):
        return f"move {effect.units} unit(s)"
    amount = getattr(effect, "amount", None)
    what = (effect.resource if isinstance(effect, Resources) else effect.kind).replace("_", " ")
    if amount is None:
        text = what
    elif amount == 1 and what.endswith("s") and what != "coins":
        text = f"1 {what[:-1]}"
    else:
        text = f"{amount} {what}"
    at = getattr(effect, "at", "")
    return f"{text} here" if at == AT_ENCOUNTER else text


def _label(row: CardRow) -> str:
    pay = f"pay {', '.join(map(describe, row.cost))}; " if row.cost else ""
    return f"encounter option {row.label}: {pay}gain {', '.join(map(describe, row.gain))}"


#: ``OPTION[card][k]``: option ``k`` of encounter ``card``, the same action as
#: ``A.ENCOUNTER_OPTION[k]`` (same id) labelled with what it costs and gives.
OPTION = tuple(
    tuple(
        Action("option", A.ENCOUNTER_OPTION[k].args, label=_label(row))
        for k, row in enumerate(card.options)
    )
    for card in CONTENT.encounters
)


def run_encounter(s: ScytheState, f: Frame) -> None:
    seat, territory = f[PLAYER], f[Encounter.territory]
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
    s.stack[-1] = (EncounterOption.key, seat, territory, card, 0, picks)


def options_option(s: ScytheState, f: Frame) -> list[Action]:
    seat, card, chosen = f[PLAYER], f[EncounterOption.card], f[EncounterOption.chosen]
    labelled = OPTION[card]
    found = [
        labelled[k]
        for k, row in enumerate(CONTENT.encounters[card].options)
        if not chosen & (1 << k) and cards.affordable(s, seat, row)
    ]
    if chosen:
        found.append(A.DONE)
    return found


def resolve_option(s: ScytheState, f: Frame, a: Action) -> None:
    _, seat, territory, card, chosen, picks = f
    if a.kind == "done":
        s.stack.pop()
        return
    k = A.INDEX_OF[a.id]
    if picks > 1:
        s.stack[-1] = (EncounterOption.key, seat, territory, card, chosen | (1 << k), picks - 1)
    else:
        s.stack.pop()
    cards.take_row(s, seat, cards.ENCOUNTER, card, k, territory)


def prompt(s: ScytheState, f: Frame) -> str:
    record = CONTENT.encounters[f[EncounterOption.card]]
    rows = "; ".join(f"{row.label}) {row.text}" for row in record.options)
    more = " (Meander: another option, or done)" if f[EncounterOption.chosen] else ""
    return f"P{f[PLAYER] + 1}: encounter {record.title!r}: {record.scene} {rows}{more}"
