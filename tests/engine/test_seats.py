"""Seats: ``0`` to ``players - 1``, or ``None`` for a spectator; anything else is a ValueError
wherever a seat is named (view, log, render, determinize)."""

from __future__ import annotations

import random

import pytest

from boardlab import GameState

NOT_SEATS = [2, 3, -1, True, False, "0", 1.0, [0]]


@pytest.mark.parametrize("seat", NOT_SEATS, ids=repr)
def test_a_seat_not_in_the_game_is_refused_everywhere(toy: GameState, seat: object) -> None:
    before = toy.to_json()
    message = r"seat .* is not in this 2-player toy game \(seats 0 to 1, or None for a spectator\)"
    for read in (
        lambda: toy.view(seat),  # type: ignore[arg-type]
        lambda: toy.log(seat),  # type: ignore[arg-type]
        lambda: toy.log(seat, 0),  # type: ignore[arg-type]
        lambda: toy.render(seat),  # type: ignore[arg-type]
        lambda: toy.determinize(seat, random.Random(1)),  # type: ignore[arg-type]
    ):
        with pytest.raises(ValueError, match=message):
            read()
    assert toy.to_json() == before


def test_none_is_the_spectator(duel: GameState) -> None:
    view = duel.view(None)
    assert view["seat"] is None and view["decision"] is None and view["to_move"] == 0
    assert view["body"]["hand"] == [] and view["body"]["my_pick"] is None
    assert duel.render(None) == duel.render()
    assert duel.log(None) == duel.log(None, 0)
    assert duel.determinize(None, random.Random(1)).view(None) == view


def test_only_the_seat_to_move_sees_the_decision(duel: GameState) -> None:
    decision = duel.decision
    assert decision is not None and decision.player == 0
    shown = duel.view(0)["decision"]
    assert shown == {
        "id": 0,
        "kind": "pick",
        "prompt": decision.prompt,
        "options": [{"id": a.id, "label": a.label} for a in decision.options],
    }
    assert duel.view(1)["decision"] is None
