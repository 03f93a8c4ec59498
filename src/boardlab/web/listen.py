"""PostgreSQL LISTEN: one task per process hears of the changes to the games watched.

A move NOTIFYs only when some process has websockets of its game (``Watches``); undos and
seats always do.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import psycopg

from boardlab.web.db import libpq_url
from boardlab.web.store import CHANNEL, read_payload, watch_lock

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


class Watches:
    """The watch locks (``store.watch_lock``) of the games this process has websockets of,
    held on a PostgreSQL connection of their own: a move on any other game NOTIFYs nobody.

    ``watch`` and ``unwatch`` count a game's sockets and run one at a time, in the order
    called; the lock is taken for the first and let go with the last. A connection that
    failed is opened again at the next call, with every lock still wanted taken again.
    """

    def __init__(self, url: str) -> None:
        self.url = libpq_url(url)
        self.counts: dict[str, int] = {}
        self._turn = asyncio.Lock()
        self._connection: psycopg.AsyncConnection[Any] | None = None

    async def watch(self, game_id: str) -> None:
        """One more socket of ``game_id``: once this returns, every move on it NOTIFYs."""
        async with self._turn:
            self.counts[game_id] = self.counts.get(game_id, 0) + 1
            if self.counts[game_id] == 1:
                await self._run(watch_lock("pg_advisory_lock_shared"), game_id)

    async def unwatch(self, game_id: str) -> None:
        """One socket of ``game_id`` fewer."""
        async with self._turn:
            left = self.counts.get(game_id, 0) - 1
            if left > 0:
                self.counts[game_id] = left
                return
            self.counts.pop(game_id, None)
            # A connection that died took its locks with it; one opened again now would not
            # hold this game's lock, and PostgreSQL warns of an unlock of a lock not held.
            if self._connection is not None and not self._connection.closed:
                await self._run(watch_lock("pg_advisory_unlock_shared"), game_id)

    async def _run(self, sql: str, game_id: str) -> None:
        try:
            if self._connection is None or self._connection.closed:
                self._connection = await psycopg.AsyncConnection.connect(self.url,
                                                                         autocommit=True)
                for wanted in self.counts:  # this game's too, when it is being watched
                    await self._connection.execute(watch_lock("pg_advisory_lock_shared"),
                                                   (wanted,))
                if game_id in self.counts:
                    return
            await self._connection.execute(sql, (game_id,))
        except psycopg.Error:
            log.exception("cannot hold the watch locks on PostgreSQL: moves made by other "
                          "processes may reach this one's sockets late")
            if self._connection is not None:
                await self._connection.close()
            self._connection = None

    async def close(self) -> None:
        """Close the connection (its locks go with it)."""
        if self._connection is not None:
            await self._connection.close()
            self._connection = None
