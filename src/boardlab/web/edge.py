"""The server's edge: which hosts it answers for and how large and slow a body may be."""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from dataclasses import dataclass

from fastapi import FastAPI

from boardlab.web.hot import HotRoutes
from boardlab.web.limits import BODY_SECONDS, MAX_BODY, BodyLimit
from boardlab.web.security import DEFAULT_HOSTS, Security

HOSTS_ENV, MAX_BODY_ENV, BODY_SECONDS_ENV = (
    "BOARDLAB_ALLOWED_HOSTS", "BOARDLAB_MAX_BODY", "BOARDLAB_BODY_SECONDS")


@dataclass(frozen=True)
class Edge:
    """``allowed_hosts``: the ``Host`` names served (``"*"``: any); ``max_body``: the largest
    request body in bytes; ``body_seconds``: the time a body has to arrive."""

    allowed_hosts: tuple[str, ...] = DEFAULT_HOSTS
    max_body: int = MAX_BODY
    body_seconds: float = BODY_SECONDS

    def __post_init__(self) -> None:
        if not self.allowed_hosts:
            raise ValueError("give at least one allowed host")
        if self.max_body < 1:
            raise ValueError(f"max_body must be 1 byte or more, got {self.max_body}")
        if not (math.isfinite(self.body_seconds) and self.body_seconds > 0):
            raise ValueError(f"body_seconds must be above 0, got {self.body_seconds}")

    def to_env(self) -> dict[str, str]:
        """The edge as environment variables, for server processes started by uvicorn."""
        return {HOSTS_ENV: ",".join(self.allowed_hosts), MAX_BODY_ENV: str(self.max_body),
                BODY_SECONDS_ENV: str(self.body_seconds)}

    @classmethod
    def from_env(cls, environ: Mapping[str, str] = os.environ) -> Edge:
        """The edge the variables of ``to_env`` give (the defaults for those not set)."""
        hosts = tuple(h for h in environ.get(HOSTS_ENV, "").split(",") if h.strip())
        return cls(allowed_hosts=hosts or DEFAULT_HOSTS,
                   max_body=int(environ.get(MAX_BODY_ENV) or MAX_BODY),
                   body_seconds=float(environ.get(BODY_SECONDS_ENV) or BODY_SECONDS))


def guard(app: FastAPI, edge: Edge) -> None:
    """Put ``app`` behind the edge: hosts, headers and content types checked first
    (``security``), then bounded bodies (``limits``), before any route is reached (the
    move requests of ``hot`` too)."""
    app.add_middleware(HotRoutes)
    app.add_middleware(BodyLimit, max_body=edge.max_body, body_seconds=edge.body_seconds)
    app.add_middleware(Security, hosts=edge.allowed_hosts)
