"""The watch locks of a process's watched games (``listen.Watches``) across a lost
connection: the locks still wanted are taken again, and a game no longer watched is not
"unlocked" on a connection that never held its lock (PostgreSQL warns of that)."""

from __future__ import annotations

import asyncio
import os

import psycopg
import pytest

from boardlab.web.db import libpq_url
from boardlab.web.listen import Watches
from boardlab.web.store import WATCH_LOCKS

from .support import PG_ENV

pytestmark = pytest.mark.skipif(not os.environ.get(PG_ENV), reason=f"{PG_ENV} is not set")


async def _held(url: str, pid: int) -> int:
    """How many watch locks the backend ``pid`` holds."""
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as connection:
        cursor = await connection.execute(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND classid = %s "
            "AND pid = %s AND granted", (WATCH_LOCKS, pid))
        row = await cursor.fetchone()
        assert row is not None
        return int(row[0])


def test_a_lost_connection_keeps_the_wanted_locks_and_unlocks_nothing_it_never_held() -> None:
    url = libpq_url(os.environ[PG_ENV])

    async def run() -> tuple[int, bool, int]:
        watches = Watches(url)
        try:
            await watches.watch("gameA")
            await watches.watch("gameB")
            assert watches._connection is not None
            await watches._connection.close()  # the connection is lost
            await watches.unwatch("gameA")  # its lock died with the connection
            reopened = watches._connection is not None and not watches._connection.closed
            await watches.watch("gameC")  # opens again: gameB's lock and gameC's
            assert watches._connection is not None
            return (await _held(url, watches._connection.info.backend_pid), reopened,
                    len(watches.counts))
        finally:
            await watches.close()

    held, reopened_for_unwatch, watched = asyncio.run(run())
    assert not reopened_for_unwatch
    assert (held, watched) == (2, 2)
