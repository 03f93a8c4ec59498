"""The path of a person's move through the server (issue 30, the server's CPU per move): the
view and move requests answered without FastAPI's routing exactly as its routes answer
them, each answer in one write, and no more statements than a move needs."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from boardlab.web import create_app, hot
from boardlab.web.protocols import HeadWithBody

from .support import TestClient, create, tokens


def _script(client: TestClient) -> list[tuple[int, Any]]:
    """Views, moves and every refusal of the two requests, in the documented order; each
    answer's status and body."""
    created = create(client, "konoten", 2, seed=11)
    game = f"/api/games/{created['id']}"
    seats = tokens(created)
    answers = [client.get(f"{game}/view"), client.get("/api/games/nosuchgame/view"),
               client.get(f"{game}/view", params={"token": "not-a-token"})]
    for _ in range(6):
        to_move = client.get(f"{game}/view").json()["to_move"]
        seen = client.get(f"{game}/view", params={"token": seats[to_move]})
        pending = seen.json()["decision"]
        answers += [seen, client.post(f"{game}/actions", json={
            "token": seats[to_move], "decision": pending["id"],
            "action": pending["options"][-1]["id"]})]
    stale = {"token": seats[0], "decision": 0, "action": "x"}
    answers += [
        client.post(f"{game}/actions", json=stale),  # 409 or 422: the seat's turn or not
        client.post(f"{game}/actions", json={**stale, "token": "not-a-token"}),
        client.post(f"{game}/actions", json={"token": seats[0]}),  # 422 malformed
        client.post(f"{game}/actions", content=b"[", headers={"content-type":
                                                               "application/json"}),
        client.post("/api/games/nosuchgame/actions", json=stale),  # 404 first
        client.put(f"{game}/actions", json=stale),  # not a move: FastAPI answers 405
        client.get(f"{game}/actions"),
        client.post(f"{game}/view", json={}),
    ]
    return [(answer.status_code, answer.json()) for answer in answers]


def test_the_move_requests_answer_as_fastapi_routes_do(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """``hot.HotRoutes`` answers the view and the move as FastAPI's routes of them do: the
    same views, the same refusals in the same order (issue 30)."""
    with TestClient(create_app(f"sqlite:///{tmp_path / 'hot.db'}", run_bots=False)) as client:
        answered_hot = _script(client)
    monkeypatch.setattr(hot, "HOT", set())  # every request through FastAPI's routing
    with TestClient(create_app(f"sqlite:///{tmp_path / 'routed.db'}",
                               run_bots=False)) as client:
        answered_routed = _script(client)
    assert [status for status, _ in answered_hot][-8:] != [200] * 8  # refusals were tried
    assert answered_hot == answered_routed


def test_a_move_request_carries_the_security_headers(client: TestClient) -> None:
    """The move requests pass the edge like every other (issue 30 keeps every header)."""
    created = create(client, "konoten", 2)
    answer = client.get(f"/api/games/{created['id']}/view")
    assert answer.headers["cache-control"] == "no-store"
    assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]
    refused = client.post(f"/api/games/{created['id']}/actions", content=b"{}",
                          headers={"content-type": "text/plain"})
    assert refused.status_code == 415


def test_a_view_and_a_move_cost_three_statements_on_sqlite(client: TestClient) -> None:
    """A view reads what changed (one SELECT); a move writes its action in one transaction
    (the version bump and the action), with no read after the write (issue 30)."""
    created = create(client, "konoten", 2)
    game = f"/api/games/{created['id']}"
    seats = tokens(created)
    to_move = client.get(f"{game}/view").json()["to_move"]
    for token in seats.values():  # a seat is claimed on its token's first use: not a move
        client.get(f"{game}/view", params={"token": token})
    engine = client.app.state.service.store.sync_engine  # type: ignore[attr-defined]
    statements: list[str] = []

    def heard(_conn: Any, _cursor: Any, text: str, *_args: Any) -> None:
        statements.append(text.split()[0].upper())

    sa.event.listen(engine, "before_cursor_execute", heard)
    try:
        pending = client.get(f"{game}/view", params={"token": seats[to_move]}).json()
        assert statements == ["SELECT"]
        answer = client.post(f"{game}/actions", json={
            "token": seats[to_move], "decision": pending["decision"]["id"],
            "action": pending["decision"]["options"][0]["id"]})
        assert answer.status_code == 200
        assert statements == ["SELECT", "UPDATE", "INSERT"]
    finally:
        sa.event.remove(engine, "before_cursor_execute", heard)


class _Transport:
    def __init__(self) -> None:
        self.writes: list[bytes] = []
        self.closed = False

    def write(self, data: bytes) -> None:
        self.writes.append(bytes(data))

    def is_closing(self) -> bool:
        return self.closed

    def close(self) -> None:
        self.closed = True

    def get_extra_info(self, name: str) -> str:
        return f"info {name}"


def test_an_answer_leaves_in_one_write() -> None:
    """uvicorn writes a response's head and body apart; they reach the socket as one write,
    a head alone at the end of the loop's turn, and before the connection closes."""

    async def run() -> list[list[bytes]]:
        seen = []
        transport = _Transport()
        joined = HeadWithBody(transport, asyncio.get_running_loop())  # type: ignore[arg-type]
        head = b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n"
        joined.write(head)
        joined.write(b"{}")
        seen.append(list(transport.writes))
        joined.write(b"HTTP/1.1 101 Switching Protocols\r\n\r\n")
        seen.append(list(transport.writes))
        await asyncio.sleep(0)
        seen.append(list(transport.writes))
        joined.write(b"HTTP/1.1 408 Request Timeout\r\ncontent-length: 0\r\n\r\n")
        joined.close()
        seen.append(list(transport.writes))
        assert joined.get_extra_info("peername") == "info peername"
        return seen

    joined, waiting, alone, closing = asyncio.run(run())
    assert joined == [b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}"]
    assert waiting == joined
    assert alone[-1] == b"HTTP/1.1 101 Switching Protocols\r\n\r\n"
    assert closing[-1].startswith(b"HTTP/1.1 408")
