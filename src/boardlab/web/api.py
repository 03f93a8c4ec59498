"""The JSON routes of the web API (the package README, "The API"); refusals are `{"error"}`.

Bodies are read by the routes (``schemas.read_body``), so that the order of refusals is the
documented one: an unknown game (404) before a malformed body (422), before an unknown
token (403), before a move that is not this seat's to make now (409), before an action that
is not an option (422). Views carry the server's decision ids (``positions``).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse

from boardlab import agents
from boardlab.engine import GameState
from boardlab.web import schemas
from boardlab.web.boards import board_svg
from boardlab.web.positions import seat_view
from boardlab.web.result import result_of
from boardlab.web.schemas import INT64_MAX, read_body, request_body
from boardlab.web.service import (
    BOT,
    HUMAN,
    OPEN,
    Game,
    NewSeat,
    Refusal,
    Service,
    spec_catalog,
)

router = APIRouter()
AGENT_EXAMPLES = ["random", "greedy", "mcts:seconds=0.5", "mcts:iterations=200"]


def client_of(request: Request) -> str:
    """The address a request came from: the client that per-client limits count."""
    return request.client.host if request.client is not None else "unknown"


def service_of(request: Request) -> Service:
    """The service the application holds."""
    found: Service = request.app.state.service
    return found


async def seat_of(service: Service, game: Game, token: str | None) -> int | None:
    """The token's seat (403 for an unknown token), ``None`` without a token (a spectator)."""
    return None if token is None else await service.seat(game, token)


@router.get("/api/catalog")
async def catalog() -> dict[str, Any]:
    """The games a lobby can create, with their options, and example agent specs."""
    return {"games": spec_catalog(), "agents": AGENT_EXAMPLES, "agent_names": agents.names()}


@router.post("/api/games", status_code=201, openapi_extra=request_body(schemas.CreateGame))
async def create_game(request: Request) -> JSONResponse:
    """Create a game; each human seat gets a secret token and its page's URL."""
    body = await read_body(request, schemas.CreateGame)
    wanted = [NewSeat(s.kind) if s.kind in (HUMAN, OPEN)
              else NewSeat(BOT, "random" if s.agent is None else s.agent) for s in body.seats]
    game, tokens = await service_of(request).create(body.game, body.players, body.seed,
                                                    body.options or {}, wanted,
                                                    client=client_of(request),
                                                    hints=body.hints)
    if body.hints:
        request.app.state.analyses.hint_pool.warm()  # its first hint is then quick
    listed = []
    for seat in game.seats:
        entry: dict[str, Any] = {"seat": seat.seat, "kind": seat.kind}
        if seat.seat in tokens:
            entry["token"] = tokens[seat.seat]
            entry["url"] = f"/play/{game.id}?token={tokens[seat.seat]}"
        elif seat.kind == BOT:
            entry["agent"] = seat.agent
        listed.append(entry)
    return JSONResponse({"id": game.id, "seats": listed, "watch_url": f"/watch/{game.id}"},
                        status_code=201)


@router.get("/api/games")
async def list_games(request: Request, limit: str | None = None) -> list[dict[str, Any]]:
    """Every game, newest first (only the ``limit`` newest if given)."""
    count: int | None = None
    if limit is not None:
        try:
            count = int(limit)
        except ValueError:
            raise Refusal(422, f"limit {limit!r} is not a whole number") from None
        if not 0 <= count <= INT64_MAX:
            raise Refusal(422, f"limit must be between 0 and {INT64_MAX}")
    return await service_of(request).listing(count)


@router.get("/api/games/{game_id}")
async def game_summary(request: Request, game_id: str) -> dict[str, Any]:
    """A game's settings, seats (kind, agent, claimed) and progress; no token, no secret (the
    seed, which decides every hidden card, only once the game is over)."""
    game = await service_of(request).current(game_id)
    record = game.record
    return {
        "id": game.id, "game": record.game, "players": record.players,
        "seed": record.seed if game.state.is_over else None,
        "options": record.options, "status": game.status(), "moves": len(game.moves),
        "source": record.source, "watch_url": f"/watch/{game.id}", "hints": record.hints,
        "seats": [{"seat": s.seat, "kind": s.kind, "agent": s.agent, "claimed": s.claimed}
                  for s in game.seats],
    }


@router.get("/api/games/{game_id}/view")
async def view(request: Request, game_id: str, token: str | None = None) -> JSONResponse:
    """The view of the token's seat, or the spectator's without a token."""
    service = service_of(request)
    game = await service.current(game_id)
    seat = await seat_of(service, game, token)
    return JSONResponse(seat_view(game, seat))


@router.get("/api/games/{game_id}/board")
async def board(request: Request, game_id: str, token: str | None = None) -> Response:
    """The board of the token's seat's view (the spectator's without a token) as SVG."""
    service = service_of(request)
    game = await service.current(game_id)
    seat = await seat_of(service, game, token)
    return Response(board_svg(game.state.view(seat)), media_type="image/svg+xml")


