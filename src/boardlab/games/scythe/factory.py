"""The Factory and Factory cards (S-11, S-21.1, S-21.2-2, S-21.2-7).

A character on the Factory once its Move is over (after the combats and the encounter) of
a player without a Factory card looks at every card still on the Factory and keeps one
(``factory 7``); the others stay there, face down. The kept card lies face up beside the
mat as a fifth section (``section factory``, under the different-section rule; Rusviet's
Relentless covers it with ``relentless_applies_to_factory_card``, S-21.2-7): its top row
(``factory top`` or ``skip``), then its bottom row, a Move of one unit up to
``factory_card_move_distance`` territories (default 3), one more for a character or mech
with Speed (S-21.2-2). Neither row is changed by the mat's upgrades, structures or
recruits, and neither pays a coin or recruit bonus (S-11).

Who has looked at the offer is recorded (``factory_seen``): such a seat knows which cards
remain there, so ``resample_offer`` keeps them for it.

Frames (``frames.py``): ``FactoryCard`` (choose the card), ``FactorySection`` (Step: the
section's frames), ``FactoryTop`` (the top row), ``FactoryMove`` (Step: starts the bottom
row's Move).
"""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING

from boardlab.engine import Action, Frame, Rng
from boardlab.engine.layouts import PLAYER
from boardlab.games.scythe import actions as A
from boardlab.games.scythe import cards, move
from boardlab.games.scythe.content import CONTENT
from boardlab.games.scythe.frames import FactoryMove, FactoryTop, Stars
from boardlab.games.scythe.vocabulary import Move

if TYPE_CHECKING:
    from boardlab.games.scythe.state import ScytheState


# ---------------------------------------------------------------------- taking a card
def options_card(s: ScytheState, f: Frame) -> list[Action]:
    return [A.FACTORY_CARD[card] for card in sorted(s.factory_offer)]


def prepare_card(s: ScytheState, f: Frame) -> bool:
    """The seat looks at the offer as the decision is posed (its options show the cards)."""
    s.factory_seen |= 1 << f[PLAYER]
    return True


def resolve_card(s: ScytheState, f: Frame, a: Action) -> None:
    seat = f[PLAYER]
    card = A.INDEX_OF[a.id]
    s.stack.pop()
    s.factory_card[seat] = card
    s.factory_offer = tuple(c for c in s.factory_offer if c != card)


# ---------------------------------------------------------------------- the fifth section
def run_section(s: ScytheState, f: Frame) -> None:
    """The top row, its stars, then the Move, its stars (S-11, S-21.3-1, S-21.3-2)."""
    seat = f[PLAYER]
    stack = s.stack
    stack.pop()
    stack.append((Stars.key, seat))
    stack.append((FactoryMove.key, seat))
    stack.append((Stars.key, seat))
    stack.append((FactoryTop.key, seat))


def options_top(s: ScytheState, f: Frame) -> list[Action]:
    seat = f[PLAYER]
    if cards.affordable(s, seat, CONTENT.factory_cards[s.factory_card[seat]].top):
        return [A.FACTORY_TOP, A.SKIP]
    return [A.SKIP]


def resolve_top(s: ScytheState, f: Frame, a: Action) -> None:
    seat = f[PLAYER]
    s.stack.pop()
    if a.kind != "skip":
        cards.take_row(s, seat, cards.FACTORY, s.factory_card[seat], 0, -1)


def run_move(s: ScytheState, f: Frame) -> None:
    seat = f[PLAYER]
    s.stack.pop()
    (effect,) = CONTENT.factory_cards[s.factory_card[seat]].bottom.gain
    assert isinstance(effect, Move)
    distance = int(s.options.get(effect.distance_option, 3))
    move.start_move(s, seat, effect.units, distance, effect.speed_adds)


def top_prompt(s: ScytheState, f: Frame) -> str:
    record = CONTENT.factory_cards[s.factory_card[f[PLAYER]]]
    return f"P{f[PLAYER] + 1}: Factory card {record.number} {record.name!r}: {record.top.text}"


def card_prompt(s: ScytheState, f: Frame) -> str:
    offer = ", ".join(
        f"{CONTENT.factory_cards[c].number} {CONTENT.factory_cards[c].name} "
        f"({CONTENT.factory_cards[c].top.text})"
        for c in sorted(s.factory_offer)
    )
    return f"P{f[PLAYER] + 1}: keep one Factory card: {offer}"


# ---------------------------------------------------------------------- hidden offer
def resample_offer(s: ScytheState, viewer: int | None, rng: Random | Rng) -> None:
    """Re-deal the cards still on the Factory unless ``viewer`` has looked at them: from
    every card no seat holds (the cards left out at setup were never seen either)."""
    if viewer is not None and s.factory_seen & (1 << viewer):
        return
    unseen = sorted(set(range(len(CONTENT.factory_cards))) - set(s.factory_card))
    rng.shuffle(unseen)
    s.factory_offer = tuple(unseen[: len(s.factory_offer)])
