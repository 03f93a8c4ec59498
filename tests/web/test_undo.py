"""Undo: a seat takes back its own moves while nobody could have learnt anything from them."""

from __future__ import annotations

import boardlab
from boardlab.web.positions import UNDO_STRIDE

from .support import TestClient, create, move, tokens, view


def undo(client: TestClient, game_id: str, token: str) -> tuple[int, dict[str, object]]:
    answer = client.post(f"/api/games/{game_id}/undo", json={"token": token})
    body: dict[str, object] = answer.json()
    return answer.status_code, body


def test_a_seat_takes_back_its_own_moves_one_by_one(client: TestClient) -> None:
    created = create(client, "toy", 2, seed=5)
    game_id, seat_tokens = created["id"], tokens(created)
    for action in ("take 1", "undo", "take 3"):
        assert move(client, game_id, seat_tokens[0], action).status_code == 200
    for undone, remaining in enumerate((["take 1", "undo"], ["take 1"], []), start=1):
        status, body = undo(client, game_id, seat_tokens[0])
        assert status == 200
        expected = boardlab.replay("toy", 2, 5, remaining).view(0)
        # The decision's id names the position: a million more per undo (web/positions.py).
        expected["decision"]["id"] += UNDO_STRIDE * undone
        assert body == expected
        log = client.get(f"/api/games/{game_id}/log").json()
        assert [entry["id"] for entry in log] == remaining
    status, body = undo(client, game_id, seat_tokens[0])
    assert status == 409 and body["error"] == "there is no move to take back"
    # The game goes on from the restored decision, with a fresh decision id.
    assert move(client, game_id, seat_tokens[0], "take 2").status_code == 200


def test_undo_is_refused_after_chance_was_drawn(client: TestClient) -> None:
    created = create(client, "toy", 2, seed=5)
    game_id, seat_tokens = created["id"], tokens(created)
    move(client, game_id, seat_tokens[0], "take 1")
    move(client, game_id, seat_tokens[0], "confirm")  # the pile may grow: chance is drawn
    before = view(client, game_id, seat_tokens[0])
    status, body = undo(client, game_id, seat_tokens[0])
    assert status == 409
    assert body["error"] == ("your last move cannot be taken back: chance was drawn since "
                             "(a card, a tile or a die)")
    assert view(client, game_id, seat_tokens[0]) == before


def test_undo_is_refused_once_another_seat_has_acted(client: TestClient) -> None:
    created = create(client, "toy", 2, seed=5)
    game_id, seat_tokens = created["id"], tokens(created)
    for action in ("take 1", "confirm"):
        move(client, game_id, seat_tokens[0], action)
    move(client, game_id, seat_tokens[1], "take 2")
    status, body = undo(client, game_id, seat_tokens[0])
    assert status == 409 and "another seat has played since" in str(body["error"])
    status, _ = undo(client, game_id, seat_tokens[1])  # the other seat's own move may go
    assert status == 200
    assert len(client.get(f"/api/games/{game_id}/log").json()) == 2


def test_undo_is_refused_after_a_secret_was_revealed(
        client: TestClient, quiet_duel_game: str) -> None:
    created = create(client, quiet_duel_game, 2, seed=3)
    game_id, seat_tokens = created["id"], tokens(created)
    for seat in (0, 1):  # both pick a card face down; the picks are then revealed
        card = view(client, game_id, seat_tokens[seat])["decision"]["options"][0]["id"]
        assert move(client, game_id, seat_tokens[seat], card).status_code == 200
    before = [view(client, game_id, token) for token in seat_tokens.values()]
    status, body = undo(client, game_id, seat_tokens[1])
    assert status == 409
    assert body["error"] == "your last move cannot be taken back: a secret was revealed since"
    assert [view(client, game_id, token) for token in seat_tokens.values()] == before


def test_undo_refuses_forged_requests(client: TestClient) -> None:
    created = create(client, "toy", 2, seed=5)
    game_id, seat_tokens = created["id"], tokens(created)
    move(client, game_id, seat_tokens[0], "take 1")
    assert client.post("/api/games/nope/undo", json={"token": seat_tokens[0]}).status_code == 404
    assert client.post(f"/api/games/{game_id}/undo", json={}).status_code == 422
    assert client.post(f"/api/games/{game_id}/undo", json={"token": "x"}).status_code == 403
    status, body = undo(client, game_id, seat_tokens[1])
    assert status == 409 and body["error"]
    assert len(client.get(f"/api/games/{game_id}/log").json()) == 1
