"""Websockets get their own seat's view at once and after every change; bots play to the end."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

import boardlab
from boardlab.web import create_app
from boardlab.web.boards import board_svg

from .support import TestClient, create, move, play_first, tokens, view


def test_a_socket_gets_the_current_view_as_soon_as_it_connects(client: TestClient) -> None:
    created = create(client, "toy", 2, seed=5)
    game_id, seat_tokens = created["id"], tokens(created)
    move(client, game_id, seat_tokens[0], "take 2")
    state = boardlab.replay("toy", 2, 5, ["take 2"])
    with client.websocket_connect(f"/ws/games/{game_id}?token={seat_tokens[1]}") as socket:
        first = socket.receive_json()
    assert first["type"] == "view"
    assert first["view"] == state.view(1)
    assert first["board"] == board_svg(state.view(1))
    assert first["log"] == state.log(1)
    assert first["log_length"] == state.log_length()


def test_a_move_pushes_each_socket_its_own_seats_view(client: TestClient) -> None:
    created = create(client, "toy", 2, seed=5)
    game_id, seat_tokens = created["id"], tokens(created)
    base = f"/ws/games/{game_id}"
    with client.websocket_connect(f"{base}?token={seat_tokens[0]}") as zero, \
            client.websocket_connect(f"{base}?token={seat_tokens[1]}") as one, \
            client.websocket_connect(base) as spectator:
        sockets = {0: zero, 1: one, None: spectator}
        for socket in sockets.values():
            socket.receive_json()
        played: list[str] = []
        for action, seat in (("take 2", 0), ("confirm", 0), ("take 1", 1)):
            assert move(client, game_id, seat_tokens[seat], action).status_code == 200
            played.append(action)
            state = boardlab.replay("toy", 2, 5, played)
            for who, socket in sockets.items():
                pushed = socket.receive_json()
                assert pushed["type"] == "view" and pushed["view"] == state.view(who)
                assert pushed["board"] == board_svg(state.view(who))
                assert pushed["log"] == state.log(who, since=len(played) - 1)


def test_an_undo_pushes_the_shorter_log(client: TestClient) -> None:
    created = create(client, "toy", 2, seed=5)
    game_id, seat_tokens = created["id"], tokens(created)
    with client.websocket_connect(f"/ws/games/{game_id}") as socket:
        socket.receive_json()
        move(client, game_id, seat_tokens[0], "take 2")
        assert socket.receive_json()["log_length"] == 1
        assert client.post(f"/api/games/{game_id}/undo",
                           json={"token": seat_tokens[0]}).status_code == 200
        pushed = socket.receive_json()
        assert pushed["log_length"] == 0 and pushed["log"] == []
        assert pushed["view"] == boardlab.new("toy", 2, 5).view(None)


def test_a_socket_with_a_forged_token_or_game_is_refused(client: TestClient) -> None:
    created = create(client, "toy", 2, seed=5)
    with client.websocket_connect(f"/ws/games/{created['id']}?token=forged") as socket:
        refused = socket.receive_json()
    assert refused["type"] == "error" and refused["status"] == 403
    with client.websocket_connect("/ws/games/missing") as socket:
        assert socket.receive_json()["status"] == 404


def wait_over(client: TestClient, game_id: str, seconds: float = 60) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        seen = view(client, game_id)
        if seen["over"]:
            return seen
        time.sleep(0.05)
    raise AssertionError(f"game {game_id} is not over after {seconds} s")


def test_bots_alone_play_a_game_to_the_end(bot_client: TestClient) -> None:
    seats = [{"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": "greedy"}]
    created = create(bot_client, "konoten", 2, seed=3, seats=seats)
    final = wait_over(bot_client, created["id"])
    listed = bot_client.get("/api/games").json()[0]
    assert listed["status"] == "over"
    saved = boardlab.load(bot_client.get(f"/api/games/{created['id']}/save").text)
    assert saved.view(None) == final


def test_a_person_plays_with_two_bots_to_the_end(bot_client: TestClient) -> None:
    seats = [{"kind": "bot", "agent": "random"}, {"kind": "human"},
             {"kind": "bot", "agent": "random"}]
    created = create(bot_client, "konoten", 3, seed=8, seats=seats)
    game_id, token = created["id"], tokens(created)[1]
    deadline = time.monotonic() + 120
    moves = 0
    while not view(bot_client, game_id)["over"]:
        assert time.monotonic() < deadline
        mine = view(bot_client, game_id, token)["decision"]
        if mine is None:
            time.sleep(0.01)
            continue
        answer = move(bot_client, game_id, token, mine["options"][-1]["id"], mine["id"])
        assert answer.status_code in (200, 409), answer.text
        moves += answer.status_code == 200
    assert moves > 0
    log = bot_client.get(f"/api/games/{game_id}/log").json()
    assert {entry["seat"] for entry in log} >= {0, 1, 2}


def test_a_restarted_server_resumes_the_bots_of_unfinished_games(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    seats = [{"kind": "bot", "agent": "random"}] * 2
    with TestClient(create_app(url, run_bots=False)) as idle:
        game_id = create(idle, "konoten", 2, seed=4, seats=seats)["id"]
        time.sleep(0.2)
        assert view(idle, game_id)["body"] == boardlab.new("konoten", 2, 4).view(None)["body"]
    with TestClient(create_app(url)) as busy:
        assert wait_over(busy, game_id)["over"]


@pytest.mark.parametrize("agent", ["random", "mcts:iterations=20"])
def test_the_server_answers_while_a_bot_thinks(bot_client: TestClient, agent: str) -> None:
    seats = [{"kind": "bot", "agent": agent}, {"kind": "bot", "agent": agent}]
    created = create(bot_client, "konoten", 2, seed=6, seats=seats)
    started = time.monotonic()
    for _ in range(20):
        assert bot_client.get("/api/games").status_code == 200
    assert time.monotonic() - started < 5
    assert view(bot_client, created["id"])["game"] == "konoten"


def test_a_restart_wakes_only_the_games_where_a_bot_is_to_move(db_url: str) -> None:
    app = create_app(db_url, run_bots=False)
    with TestClient(app) as idle:
        human_first = create(idle, "konoten", 2, seed=4,
                             seats=[{"kind": "human"}, {"kind": "human"}])["id"]
        bots = create(idle, "konoten", 2, seed=4,
                      seats=[{"kind": "bot", "agent": "random"}] * 2)["id"]
        over = create(idle, "toy", 2, seed=3, seats=[{"kind": "human"}] * 2)
        play_first(idle, over["id"], tokens(over), 500)
        woken = asyncio.run(app.state.service.bot_turns())
    assert woken == [bots] and human_first not in woken
