"""Issue 31 item 2: a seat's moves are judged on what it knew, never on what others hold."""

from __future__ import annotations

import pytest

from boardlab.analysis import hints, judge, win_chance
from boardlab.engine import GameState, Rng

from .positions import played_until, toy_confirm


def test_the_other_seats_hidden_bonus_does_not_change_the_judgement() -> None:
    """In the toy, seat 1's bonus is hidden from seat 0: 2 or 4 must not matter."""
    low = toy_confirm(taken=(4, 6), bonus=(5, 2))
    high = toy_confirm(taken=(4, 6), bonus=(5, 4))
    assert low.view(0) == high.view(0)
    assert judge(low) == judge(high)
    assert hints(low, 0) == hints(high, 0)
    assert win_chance(low, 0) == win_chance(high, 0)


def _twin(state: GameState, seat: int) -> GameState:
    """``state`` with everything hidden from ``seat`` dealt again (other hands, deck order)."""
    twin = state.determinize(seat, Rng(99))
    assert twin.view(seat) == state.view(seat)
    return twin


@pytest.mark.parametrize(("game", "steps"), [("scythe", 40), ("konoten", 30), ("linnaeus", 20)])
def test_a_position_is_judged_alike_whatever_the_seat_cannot_see(game: str, steps: int) -> None:
    """Scythe: the other seat's combat cards and objectives; every game: the decks' order."""
    state = played_until(game, seed=4, steps=steps)
    seat = state.to_move
    assert seat is not None
    twin = _twin(state, seat)
    assert twin != state  # something hidden really was dealt again
    assert judge(twin) == judge(state)
