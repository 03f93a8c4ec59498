"""Issue 31 item 6: a game created with hints gives each person's seat the three options
rated highest for the decision at hand, from that seat's knowledge; refused in a game
without hints or when the seat is not to move; hints used are counted in the result."""

from __future__ import annotations

from typing import Any

import boardlab
from boardlab.analysis import hints

from .support import TestClient, create, play_first, tokens, view


def with_hints(client: TestClient, seed: int = 8) -> dict[str, Any]:
    body = {"game": "konoten", "players": 2, "seed": seed, "hints": True,
            "seats": [{"kind": "human"}, {"kind": "human"}]}
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.text
    made: dict[str, Any] = answer.json()
    return made


def ask(client: TestClient, game_id: str, token: str, decision: int | None = None) -> Any:
    if decision is None:
        decision = view(client, game_id, token)["decision"]["id"]
    return client.post(f"/api/games/{game_id}/hint", json={"token": token, "decision": decision})


def test_a_hint_gives_the_three_best_options_of_the_seat_to_move(client: TestClient) -> None:
    """The answer is the analysis's ``hints`` for that seat at that decision (the same
    options and chances), best first, each an option of the pending decision."""
    made = with_hints(client)
    game_id, seat_tokens = made["id"], tokens(made)
    assert client.get(f"/api/games/{game_id}").json()["hints"] is True
    play_first(client, game_id, seat_tokens, 5)
    mover = view(client, game_id)["to_move"]
    pending = view(client, game_id, seat_tokens[mover])["decision"]
    answer = ask(client, game_id, seat_tokens[mover])
    assert answer.status_code == 200, answer.text
    found = answer.json()
    assert found["decision"] == pending["id"] and found["used"] == 1
    shown = found["hints"]
    assert len(shown) == 3
    assert {hint["option"] for hint in shown} <= {option["id"] for option in pending["options"]}
    chances = [hint["chance"] for hint in shown]
    assert chances == sorted(chances, reverse=True) and all(0 <= c <= 1 for c in chances)
    state = boardlab.new("konoten", 2, 8)
    for action in play_actions(client, game_id):
        state.apply(action)
    expected = [hint.to_json() for hint in hints(state, mover)]
    assert shown == expected


def play_actions(client: TestClient, game_id: str) -> list[str]:
    """The seats' actions so far, read back from the spectator's replay length."""
    steps = client.get(f"/api/games/{game_id}/replay?step=0").json()["steps"]
    app = client.app
    game = app.state.service.cache[game_id]  # type: ignore[attr-defined]
    assert len(game.moves) == steps
    return [move.action for move in game.moves]


def test_hints_are_refused_without_the_option_or_off_turn(client: TestClient) -> None:
    """403 in a game made without hints (the default) and for an unknown token; 409 for a
    seat not to move, a decision no longer pending, a finished game."""
    plain = create(client, "konoten", 2, seed=8)
    plain_tokens = tokens(plain)
    mover = view(client, plain["id"])["to_move"]
    refused = ask(client, plain["id"], plain_tokens[mover])
    assert refused.status_code == 403 and "without hints" in refused.json()["error"]
    made = with_hints(client)
    game_id, seat_tokens = made["id"], tokens(made)
    mover = view(client, game_id)["to_move"]
    waiting = seat_tokens[1 - mover]
    decision = view(client, game_id, seat_tokens[mover])["decision"]["id"]
    assert ask(client, game_id, waiting, decision).status_code == 409
    assert ask(client, game_id, seat_tokens[mover], decision + 1).status_code == 409
    assert ask(client, game_id, "x" * 32, decision).status_code == 403
    assert client.post(f"/api/games/{game_id}/hint", json={"decision": 1}).status_code == 422
    play_first(client, game_id, seat_tokens, 3000)
    assert ask(client, game_id, seat_tokens[0], decision).status_code == 409


def test_hints_used_are_counted_per_seat_once_per_decision_in_the_result(
        client: TestClient) -> None:
    """Asking twice on one decision counts one hint; the result of the finished game (and
    its last replay step) gives each seat's count; a game without hints gives ``null``."""
    made = with_hints(client)
    game_id, seat_tokens = made["id"], tokens(made)
    asked = {0: 0, 1: 0}
    for _ in range(2):
        mover = view(client, game_id)["to_move"]
        assert ask(client, game_id, seat_tokens[mover]).json()["used"] == asked[mover] + 1
        assert ask(client, game_id, seat_tokens[mover]).json()["used"] == asked[mover] + 1
        asked[mover] += 1
        play_first(client, game_id, seat_tokens, 1)
    play_first(client, game_id, seat_tokens, 3000)
    result = client.get(f"/api/games/{game_id}/result").json()
    assert result["hints"] == [asked[0], asked[1]] and sum(asked.values()) == 2
    assert client.get(f"/api/games/{game_id}/replay").json()["result"] == result
    plain = create(client, "konoten", 2, seed=8)
    play_first(client, plain["id"], tokens(plain), 3000)
    assert client.get(f"/api/games/{plain['id']}/result").json()["hints"] is None
