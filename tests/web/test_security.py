"""Issue 30 items 3 and 8: browser security headers on every answer, allowed hosts, JSON
bodies only as ``application/json``, bounded bodies (413 before reading, 408 when late) and
the header timeout of a real server (slowloris)."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import re
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from boardlab.web import create_app
from boardlab.web.edge import Edge
from boardlab.web.limits import MAX_BODY, BodyLimit
from boardlab.web.protocols import HEADER_SECONDS
from boardlab.web.security import allowed_hosts, host_name

from .support import TestClient, create, free_port, start_server, stop, tokens

SECURITY = {"x-content-type-options": "nosniff", "x-frame-options": "DENY",
            "referrer-policy": "no-referrer"}


def test_every_page_and_answer_has_the_security_headers(client: TestClient) -> None:
    created = create(client, "toy", 2)
    game_id, token = created["id"], tokens(created)[0]
    for path in ("/", f"/play/{game_id}?token={token}", f"/watch/{game_id}",
                 f"/replay/{game_id}", "/guide/konoten", "/nowhere", "/api/games",
                 f"/api/games/{game_id}/view?token={token}", "/static/play.js"):
        answer = client.get(path)
        for name, value in SECURITY.items():
            assert answer.headers[name] == value, (path, name)
        policy = answer.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy and "script-src 'self';" in policy
        assert "unsafe-inline" not in policy
        if not path.startswith("/static/"):
            assert answer.headers["cache-control"] == "no-store", path
    created_answer = client.post("/api/games", json={
        "game": "toy", "players": 2, "seats": [{"kind": "human"}, {"kind": "open"}]})
    assert created_answer.headers["cache-control"] == "no-store"  # it holds a seat's token


def test_pages_carry_no_inline_script_or_style() -> None:
    """A CSP without 'unsafe-inline' would block them: every script and style is a file."""
    static = Path(create_app.__code__.co_filename).with_name("static")
    for page in static.glob("*.html"):
        text = page.read_text()
        assert "<script>" not in text and "<style" not in text and " style=" not in text
        for handler in ("onclick=", "onload=", "onsubmit=", "onchange=", "javascript:"):
            assert handler not in text, (page.name, handler)


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "127.0.0.2",
                                  "localhost.evil.example"])
def test_a_host_the_server_does_not_answer_for_is_refused(client: TestClient,
                                                          host: str) -> None:
    """DNS rebinding: a page whose name resolves to 127.0.0.1 cannot read the API."""
    answer = client.get("/api/games", headers={"host": host})
    assert answer.status_code == 400 and "host" in answer.json()["error"]
    with pytest.raises(WebSocketDisconnect), client.websocket_connect(
            f"ws://{host}/ws/games/x"):
        pass


def test_allowed_hosts_are_localhost_widened_by_the_listening_host() -> None:
    assert set(allowed_hosts("127.0.0.1")) == {"localhost", "127.0.0.1", "[::1]"}
    assert "games.example" in allowed_hosts("games.example")
    assert "[::2]" in allowed_hosts("::2")
    assert allowed_hosts("0.0.0.0") == ("*",)
    assert "play.example" in allowed_hosts("0.0.0.0", ["play.example"])
    assert "*" not in allowed_hosts("0.0.0.0", ["play.example"])
    assert [host_name(h) for h in ("LocalHost:80", "[::1]:8000", "127.0.0.1")] == [
        "localhost", "[::1]", "127.0.0.1"]


def test_an_allowed_host_setting_lets_that_name_in(db_url: str) -> None:
    edge = Edge(allowed_hosts=("localhost", "games.example"))
    with TestClient(create_app(db_url, run_bots=False, edge=edge)) as client:
        assert client.get("/api/games", headers={"host": "games.example"}).status_code == 200
        assert client.get("/api/games", headers={"host": "other.example"}).status_code == 400


@pytest.mark.parametrize("path", ["/api/games", "/api/replays", "/api/games/x/actions",
                                  "/api/games/x/undo", "/api/games/x/join"])
@pytest.mark.parametrize("kind", ["text/plain", "application/x-www-form-urlencoded",
                                  "multipart/form-data; boundary=x", None])
def test_a_body_not_sent_as_json_is_refused_with_415(client: TestClient, path: str,
                                                     kind: str | None) -> None:
    """A web page elsewhere may send a text/plain POST without asking; never a JSON one."""
    headers = {} if kind is None else {"content-type": kind}
    answer = client.post(path, content=b'{"game": "toy"}', headers=headers)
    assert answer.status_code == 415 and answer.json()["error"]
    assert client.get("/api/games").json() == []


def test_json_with_a_charset_is_accepted(client: TestClient) -> None:
    answer = client.post("/api/games", content=b'{"game": "toy", "players": 2, "seats": '
                         b'[{"kind": "human"}, {"kind": "human"}]}',
                         headers={"content-type": "application/json; charset=utf-8"})
    assert answer.status_code == 201


def test_a_body_announced_over_the_limit_is_refused_before_it_is_read(
        client: TestClient) -> None:
    padded = b'{"game": "toy", "players": 2, "pad": "' + b"x" * MAX_BODY + b'"}'
    answer = client.post("/api/games", content=padded,
                         headers={"content-type": "application/json"})
    assert answer.status_code == 413 and answer.json()["error"]
    assert answer.headers["connection"] == "close"


def test_a_streamed_body_is_counted_and_refused_past_the_limit(client: TestClient) -> None:
    sent = []

    def chunks() -> Iterator[bytes]:
        for _ in range(64):
            sent.append(1)
            yield b" " * 65536
    answer = client.post("/api/games", content=chunks(),
                         headers={"content-type": "application/json"})
    assert answer.status_code == 413
    assert client.get("/api/games").json() == []


def test_a_body_that_does_not_arrive_in_time_is_refused_with_408() -> None:
    """A Content-Length of 100 kB with a few bytes sent does not hold the request."""
    async def reading_app(scope: Any, receive: Any, send: Any) -> None:
        while (await receive()).get("more_body"):
            pass

    async def run() -> list[dict[str, Any]]:
        sent: list[dict[str, Any]] = []
        arrived = [{"type": "http.request", "body": b"{", "more_body": True}]

        async def receive() -> dict[str, Any]:
            if arrived:
                return arrived.pop()
            await asyncio.sleep(3600)
            raise AssertionError("never")

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)
        scope = {"type": "http", "headers": [(b"content-length", b"100000")]}
        await asyncio.wait_for(BodyLimit(reading_app, body_seconds=0.2)(scope, receive, send),
                               timeout=5)
        return sent
    started = time.monotonic()
    sent = asyncio.run(run())
    assert time.monotonic() - started < 2
    assert sent[0]["status"] == 408


@pytest.mark.slow
def test_a_connection_that_trickles_its_headers_is_closed(tmp_path: Path) -> None:
    """Slowloris: a header byte every second keeps no connection past the header timeout."""
    port = free_port()
    server = start_server(f"sqlite:///{tmp_path / 'games.db'}", port)
    try:
        with socket.create_connection(("127.0.0.1", port)) as slow:
            slow.settimeout(1.0)
            started = time.monotonic()
            slow.sendall(b"GET /api/games HTTP/1.1\r\nHost: localhost\r\n")
            closed = False
            while time.monotonic() - started < HEADER_SECONDS + 10:
                try:
                    slow.sendall(b"X-a: b\r\n")
                    if slow.recv(4096) == b"":
                        closed = True
                        break
                except TimeoutError:
                    continue
                except OSError:
                    closed = True
                    break
            assert closed and time.monotonic() - started < HEADER_SECONDS + 5
    finally:
        stop(server)


def test_the_style_inside_every_board_is_allowed_by_its_hash(client: TestClient) -> None:
    """The boards' SVG has one fixed ``<style>``: the policy allows exactly it."""
    game_id = create(client, "konoten", 2)["id"]
    board = client.get(f"/api/games/{game_id}/board").text
    policy = client.get("/").headers["content-security-policy"]
    styles = re.findall(r"<style>(.*?)</style>", board, flags=re.S)
    assert styles
    for style in styles:
        digest = base64.b64encode(hashlib.sha256(style.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in policy
