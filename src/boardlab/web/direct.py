"""The single statements of every move on PostgreSQL, sent through libpq directly.

Every view reads what changed in its game and every move appends one action, each in one
statement (``store._NEWS`` and ``store._APPEND_AT_ONCE``). Through SQLAlchemy's asyncio
layer each of them took a connection from its pool, switched greenlets, built a result and
gave the connection back: several times the work of the statement itself. ``Direct`` keeps
a few psycopg connections in autocommit and runs the same statements, compiled once by
SQLAlchemy, as prepared statements on their libpq connection: it sends the statement, waits
until the socket is readable and loads the rows with psycopg's own loaders. On uvloop a
one-row statement costs about 67 microseconds of user CPU this way, against 100 through
psycopg's asyncio cursor, whose generators wrap every step of the query (the socket's
system time, about 42, is the same). Everything else goes through SQLAlchemy as before.

A move is acknowledged once PostgreSQL has committed it in memory: these connections set
``synchronous_commit`` off, so the commit does not wait for its WAL to reach the disk (the
WAL writer flushes it within a fraction of a second). That is the durability SQLite gives
the server (WAL with ``synchronous=NORMAL``): a move survives any crash of the server, and
only a crash of the database's machine may lose the last moments of play. A URL whose
options name ``synchronous_commit`` (``?options=-csynchronous_commit%3Don``) keeps its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import re
import weakref
from collections import namedtuple
from collections.abc import AsyncIterator, Callable, Mapping
from typing import Any

import psycopg
from psycopg import errors, pq
from psycopg.adapt import Transformer
from psycopg.rows import tuple_row
from sqlalchemy.dialects.postgresql.psycopg import dialect as psycopg_dialect
from sqlalchemy.sql import Select

_PLACEHOLDER = re.compile(r"%\((\w+)\)s")
_NAMES = itertools.count()


class Compiled:
    """A SQLAlchemy statement as libpq's SQL text (``$1``, ``$2``... in the order of
    ``params``), with the values of its fixed parameters (the literals SQLAlchemy made
    parameters of)."""

    def __init__(self, statement: Select[Any]) -> None:
        compiled = statement.compile(dialect=psycopg_dialect())  # type: ignore[no-untyped-call]
        self.fixed = {compiled.bind_names[bind]: bind.effective_value
                      for bind in compiled.binds.values() if not bind.required}
        order: dict[str, int] = {}

        def numbered(found: re.Match[str]) -> str:
            return f"${order.setdefault(found[1], len(order) + 1)}"

        self.text = _PLACEHOLDER.sub(numbered, str(compiled)).replace("%%", "%")
        self.params = tuple(order)
        self.name = f"boardlab_{next(_NAMES)}".encode()
        # Rows named once here: psycopg's named rows describe every column of every result.
        names = [str(column.key) for column in statement.selected_columns]
        self.row: Any = namedtuple("Row", names, rename=True)  # type: ignore[misc]


#: The type a parameter is declared with when its statement is prepared, by its first value's
#: Python type (``None``: left for PostgreSQL to infer from the statement).
_OIDS = {bool: 16, int: 20, float: 701, str: 25}


def as_text(value: Any) -> bytes | None:
    """A parameter's value in PostgreSQL's text format (the statement's types read it)."""
    if value is None:
        return None
    if value is True or value is False:
        return b"t" if value else b"f"
    return str(value).encode()


class Direct:
    """At most ``size`` psycopg connections to the libpq ``url``, in autocommit, opened as
    needed and kept; one that failed in use is closed rather than kept."""

    def __init__(self, url: str, size: int) -> None:
        self.url = url
        self.setup = "" if "synchronous_commit" in url else "SET synchronous_commit = off"
        self.idle: list[psycopg.AsyncConnection[tuple[Any, ...]]] = []
        self.free = asyncio.Semaphore(size)
        # the statements prepared on each connection (forgotten with the connection)
        self.prepared: weakref.WeakKeyDictionary[psycopg.AsyncConnection[Any], set[bytes]] = (
            weakref.WeakKeyDictionary())

    async def rows(self, statement: Compiled, values: Mapping[str, Any]) -> list[Any]:
        """The rows ``statement`` gives with ``values`` (fields named as its columns)."""
        given = {**statement.fixed, **values}
        ordered = [given[name] for name in statement.params]
        params = [as_text(value) for value in ordered]
        async with self._connection() as connection:
            pgconn = connection.pgconn
            prepared = self.prepared.setdefault(connection, set())
            if statement.name not in prepared:
                types = [_OIDS.get(type(value), 0) for value in ordered]
                await _result(connection, lambda: pgconn.send_prepare(
                    statement.name, statement.text.encode(), param_types=types))
                prepared.add(statement.name)
            result = await _result(connection, lambda: pgconn.send_query_prepared(
                statement.name, params))
            loader = Transformer(connection)
            loader.set_pgresult(result)
            return loader.load_rows(0, result.ntuples, statement.row._make)

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
                if self.setup:
                    await connection.execute(self.setup)
            try:
                yield connection
            except BaseException:
                if (connection.pgconn.status != pq.ConnStatus.OK
                        or connection.pgconn.transaction_status != pq.TransactionStatus.IDLE):
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


async def _result(connection: psycopg.AsyncConnection[Any], send: Callable[[], None]
                  ) -> pq.abc.PGresult:
    """Send one command with ``send`` and wait for its result without blocking the loop;
    an error of the statement is raised as psycopg's exception of its SQLSTATE."""
    pgconn = connection.pgconn
    send()
    loop = asyncio.get_running_loop()
    socket = pgconn.socket
    while pgconn.flush():  # the command did not fit the socket's buffer: rare
        await _ready(loop.add_writer, loop.remove_writer, socket)
    while True:
        pgconn.consume_input()
        if not pgconn.is_busy():
            break
        await _ready(loop.add_reader, loop.remove_reader, socket)
    result = None
    while (last := pgconn.get_result()) is not None:
        result = last
    if result is None:
        raise psycopg.OperationalError("the connection to PostgreSQL gave no result")
    if result.status == pq.ExecStatus.FATAL_ERROR:
        raise errors.error_from_result(result, encoding=connection.info.encoding)
    return result


async def _ready(add: Callable[..., None], remove: Callable[[int], object], socket: int) -> None:
    waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def ready() -> None:
        if not waiter.done():
            waiter.set_result(None)

    add(socket, ready)
    try:
        await waiter
    finally:
        remove(socket)
