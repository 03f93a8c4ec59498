"""Live pages: every open websocket receives its own seat's view after each change of its game.

A socket is sent ``{"type": "view", "view", "board", "log", "log_length", "version",
"status"}`` when it connects and whenever its game's version moves on; ``log`` holds the
entries of ``log(seat)`` the socket has not had yet (from 0 on connecting), and a page
drops the entries numbered ``log_length`` or more (an undo shortens the log).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any

from fastapi import WebSocket

from boardlab.web.boards import board_svg
from boardlab.web.service import Game, Refusal, Service

log = logging.getLogger(__name__)


Seen = dict[int | None, tuple[dict[str, Any], str]]
"""The view and board of each seat, built once for all the sockets of one push."""


def message(game: Game, seat: int | None, since: int = 0, seen: Seen | None = None
            ) -> dict[str, Any]:
    """What a page of ``seat`` is sent: its view, its board and its log from entry ``since``."""
    state = game.state
    shown = None if seen is None else seen.get(seat)
    if shown is None:
        view = state.view(seat)
        shown = (view, board_svg(view))
        if seen is not None:
            seen[seat] = shown
    return {
        "type": "view",
        "view": shown[0],
        "board": shown[1],
        "log": state.log(seat, since=since),
        "log_length": state.log_length(),
        "version": game.version,
        "moves": len(game.moves),
        "status": game.status(),
    }


@dataclass(eq=False)
class Subscriber:
    """One open websocket: its game, its seat (``None``: a spectator) and what it was sent."""

    socket: WebSocket
    game_id: str
    seat: int | None
    shown: int = 0  # log entries sent so far
    version: int = -1  # the game version last sent
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def send(self, game: Game, seen: Seen | None = None) -> None:
        """Send the game as this seat sees it, unless this version was sent already."""
        async with self.lock:
            if game.version == self.version:
                return
            shown = min(self.shown, game.state.log_length())
            data = message(game, self.seat, since=shown, seen=seen)
            self.version, self.shown = game.version, data["log_length"]
            await self.socket.send_json(data)


class Hub:
    """The open websockets of this process, by game."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self.subscribers: dict[str, set[Subscriber]] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    async def attach(self, socket: WebSocket, game: Game, seat: int | None) -> Subscriber:
        """Register an accepted socket and send it the current view at once."""
        subscriber = Subscriber(socket, game.id, seat)
        self.subscribers.setdefault(game.id, set()).add(subscriber)
        await subscriber.send(game)
        return subscriber

    def detach(self, subscriber: Subscriber) -> None:
        """Forget a closed socket."""
        group = self.subscribers.get(subscriber.game_id)
        if group is not None:
            group.discard(subscriber)
            if not group:
                del self.subscribers[subscriber.game_id]

    def changed(self, game_id: str) -> None:
        """This process changed ``game_id``: push it to the game's sockets."""
        if game_id in self.subscribers:
            self._spawn(self._push(game_id, refresh=False))

    def notified(self, game_id: str) -> None:
        """Another process (or this one) says ``game_id`` changed: refresh it, then push."""
        if game_id in self.subscribers:
            self._spawn(self._push(game_id, refresh=True))

    async def _push(self, game_id: str, refresh: bool) -> None:
        try:
            game = await (self.service.current(game_id) if refresh
                          else self.service.cached(game_id))
        except Refusal:
            return
        group = list(self.subscribers.get(game_id, ()))
        seen: Seen = {}
        results = await asyncio.gather(*(s.send(game, seen) for s in group),
                                       return_exceptions=True)
        for subscriber, result in zip(group, results, strict=True):
            if isinstance(result, BaseException):
                self.detach(subscriber)

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def close(self) -> None:
        """Wait for the pushes under way."""
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
