"""Every option explains itself in the browser (issue 27, item 2): hovering an option of a
Scythe or Linnaeus seat page shows what it costs, gives and enables, more than its label; the
Scythe board carries its factions' and mechs' abilities as hover texts."""

from __future__ import annotations

from typing import Any

import pytest

from .server import Api, Server

pytestmark = pytest.mark.slow

SHORTEST_ADDITION = 12  # characters an explanation adds to the label, at least


def open_seat(api: Api, web_server: Server, new_page: Any, game: str, players: int) -> Any:
    seats = [{"kind": "human"}] + [{"kind": "bot", "agent": "random"}] * (players - 1)
    made = api.create(game, seats, seed=4)
    page = new_page()
    page.goto(f"{web_server.url}{made['seats'][0]['url']}")
    page.locator("#options [data-action]").first.wait_for(timeout=60_000)
    return page


@pytest.mark.parametrize(("game", "players"), [("scythe", 2), ("linnaeus", 1), ("linnaeus", 2)])
def test_hovering_an_option_shows_more_than_its_label(
    api: Api, web_server: Server, new_page: Any, game: str, players: int
) -> None:
    page = open_seat(api, web_server, new_page, game, players)
    buttons = page.locator("#options [data-action]")
    for index in range(min(3, buttons.count())):
        button = buttons.nth(index)
        label = button.inner_text().strip()
        button.hover()
        page.wait_for_function(
            "label => { const t = document.getElementById('explain').textContent.trim();"
            " return t.length > 0 && !t.startsWith('Hover over') && t !== label; }",
            arg=label,
        )
        shown = page.locator("#explain").inner_text().strip()
        assert len(shown) >= len(label) + SHORTEST_ADDITION, (label, shown)


def test_the_scythe_board_names_each_factions_and_mechs_abilities_on_hover(
    api: Api, web_server: Server, new_page: Any
) -> None:
    page = open_seat(api, web_server, new_page, "scythe", 2)
    titles = page.eval_on_selector_all("#board svg title", "ts => ts.map(t => t.textContent)")
    faction_tips = [text for text in titles if "Mechs:" in text]
    assert len(faction_tips) == 2, "one hover text per faction on the board"
    for tip in faction_tips:
        assert tip.count(":") >= 6, f"faction ability, character and four mechs in {tip!r}"
