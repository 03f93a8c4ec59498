"""Bounded request bodies: at most ``Edge.max_body`` bytes, read within ``Edge.body_seconds``.

A body announced larger than the limit (``Content-Length``) is refused with 413 before a
byte of it is read; a body without a length is counted as it streams in and refused as
soon as it passes the limit. A body that does not arrive in time (a client that announces
100 MB and sends 64 kB) is refused with 408. Both answers close the connection. The
header and keep-alive timeouts are the server's (``protocols``).
"""

from __future__ import annotations

import asyncio

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from boardlab.web.security import send_error

MAX_BODY = 2 * 1024 * 1024  # the longest saves are a few hundred kB
BODY_SECONDS = 20.0
CLOSE = ((b"connection", b"close"),)


class _BodyRefused(Exception):
    def __init__(self, status: int, error: str) -> None:
        super().__init__(error)
        self.status, self.error = status, error


class BodyLimit:
    """ASGI middleware bounding the size and the reading time of every request body."""

    def __init__(self, app: ASGIApp, max_body: int = MAX_BODY,
                 body_seconds: float = BODY_SECONDS) -> None:
        self.app = app
        self.max_body = max_body
        self.body_seconds = body_seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        too_large = f"the request body is larger than {self.max_body} bytes"
        announced = _content_length(scope)
        if announced is not None and (announced < 0 or announced > self.max_body):
            status = 413 if announced > 0 else 400
            await send_error(send, status, too_large if status == 413
                             else "the Content-Length header is not a size", CLOSE)
            return
        deadline = asyncio.get_running_loop().time() + self.body_seconds
        received = 0
        started = complete = False

        async def bounded_receive() -> Message:
            nonlocal received, complete
            if complete:  # the whole body is in: what follows is the client leaving
                return await receive()
            try:
                async with asyncio.timeout_at(deadline):  # no task of its own, unlike wait_for
                    message = await receive()
            except TimeoutError:
                raise _BodyRefused(408, "the request body did not arrive in time") from None
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_body:
                    raise _BodyRefused(413, too_large)
                complete = not message.get("more_body", False)
            return message

        async def noting_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, bounded_receive, noting_send)
        except _BodyRefused as refused:
            if not started:
                await send_error(send, refused.status, refused.error, CLOSE)


def _content_length(scope: Scope) -> int | None:
    for key, value in scope["headers"]:
        if key == b"content-length":
            try:
                return int(value)
            except ValueError:
                return -1
    return None
