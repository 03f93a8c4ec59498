"""No response, page or websocket message carries another seat's hidden information.

For games that hide things (Konoten's hands and draws, Scythe's combat dials and cards),
every token's HTTP view, log, board and websocket messages are compared with ``view(seat)``
and ``log(seat)`` of an engine state replayed on the side; a spectator's must not change
when everything hidden from a spectator is re-dealt.
"""

from __future__ import annotations

import random
from contextlib import ExitStack
from typing import Any

import pytest

import boardlab
from boardlab.engine import GameState, Rng
from boardlab.web.boards import board_svg

from .support import TestClient, create, move, tokens


def received(client: TestClient, game_id: str, token: str | None) -> dict[str, Any]:
    params = {} if token is None else {"token": token}
    base = f"/api/games/{game_id}"
    return {
        "view": client.get(f"{base}/view", params=params).json(),
        "log": client.get(f"{base}/log", params=params).json(),
        "board": client.get(f"{base}/board", params=params).text,
    }


def expected(state: GameState, seat: int | None) -> dict[str, Any]:
    seen = state.view(seat)
    return {"view": seen, "log": state.log(seat), "board": board_svg(seen)}


@pytest.mark.parametrize(("game", "players", "moves"), [
    ("konoten", 3, 50),
    ("scythe", 2, 40),
    pytest.param("konoten", 2, 1000, marks=pytest.mark.slow, id="konoten-whole-game"),
    pytest.param("scythe", 2, 200, marks=pytest.mark.slow, id="scythe-long"),
])
def test_each_token_receives_exactly_its_seats_view_and_log(
        client: TestClient, game: str, players: int, moves: int) -> None:
    seed = 21
    created = create(client, game, players, seed=seed)
    game_id, seat_tokens = created["id"], tokens(created)
    state = boardlab.new(game, players, seed)
    chooser = random.Random(5)
    whose: dict[int | None, str | None] = {None: None, **seat_tokens}
    with ExitStack() as stack:
        sockets = {
            seat: stack.enter_context(client.websocket_connect(
                f"/ws/games/{game_id}" + ("" if token is None else f"?token={token}")))
            for seat, token in whose.items()
        }
        shown = {seat: 0 for seat in sockets}
        for _step in range(moves + 1):
            for seat, token in whose.items():
                assert received(client, game_id, token) == expected(state, seat)
                pushed = sockets[seat].receive_json()
                assert pushed["view"] == state.view(seat)
                assert pushed["board"] == board_svg(state.view(seat))
                assert pushed["log"] == state.log(seat, since=shown[seat])
                shown[seat] = pushed["log_length"]
            spectator = state.view(None)
            for draw in range(2):
                resampled = state.determinize(None, Rng(draw * 7919 + _step))
                assert resampled.view(None) == spectator
                assert resampled.log(None) == state.log(None)
            if state.is_over:
                break
            seat = state.to_move
            assert seat is not None
            option = chooser.choice(state.legal_actions()).id
            answer = move(client, game_id, seat_tokens[seat], option, state.decision.id)
            assert answer.status_code == 200, answer.text
            state.apply(option)
            assert answer.json() == state.view(seat)


def test_a_spectator_never_sees_a_secret_action(client: TestClient) -> None:
    created = create(client, "duel", 2, seed=4)
    game_id, seat_tokens = created["id"], tokens(created)
    state = boardlab.new("duel", 2, 4)
    card = state.legal_actions()[0].id
    move(client, game_id, seat_tokens[0], card)
    state.apply(card)
    spectator_log = client.get(f"/api/games/{game_id}/log").json()
    other_log = client.get(f"/api/games/{game_id}/log", params={"token": seat_tokens[1]}).json()
    own_log = client.get(f"/api/games/{game_id}/log", params={"token": seat_tokens[0]}).json()
    assert spectator_log[-1]["id"] is None and other_log[-1]["id"] is None
    assert own_log[-1]["id"] == card
    for text in (str(spectator_log), str(other_log),
                 client.get(f"/api/games/{game_id}/view").text,
                 client.get(f"/api/games/{game_id}/board").text,
                 client.get(f"/api/games/{game_id}/replay").text):
        assert card not in text
    assert client.get(f"/api/games/{game_id}/save").status_code == 409
