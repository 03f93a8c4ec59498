"""The event log loses nothing: another server on the same database, or one restarted after
SIGKILL, rebuilds every acknowledged move by replay."""

from __future__ import annotations

import random
import signal
from pathlib import Path

import httpx
import pytest

import boardlab
from boardlab.web import create_app

from .support import TestClient, create, free_port, move, play_first, start_server, stop, tokens
from .support import view as view_of


def test_a_second_server_on_the_same_file_sees_every_move(db_url: str) -> None:
    with TestClient(create_app(db_url, run_bots=False)) as first:
        created = create(first, "konoten", 2, seed=9)
        game_id, seat_tokens = created["id"], tokens(created)
        played = play_first(first, game_id, seat_tokens, 25)
        with TestClient(create_app(db_url, run_bots=False)) as second:
            state = boardlab.replay("konoten", 2, 9, played)
            for seat, token in seat_tokens.items():
                assert view_of(second, game_id, token) == state.view(seat)
            # Moves made through either server are seen by the other (caches checked by
            # version), and an undo made on one is seen by the other too.
            more = play_first(second, game_id, seat_tokens, 5)
            state = boardlab.replay("konoten", 2, 9, played + more)
            assert view_of(first, game_id) == state.view(None)
            seat = state.to_move
            assert seat is not None
            option = state.legal_actions()[0].id
            assert move(first, game_id, seat_tokens[seat], option).status_code == 200
            undone = first.post(f"/api/games/{game_id}/undo", json={"token": seat_tokens[seat]})
            assert view_of(second, game_id) == (
                state.view(None) if undone.status_code == 200
                else boardlab.replay("konoten", 2, 9, [*played, *more, option]).view(None))
            joined = second.post(f"/api/games/{game_id}/join", json={})
            assert joined.status_code == 409  # both seats were claimed through the first


def test_a_game_created_on_one_server_is_joined_on_another(db_url: str) -> None:
    with TestClient(create_app(db_url, run_bots=False)) as first, \
            TestClient(create_app(db_url, run_bots=False)) as second:
        created = create(first, "toy", 2, seed=5, seats=[{"kind": "human"}, {"kind": "open"}])
        game_id = created["id"]
        view_of(first, game_id, tokens(created)[0])  # cached on the first server
        joined = second.post(f"/api/games/{game_id}/join", json={}).json()
        assert joined["seat"] == 1
        assert view_of(first, game_id, joined["token"])["seat"] == 1


@pytest.mark.slow
def test_a_server_killed_mid_game_loses_no_acknowledged_move(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'games.db'}"
    port = free_port()
    server = start_server(db, port)
    base = f"http://127.0.0.1:{port}"
    acknowledged: list[str] = []
    try:
        with httpx.Client(base_url=base, timeout=10) as http:
            created = create(http, "scythe", 2, seed=12)
            game_id, seat_tokens = created["id"], tokens(created)
            chooser = random.Random(3)
            for _ in range(80):
                seen = view_of(http, game_id)
                token = seat_tokens[seen["to_move"]]
                pending = view_of(http, game_id, token)["decision"]
                option = chooser.choice(pending["options"])["id"]
                answer = move(http, game_id, token, option, pending["id"])
                assert answer.status_code == 200
                acknowledged.append(option)
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
        server = start_server(db, port)
        with httpx.Client(base_url=base, timeout=10) as http:
            state = boardlab.replay("scythe", 2, 12, acknowledged)
            for seat, token in seat_tokens.items():
                assert view_of(http, game_id, token) == state.view(seat)
            log = http.get(f"/api/games/{game_id}/log", params={"token": seat_tokens[0]})
            assert log.json() == state.log(0)
    finally:
        stop(server)
