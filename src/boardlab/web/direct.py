"""The single statements of every move on PostgreSQL, sent through psycopg directly.

Every view reads what changed in its game and every move appends one action, each in one
statement (``store._NEWS`` and ``store._APPEND_AT_ONCE``). Through SQLAlchemy's asyncio
layer each of them took a connection from its pool, switched greenlets, built a result and
gave the connection back: several times the work of the statement itself. ``Direct`` keeps
a few psycopg connections in autocommit and runs the same statements, compiled once by
SQLAlchemy, as prepared statements; everything else goes through SQLAlchemy as before.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import namedtuple
from collections.abc import AsyncIterator, Mapping
from typing import Any

import psycopg
from psycopg.pq import TransactionStatus
from psycopg.rows import tuple_row
from sqlalchemy.dialects.postgresql.psycopg import dialect as psycopg_dialect
from sqlalchemy.sql import Select


class Compiled:
    """A SQLAlchemy statement as psycopg's SQL text, with the values of its fixed parameters
    (the literals SQLAlchemy made parameters of)."""

    def __init__(self, statement: Select[Any]) -> None:
        compiled = statement.compile(dialect=psycopg_dialect())  # type: ignore[no-untyped-call]
        self.text = str(compiled)
        self.fixed = {compiled.bind_names[bind]: bind.effective_value
                      for bind in compiled.binds.values() if not bind.required}
        # Rows named once here: psycopg's named rows describe every column of every result.
        names = [str(column.key) for column in statement.selected_columns]
        self.row: Any = namedtuple("Row", names, rename=True)  # type: ignore[misc]


class Direct:
    """At most ``size`` psycopg connections to the libpq ``url``, in autocommit, opened as
    needed and kept; one that failed in use is closed rather than kept."""

    def __init__(self, url: str, size: int) -> None:
        self.url = url
        self.idle: list[psycopg.AsyncConnection[tuple[Any, ...]]] = []
        self.free = asyncio.Semaphore(size)

    async def rows(self, statement: Compiled, values: Mapping[str, Any]) -> list[Any]:
        """The rows ``statement`` gives with ``values`` (fields named as its columns)."""
        async with self._connection() as connection:
            cursor = await connection.execute(statement.text, {**statement.fixed, **values},
                                              prepare=True)
            return [statement.row._make(row) for row in await cursor.fetchall()]

    @contextlib.asynccontextmanager
    async def _connection(self) -> AsyncIterator[psycopg.AsyncConnection[tuple[Any, ...]]]:
        async with self.free:
            connection = None
            while self.idle and connection is None:
                connection = self.idle.pop()
                if connection.closed or connection.broken:
                    connection = None
            if connection is None:
                connection = await psycopg.AsyncConnection.connect(
                    self.url, autocommit=True, row_factory=tuple_row)
            try:
                yield connection
            except BaseException:
                if connection.broken or (connection.info.transaction_status
                                         != TransactionStatus.IDLE):
                    await connection.close()
                raise
            finally:
                if not connection.closed:
                    self.idle.append(connection)

    async def close(self) -> None:
        """Close every connection kept."""
        idle, self.idle = self.idle, []
        for connection in idle:
            await connection.close()
