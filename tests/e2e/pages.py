"""What a person does on boardlab's pages, by the page conventions of the web design: the
lobby's ``#new-game`` form, a seat page's ``[data-decision]`` panel and ``[data-action]``
options (on the board or in the panel), ``#undo``, ``#message``, ``#result``."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlparse

from playwright.sync_api import TimeoutError as PlaywrightTimeout

OVER = "over"

# The page's state as a test waits for it: a decision newer than `last` (its id), or the end
# (wrapped in an object: wait_for_function waits for a truthy value, and 0 is a decision id).
_NEXT = """(last) => {
    const panel = document.querySelector('[data-decision]');
    if (panel) {
        const id = Number(panel.dataset.decision);
        if (id > last) return {next: id};
    }
    const result = document.querySelector('#result');
    if (result && result.checkVisibility() && result.textContent.trim()) return {next: 'over'};
    return null;
}"""


def create_in_lobby(
    page: Any, base: str, game: str, seats: list[str], *,
    seed: int | None = None, options: dict[str, str] | None = None,
) -> None:
    """Fill the lobby's form (``human`` or an agent spec per seat) and create the game; the
    browser lands on the first human seat's page."""
    page.goto(f"{base}/")
    form = page.locator("#new-game")
    form.locator("select[name=game]").select_option(game)
    players = form.locator("input[name=players]")
    players.fill(str(len(seats)))
    players.dispatch_event("change")
    for k, who in enumerate(seats):
        seat = form.locator(f"select[name=seat-{k}]")
        assert seat.locator(f"option[value='{who}']").get_attribute("title"), (
            f"the lobby's {who!r} choice for seat {k} has no title explaining it"
        )
        seat.select_option(who)
    if options:  # the lobby folds the options away
        form.locator("#options-box").evaluate("box => { box.open = true; }")
    for name, value in (options or {}).items():
        set_field(form.locator(f"[name=option-{name}]"), value)
    form.locator("input[name=seed]").fill("" if seed is None else str(seed))
    form.locator("button#create").click()
    try:
        page.wait_for_url(re.compile(r"/play/[^/?]+\?token="))
    except PlaywrightTimeout:
        shown = page.locator("#message")
        said = shown.first.text_content() if shown.count() else ""
        raise AssertionError(
            f"creating {game} in the lobby did not open a seat page (#message: {said!r}; "
            "page errors above)"
        ) from None


def set_field(element: Any, value: str) -> None:
    kind = element.evaluate("e => e.tagName.toLowerCase() + ':' + (e.type || '')")
    if kind.startswith("select"):
        element.select_option(value)
    elif kind == "input:checkbox":
        element.set_checked(value == "true")
    else:
        element.fill(value)


def seat_of(page: Any) -> tuple[str, str]:
    """(game id, token) of a seat page's address."""
    address = urlparse(page.url)
    return address.path.rstrip("/").split("/")[-1], parse_qs(address.query)["token"][0]


def wait_next(page: Any, last: int, *, timeout: float = 60_000) -> int | str:
    """The id of the next decision this page shows (one after ``last``), or ``OVER`` once the
    result shows."""
    handle = page.wait_for_function(_NEXT, arg=last, timeout=timeout)
    value: int | str = handle.json_value()["next"]
    return value


def current_decision(page: Any) -> int | None:
    panel = page.locator("[data-decision]")
    if panel.count() == 0:
        return None
    return int(panel.first.get_attribute("data-decision"))


def actions_of(locator: Any) -> list[str]:
    ids: list[str] = locator.evaluate_all("els => els.map(e => e.dataset.action)")
    return ids


@dataclass
class Clicker:
    """Plays a seat page's decisions by clicking: a panel button, or every ``board_every``-th
    decision an option drawn on the board when there is one."""

    rng: random.Random
    board_every: int = 3
    clicks: int = 0
    board_clicks: int = 0
    board_options_seen: set[str] = field(default_factory=set)

    def options(self, page: Any) -> tuple[list[str], list[str]]:
        panel = actions_of(page.locator("#options [data-action]"))
        board = actions_of(page.locator("#board [data-action]"))
        assert panel, "a decision shows no option button in #options"
        assert set(board) <= set(panel), (
            f"the board offers {sorted(set(board) - set(panel))}, which are not options"
        )
        return panel, board

    def click(self, page: Any) -> str:
        """Click one option of the decision on show and return its id."""
        panel, board = self.options(page)
        self.clicks += 1
        self.board_options_seen.update(board)
        if board and self.clicks % self.board_every == 0:
            index = self.rng.randrange(len(board))
            target = page.locator("#board [data-action]").nth(index)
            self.board_clicks += 1
            chosen = board[index]
        else:
            index = self.rng.randrange(len(panel))
            target = page.locator("#options [data-action]").nth(index)
            chosen = panel[index]
        button = page.locator("#options [data-action]").nth(panel.index(chosen))
        assert button.inner_text().strip(), f"option {chosen!r} has an empty label"
        target.click()
        return chosen
