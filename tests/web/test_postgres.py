"""The same server on PostgreSQL, and two server processes sharing one database: a move made
through one reaches the websockets of the other (LISTEN/NOTIFY).

Skipped unless ``BOARDLAB_TEST_POSTGRES`` holds the SQLAlchemy URL of a test database
(e.g. ``postgresql+psycopg://boardlab@127.0.0.1:5432/boardlab_test``).
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from contextlib import ExitStack
from typing import Any

import httpx
import psycopg
import pytest
from websockets.sync.client import connect

import boardlab
from boardlab.web import create_app
from boardlab.web.db import libpq_url, migrate
from boardlab.web.store import CHANNEL, WATCH_LOCKS, read_payload

from .support import (
    PG_ENV,
    TestClient,
    create,
    free_port,
    move,
    play_first,
    start_server,
    stop,
    tokens,
    view,
)

pytestmark = pytest.mark.skipif(not os.environ.get(PG_ENV), reason=f"{PG_ENV} is not set")


@pytest.fixture
def pg_url() -> str:
    """The test database, migrated (tests only look at the games they create, so several
    test processes may share it)."""
    url = os.environ[PG_ENV]
    migrate(url)
    return url


def test_a_game_is_played_stored_and_undone_on_postgres(pg_url: str) -> None:
    with TestClient(create_app(pg_url, run_bots=False)) as client:
        created = create(client, "toy", 2, seed=5)
        game_id, seat_tokens = created["id"], tokens(created)
        assert move(client, game_id, seat_tokens[0], "take 2").status_code == 200
        assert client.post(f"/api/games/{game_id}/undo",
                           json={"token": seat_tokens[0]}).status_code == 200
        played = play_first(client, game_id, seat_tokens, 12)
    with TestClient(create_app(pg_url, run_bots=False)) as again:
        assert view(again, game_id, seat_tokens[1]) == boardlab.replay(
            "toy", 2, 5, played).view(1)
        assert game_id in [game["id"] for game in again.get("/api/games").json()]


def test_bots_play_to_the_end_on_postgres(pg_url: str) -> None:
    seats = [{"kind": "bot", "agent": "random"}] * 2
    with TestClient(create_app(pg_url)) as client:
        game_id = create(client, "konoten", 2, seed=2, seats=seats)["id"]
        for _ in range(600):
            if view(client, game_id)["over"]:
                break
            time.sleep(0.05)
        assert view(client, game_id)["over"]


async def _race(url: str) -> list[int]:
    apps = [create_app(url, run_bots=False) for _ in range(2)]
    clients = [httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://localhost")
               for app in apps]
    try:
        created = (await clients[0].post("/api/games", json={
            "game": "toy", "players": 2, "seed": 5, "seats": [{"kind": "human"}] * 2})).json()
        game_id, token = created["id"], created["seats"][0]["token"]
        for c in clients:
            await c.get(f"/api/games/{game_id}/view", params={"token": token})
        answers = await asyncio.gather(*(
            c.post(f"/api/games/{game_id}/actions",
                   json={"token": token, "decision": 0, "action": action})
            for c, action in zip(clients, ("take 1", "take 2"), strict=True)))
        log = (await clients[1].get(f"/api/games/{game_id}/log")).json()
        assert len(log) == 1
        return sorted(a.status_code for a in answers)
    finally:
        for c in clients:
            await c.aclose()


def test_two_servers_racing_on_postgres_write_one_move(pg_url: str) -> None:
    assert asyncio.run(_race(pg_url)) == [200, 409]


def test_a_move_through_one_process_reaches_a_socket_on_another(pg_url: str) -> None:
    ports = [free_port(), free_port()]
    servers = [start_server(pg_url, port) for port in ports]
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{ports[0]}", timeout=10) as first:
            created = create(first, "konoten", 2, seed=13)
            game_id, seat_tokens = created["id"], tokens(created)
            url = f"ws://127.0.0.1:{ports[1]}/ws/games/{game_id}?token={seat_tokens[1]}"
            with connect(url) as socket:
                state = boardlab.new("konoten", 2, 13)
                assert json.loads(socket.recv(timeout=10))["view"] == state.view(1)
                for _ in range(6):
                    seat = state.to_move
                    assert seat is not None
                    option = state.legal_actions()[0].id
                    answer = move(first, game_id, seat_tokens[seat], option, state.decision.id)
                    assert answer.status_code == 200
                    state.apply(option)
                    pushed = json.loads(socket.recv(timeout=10))
                    assert pushed["view"] == state.view(1)
                    assert pushed["log"][-1] == state.log(1)[-1]
    finally:
        for server in servers:
            stop(server)


def test_serve_with_two_workers_pushes_every_move_to_every_socket(pg_url: str) -> None:
    port = free_port()
    server = start_server(pg_url, port, "--workers", "2")
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10) as http:
            created = create(http, "konoten", 2, seed=5)
            game_id, seat_tokens = created["id"], tokens(created)
            urls = [f"ws://127.0.0.1:{port}/ws/games/{game_id}"] * 3 + [
                f"ws://127.0.0.1:{port}/ws/games/{game_id}?token={seat_tokens[1]}"] * 3
            with ExitStack() as stack:
                sockets = [stack.enter_context(connect(url)) for url in urls]
                for socket in sockets:
                    json.loads(socket.recv(timeout=10))
                state = boardlab.new("konoten", 2, 5)
                for _ in range(4):
                    seat = state.to_move
                    assert seat is not None
                    option = state.legal_actions()[0].id
                    answer = move(http, game_id, seat_tokens[seat], option, state.decision.id)
                    assert answer.status_code == 200
                    state.apply(option)
                    for socket, url in zip(sockets, urls, strict=True):
                        pushed = json.loads(socket.recv(timeout=10))
                        assert pushed["view"] == state.view(1 if "token" in url else None)
    finally:
        stop(server)


def test_a_process_that_heard_of_a_move_elsewhere_catches_up_before_writing(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 30.9 (PostgreSQL that scales): a change's NOTIFY names the version it wrote, so a
    process watching the game whose cached copy is behind applies the missing action and
    writes its move at the first attempt, instead of a write refused by the version check
    and a second one."""
    with TestClient(create_app(pg_url, run_bots=False)) as one, \
            TestClient(create_app(pg_url, run_bots=False)) as other:
        created = create(one, "toy", 2, seed=5)
        game_id, seat_tokens = created["id"], tokens(created)
        view(other, game_id, seat_tokens[1])  # cached there at version 0
        other.portal.call(other.app.state.hub.watching.watch, game_id)  # type: ignore[attr-defined,union-attr]
        assert move(one, game_id, seat_tokens[0], "take 2").status_code == 200
        cached = other.app.state.service.cache[game_id]  # type: ignore[attr-defined]
        deadline = time.monotonic() + 10
        while cached.heard < 1 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert cached.heard == 1 and cached.version == 0
        store = other.app.state.service.store  # type: ignore[attr-defined]
        attempts: list[int] = []
        real_append = store.append

        async def counted(*args: object, **kwargs: object) -> bool:
            attempts.append(1)
            return bool(await real_append(*args, **kwargs))

        monkeypatch.setattr(store, "append", counted)
        token = seat_tokens[view(one, game_id)["to_move"]]
        decision = view(one, game_id, token)["decision"]
        answer = move(other, game_id, token, decision["options"][0]["id"], decision["id"])
        assert answer.status_code == 200, answer.text
        assert len(attempts) == 1
        assert len(one.get(f"/api/games/{game_id}/log").json()) == 2



