"""The websocket route: a page's live connection to its game, as its seat sees it."""

from __future__ import annotations

import asyncio
import contextlib

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from boardlab.web.live import Hub
from boardlab.web.service import Refusal, Service

router = APIRouter()

CLOSE_CODES = {403: 4403, 404: 4404}  # websocket close codes for a refused connection


@router.websocket("/ws/games/{game_id}")
async def game_socket(socket: WebSocket, game_id: str, token: str | None = None) -> None:
    """Send the current view at once, then every change; refused with 4404 or 4403."""
    service: Service = socket.app.state.service
    hub: Hub = socket.app.state.hub
    try:
        game = await service.current(game_id)
        seat = None if token is None else await service.seat(game, token)
    except Refusal as refusal:
        await socket.accept()
        await socket.send_json({"type": "error", "error": refusal.message,
                                "status": refusal.status})
        await socket.close(code=CLOSE_CODES.get(refusal.status, 4400), reason=refusal.message)
        return
    await socket.accept()
    subscriber = hub.attach(socket, game, seat)
    sender = asyncio.create_task(subscriber.run())  # ends by itself if the page stops reading
    sender.add_done_callback(lambda _done: hub.detach(subscriber))
    try:
        with contextlib.suppress(WebSocketDisconnect):
            while (await socket.receive())["type"] != "websocket.disconnect":
                pass  # pages send nothing that matters; this waits for the close
    finally:
        hub.detach(subscriber)
        sender.cancel()
