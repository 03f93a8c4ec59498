"""The pages: lobby, seat and spectator page, replay, and each game's player's guide."""

from __future__ import annotations

import html
from collections.abc import Mapping
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse, Response
from markdown_it import MarkdownIt

import boardlab
from boardlab.web.service import Refusal, Service

STATIC = Path(__file__).with_name("static")
router = APIRouter()


def _page(name: str) -> FileResponse:
    return FileResponse(STATIC / name, media_type="text/html")


def error_page(status: int, title: str, message: str,
               headers: Mapping[str, str] | None = None) -> HTMLResponse:
    """A page that says in words why there is nothing to show, with a link to the lobby."""
    return HTMLResponse(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        f"<title>{html.escape(title)}: boardlab</title>"
        "<link rel=\"stylesheet\" href=\"/static/style.css\">"
        "<link rel=\"icon\" href=\"/static/favicon.svg\" type=\"image/svg+xml\"></head>"
        "<body><header class=\"bar\"><a href=\"/\">boardlab</a></header>"
        f"<main class=\"refused\"><section class=\"card\" id=\"refused\" data-status=\"{status}\">"
        f"<h1>{html.escape(title)}</h1><p id=\"message\">{html.escape(message)}</p>"
        "<p><a class=\"button primary\" href=\"/\">Back to the lobby</a></p>"
        "</section></main></body></html>",
        status_code=status, headers=headers,
    )


async def _refused(request: Request, game_id: str, token: str | None = None
                   ) -> Response | None:
    """The error page for an unknown game (404) or a token that is no seat of it (403);
    ``None`` when the page may be shown."""
    service: Service = request.app.state.service
    try:
        game = await service.current(game_id)
    except Refusal:
        return error_page(404, "No such game",
                          f"There is no game {game_id!r} on this server: the link may be "
                          "mistyped, or the game was made on another server.")
    if token is not None and game.seat_of(token) is None:
        return error_page(403, "Not a seat of this game",
                          "This link's token is not a seat of this game: it may be mistyped, "
                          "or someone took the seat from the lobby before the link was "
                          "opened. You can still watch the game or join an open seat from "
                          "the lobby.")
    return None


@router.get("/", include_in_schema=False)
async def lobby() -> FileResponse:
    """The lobby: create a game, join or watch one, upload a save."""
    return _page("lobby.html")


@router.get("/play/{game_id}", include_in_schema=False)
async def seat_page(request: Request, game_id: str, token: str | None = None) -> Response:
    """A seat's page (its token is in the query); the page reads everything through the API."""
    return await _refused(request, game_id, token) or _page("play.html")


@router.get("/watch/{game_id}", include_in_schema=False)
async def watch_page(request: Request, game_id: str) -> Response:
    """The spectator's page: the seat page without a token."""
    return await _refused(request, game_id) or _page("play.html")


@router.get("/replay/{game_id}", include_in_schema=False)
async def replay_page(request: Request, game_id: str) -> Response:
    """A game move by move."""
    return await _refused(request, game_id) or _page("replay.html")


@router.get("/guide/{game}", include_in_schema=False)
async def guide(game: str) -> HTMLResponse:
    """The player's guide of ``game`` (the text of ``boardlab rules``) as HTML."""
    if game not in boardlab.api.games():
        return error_page(404, "No such game", f"There is no game {game!r} to explain.")
    try:
        text = boardlab.guide(game)
    except ValueError as error:
        return error_page(404, "No guide", str(error))
    body = MarkdownIt("commonmark", {"html": False}).enable("table").render(text)
    return HTMLResponse(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        f"<title>{html.escape(game)}: player's guide</title>"
        "<link rel=\"stylesheet\" href=\"/static/style.css\">"
        "<link rel=\"icon\" href=\"/static/favicon.svg\" type=\"image/svg+xml\"></head>"
        "<body class=\"guide\"><header class=\"bar\"><a href=\"/\">boardlab</a></header>"
        f"<main class=\"guide-text\">{body}</main></body></html>"
    )
