"""The lobby and the end of a game in the browser (issue 27 items 5, 6 and 8): a game made with
a bot and an open seat lists its id, age, seats and status, its seat links have a copy
button, a stranger takes the open seat (never the reserved one), "Create the game" stays in
view at 1280x800 for every game, and a finished game shows each side's points by source and
why it ended."""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import pytest

from boardlab.agents import levels as bot_levels

from .pages import create_in_lobby, seat_of
from .server import Api, Server

pytestmark = pytest.mark.slow

LAPTOP = {"width": 1280, "height": 800}


def shoot(page: Any, tmp_path: Path, name: str) -> Path:
    """A 1280x800 screenshot of what the person sees, kept with the test's files."""
    path = tmp_path / f"{name}.png"
    page.screenshot(path=str(path))
    return path


def test_a_game_with_a_bot_and_an_open_seat_is_listed_and_joined_from_the_lobby(
    web_server: Server, api: Api, new_page: Any, tmp_path: Path
) -> None:
    creator = new_page()
    creator.set_viewport_size(LAPTOP)
    create_in_lobby(creator, web_server.url, "konoten", ["human", "open", "greedy"], seed=4)
    game_id, token = seat_of(creator)
    assert api.view(game_id, token)["seat"] == 0

    creator.goto(f"{web_server.url}/")
    row = creator.locator(f"#open-games tr[data-game='{game_id}']")
    row.wait_for()
    assert row.locator("td.game-id").inner_text() == game_id
    assert row.locator("td.game-name").inner_text() == "konoten"
    assert row.locator("td.age").inner_text() == "just now"
    seats = row.locator("td.seats .seat").all_inner_texts()
    assert seats == ["P1 person (playing)", "P2 open seat", "P3 bot greedy"]
    assert row.locator("td.status").inner_text().startswith("open seat")
    assert row.locator("a.join").inner_text() == "join (1 open)"

    # the creator's seat links sit near the top, each with a copy button
    mine = creator.locator(f"#my-games .my-game[data-game='{game_id}']")
    mine.wait_for()
    link = mine.locator("a.seat-link").first.get_attribute("href")
    assert link == f"/play/{game_id}?token={token}"
    copy = mine.locator("button.copy").first
    assert copy.is_visible() and copy.bounding_box()["y"] < LAPTOP["height"]
    shoot(creator, tmp_path, "lobby-1280x800")

    # a stranger takes the open seat: seat 1, never the creator's reserved seat 0
    stranger = new_page()
    stranger.goto(f"{web_server.url}/")
    stranger.locator(f"#open-games tr[data-game='{game_id}'] a.join").click()
    stranger.wait_for_url(re.compile(rf"/play/{game_id}\?token="))
    _, joined = seat_of(stranger)
    assert api.view(game_id, joined)["seat"] == 1
    assert api.view(game_id, token)["seat"] == 0
    stranger.goto(f"{web_server.url}/")
    taken = stranger.locator(f"#open-games tr[data-game='{game_id}']")
    taken.wait_for()
    assert taken.locator("a.join").count() == 0
    assert "P2 person (joined)" in taken.locator("td.seats").inner_text()


def test_create_stays_in_view_at_laptop_size_and_options_say_what_they_change(
    web_server: Server, new_page: Any
) -> None:
    page = new_page()
    page.set_viewport_size(LAPTOP)
    page.goto(f"{web_server.url}/")
    form = page.locator("#new-game")
    games = form.locator("select[name=game] option").evaluate_all("os => os.map(o => o.value)")
    for game in games:
        form.locator("select[name=game]").select_option(game)
        players = form.locator("input[name=players]")
        players.fill(players.get_attribute("max") or "2")
        players.dispatch_event("input")
        box = form.locator("button#create").bounding_box()
        assert box is not None and box["y"] + box["height"] <= LAPTOP["height"], (
            f"{game}: 'Create the game' is below the fold at 1280x800"
        )
        for help_text in form.locator("#options small.help").all_text_contents():
            assert help_text.strip() and not re.search(r"\([A-Z]-?\d", help_text), (
                f"{game}: an option's help is a rule reference: {help_text!r}"
            )


