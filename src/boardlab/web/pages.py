"""The pages: lobby, seat and spectator page, replay, and each game's player's guide."""

from __future__ import annotations

import html
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse
from markdown_it import MarkdownIt

import boardlab
from boardlab.web.service import Refusal, Service

STATIC = Path(__file__).with_name("static")
router = APIRouter()


def _page(name: str) -> FileResponse:
    return FileResponse(STATIC / name, media_type="text/html")


async def _known(request: Request, game_id: str) -> None:
    service: Service = request.app.state.service
    if await service.store.record(game_id) is None:
        raise Refusal(404, f"there is no game {game_id!r}")


@router.get("/", include_in_schema=False)
async def lobby() -> FileResponse:
    """The lobby: create a game, join or watch one, upload a save."""
    return _page("lobby.html")


@router.get("/play/{game_id}", include_in_schema=False)
async def seat_page(request: Request, game_id: str) -> FileResponse:
    """A seat's page (its token is in the query); the page reads everything through the API."""
    await _known(request, game_id)
    return _page("play.html")


@router.get("/watch/{game_id}", include_in_schema=False)
async def watch_page(request: Request, game_id: str) -> FileResponse:
    """The spectator's page: the seat page without a token."""
    await _known(request, game_id)
    return _page("play.html")


@router.get("/replay/{game_id}", include_in_schema=False)
async def replay_page(request: Request, game_id: str) -> FileResponse:
    """A game move by move."""
    await _known(request, game_id)
    return _page("replay.html")


@router.get("/guide/{game}", include_in_schema=False)
async def guide(game: str) -> HTMLResponse:
    """The player's guide of ``game`` (the text of ``boardlab rules``) as HTML."""
    if game not in boardlab.games():
        raise Refusal(404, f"there is no game {game!r}")
    try:
        text = boardlab.guide(game)
    except ValueError as error:
        raise Refusal(404, str(error)) from None
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
