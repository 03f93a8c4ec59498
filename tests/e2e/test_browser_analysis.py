"""Issue 31 items 5 and 6 in the browser: the replay page of a finished game analyses it on
the server (progress, a chance-to-win graph, marked moves; a marked move clicked shows its
position, the move played and the one preferred), and a game created with hints gives the
seat page a Hint button showing three options."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import boardlab

from .server import Api, Server

pytestmark = pytest.mark.slow

SCREEN = {"width": 1280, "height": 800}


def random_konoten_save(seed: int = 3) -> str:
    """A two-player Konoten game played to its end by random choices (it has marked moves)."""
    state = boardlab.new("konoten", 2, seed)
    pick = random.Random(1)
    while not state.is_over:
        state.apply(pick.choice(state.legal_actions()).id)
    return state.to_json()


def test_analysing_a_finished_game_draws_the_graph_and_marks_and_shows_a_marked_move(
    api: Api, web_server: Server, new_page: Callable[[], Any],
    screenshot: Callable[[Any, str], Path],
) -> None:
    uploaded = api.client.post("/api/replays", content=random_konoten_save(),
                               headers={"content-type": "application/json"})
    assert uploaded.status_code == 201, uploaded.text
    page = new_page()
    page.set_viewport_size(SCREEN)
    page.goto(f"{web_server.url}{uploaded.json()['replay_url']}")
    button = page.locator("#analyse")
    button.wait_for(state="visible")
    button.click()
    page.locator("#graph svg polyline").first.wait_for(timeout=120_000)
    assert page.locator("#graph svg polyline").count() == 2, "one line per seat"
    marked = page.locator("#review li.marked")
    marked.first.wait_for()
    assert page.locator("#graph circle.mark").count() == marked.count() >= 1
    screenshot(page, "analysis-graph")
    steps = int(page.locator("#slider").get_attribute("max") or 0)
    before = page.locator("#board").inner_html()
    target = marked.first
    step = int(target.get_attribute("data-step") or -1)
    assert 0 <= step < steps
    target.click()
    page.wait_for_function("step => document.getElementById('step').textContent"
                           ".startsWith(`step ${step} of`)", arg=step)
    assert page.locator("#board").inner_html() != before, "the board shows the marked move"
    note = page.locator("#move-note")
    assert note.is_visible()
    text = note.inner_text()
    assert "Played:" in text and "Preferred:" in text and "points of winning chance" in text
    assert "current" in (target.get_attribute("class") or "")
    shots = screenshot(page, "analysis-marked-move").parent
    page.screenshot(path=str(shots / "analysis-1280x800.png"))


def test_a_game_created_with_hints_shows_three_options_on_hint(
    web_server: Server, new_page: Callable[[], Any], screenshot: Callable[[Any, str], Path],
) -> None:
    page = new_page()
    page.set_viewport_size(SCREEN)
    page.goto(f"{web_server.url}/")
    form = page.locator("#new-game")
    form.locator("select[name=game]").select_option("konoten")
    form.locator("select[name=seat-0]").select_option("human")
    form.locator("select[name=seat-1]").select_option("random")
    assert not form.locator("input[name=hints]").is_checked(), "hints are off by default"
    form.locator("input[name=hints]").check()
    form.locator("input[name=seed]").fill("5")
    form.locator("button#create").click()
    page.wait_for_url("**/play/**")
    while True:  # the first decisions have two options: play on to one with three or more
        page.locator("[data-decision]").wait_for(timeout=60_000)
        decision = page.locator("[data-decision]").get_attribute("data-decision")
        if page.locator("#options [data-action]").count() >= 3:
            break
        page.locator("#options [data-action]").first.click()
        page.wait_for_function(
            "last => { const d = document.querySelector('[data-decision]');"
            " return d && d.dataset.decision !== last; }", arg=decision, timeout=60_000)
    page.locator("#hint").click()
    hints = page.locator("#hints li")
    hints.nth(2).wait_for(timeout=30_000)
    assert hints.count() == 3
    for index in range(3):
        assert "% to win" in hints.nth(index).inner_text()
    assert page.locator("#options [data-hint-rank]").count() == 3
    shots = screenshot(page, "hints").parent
    page.screenshot(path=str(shots / "hints-1280x800.png"))
