"""What a browser is told and checked for on every answer: the allowed hosts, the security
headers, JSON bodies only as ``application/json``.

- The ``Host`` of a request must be one the server answers for (``Edge.allowed_hosts``;
  localhost by default): a web page elsewhere cannot reach the local API by having its own
  name resolve to 127.0.0.1 (DNS rebinding). Other hosts get a 400.
- Every answer carries a Content-Security-Policy with no inline script and no framing,
  ``nosniff``, ``X-Frame-Options: DENY`` and ``Referrer-Policy: no-referrer`` (a seat's
  token is in its page's address: it must not leave in a referrer); everything but the
  static files is ``Cache-Control: no-store`` (seat pages and answers holding a token).
- A body sent to ``/api/`` must be declared ``application/json`` (415 otherwise): a web page
  elsewhere can send a ``text/plain`` POST without asking, never a JSON one.
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Iterable

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from boardlab.games.svg import STYLE as BOARD_STYLE

DEFAULT_HOSTS = ("localhost", "127.0.0.1", "[::1]")
ANY_ADDRESS = ("0.0.0.0", "::", "[::]")  # listening everywhere: every name may be the server's

# The boards' SVG carries one fixed <style> (their shared look): it is allowed by its hash,
# and no other inline style or script is.
BOARD_STYLE_HASH = base64.b64encode(hashlib.sha256(BOARD_STYLE.encode()).digest()).decode()
POLICY = ("default-src 'self'; script-src 'self'; "
          f"style-src 'self' 'sha256-{BOARD_STYLE_HASH}'; img-src 'self' data:; "
          "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
          "frame-ancestors 'none'")
HEADERS = (
    (b"content-security-policy", POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
)
NO_STORE = (b"cache-control", b"no-store")
STATIC_HEADERS = HEADERS
STORED_HEADERS = (*HEADERS, NO_STORE)
BODY_METHODS = frozenset({"POST", "PUT", "PATCH"})


def allowed_hosts(listen_host: str, extra: Iterable[str] = ()) -> tuple[str, ...]:
    """The host names a server listening on ``listen_host`` answers for: localhost, that
    address, and ``extra``; ``("*",)`` (any) when it listens on every address and no
    ``extra`` names were given."""
    named = [host.strip().lower() for host in extra if host.strip()]
    if listen_host in ANY_ADDRESS and not named:
        return ("*",)
    shown = f"[{listen_host}]" if ":" in listen_host and not listen_host.startswith("[") \
        else listen_host
    return tuple(dict.fromkeys([*DEFAULT_HOSTS, shown.lower(), *named]))


def host_name(header: str) -> str:
    """The host of a ``Host`` header, without its port, in lower case."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[: header.find("]") + 1] if "]" in header else header
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


class Security:
    """ASGI middleware: allowed hosts, security headers and JSON content types."""

    def __init__(self, app: ASGIApp, hosts: Iterable[str] = DEFAULT_HOSTS) -> None:
        self.app = app
        self.hosts = frozenset(host.lower() for host in hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = _header(scope, b"host")
        if "*" not in self.hosts and host_name(host) not in self.hosts:
            await _refuse(scope, send, 400, f"this server does not answer for the host "
                                            f"{host[:100]!r}")
            return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        if path.startswith("/api/") and scope["method"] in BODY_METHODS:
            kind = _header(scope, b"content-type").split(";", 1)[0].strip().lower()
            if kind != "application/json":
                await _refuse(scope, send, 415, "send the body as JSON, with the header "
                                                "Content-Type: application/json")
                return
        added = STATIC_HEADERS if path.startswith("/static/") else STORED_HEADERS

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                if added is STORED_HEADERS and any(h[0].lower() == b"cache-control"
                                                   for h in headers):
                    headers = [h for h in headers if h[0].lower() != b"cache-control"]
                headers.extend(added)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _header(scope: Scope, name: bytes) -> str:
    for key, value in scope["headers"]:
        if key == name:
            return str(value.decode("latin-1"))
    return ""


async def _refuse(scope: Scope, send: Send, status: int, error: str) -> None:
    """Answer ``status`` with ``{"error"}`` (a websocket is refused before it opens)."""
    if scope["type"] == "websocket":
        await send({"type": "websocket.close", "code": 1008, "reason": error[:120]})
        return
    await send_error(send, status, error)


async def send_error(send: Send, status: int, error: str,
                     extra: Iterable[tuple[bytes, bytes]] = ()) -> None:
    """A complete ``{"error": ...}`` answer, with the security headers."""
    body = json.dumps({"error": error}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()),
                            *HEADERS, NO_STORE, *extra]})
    await send({"type": "http.response.body", "body": body})
