"""Issue 30 item 2: every bad request is a 4xx with ``{"error": "..."}`` and changes nothing,
on SQLite and (when ``BOARDLAB_TEST_POSTGRES`` is set) PostgreSQL. Ids and tokens are
checked against their alphabet before any query (a NUL reaches no database)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from e2e.server import postgres_schema

import boardlab
from boardlab.web import create_app
from boardlab.web.db import migrate

from .support import PG_ENV, TestClient, create, tokens, view

BACKENDS = ["sqlite", pytest.param("postgres", marks=pytest.mark.skipif(
    not os.environ.get(PG_ENV), reason=f"{PG_ENV} is not set"))]
NESTED = b'{"token": ' + b"[" * 5000 + b"]" * 5000 + b"}"
NUL_ID = "ab%00cd"


@pytest.fixture(params=BACKENDS)
def any_client(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    """A client of a server on SQLite, then on PostgreSQL when a test database is given (in a
    schema of its own: the tests compare the whole listing, and other tests share the
    database)."""
    if request.param == "sqlite":
        with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}",
                                   run_bots=False)) as client:
            yield client
        return
    with postgres_schema(os.environ[PG_ENV]) as url:
        migrate(url)
        with TestClient(create_app(url, run_bots=False)) as client:
            yield client


def _save_with_seed(seed: int) -> bytes:
    state = boardlab.new("toy", 2, 4)
    data = json.loads(state.to_json())
    data["seed"] = seed
    return json.dumps(data).encode()


def _creation(**changed: Any) -> dict[str, Any]:
    return {"game": "toy", "players": 2, "seats": [{"kind": "human"}] * 2, **changed}


# (name, method, path, body: JSON value or raw bytes, expected status); {id} is a real game
# and {token} its first seat's token.
CASES: list[tuple[str, str, str, Any, int]] = [
    ("seed above signed 64 bits", "POST", "/api/games", _creation(seed=2**63), 422),
    ("seed below signed 64 bits", "POST", "/api/games", _creation(seed=-(2**63) - 1), 422),
    ("uploaded save, seed above 64 bits", "POST", "/api/replays", _save_with_seed(2**64), 422),
    ("lone surrogate token on a move", "POST", "/api/games/{id}/actions",
     b'{"token": "\\ud800", "decision": 0, "action": "take 1"}', 403),
    ("lone surrogate token on undo", "POST", "/api/games/{id}/undo",
     b'{"token": "\\udfff"}', 403),
    ("JSON 5,000 deep on create", "POST", "/api/games", NESTED, 422),
    ("JSON 5,000 deep on a move", "POST", "/api/games/{id}/actions", NESTED, 422),
    ("JSON 5,000 deep on undo", "POST", "/api/games/{id}/undo", NESTED, 422),
    ("JSON 5,000 deep on join", "POST", "/api/games/{id}/join", NESTED, 422),
    ("JSON 5,000 deep uploaded", "POST", "/api/replays", NESTED, 422),
    ("limit above 2**63-1", "GET", f"/api/games?limit={2**63}", None, 422),
    ("limit far above", "GET", f"/api/games?limit={10**40}", None, 422),
    ("NUL in a game id: summary", "GET", f"/api/games/{NUL_ID}", None, 404),
    ("NUL in a game id: view", "GET", f"/api/games/{NUL_ID}/view", None, 404),
    ("NUL in a game id: log", "GET", f"/api/games/{NUL_ID}/log", None, 404),
    ("NUL in a game id: board", "GET", f"/api/games/{NUL_ID}/board", None, 404),
    ("NUL in a game id: save", "GET", f"/api/games/{NUL_ID}/save", None, 404),
    ("NUL in a game id: replay", "GET", f"/api/games/{NUL_ID}/replay", None, 404),
    ("NUL in a game id: result", "GET", f"/api/games/{NUL_ID}/result", None, 404),
    ("NUL in a game id: explain", "GET", f"/api/games/{NUL_ID}/explain?token=x&action=y",
     None, 404),
    ("NUL in a game id: move", "POST", f"/api/games/{NUL_ID}/actions",
     {"token": "x", "decision": 0, "action": "take 1"}, 404),
    ("NUL in a game id: undo", "POST", f"/api/games/{NUL_ID}/undo", {"token": "x"}, 404),
    ("NUL in a game id: join", "POST", f"/api/games/{NUL_ID}/join", {}, 404),
    ("NUL in a token", "GET", "/api/games/{id}/view?token=a%00b", None, 403),
    ("a game id of 1,000 characters", "GET", "/api/games/" + "a" * 1000, None, 404),
    ("agent spec over 200 characters", "POST", "/api/games", _creation(seats=[
        {"kind": "human"}, {"kind": "bot", "agent": "mcts:" + "seconds=1," * 30}]), 422),
    ("decision as text", "POST", "/api/games/{id}/actions",
     {"token": "{token}", "decision": "0", "action": "take 1"}, 422),
    ("decision as true", "POST", "/api/games/{id}/actions",
     {"token": "{token}", "decision": True, "action": "take 1"}, 422),
    ("players as a float", "POST", "/api/games", _creation(players=2.0), 422),
    ("seats not a list", "POST", "/api/games", _creation(seats="two"), 422),
    ("a body that is a list", "POST", "/api/games", [1, 2], 422),
    ("invalid UTF-8", "POST", "/api/games", b'{"game": "\xff"}', 422),
]


def _filled(value: Any, game_id: str, token: str) -> Any:
    if isinstance(value, str):
        return value.replace("{id}", game_id).replace("{token}", token)
    if isinstance(value, dict):
        return {key: _filled(item, game_id, token) for key, item in value.items()}
    if isinstance(value, list):
        return [_filled(item, game_id, token) for item in value]
    return value


@pytest.mark.parametrize(("name", "method", "path", "body", "status"), CASES,
                         ids=[case[0] for case in CASES])
def test_a_bad_request_is_a_4xx_with_an_error_and_changes_nothing(
        any_client: TestClient, name: str, method: str, path: str, body: Any,
        status: int) -> None:
    created = create(any_client, "toy", 2, seed=5)
    game_id, token = created["id"], tokens(created)[0]
    before = (view(any_client, game_id, token), any_client.get("/api/games").json())
    content = body if isinstance(body, bytes) or body is None else json.dumps(
        _filled(body, game_id, token)).encode()
    answer = any_client.request(method, _filled(path, game_id, token), content=content,
                                headers={"content-type": "application/json"})
    assert answer.status_code == status, (name, answer.text)
    error = answer.json()["error"]
    assert isinstance(error, str) and error and "\n" not in error
    assert (view(any_client, game_id, token), any_client.get("/api/games").json()) == before


@pytest.mark.parametrize("path", [f"/play/{NUL_ID}?token=x", f"/watch/{NUL_ID}",
                                  f"/replay/{NUL_ID}", "/play/{id}?token=%ED%A0%80"])
def test_a_page_with_a_nul_or_a_malformed_token_says_so_in_html(any_client: TestClient,
                                                                 path: str) -> None:
    game_id = create(any_client, "toy", 2)["id"]
    answer = any_client.get(path.replace("{id}", game_id))
    assert answer.status_code in (403, 404)
    assert answer.headers["content-type"].startswith("text/html")


def test_a_socket_with_a_nul_in_its_game_id_is_refused_with_4404(
        any_client: TestClient) -> None:
    with any_client.websocket_connect(f"/ws/games/{NUL_ID}") as socket:
        refused = socket.receive_json()
    assert refused["type"] == "error" and refused["status"] == 404
