"""The two requests of every move, answered without FastAPI's routing.

A person's move is the view of the seat to move (``GET /api/games/{id}/view``) and the move
itself (``POST /api/games/{id}/actions``). FastAPI finds a route by trying each in turn and
checks every parameter against its annotation on each request: for these two requests that
was about a third of the server's CPU. ``HotRoutes`` answers exactly these two (that path,
that method) by calling the same endpoint functions, ``api.view`` and ``api.play``, with the
same arguments, and answers a ``Refusal`` as the application's handler does; every other
request goes on to FastAPI, which still declares both routes (the OpenAPI document).

It sits inside the edge (``edge.guard``): the host check, the security headers, the content
type check and the body limits apply to these requests as to every other.
"""

from __future__ import annotations

import re

from fastapi.responses import JSONResponse
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from boardlab.web import api
from boardlab.web.service import Refusal

GAME_REQUEST = re.compile(r"/api/games/([^/]+)/(view|actions)")  # a path parameter: [^/]+
HOT = {("view", "GET"), ("actions", "POST")}


def refused(refusal: Refusal) -> JSONResponse:
    """The answer to a refused request: ``{"error": sentence}`` with its status."""
    return JSONResponse({"error": refusal.message}, status_code=refusal.status)


class HotRoutes:
    """ASGI middleware answering the view and move requests itself (see the module)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        found = None
        if scope["type"] == "http" and not scope.get("root_path"):
            found = GAME_REQUEST.fullmatch(scope["path"])
        if found is None or (found[2], scope["method"]) not in HOT:
            await self.app(scope, receive, send)
            return
        request = Request(scope, receive, send)
        response: Response
        try:
            if found[2] == "view":
                response = await api.view(request, found[1], request.query_params.get("token"))
            else:
                response = await api.play(request, found[1])
        except Refusal as refusal:
            response = refused(refusal)
        await response(scope, receive, send)
