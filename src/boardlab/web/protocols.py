"""uvicorn's HTTP and websocket protocols with the timeouts a public server needs.

- ``GuardedHttp``: a connection has ``HEADER_SECONDS`` to send the headers of each request
  (from the moment it opens, or its first byte after a keep-alive pause); a client that
  trickles them (slowloris) or opens connections and sends nothing is closed. The time
  between requests is uvicorn's ``timeout_keep_alive``; bodies are bounded by ``limits``.
  A response's head is sent with the start of its body, in one write (``HeadWithBody``).
- ``GuardedWebSocket``: a socket whose peer stops reading, so that the server's writes
  stay paused for ``BLOCKED_SECONDS``, is aborted: what it buffered is freed at once
  (closing it politely would wait for the peer to read).

``boardlab serve`` runs uvicorn with them (``UVICORN_OPTIONS``).
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

HEADER_SECONDS = 10.0
BLOCKED_SECONDS = 20.0


class HeadWithBody:
    """A transport that holds a response's head (status line and headers) until the next
    write, so that the head and the body leave in one system call and one packet: uvicorn
    writes them separately, and on a busy server each write costs about as much as
    building a small answer (and wakes the client twice). A head with nothing after it in
    the same turn of the event loop (a streamed answer, ``101 Switching Protocols``) is sent
    at the end of that turn. Everything else is the socket's own transport."""

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        self.transport = transport
        self.loop = loop
        self.head: bytes | None = None

    def write(self, data: bytes | bytearray | memoryview) -> None:
        if self.head is not None:
            data, self.head = self.head + data, None
        elif data[:5] == b"HTTP/" and data[-4:] == b"\r\n\r\n":
            self.head = bytes(data)
            self.loop.call_soon(self.flush)
            return
        self.transport.write(data)

    def flush(self) -> None:
        """Send a head still held."""
        if self.head is not None:
            head, self.head = self.head, None
            if not self.transport.is_closing():
                self.transport.write(head)

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def close(self) -> None:
        self.flush()
        self.transport.close()

    def abort(self) -> None:
        self.head = None
        self.transport.abort()

    def get_write_buffer_size(self) -> int:
        return self.transport.get_write_buffer_size() + len(self.head or b"")

    def __getattr__(self, name: str) -> Any:
        return getattr(self.transport, name)


class GuardedHttp(HttpToolsProtocol):
    """HTTP/1.1 with a deadline for each request's headers, each answer sent in one write."""

    header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        joined: Any = HeadWithBody(transport, self.loop)
        super().connection_made(joined)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self.header_timer is None:
            self._arm()

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def _arm(self) -> None:
        self.header_timer = self.loop.call_later(HEADER_SECONDS, self._headers_late)

    def _disarm(self) -> None:
        if self.header_timer is not None:
            self.header_timer.cancel()
            self.header_timer = None

    def _headers_late(self) -> None:
        self.header_timer = None
        if not self.transport.is_closing():
            self.transport.write(b"HTTP/1.1 408 Request Timeout\r\ncontent-length: 0\r\n"
                                 b"connection: close\r\n\r\n")
            self.transport.close()


class GuardedWebSocket(WebSocketsSansIOProtocol):
    """A websocket aborted when its peer leaves the server's writes paused too long."""

    blocked_timer: asyncio.TimerHandle | None = None

    def pause_writing(self) -> None:
        super().pause_writing()
        if self.blocked_timer is None:
            self.blocked_timer = self.loop.call_later(BLOCKED_SECONDS, self._blocked)

    def resume_writing(self) -> None:
        self._unblock()
        super().resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        self._unblock()
        super().connection_lost(exc)

    def _unblock(self) -> None:
        if self.blocked_timer is not None:
            self.blocked_timer.cancel()
            self.blocked_timer = None

    def _blocked(self) -> None:
        self.blocked_timer = None
        self.transport.abort()


UVICORN_OPTIONS: dict[str, Any] = {
    "http": GuardedHttp,
    "ws": GuardedWebSocket,
    "timeout_keep_alive": 30,
    "h11_max_incomplete_event_size": 16 * 1024,  # used only if uvicorn runs h11 instead
    "ws_max_size": 64 * 1024,  # pages send nothing that matters
}