def test_a_move_nobody_watches_notifies_no_process(pg_url: str) -> None:
    """Issue 30.9 (PostgreSQL that scales): a move on a game no process has a websocket of
    sends no NOTIFY (no process does any work for it); once a socket on any process watches
    the game, every move does, and reaches that socket."""
    with psycopg.connect(libpq_url(pg_url), autocommit=True) as listener, \
            TestClient(create_app(pg_url, run_bots=False)) as one, \
            TestClient(create_app(pg_url, run_bots=False)) as other:
        listener.execute(f"LISTEN {CHANNEL}")
        created = create(one, "toy", 2, seed=5)
        game_id, seat_tokens = created["id"], tokens(created)
        assert move(one, game_id, seat_tokens[0], "take 1").status_code == 200
        assert _moves_heard(listener, game_id, 0.5) == []
        with other.websocket_connect(f"/ws/games/{game_id}") as socket:
            assert socket.receive_json()["version"] == 1
            deadline = time.monotonic() + 10
            while not _watched(listener, game_id) and time.monotonic() < deadline:
                time.sleep(0.02)
            token = seat_tokens[view(one, game_id)["to_move"]]
            decision = view(one, game_id, token)["decision"]
            assert move(one, game_id, token, decision["options"][0]["id"],
                        decision["id"]).status_code == 200
            assert _moves_heard(listener, game_id, 10, stop_after=1) == [f"{game_id} 2"]
            assert socket.receive_json()["version"] == 2
        deadline = time.monotonic() + 10
        while _watched(listener, game_id) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert not _watched(listener, game_id)  # the last socket gone, the watch ends


