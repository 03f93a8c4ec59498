"""Moves through the API: each refusal with its status and the game unchanged, and races."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx

import boardlab
from boardlab.web import create_app

from .support import AS_JSON, TestClient, create, move, tokens, view


def snapshot(client: TestClient, game_id: str, seat_tokens: dict[int, str]) -> list[Any]:
    """Everything any token or a spectator can read of the game."""
    seen: list[Any] = [view(client, game_id), client.get(f"/api/games/{game_id}/log").json()]
    for token in seat_tokens.values():
        seen.append(view(client, game_id, token))
        seen.append(client.get(f"/api/games/{game_id}/log", params={"token": token}).json())
    return seen


def test_a_move_answers_the_seats_new_view_and_the_game_goes_on(client: TestClient) -> None:
    created = create(client, "toy", 2, seed=5)
    game_id, seat_tokens = created["id"], tokens(created)
    answer = move(client, game_id, seat_tokens[0], "take 2")
    assert answer.status_code == 200
    state = boardlab.new("toy", 2, 5)
    state.apply("take 2")
    assert answer.json() == state.view(0)
    assert view(client, game_id, seat_tokens[1]) == state.view(1)
    assert client.get(f"/api/games/{game_id}/log").json() == state.log(None)


def test_every_refusal_has_its_status_and_a_sentence_and_changes_nothing(
        client: TestClient) -> None:
    created = create(client, "toy", 2, seed=5)
    game_id, seat_tokens = created["id"], tokens(created)
    assert move(client, game_id, seat_tokens[0], "take 1").status_code == 200
    before = snapshot(client, game_id, seat_tokens)
    pending = view(client, game_id, seat_tokens[0])["decision"]
    url = f"/api/games/{game_id}/actions"
    cases = [
        (404, "/api/games/nope/actions", {"token": seat_tokens[0], "decision": pending["id"],
                                          "action": "confirm"}),
        (422, url, {"token": seat_tokens[0], "decision": "one", "action": "confirm"}),
        (422, url, {"token": seat_tokens[0], "decision": True, "action": "confirm"}),
        (422, url, {"decision": pending["id"], "action": "confirm"}),
        (422, url, {"token": seat_tokens[0], "decision": pending["id"]}),
        (422, url, [1, 2]),
        (403, url, {"token": "forged", "decision": pending["id"], "action": "confirm"}),
        (403, url, {"token": "", "decision": pending["id"], "action": "confirm"}),
        (409, url, {"token": seat_tokens[1], "decision": pending["id"], "action": "confirm"}),
        (409, url, {"token": seat_tokens[0], "decision": pending["id"] - 1,
                    "action": "confirm"}),
        (409, url, {"token": seat_tokens[0], "decision": pending["id"] + 5,
                    "action": "confirm"}),
        (422, url, {"token": seat_tokens[0], "decision": pending["id"], "action": "take 9"}),
    ]
    for status, path, body in cases:
        answer = client.post(path, json=body)
        assert answer.status_code == status, (body, answer.text)
        error = answer.json()["error"]
        assert isinstance(error, str) and error and "\n" not in error
    assert client.post(url, content=b"{oops", headers=AS_JSON).status_code == 422
    assert client.post(url, content=b"", headers=AS_JSON).status_code == 422
    assert snapshot(client, game_id, seat_tokens) == before


def test_the_order_of_refusals_is_404_422_403_409_422(client: TestClient) -> None:
    created = create(client, "toy", 2, seed=5)
    game_id, seat_tokens = created["id"], tokens(created)
    # An unknown game comes first, even with a malformed body.
    assert client.post("/api/games/nope/actions", content=b"{", headers=AS_JSON).status_code == 404
    # A malformed body before an unknown token.
    assert client.post(f"/api/games/{game_id}/actions",
                       json={"token": "forged", "decision": "x"}).status_code == 422
    # An unknown token before the turn.
    assert client.post(f"/api/games/{game_id}/actions",
                       json={"token": "forged", "decision": 99, "action": "x"}).status_code == 403
    # Another seat's turn before a bad action.
    answer = client.post(f"/api/games/{game_id}/actions",
                         json={"token": seat_tokens[1], "decision": 0, "action": "x"})
    assert answer.status_code == 409 and "P1" in answer.json()["error"]


def test_a_finished_game_refuses_moves_with_409(client: TestClient) -> None:
    created = create(client, "toy", 2, seed=3, pile=5)
    game_id, seat_tokens = created["id"], tokens(created)
    while not view(client, game_id)["over"]:
        seat = view(client, game_id)["to_move"]
        first = view(client, game_id, seat_tokens[seat])["decision"]["options"][0]["id"]
        assert move(client, game_id, seat_tokens[seat], first).status_code == 200
    answer = client.post(f"/api/games/{game_id}/actions",
                         json={"token": seat_tokens[0], "decision": 0, "action": "take 1"})
    assert answer.status_code == 409 and "over" in answer.json()["error"]


async def _race(db_url: str, twice: bool) -> tuple[list[int], dict[str, Any], list[str]]:
    """Two moves on the same decision at once (through one app, or one app each)."""
    apps = [create_app(db_url, run_bots=False) for _ in range(2 if twice else 1)]
    clients = [httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://localhost")
               for app in apps]
    try:
        made = await clients[0].post("/api/games", json={
            "game": "toy", "players": 2, "seed": 5, "seats": [{"kind": "human"}] * 2})
        created = made.json()
        game_id, token = created["id"], created["seats"][0]["token"]
        for c in clients:  # every app has the game cached before the race
            assert (await c.get(f"/api/games/{game_id}/view", params={"token": token})
                    ).status_code == 200
        decision = (await clients[0].get(f"/api/games/{game_id}/view",
                                         params={"token": token})).json()["decision"]["id"]
        racers = [clients[0], clients[-1]]
        answers = await asyncio.gather(*(
            c.post(f"/api/games/{game_id}/actions",
                   json={"token": token, "decision": decision, "action": action})
            for c, action in zip(racers, ("take 1", "take 2"), strict=True)))
        statuses = sorted(a.status_code for a in answers)
        final = (await clients[-1].get(f"/api/games/{game_id}/view")).json()
        history = (await clients[0].get(f"/api/games/{game_id}/log")).json()
        return statuses, final, [entry["id"] for entry in history]
    finally:
        for c in clients:
            await c.aclose()


def test_two_moves_racing_on_one_decision_one_wins_one_gets_409(db_url: str) -> None:
    statuses, _final, history = asyncio.run(_race(db_url, twice=False))
    assert statuses == [200, 409]
    assert len(history) == 1 and history[0] in ("take 1", "take 2")


def test_two_server_processes_racing_on_one_decision_write_only_one_move(db_url: str) -> None:
    statuses, _final, history = asyncio.run(_race(db_url, twice=True))
    assert statuses == [200, 409]
    assert len(history) == 1