def test_a_finished_game_shows_points_by_source_and_why_it_ended(
    web_server: Server, api: Api, new_page: Any, tmp_path: Path
) -> None:
    created = api.create("konoten", [{"kind": "bot", "agent": "random"}] * 2, seed=12)
    game_id = created["id"]
    page = new_page()
    page.set_viewport_size(LAPTOP)
    page.goto(f"{web_server.url}/watch/{game_id}")
    table = page.locator("#result [data-score-breakdown]")
    table.wait_for(timeout=120_000)
    result = api.client.get(f"/api/games/{game_id}/result").json()
    assert table.is_visible()
    headers = table.locator("thead th").all_inner_texts()
    assert [h.replace(" ★", "") for h in headers[1:]] == ["P1", "P2"]
    sources = table.locator("tbody th[scope=row]").all_inner_texts()
    assert sources == [*result["breakdown"][0]["sources"], "Total"]
    totals = table.locator("tr.total td").all_inner_texts()
    assert totals == [str(int(row["total"])) for row in result["breakdown"]]
    reason = page.locator("#result .end-reason").inner_text()
    assert reason == result["end_reason"] and "last school year" in reason
    assert page.locator("#result").inner_text().count(reason) == 1
    shoot(page, tmp_path, "finished-1280x800")

    replay = new_page()
    replay.goto(f"{web_server.url}/replay/{game_id}")
    replay.locator("#result [data-score-breakdown]").wait_for()
    assert replay.locator("#result .end-reason").inner_text() == reason


def test_unknown_games_and_bad_links_are_pages_that_lead_to_the_lobby(
    web_server: Server, api: Api, new_page: Any
) -> None:
    created = api.create("konoten", [{"kind": "human"}, {"kind": "bot", "agent": "random"}])
    page = new_page()
    for path, status in (
        (f"/play/{created['id']}?token=wrong", 403),
        ("/watch/nope", 404),
        ("/replay/nope", 404),
    ):
        answer = page.goto(f"{web_server.url}{path}")
        assert answer is not None and answer.status == status
        assert page.locator("#board").count() == 0 and page.locator("#undo").count() == 0
        assert page.locator("#message").count() == 1
        page.locator("a", has_text="Back to the lobby").click()
        page.wait_for_url(f"{web_server.url}/")


def test_the_lobby_offers_each_games_bot_levels_with_raw_specs_under_advanced(
    web_server: Server, new_page: Any, tmp_path: Path
) -> None:
    """Issue 31 item 7: a bot seat is chosen by level (weakest first, each saying how it
    plays and its measured strength: its rating and how often it beat the level below, as
    shipped in ``agents/ladder``); raw agent specs stay under "advanced"."""
    page = new_page()
    page.set_viewport_size(LAPTOP)
    page.goto(f"{web_server.url}/")
    form = page.locator("#new-game")
    shown = next(
        (
            found
            for found in map(bot_levels.for_game, bot_levels.games())
            if all(level.rating is not None for level in found.levels)
        ),
        None,
    )
    if shown is None:
        pytest.skip("no game ships figures for all of its levels")
    form.locator("select[name=game]").select_option(shown.game)
    seat = form.locator("select[name=seat-1]")
    groups = seat.locator("optgroup").evaluate_all("gs => gs.map(g => g.label)")
    assert groups == ["People", "Bots by level", "Advanced: agent specs"]
    levels = seat.locator("optgroup[label='Bots by level'] option")
    expected = []
    for level in shown.levels:
        assert level.rating is not None
        below = level.below
        if below is None:
            expected.append(f"{level.level.name} bot (rating {level.rating.ordinal:.1f})")
        else:
            share = math.floor(below.win_rate * 100 + 0.5)  # as Math.round
            expected.append(f"{level.level.name} bot (beats {below.lower} {share}%)")
    assert levels.all_inner_texts() == expected
    titles = levels.evaluate_all("os => os.map(o => o.title)")
    assert f"of {shown.steps[-1].games} games against strong" in titles[3]
    assert "Strength: rating " in titles[3]
    form.locator("select[name=game]").select_option("compounded")
    compounded = bot_levels.for_game("compounded").levels
    for title, level in zip(
        levels.evaluate_all("os => os.map(o => o.title)"), compounded, strict=True
    ):
        assert (
            f"Strength: {level.strength}" in title and f"Agent spec: {level.level.spec}." in title
        )
    advanced = seat.locator("optgroup[label='Advanced: agent specs'] option")
    assert "mcts:seconds=0.5" in advanced.evaluate_all("os => os.map(o => o.value)")
    expert = levels.nth(3).get_attribute("value")
    assert expert is not None and expert.startswith("mcts:")
    seat.select_option(expert)
    assert seat.input_value() == expert
    shoot(page, tmp_path, "lobby-levels")