def _watched(connection: psycopg.Connection[Any], game_id: str) -> bool:
    """Whether a process holds the watch lock of ``game_id``."""
    row = connection.execute(
        "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND classid = %s "
        "AND objid = hashtext(%s)::oid AND objsubid = 2 AND granted",
        (WATCH_LOCKS, game_id)).fetchone()
    return row is not None and row[0] > 0


def _moves_heard(listener: psycopg.Connection[Any], game_id: str, seconds: float,
                 stop_after: int | None = None) -> list[str]:
    """The NOTIFY payloads of moves on ``game_id`` (those naming a version) that
    ``listener`` receives within ``seconds`` (at most ``stop_after`` of them)."""
    found: list[str] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and (stop_after is None or len(found) < stop_after):
        for note in listener.notifies(timeout=max(0.0, deadline - time.monotonic()),
                                      stop_after=1):
            named, version = read_payload(note.payload)
            if named == game_id and version is not None:
                found.append(note.payload)
    return found


def test_a_process_hearing_its_own_move_reads_nothing_again(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 30.9 (PostgreSQL that scales): the NOTIFY of a move comes back to the process
    that made it too; once its sockets have that version, hearing it reads nothing (and a
    NOTIFY of a version they lack is read)."""
    with psycopg.connect(libpq_url(pg_url), autocommit=True) as database, \
            TestClient(create_app(pg_url, run_bots=False)) as one:
        created = create(one, "toy", 2, seed=5)
        game_id, seat_tokens = created["id"], tokens(created)
        with one.websocket_connect(f"/ws/games/{game_id}?token={seat_tokens[0]}") as socket:
            assert socket.receive_json()["version"] == 0
            deadline = time.monotonic() + 10
            while not _watched(database, game_id) and time.monotonic() < deadline:
                time.sleep(0.02)
            store = one.app.state.service.store  # type: ignore[attr-defined]
            reads: list[str] = []
            real_news = store.news

            async def counted(game: str, *args: object) -> object:
                reads.append(game)
                return await real_news(game, *args)

            monkeypatch.setattr(store, "news", counted)
            # the watch's own refresh and the seat's claim (heard late on a busy machine)
            # are read and pushed before the move: wait until the hub has been quiet a while
            hub = one.app.state.hub  # type: ignore[attr-defined]
            seen, quiet_since = -1, time.monotonic()
            while time.monotonic() < deadline:
                if len(reads) != seen or hub._tasks:
                    seen, quiet_since = len(reads), time.monotonic()
                elif time.monotonic() - quiet_since > 0.5:
                    break
                time.sleep(0.02)
            decision = view(one, game_id, seat_tokens[0])["decision"]["id"]
            reads.clear()
            assert move(one, game_id, seat_tokens[0], "take 2", decision).status_code == 200
            assert socket.receive_json()["version"] == 1
            cached = one.app.state.service.cache[game_id]  # type: ignore[attr-defined]
            while cached.heard < 1 and time.monotonic() < deadline:
                time.sleep(0.02)
            assert cached.heard == 1
            # The real NOTIFY may come back before the move's own push was offered (then the
            # game is read once more); once the socket has version 1, hearing it reads nothing.
            time.sleep(0.3)
            reads.clear()
            one.portal.call(hub.notified, game_id, 1)  # type: ignore[union-attr]
            time.sleep(0.3)  # a refresh would be under way by now
            assert reads == []
            one.portal.call(hub.notified, game_id, 2)  # type: ignore[union-attr]
            deadline = time.monotonic() + 10
            while not reads and time.monotonic() < deadline:
                time.sleep(0.02)
            assert reads == [game_id]  # a version the socket lacks is read
