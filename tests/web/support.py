"""Helpers of the web tests: create and play games through the API, run a real server."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import warnings
from typing import Any
from urllib.parse import urljoin

import httpx

with warnings.catch_warnings():  # starlette's TestClient warns about httpx on import
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient as StarletteClient


class TestClient(StarletteClient):
    """Starlette's test client, addressing the server as ``http://localhost`` (a host the
    server answers for by default)."""

    def __init__(self, app: Any, base_url: str = "http://localhost", **options: Any) -> None:
        super().__init__(app, base_url=base_url, **options)

    def websocket_connect(self, url: str, *args: Any, **options: Any) -> Any:
        """Starlette's, on ``ws://localhost`` rather than its fixed ``ws://testserver``."""
        return super().websocket_connect(urljoin("ws://localhost", url), *args, **options)

PG_ENV = "BOARDLAB_TEST_POSTGRES"
AS_JSON = {"content-type": "application/json"}  # a raw body sent as JSON


def humans(count: int) -> list[dict[str, str]]:
    return [{"kind": "human"} for _ in range(count)]


def create(client: TestClient | httpx.Client, game: str = "toy", players: int = 2,
           seed: int = 5, seats: list[dict[str, str]] | None = None, **options: Any
           ) -> dict[str, Any]:
    """Create a game (every seat a person by default) and return the 201 answer."""
    body: dict[str, Any] = {"game": game, "players": players, "seed": seed,
                            "seats": seats if seats is not None else humans(players)}
    if options:
        body["options"] = options
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def tokens(created: dict[str, Any]) -> dict[int, str]:
    return {s["seat"]: s["token"] for s in created["seats"] if "token" in s}


def view(client: TestClient | httpx.Client, game_id: str, token: str | None = None
         ) -> dict[str, Any]:
    params = {"token": token} if token is not None else {}
    answer = client.get(f"/api/games/{game_id}/view", params=params)
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def move(client: TestClient | httpx.Client, game_id: str, token: str, action: str,
         decision: int | None = None) -> httpx.Response:
    """Post ``action`` for the seat of ``token`` on its pending decision (or ``decision``)."""
    if decision is None:
        pending = view(client, game_id, token)["decision"]
        assert pending is not None, "not this seat's turn"
        decision = pending["id"]
    return client.post(f"/api/games/{game_id}/actions",
                       json={"token": token, "decision": decision, "action": action})


def play_first(client: TestClient | httpx.Client, game_id: str, seat_tokens: dict[int, str],
               moves: int) -> list[str]:
    """Play the first option ``moves`` times, whoever is to move; the actions played."""
    played = []
    for _ in range(moves):
        seen = view(client, game_id)
        if seen["over"]:
            break
        token = seat_tokens[seen["to_move"]]
        pending = view(client, game_id, token)["decision"]
        action = pending["options"][0]["id"]
        answer = move(client, game_id, token, action, pending["id"])
        assert answer.status_code == 200, answer.text
        played.append(action)
    return played


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(db: str, port: int, *extra: str) -> subprocess.Popen[bytes]:
    """``boardlab serve`` in a subprocess, once ``GET /api/games`` answers."""
    command = [sys.executable, "-c", "from boardlab.cli import main; main()", "serve",
               "--port", str(port), "--db", db, *extra]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env={**os.environ, "PYTHONUNBUFFERED": "1"})
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            _out, err = process.communicate()
            raise AssertionError(f"boardlab serve ended early: {err.decode()[-2000:]}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    process.kill()
    raise AssertionError("boardlab serve did not answer within 30 s")


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
