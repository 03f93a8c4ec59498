"""Pages for an unknown game or a bad seat link (issue 27 item 7): HTML that says so in words
and links to the lobby, with no board and no Undo button; JSON errors stay under /api/."""

from __future__ import annotations

import pytest

from .support import TestClient, create


def assert_error_page(page, status: int, says: str) -> None:
    assert page.status_code == status
    assert page.headers["content-type"].startswith("text/html")
    text = page.text
    assert says in text and text.count(says) == 1
    assert 'href="/"' in text and "Back to the lobby" in text
    for absent in ('id="board"', 'id="undo"', 'id="decision"', "play.js"):
        assert absent not in text


@pytest.mark.parametrize("path", ["/play/nope?token=abc", "/watch/nope", "/replay/nope",
                                  "/play/nope"])
def test_an_unknown_game_is_a_404_page(client: TestClient, path: str) -> None:
    assert_error_page(client.get(path), 404, "There is no game &#x27;nope&#x27;")


def test_a_token_that_is_no_seat_of_the_game_is_a_403_page(client: TestClient) -> None:
    created = create(client, "toy", 2)
    assert_error_page(client.get(f"/play/{created['id']}?token=not-a-seat"), 403,
                      "is not a seat of this game")
    # the real link still opens the seat page, and the page did not claim the seat
    assert client.get(created["seats"][0]["url"]).status_code == 200


def test_an_unknown_guide_and_an_unknown_page_are_html(client: TestClient) -> None:
    assert_error_page(client.get("/guide/chess"), 404, "There is no game &#x27;chess&#x27;")
    assert_error_page(client.get("/no/such/page"), 404, "There is no such page")


def test_api_errors_stay_json(client: TestClient) -> None:
    answer = client.get("/api/games/nope")
    assert answer.status_code == 404 and answer.json() == {"error": "there is no game 'nope'"}
    assert client.get("/api/nothing").json() == {"error": "there is no such page"}
