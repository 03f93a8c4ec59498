"""Live pages: every open websocket receives its own seat's view after each change of its game.

A socket is sent ``{"type": "view", "view", "board", "log", "log_length", "version",
"status"}`` when it connects and whenever its game's version moves on; ``log`` holds the
entries of ``log(seat)`` the socket has not had yet (from 0 on connecting), and a page
drops the entries numbered ``log_length`` or more (an undo shortens the log).

Each socket has one sender and at most one view waiting for it: a newer change replaces the
waiting one (the page only needs the newest). A send that does not finish within
``SEND_TIMEOUT`` seconds means the page stopped reading: the socket is closed, so a page
that never reads costs one message, not one per change.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any, Protocol

from fastapi import WebSocket

from boardlab.web.boards import board_svg
from boardlab.web.positions import seat_view
from boardlab.web.service import Game, Refusal, Service

log = logging.getLogger(__name__)

SEND_TIMEOUT = 10.0  # seconds a page has to take one message before its socket is closed
BLOCKED_CLOSE = 4408  # the close code of a socket that stopped reading


Seen = dict[tuple[int, int | None], tuple[dict[str, Any], str]]
"""The view and board of each (version, seat), built once for all the sockets of one push."""


def message(game: Game, seat: int | None, since: int = 0, seen: Seen | None = None
            ) -> dict[str, Any]:
    """What a page of ``seat`` is sent: its view, its board and its log from entry ``since``."""
    state = game.state
    key = (game.version, seat)
    shown = None if seen is None else seen.get(key)
    if shown is None:
        view = seat_view(game, seat)
        shown = (view, board_svg(view))
        if seen is not None:
            seen[key] = shown
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
    sending: int = -1  # the game version being sent, or else last sent
    waiting: tuple[Game, Seen] | None = None  # the newest change not sent yet
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    blocked: bool = False  # a send timed out: the socket was closed

    def has(self, version: int) -> bool:
        """Whether ``version`` of the game (or a later one) was sent or waits to be."""
        return self.sending >= version or (self.waiting is not None
                                           and self.waiting[0].version >= version)

    def offer(self, game: Game, seen: Seen | None = None) -> None:
        """Have ``game`` sent as this seat sees it, replacing any change still waiting."""
        self.waiting = (game, {} if seen is None else seen)
        self.wake.set()

    async def run(self, timeout: float = SEND_TIMEOUT) -> None:
        """Send what is offered, one message at a time, until the socket blocks or fails."""
        while True:
            await self.wake.wait()
            self.wake.clear()
            if self.waiting is None:
                continue
            game, seen = self.waiting
            self.waiting = None
            if game.version == self.version:
                continue
            shown = min(self.shown, game.state.log_length())
            data = message(game, self.seat, since=shown, seen=seen)
            self.sending = data["version"]
            try:
                await asyncio.wait_for(self.socket.send_json(data), timeout)
            except TimeoutError:
                self.blocked = True
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(self.socket.close(code=BLOCKED_CLOSE,
                                                             reason="the page stopped reading"),
                                           timeout)
                return
            self.version, self.shown = data["version"], data["log_length"]


class Watching(Protocol):
    """Tells the other processes which games this one has sockets of (``listen.Watches``)."""

    async def watch(self, game_id: str) -> None: ...

    async def unwatch(self, game_id: str) -> None: ...


class Hub:
    """The open websockets of this process, by game; ``watching`` (several processes on
    PostgreSQL) is told of the first socket of a game and of the last one leaving."""

    def __init__(self, service: Service, watching: Watching | None = None) -> None:
        self.service = service
        self.watching = watching
        self.subscribers: dict[str, set[Subscriber]] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    def attach(self, socket: WebSocket, game: Game, seat: int | None) -> Subscriber:
        """Register an accepted socket, its current view offered at once (its ``run`` sends)."""
        subscriber = Subscriber(socket, game.id, seat)
        group = self.subscribers.setdefault(game.id, set())
        if not group and self.watching is not None:
            self._spawn(self._watch(game.id))
        group.add(subscriber)
        subscriber.offer(game)
        return subscriber

    def detach(self, subscriber: Subscriber) -> None:
        """Forget a closed socket."""
        group = self.subscribers.get(subscriber.game_id)
        if group is not None and subscriber in group:
            group.discard(subscriber)
            if not group:
                del self.subscribers[subscriber.game_id]
                if self.watching is not None:
                    self._spawn(self.watching.unwatch(subscriber.game_id))

    async def _watch(self, game_id: str) -> None:
        """Watch ``game_id``, then read it again: a move made elsewhere before the watch
        began NOTIFYed nobody."""
        assert self.watching is not None
        await self.watching.watch(game_id)
        await self._push(game_id, refresh=True)

    def changed(self, game_id: str) -> None:
        """This process changed ``game_id``: push it to the game's sockets."""
        if game_id in self.subscribers:
            self._spawn(self._push(game_id, refresh=False))

    def notified(self, game_id: str, version: int | None = None) -> None:
        """Another process (or this one) says ``game_id`` changed (to ``version``, when
        named): refresh it, then push; nothing when every socket has that version already
        (this process's own move, pushed by ``changed``)."""
        group = self.subscribers.get(game_id)
        if not group:
            return
        if version is not None and all(s.has(version) for s in group):
            return
        self._spawn(self._push(game_id, refresh=True))

    async def _push(self, game_id: str, refresh: bool) -> None:
        try:
            game = await (self.service.current(game_id) if refresh
                          else self.service.cached(game_id))
        except Refusal:
            return
        seen: Seen = {}
        for subscriber in self.subscribers.get(game_id, ()):
            subscriber.offer(game, seen)

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def close(self) -> None:
        """Wait for the pushes under way."""
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
