"""A person plays Compounded in a real browser (Debian's Chromium) against two bots: creates
the game in the lobby, plays it to the end by clicking options on the board and in the panel,
takes a decision back, is refused an undo with the reason shown, reloads the page mid-game,
downloads the save, uploads it again and steps through the replay."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

import boardlab
from boardlab.web.positions import UNDO_STRIDE

from .pages import OVER, Clicker, create_in_lobby, current_decision, seat_of, wait_next
from .server import Api, Server

pytestmark = pytest.mark.slow

MAX_DECISIONS = 800  # the person's; a game with these settings takes about 150-250
RELOAD_AT = 25
SCREENSHOT_AT = 40


def message(page: Any) -> str:
    element = page.locator("#message")
    return str(element.text_content() or "").strip() if element.count() else ""


def log_entries(page: Any) -> int:
    count: int = page.locator("#log li").count()
    return count


def wait_log(page: Any, entries: int) -> None:
    page.wait_for_function(
        "n => document.querySelectorAll('#log li').length === n", arg=entries, timeout=15_000
    )


def undo(page: Any, back: int) -> str:
    """Click ``#undo``; ``"undone"`` once the page shows decision ``back`` again, else
    ``"refused: <the reason #message shows>"``, which must be the server's."""
    with page.expect_response(lambda r: r.url.endswith("/undo")) as answer:
        page.locator("#undo").click()
    if answer.value.status == 200:
        page.wait_for_function(
            "n => document.querySelector('[data-decision]')?.dataset.decision === String(n)",
            arg=back,
        )
        return "undone"
    assert answer.value.status == 409, answer.value.text()
    reason = answer.value.json()["error"]
    page.wait_for_function(
        "text => (document.querySelector('#message')?.textContent || '').includes(text)",
        arg=reason,
    )
    assert page.locator("#message").is_visible()
    return f"refused: {message(page)}"


def test_a_person_plays_compounded_against_two_bots_in_the_browser(
    web_server: Server, api: Api, new_page: Any, screenshot: Any
) -> None:
    page = new_page()
    create_in_lobby(
        page, web_server.url, "compounded", ["human", "random", "greedy"],
        seed=5, options={"trade_offers": "0"},
    )
    game_id, token = seat_of(page)
    assert api.view(game_id, token)["seat"] == 0
    page.locator("#board svg").wait_for()
    assert page.locator("#board svg").count() == 1
    assert page.locator("a#guide-link").get_attribute("href", timeout=5000).endswith(
        "/guide/compounded"
    )

    clicker = Clicker(random.Random(5))
    last = wait_next(page, -1)
    decisions, undone, reloaded = 0, False, False
    refusals: list[str] = []
    while last != OVER:
        assert isinstance(last, int)
        decisions += 1
        assert decisions <= MAX_DECISIONS, "the game did not end"
        assert (page.locator("#status").text_content() or "").strip(), "#status is empty"
        if decisions % 10 == 1:  # the panel offers exactly the options of the seat's view
            view = api.view(game_id, token)
            assert view["decision"]["id"] == last
            wanted = [option["id"] for option in view["decision"]["options"]]
            assert clicker.options(page)[0] == wanted
        if decisions == SCREENSHOT_AT:
            screenshot(page, "compounded-mid")
        clicker.click(page)
        following = wait_next(page, last)
        latest = api.log(game_id, token)[-1]["seat"] if following != OVER else None
        if following != OVER and latest == 0 and not undone:
            # the person's own decision and nothing else since: it can be taken back
            entries = log_entries(page)
            # the decision comes back under a new id: ids name positions (web/positions.py)
            back = last + UNDO_STRIDE
            outcome = undo(page, back)
            if outcome == "undone":
                undone = True
                assert api.view(game_id, token)["decision"]["id"] == back
                wait_log(page, entries - 1)
                following = back
            else:
                assert re.search(r"chance|secret|announced", outcome), outcome
        elif following != OVER and latest not in (None, 0) and not refusals:
            # bots played since the person's last decision: undo is refused, with the reason
            outcome = undo(page, last)
            assert outcome.startswith("refused: "), outcome
            refusals.append(outcome)
            assert current_decision(page) == following
            assert api.view(game_id, token)["decision"]["id"] == following
        if following != OVER and decisions >= RELOAD_AT and not reloaded:
            entries = log_entries(page)
            page.reload()
            assert wait_next(page, -1) == following, "the reloaded page lost the decision"
            wait_log(page, entries)
            reloaded = True
        last = following

    assert undone, "no decision of the person was taken back"
    assert refusals, "no undo was refused"
    assert reloaded
    assert clicker.board_clicks > 0, "no option was ever clickable on the board"
    print(f"decisions {decisions}, board clicks {clicker.board_clicks}, refusal {refusals[0]!r}")

    # the end: result and scores shown, nothing left to decide, the log in full
    assert page.locator("[data-decision]").count() == 0
    assert (page.locator("#scores").text_content() or "").strip()
    spectator = api.view(game_id)
    assert spectator["over"] is True
    wait_log(page, len(api.log(game_id, token)))
    screenshot(page, "compounded-end")

    # the save downloads, and is the game: it replays to the server's own view
    download = page.locator("a#download")
    assert download.is_visible()
    with page.expect_download() as info:
        download.click()
    save = Path(info.value.path()).read_text()
    state = boardlab.load(save)
    assert state.is_over
    assert json.loads(json.dumps(state.view(None))) == spectator
    moves = len(state.history)

    # the replay, move by move, from the game's page
    href = page.locator("a#replay-link").get_attribute("href")
    assert href is not None and href.endswith(f"/replay/{game_id}")
    page.goto(urljoin(page.url, href))
    step_through(page, moves, screenshot, "compounded-replay")

    # the save uploaded in the lobby is a finished game to browse
    lobby = new_page()
    lobby.goto(f"{web_server.url}/")
    lobby.locator("#upload input[type=file], input#upload[type=file]").set_input_files(
        files=[{"name": "compounded.json", "mimeType": "application/json",
                "buffer": save.encode()}]
    )
    try:  # choosing the file may be enough; else the form's button sends it
        lobby.wait_for_url(re.compile(r"/replay/"), timeout=5000)
    except PlaywrightTimeout:
        lobby.locator("#upload button, #upload input[type=submit]").first.click()
        lobby.wait_for_url(re.compile(r"/replay/"))
    step_through(lobby, moves, None, "")


def step(page: Any) -> tuple[int, int]:
    text = page.locator("#step").text_content() or ""
    found = re.search(r"step (\d+) of (\d+)", text)
    assert found, f"#step shows {text!r}"
    return int(found[1]), int(found[2])


def go(page: Any, button: str, wanted: int) -> str:
    page.locator(button).click()
    page.wait_for_function(
        "n => (document.querySelector('#step')?.textContent || '').includes('step ' + n + ' of')",
        arg=wanted,
    )
    html: str = page.locator("#board").inner_html()
    assert "<svg" in html
    return html


def step_through(page: Any, moves: int, screenshot: Any, name: str) -> None:
    """The replay page's buttons: first, next, last, previous, each showing its step."""
    page.wait_for_function(
        "() => /step \\d+ of [1-9]/.test(document.querySelector('#step')?.textContent || '')"
    )
    assert step(page)[1] == moves
    start = go(page, "#first", 0)
    assert page.locator("[data-decision]").count() == 0
    after_one = go(page, "#next", 1)
    end = go(page, "#last", moves)
    go(page, "#prev", moves - 1)
    assert start != end and after_one != end
    assert page.locator("#log li").count() > 0
    if screenshot:
        screenshot(page, name)
