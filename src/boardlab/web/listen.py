"""PostgreSQL LISTEN: one task per process hears every game another process changed."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import psycopg

from boardlab.web.db import libpq_url
from boardlab.web.store import CHANNEL, read_payload

log = logging.getLogger(__name__)


async def listen(url: str, heard: Callable[[str, int | None], None],
                 ready: asyncio.Event | None = None) -> None:
    """Call ``heard(game_id, version)`` for each NOTIFY on the boardlab channel (``version``:
    the one the change brought the game to, ``None`` for a change of its seats),
    reconnecting forever."""
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(libpq_url(url),
                                                             autocommit=True) as connection:
                await connection.execute(f"LISTEN {CHANNEL}")
                if ready is not None:
                    ready.set()
                async for note in connection.notifies():
                    heard(*read_payload(note.payload))
        except asyncio.CancelledError:
            raise
        except Exception:  # the database went away: try again shortly
            log.exception("lost the PostgreSQL LISTEN connection; reconnecting")
            await asyncio.sleep(1.0)
