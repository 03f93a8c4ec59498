"""Sampling the worlds a seat cannot tell apart from the real one, for search.

``determinize`` re-deals what a seat cannot see from a generator. A game typically gathers
the unseen cards in their current (hidden) order and shuffles them, so the same generator
would re-deal two states that look alike to the seat differently, and a bot's choice would
depend on information it may not have. ``OrderBlindRng`` sorts before it shuffles or
chooses, which leaves every distribution unchanged but makes the re-deal depend only on
which items are unseen, never on their hidden order.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from contextlib import suppress
from typing import Any, TypeVar, cast

from boardlab.engine import GameState, Rng

T = TypeVar("T")


class OrderBlindRng(Rng):
    """An ``Rng`` whose ``shuffle`` and ``choice`` ignore the order of the items given."""

    __slots__ = ()

    def shuffle(self, items: MutableSequence[T]) -> None:
        with suppress(TypeError):  # items that do not compare keep their given order
            items[:] = sorted(cast("Sequence[Any]", items))
        super().shuffle(items)

    def choice(self, items: Sequence[T]) -> T:
        try:
            ordered: Sequence[T] = sorted(cast("Sequence[Any]", items))
        except TypeError:
            ordered = items
        return super().choice(ordered)


def sample_world(state: GameState, seat: int, rng: Rng) -> GameState:
    """A determinized copy of ``state`` for ``seat``, re-dealt from a seed drawn from ``rng``."""
    return state.determinize(seat, OrderBlindRng(rng.next64()))
