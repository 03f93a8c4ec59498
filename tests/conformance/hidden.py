"""Where each game keeps what some seats may not see: the table the leak test plants into.

``HIDDEN[game]`` is a function ``plant(state, owner)`` that writes ``MARKER`` into one
hidden field of ``state`` (a clone the test owns) and returns the seats allowed to see that
field: ``{owner}`` for a field of the owner's own (a hand, a secret bonus), an empty set
for a field nobody sees (a deck order); ``None`` when the state has no such field to
plant into now (the deck is empty). ``None`` in the table declares a game without hidden
information. Every game must have an entry: a new game adds its own here.

The functions are written against the state's field names; when a game renames a field
the planting fails with a message naming it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardlab import GameState

MARKER = 987654321
MARKER_TEXT = str(MARKER)

Plant = Callable[[GameState, int], "set[int] | None"]


def field(state: GameState, name: str) -> Any:
    """The state's field ``name``, or a failure saying that the table is out of date."""
    try:
        return getattr(state, name)
    except AttributeError:
        raise AssertionError(
            f"{state.game} has no state field {name!r}: update its planting function in "
            f"tests/conformance/hidden.py"
        ) from None


def plant_toy(state: GameState, owner: int) -> set[int] | None:
    """The owner's secret bonus."""
    field(state, "bonus")[owner] = MARKER
    return {owner}


def plant_duel(state: GameState, owner: int) -> set[int] | None:
    """A card in the owner's hand."""
    hand = field(state, "hands")[owner]
    if not hand:
        return None
    hand[-1] = MARKER
    return {owner}


def plant_in_deck(name: str) -> Plant:
    """A card of a deck whose order nobody sees (its size is public, its cards are not)."""

    def plant(state: GameState, owner: int) -> set[int] | None:
        deck = field(state, name)
        if not deck:
            return None
        deck[0] = MARKER
        return set()

    plant.__doc__ = f"A card of the face-down deck ``{name}``."
    return plant


def plant_scythe(state: GameState, owner: int) -> set[int] | None:
    """The owner's coins (secret until the end, S-17) and, in a combat, the power dial it has
    committed and not revealed yet (S-9.2)."""
    field(state, "coins")[owner] = MARKER
    stack = field(state, "stack")
    for i, frame in enumerate(stack):
        if frame[0] == "combat_cards" and frame[1] == owner:  # (key, seat, side, where, dial, step)
            stack[i] = (*frame[:4], MARKER, *frame[5:])
        elif frame[0] == "combat_fight":  # (key, attacker, where, defender, returns, commits)
            seats = (frame[1], frame[3])
            commits = tuple(
                (MARKER, *commit[1:]) if seats[side] == owner else commit
                for side, commit in enumerate(frame[5])
            )
            stack[i] = (*frame[:5], commits)
    return {owner}


def plant_linnaeus(state: GameState, owner: int) -> set[int] | None:
    """A specimen of the face-down deck, whose order nobody sees (its size is public)."""
    deck = field(state, "spec_deck")
    if not deck:
        return None
    state.spec_deck = (MARKER, *deck[1:])  # type: ignore[attr-defined]
    return set()


HIDDEN: dict[str, Plant | None] = {
    "toy": plant_toy,
    "duel": plant_duel,
    # Compounded: only the order of the compound deck is hidden (C-4.6).
    "compounded": plant_in_deck("deck"),
    # Konoten: hands are public (A10); only the development decks' order is hidden.
    "konoten": plant_in_deck("normal_deck"),
    # Scythe: coins, hands, objectives, deck orders, the Factory offer, unrevealed commits.
    "scythe": plant_scythe,
    # Linnaeus: the order of the specimen deck (and the other face-down decks, re-dealt alike).
    "linnaeus": plant_linnaeus,
}
