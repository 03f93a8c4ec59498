"""Issue 30 item 4: a decision id names a position, so a page made stale by an undo is
refused (409) even when the game has come back to a decision with the engine's same id."""

from __future__ import annotations

from typing import Any

import pytest

from boardlab.web.positions import UNDO_STRIDE, decision_id
from boardlab.web.service import Refusal, Service

from .support import TestClient, create, move, tokens, view


def _undo(client: TestClient, game_id: str, token: str) -> None:
    answer = client.post(f"/api/games/{game_id}/undo", json={"token": token})
    assert answer.status_code == 200, answer.text


def _p1_picks(client: TestClient, game_id: str, token: str, option: int) -> str:
    """P1 picks a card face down (the quiet duel: no chance drawn); the card's option id."""
    card = view(client, game_id, token)["decision"]["options"][option]["id"]
    assert move(client, game_id, token, card).status_code == 200
    return str(card)


def _p1_replays_its_turn_differently(client: TestClient, game_id: str, token: str) -> str:
    """P1 takes back its pick and picks another card: P2 is to move again, at the engine's
    same decision number, in a position P2 never saw."""
    _undo(client, game_id, token)
    return _p1_picks(client, game_id, token, 1)


def _moves(client: TestClient, game_id: str) -> list[str]:
    service: Service = client.app.state.service  # type: ignore[attr-defined]
    assert client.portal is not None
    return [m.action for m in client.portal.call(service.current, game_id).moves]


def test_a_click_on_a_page_made_stale_by_an_undo_and_another_move_is_409(
        client: TestClient, quiet_duel_game: str) -> None:
    created = create(client, quiet_duel_game, 2, seed=3)
    game_id, seat_tokens = created["id"], tokens(created)
    first = _p1_picks(client, game_id, seat_tokens[0], 0)
    old_page = view(client, game_id, seat_tokens[1])  # P2's page, before P1's undo
    second = _p1_replays_its_turn_differently(client, game_id, seat_tokens[0])
    assert first != second and _moves(client, game_id) == [second]  # another position
    new_page = view(client, game_id, seat_tokens[1])
    assert new_page["decision"]["id"] == old_page["decision"]["id"] + UNDO_STRIDE
    card = old_page["decision"]["options"][0]["id"]
    stale = move(client, game_id, seat_tokens[1], card, old_page["decision"]["id"])
    assert stale.status_code == 409 and "no longer pending" in stale.json()["error"]
    assert _moves(client, game_id) == [second]  # nothing changed
    fresh = move(client, game_id, seat_tokens[1], card, new_page["decision"]["id"])
    assert fresh.status_code == 200


def test_an_id_seen_before_an_undo_is_never_pending_again(client: TestClient) -> None:
    created = create(client, "toy", 2, seed=5)
    game_id, seat_tokens = created["id"], tokens(created)
    seen: list[int] = [view(client, game_id, seat_tokens[0])["decision"]["id"]]
    for action in ("take 1", "undo", "take 2"):
        assert move(client, game_id, seat_tokens[0], action).status_code == 200
        seen.append(view(client, game_id, seat_tokens[0])["decision"]["id"])
    for _ in range(3):
        _undo(client, game_id, seat_tokens[0])
        pending = view(client, game_id, seat_tokens[0])["decision"]["id"]
        assert pending not in seen
        seen.append(pending)


def _bot_moves(client: TestClient, game_id: str, position: int, action: str) -> Any:
    """The bot of seat 1 plays ``action`` on the position id it read before thinking."""
    service: Service = client.app.state.service  # type: ignore[attr-defined]
    assert client.portal is not None
    return client.portal.call(service.move, game_id, "", position, action, 1)


def test_a_bot_that_chose_during_an_undo_and_another_move_is_refused(
        client: TestClient, quiet_duel_game: str) -> None:
    created = create(client, quiet_duel_game, 2, seed=3,
                     seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"}])
    game_id, token = created["id"], tokens(created)[0]
    _p1_picks(client, game_id, token, 0)
    service: Service = client.app.state.service  # type: ignore[attr-defined]
    assert client.portal is not None
    game = client.portal.call(service.current, game_id)
    thought_on = decision_id(game)  # the bot reads the position, then thinks...
    assert thought_on is not None and game.state.decision is not None
    card = game.state.decision.options[0].id
    second = _p1_replays_its_turn_differently(client, game_id, token)  # ...P1 undoes, moves
    with pytest.raises(Refusal) as refused:
        _bot_moves(client, game_id, thought_on, card)
    assert refused.value.status == 409
    assert _moves(client, game_id) == [second]
    now = decision_id(client.portal.call(service.current, game_id))
    assert now is not None
    _bot_moves(client, game_id, now, card)  # looking again, the bot may play
    assert _moves(client, game_id) == [second, card]
