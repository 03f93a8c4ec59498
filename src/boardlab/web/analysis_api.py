"""The JSON routes of analyses and hints (the package README, "Analysis and hints")."""

from __future__ import annotations

import math

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from boardlab.web import schemas
from boardlab.web.analyses import Analyses
from boardlab.web.api import service_of
from boardlab.web.schemas import MAX_ANALYSIS_SECONDS, read_body, request_body
from boardlab.web.service import Refusal

router = APIRouter()


def analyses_of(request: Request) -> Analyses:
    """The analyses the application holds."""
    found: Analyses = request.app.state.analyses
    return found


@router.post("/api/games/{game_id}/analysis", openapi_extra=request_body(schemas.Analyse))
async def analyse(request: Request, game_id: str) -> JSONResponse:
    """Analyse a finished game (once per game and setting): ``202`` while it runs, with its
    progress; ``200`` with the analysis once done."""
    await service_of(request).cached(game_id)
    body = await read_body(request, schemas.Analyse)
    answer, running = await analyses_of(request).start(game_id, body.seconds)
    return JSONResponse(answer, status_code=202 if running else 200)


@router.get("/api/games/{game_id}/analysis")
async def analysis(request: Request, game_id: str, seconds: str | None = None) -> JSONResponse:
    """The analysis of a game at a setting as it stands (404 if nobody asked for it)."""
    wanted = 0.0
    if seconds is not None:
        try:
            wanted = float(seconds)
        except ValueError:
            raise Refusal(422, f"seconds {seconds!r} is not a number") from None
        if not (math.isfinite(wanted) and 0 <= wanted <= MAX_ANALYSIS_SECONDS):
            raise Refusal(422, f"seconds must be between 0 and {MAX_ANALYSIS_SECONDS:g}")
    return JSONResponse(await analyses_of(request).read(game_id, wanted))


@router.post("/api/games/{game_id}/hint", openapi_extra=request_body(schemas.Hint))
async def hint(request: Request, game_id: str) -> JSONResponse:
    """The three options rated highest for the token's pending decision, with their chances
    to win, judged from that seat's knowledge only; counted in the game's result."""
    service = service_of(request)
    await service.cached(game_id)
    body = await read_body(request, schemas.Hint)
    game = await service.current(game_id)
    seat = await service.seat(game, body.token)
    return JSONResponse(await analyses_of(request).hint(game, seat, body.decision))
