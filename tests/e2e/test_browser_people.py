"""Two people at two browsers play Konoten to the end, each on its own turn; a spectator
watches a game live from the lobby; a person joins a free seat from the lobby; the player's
guide and the options' explanations are one hover or click away; Scythe's board loads and a
person plays a few moves on it."""

from __future__ import annotations

import random
import time
from typing import Any
from urllib.parse import urljoin

import pytest

from .pages import _NEXT, OVER, Clicker, create_in_lobby, seat_of, wait_next
from .server import Api, Server

pytestmark = pytest.mark.slow

MAX_DECISIONS = 400  # both people's; a Konoten game takes about 60-140


def next_turn(pages: list[Any], last: int, timeout: float = 60.0) -> tuple[Any, int | str]:
    """The page that shows a decision newer than ``last`` (and its id), or ``(None, OVER)``
    once every page shows the result."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        states = [(page.evaluate(f"({_NEXT})", last) or {}).get("next")
                  for page in pages]
        for page, state in zip(pages, states, strict=True):
            if isinstance(state, int):
                return page, state
        if all(state == OVER for state in states):
            return None, OVER
        time.sleep(0.05)
    raise AssertionError(f"no page showed a decision after {last} within {timeout} s")


def row_of(link: Any) -> Any:
    """The row of ``#open-games`` that holds ``link``."""
    return link.locator("xpath=ancestor::*[self::tr or self::li][1]")


def test_two_people_play_konoten_each_in_a_browser(
    web_server: Server, api: Api, new_page: Any, screenshot: Any
) -> None:
    first = new_page()
    create_in_lobby(first, web_server.url, "konoten", ["human", "human"], seed=7)
    game_id, first_token = seat_of(first)
    first.locator("#seat-links a").first.wait_for()
    links = [a.get_attribute("href") for a in first.locator("#seat-links a").all()]
    others = [link for link in links if link and first_token not in link]
    assert len(others) == 1, f"#seat-links lists {links}"
    second = new_page()
    second.goto(urljoin(first.url, others[0]))
    _, second_token = seat_of(second)
    seats = {api.view(game_id, first_token)["seat"]: first,
             api.view(game_id, second_token)["seat"]: second}
    assert sorted(seats) == [0, 1]

    # an option's explanation shows on hover (its title, fetched when needed)
    mover, last = next_turn([first, second], -1)
    button = mover.locator("#options [data-action]").first
    button.hover()
    mover.wait_for_function(
        "b => (b.getAttribute('title') || '').trim().length > 0", arg=button.element_handle()
    )

    clickers = {id(first): Clicker(random.Random(1)), id(second): Clicker(random.Random(2))}
    decisions, turns_seen = 0, set()
    while last != OVER:
        assert isinstance(last, int)
        decisions += 1
        assert decisions <= MAX_DECISIONS, "the game did not end"
        other = second if mover is first else first
        # the other person sees no decision meanwhile (one just left may take a moment)
        other.locator("[data-decision]").wait_for(state="detached", timeout=5000)
        turns_seen.add(id(mover))
        if decisions == 12:
            screenshot(first, "konoten-P1")
            screenshot(second, "konoten-P2")
        clickers[id(mover)].click(mover)
        mover, last = next_turn([first, second], last)
    assert turns_seen == {id(first), id(second)}

    for seat, page in seats.items():
        assert page.locator("#result").is_visible()
        assert page.locator("[data-decision]").count() == 0
        assert page.locator("a#download").is_visible()
        screenshot(page, f"konoten-end-P{seat + 1}")
    assert api.view(game_id)["over"] is True


def test_a_spectator_watches_from_the_lobby_and_a_person_joins_a_free_seat(
    web_server: Server, api: Api, new_page: Any, screenshot: Any
) -> None:
    created = api.create(
        "konoten", [{"kind": "open"}, {"kind": "bot", "agent": "greedy"}], seed=11
    )
    game_id = created["id"]

    lobby = new_page()
    lobby.goto(f"{web_server.url}/")
    watch = lobby.locator(f"#open-games a.watch[href$='/watch/{game_id}']")
    watch.wait_for()
    row = row_of(watch)
    assert row.locator("a.join").count() == 1, "the game's free seat has no join link"
    watcher = new_page()
    watcher.goto(urljoin(lobby.url, watch.get_attribute("href")))
    watcher.locator("#board svg").wait_for()
    assert watcher.locator("[data-decision]").count() == 0
    assert watcher.locator("[data-action]").count() == 0
    assert (watcher.locator("#status").text_content() or "").strip()

    # a person joins the free seat from the lobby and plays; the spectator sees it live
    row.locator("a.join").click()
    lobby.wait_for_url(f"**/play/{game_id}?token=*")
    player = lobby
    _, token = seat_of(player)
    assert api.view(game_id, token)["seat"] == 0
    clicker, last = Clicker(random.Random(3)), wait_next(player, -1)
    for _ in range(8):
        if not isinstance(last, int):
            break
        assert watcher.locator("[data-decision]").count() == 0
        clicker.click(player)
        last = wait_next(player, last)
    watcher.wait_for_function(
        "n => document.querySelectorAll('#log li').length === n", arg=len(api.log(game_id))
    )
    assert watcher.locator("[data-action]").count() == 0
    screenshot(watcher, "konoten-spectator")

    # the seat is taken now: the lobby offers no join for that game any more
    other = new_page()
    other.goto(f"{web_server.url}/")
    other.locator("#open-games a.watch").first.wait_for()
    taken = other.locator(f"#open-games a.watch[href$='/watch/{game_id}']")
    if taken.count():  # a game with no free seat may still be listed, without a.join
        assert row_of(taken).locator("a.join").count() == 0

    # the player's guide is one click away
    guide = player.locator("a#guide-link").get_attribute("href")
    assert guide is not None and guide.endswith("/guide/konoten")
    page = new_page()
    page.goto(urljoin(player.url, guide))
    assert len(page.locator("body").inner_text()) > 1000
    assert page.locator("h1, h2").count() > 0


def test_scythe_board_loads_and_a_person_plays_a_few_moves(
    web_server: Server, api: Api, new_page: Any, screenshot: Any
) -> None:
    page = new_page()
    create_in_lobby(page, web_server.url, "scythe", ["human", "random"], seed=3)
    game_id, token = seat_of(page)
    last = wait_next(page, -1)
    page.locator("#board svg").wait_for()
    assert page.locator("#board svg").count() == 1
    screenshot(page, "scythe-start")
    clicker = Clicker(random.Random(4), board_every=2)
    for _ in range(12):
        assert isinstance(last, int)
        clicker.click(page)
        last = wait_next(page, last)
    assert clicker.board_options_seen, "no Scythe option was drawn on the board"
    assert page.locator("#log li").count() >= 12
    assert api.view(game_id, token)["seat"] == 0
    screenshot(page, "scythe")
