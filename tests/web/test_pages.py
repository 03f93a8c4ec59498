"""The pages are served by the package with the selectors the browser tests rely on."""

from __future__ import annotations

import re

from .support import TestClient, create

LOBBY = ['id="new-game"', 'name="game"', 'name="players"', 'name="seed"', 'id="create"',
         'id="open-games"', 'id="upload"']
SEAT_PAGE = ['id="board"', 'id="status"', 'id="decision"', 'id="prompt"', 'id="options"',
             'id="log"', 'id="scores"', 'id="result"', 'id="undo"', 'id="message"',
             'id="guide-link"', 'id="replay-link"', 'id="download"', 'id="seat-links"']
REPLAY = ['id="step"', 'id="first"', 'id="prev"', 'id="next"', 'id="last"', 'id="board"',
          'id="log"']


def test_the_lobby_has_its_form_list_and_upload(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    for marker in LOBBY:
        assert marker in page.text, marker


def test_seat_watch_and_replay_pages_carry_their_elements(client: TestClient) -> None:
    created = create(client, "toy", 2)
    seat = client.get(created["seats"][0]["url"])
    watch = client.get(created["watch_url"])
    replay = client.get(f"/replay/{created['id']}")
    for page, markers in ((seat, SEAT_PAGE), (watch, SEAT_PAGE), (replay, REPLAY)):
        assert page.status_code == 200
        for marker in markers:
            assert marker in page.text, marker
    # No element carries data-decision until the script sees this seat's decision.
    assert "data-decision" not in seat.text
    for path in ("/play/nope", "/watch/nope", "/replay/nope"):
        assert client.get(path).status_code == 404


def test_scripts_and_styles_are_served_by_the_package_without_any_cdn(
        client: TestClient) -> None:
    for name in ("common.js", "lobby.js", "play.js", "replay.js", "style.css"):
        answer = client.get(f"/static/{name}")
        assert answer.status_code == 200 and answer.text
    for page in ("/", f"/replay/{create(client, 'toy', 2)['id']}"):
        for source in re.findall(r'(?:src|href)="([^"]+)"', client.get(page).text):
            assert source.startswith(("/", "#")), source


def test_the_guide_page_shows_the_players_guide_as_html(client: TestClient) -> None:
    page = client.get("/guide/konoten")
    assert page.status_code == 200
    assert "<h1>Konoten" in page.text
    assert client.get("/guide/chess").status_code == 404
