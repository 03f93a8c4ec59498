"""A seat that is not in the game is a ``ValueError`` everywhere a seat is named; ``None`` is
the spectator, who sees no decision."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from boardlab import GameState

from .cases import GameCase
from .playing import SEEDS, describe, recorded

READERS: dict[str, Callable[[GameState, Any], object]] = {
    "view": lambda state, seat: state.view(seat),
    "log": lambda state, seat: state.log(seat),
    "log since": lambda state, seat: state.log(seat, 1),
    "render": lambda state, seat: state.render(seat),
    "determinize": lambda state, seat: state.determinize(seat, random.Random(1)),
}


def not_seats(players: int) -> list[object]:
    return [players, players + 1, -1, True, False, "0", 0.0, [0]]


@pytest.mark.parametrize("reader", sorted(READERS))
def test_a_seat_not_in_the_game_is_refused(game_case: GameCase, reader: str) -> None:
    game = recorded(game_case.game, game_case.players, SEEDS[0])
    read = READERS[reader]
    for checkpoint in (game.checkpoints[0], game.checkpoints[len(game.checkpoints) // 2]):
        state = checkpoint.state
        for seat in not_seats(game_case.players):
            with pytest.raises(ValueError, match="is not in this"):
                read(state, seat)
            assert state.to_json() == checkpoint.saved, describe(state)


def test_none_is_the_spectator(game_case: GameCase) -> None:
    for checkpoint in recorded(game_case.game, game_case.players, SEEDS[0]).checkpoints:
        state = checkpoint.state
        view = state.view(None)
        assert view["seat"] is None and view["decision"] is None, describe(state)
        assert state.render(None) == state.render(), describe(state)
        assert isinstance(state.log(None), list), describe(state)
        assert state.determinize(None, random.Random(2)).view(None) == view, describe(state)