@router.get("/api/games/{game_id}/log")
async def game_log(request: Request, game_id: str, token: str | None = None) -> JSONResponse:
    """``log(seat)`` of the token's seat, or the spectator's."""
    service = service_of(request)
    game = await service.current(game_id)
    seat = await seat_of(service, game, token)
    return JSONResponse(game.state.log(seat))


@router.post("/api/games/{game_id}/actions", openapi_extra=request_body(schemas.Move))
async def play(request: Request, game_id: str) -> JSONResponse:
    """Play one option of the pending decision for the token's seat; its new view."""
    service = service_of(request)
    await service.cached(game_id)
    body = await read_body(request, schemas.Move)
    game, seat = await service.move(game_id, body.token, body.decision, body.action)
    return JSONResponse(seat_view(game, seat))


@router.post("/api/games/{game_id}/undo", openapi_extra=request_body(schemas.Undo))
async def undo(request: Request, game_id: str) -> JSONResponse:
    """Take back the token's seat's last move; 409 with the reason when the rule forbids it."""
    service = service_of(request)
    await service.cached(game_id)
    body = await read_body(request, schemas.Undo)
    game, seat = await service.undo(game_id, body.token)
    return JSONResponse(seat_view(game, seat))


@router.post("/api/games/{game_id}/join", openapi_extra=request_body(schemas.Join))
async def join(request: Request, game_id: str) -> dict[str, Any]:
    """Claim a free open seat (the one asked for, or the first); its token and page."""
    service = service_of(request)
    await service.cached(game_id)
    body = await read_body(request, schemas.Join)
    seat, token = await service.join(game_id, body.seat)
    return {"seat": seat, "token": token, "url": f"/play/{game_id}?token={token}"}


@router.get("/api/games/{game_id}/save")
async def save(request: Request, game_id: str) -> Response:
    """The JSON save of a finished game, as ``boardlab play --save`` writes it."""
    text = await service_of(request).save(game_id)
    headers = {"Content-Disposition": f'attachment; filename="boardlab-{game_id}.json"'}
    return Response(text, media_type="application/json", headers=headers)


@router.post("/api/replays", status_code=201, openapi_extra=request_body(schemas.Save))
async def upload(request: Request) -> JSONResponse:
    """A saved game to browse: verified by replay (422 if it does not replay)."""
    schemas.checked(schemas.Save, await schemas.read_json(request))
    text = (await request.body()).decode("utf-8")  # read_json decoded it already
    game = await service_of(request).upload(text, client=client_of(request))
    return JSONResponse({"id": game.id, "watch_url": f"/watch/{game.id}",
                         "replay_url": f"/replay/{game.id}"}, status_code=201)


@router.get("/api/games/{game_id}/replay")
async def replay(request: Request, game_id: str, step: str | None = None) -> dict[str, Any]:
    """The spectator's view, board and log after ``step`` actions (default: all of them)."""
    at: int | None = None
    if step is not None:
        try:
            at = int(step)
        except ValueError:
            raise Refusal(422, f"step {step!r} is not a whole number") from None
    game, state, at = await service_of(request).replay_at(game_id, at)
    view_ = state.view(None)
    return {"step": at, "steps": len(game.moves), "view": view_, "board": board_svg(view_),
            "log": state.log(None), "result": await _with_hints(request, game, state)}


@router.get("/api/games/{game_id}/result")
async def result(request: Request, game_id: str) -> dict[str, Any]:
    """How a finished game ended: each side's points by source and why it ended (409 while
    it is played: running points by source may show what a seat holds in secret)."""
    game = await service_of(request).current(game_id)
    found = await _with_hints(request, game, game.state)
    if found is None:
        raise Refusal(409, "the game is not over yet")
    return found


async def _with_hints(request: Request, game: Game, state: GameState) -> dict[str, Any] | None:
    """``result_of(state)`` with ``hints``: how many hints each seat used (``None`` in a
    game made without hints)."""
    found = result_of(state)
    if found is not None:
        found["hints"] = await request.app.state.analyses.hints_used(game)
    return found


@router.get("/api/games/{game_id}/explain")
async def explain(request: Request, game_id: str, token: str | None = None,
                  action: str | None = None) -> dict[str, str]:
    """What an option of the token's pending decision would do, in words."""
    service = service_of(request)
    game = await service.current(game_id)
    if token is None or action is None:
        raise Refusal(422, "give the seat's token and the option's id (token=...&action=...)")
    seat = await service.seat(game, token)
    state = game.state
    if state.to_move != seat:
        raise Refusal(409, "only the seat to move has options to explain")
    for option in state.legal_actions():
        if option.id == action:
            return {"text": state.explain(option)}
    raise Refusal(422, f"{action!r} is not an option of this decision")
