"""Issue 30 item 5: a websocket that never reads keeps at most the newest view waiting, and
is closed once a send cannot finish in time (so 100 such sockets cannot pile up views)."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

from boardlab.web.live import BLOCKED_CLOSE, Hub, Subscriber
from boardlab.web.service import Game, Service

from .support import TestClient, create


class StuckSocket:
    """A page that takes the first message, then never reads again."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self.closed: int | None = None

    async def send_json(self, data: dict[str, Any]) -> None:
        self.sent.append(data)
        if len(self.sent) > 1:
            await asyncio.sleep(3600)

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        self.closed = code


def _game(client: TestClient) -> Game:
    game_id = create(client, "toy", 2)["id"]
    service: Service = client.app.state.service  # type: ignore[attr-defined]
    assert client.portal is not None
    found: Game = client.portal.call(service.current, game_id)
    return found


def test_a_socket_that_never_reads_keeps_one_view_waiting_and_is_closed(
        client: TestClient) -> None:
    game = _game(client)

    async def scenario() -> tuple[StuckSocket, Subscriber, list[int]]:
        socket = StuckSocket()
        subscriber = Subscriber(socket, game.id, None)  # type: ignore[arg-type]
        sender = asyncio.create_task(subscriber.run(timeout=0.3))
        subscriber.offer(game)
        await asyncio.sleep(0.05)  # the first view is taken
        waiting = []
        for version in range(1, 60):  # 59 changes while the page does not read
            subscriber.offer(dataclasses.replace(game, version=version))
            await asyncio.sleep(0)
            waiting.append(0 if subscriber.waiting is None else 1)
        assert subscriber.waiting is not None and subscriber.waiting[0].version == 59
        await asyncio.wait_for(sender, timeout=5)  # the sender gives up by itself
        return socket, subscriber, waiting

    socket, subscriber, waiting = asyncio.run(scenario())
    assert max(waiting) == 1  # never more than the newest view waiting
    assert len(socket.sent) == 2  # the first view, and the send that never finished
    assert subscriber.blocked and socket.closed == BLOCKED_CLOSE


def test_a_hub_push_replaces_what_a_slow_socket_has_waiting(client: TestClient) -> None:
    game = _game(client)
    service: Service = client.app.state.service  # type: ignore[attr-defined]

    async def scenario() -> Subscriber:
        hub = Hub(service)
        subscriber = hub.attach(StuckSocket(), game, None)  # type: ignore[arg-type]
        for _ in range(20):
            hub.changed(game.id)
        await hub.close()
        return subscriber

    subscriber = asyncio.run(scenario())
    assert subscriber.waiting is not None and subscriber.waiting[0] is game
