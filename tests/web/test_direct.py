"""The statements of every move on PostgreSQL, run on libpq directly (``web/direct.py``):
the same rows as through SQLAlchemy, psycopg's exceptions for a failed statement, and a
connection left mid-statement never handed out again."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator

import psycopg
import pytest
import sqlalchemy as sa
from e2e.server import postgres_schema

from boardlab.web.db import libpq_url
from boardlab.web.direct import Compiled, Direct, as_text

from .support import PG_ENV

pytestmark = pytest.mark.skipif(not os.environ.get(PG_ENV), reason=f"{PG_ENV} is not set")

ITEMS = sa.table("items", sa.column("id", sa.Integer), sa.column("name", sa.Text),
                 sa.column("weight", sa.Float))
BY_ID = Compiled(sa.select(ITEMS.c.id, ITEMS.c.name, ITEMS.c.weight)
                 .where(ITEMS.c.id >= sa.bindparam("lo"), ITEMS.c.name != sa.bindparam("not_"))
                 .order_by(ITEMS.c.id))
SLEEP = Compiled(sa.select(sa.func.pg_sleep(sa.bindparam("seconds", type_=sa.Float))))
_INSERTED = (sa.insert(ITEMS).values(id=sa.bindparam("at", type_=sa.Integer), name="again")
             .returning(ITEMS.c.id).cte("inserted"))
INSERT = Compiled(sa.select(_INSERTED.c.id))


def test_parameters_are_numbered_once_each_and_sent_as_text() -> None:
    assert BY_ID.params == ("lo", "not_")
    assert "$1" in BY_ID.text and "$2" in BY_ID.text and "%(" not in BY_ID.text
    assert [as_text(value) for value in (None, True, False, 7, 2.5, "é")] == [
        None, b"t", b"f", b"7", b"2.5", "é".encode()]


@pytest.fixture
def schema_url() -> Iterator[str]:
    with postgres_schema(os.environ[PG_ENV]) as url:
        with sa.create_engine(url).begin() as connection:
            connection.execute(sa.text(
                "CREATE TABLE items (id integer PRIMARY KEY, name text, weight float8)"))
            connection.execute(sa.text(
                "INSERT INTO items VALUES (1, 'ash', 0.5), (2, 'birch', NULL), (3, 'cedar', 2)"))
        yield url


def test_rows_are_those_of_the_statement_named_by_column(schema_url: str) -> None:
    async def run() -> list[tuple[object, ...]]:
        direct = Direct(libpq_url(schema_url), 2)
        try:
            first = await direct.rows(BY_ID, {"lo": 2, "not_": "x"})
            again = await direct.rows(BY_ID, {"lo": 1, "not_": "birch"})  # prepared already
            return [*first, *again]
        finally:
            await direct.close()

    rows = asyncio.run(run())
    assert [tuple(row) for row in rows] == [(2, "birch", None), (3, "cedar", 2.0),
                                           (1, "ash", 0.5), (3, "cedar", 2.0)]
    assert rows[0].name == "birch"


def test_a_failed_statement_raises_psycopgs_error_and_the_connection_serves_on(
        schema_url: str) -> None:
    async def run() -> tuple[int, int]:
        direct = Direct(libpq_url(schema_url), 1)
        try:
            with pytest.raises(psycopg.errors.UniqueViolation):
                await direct.rows(INSERT, {"at": 1})
            kept = len(direct.idle)
            return kept, len(await direct.rows(BY_ID, {"lo": 0, "not_": ""}))
        finally:
            await direct.close()

    assert asyncio.run(run()) == (1, 3)


def test_a_statement_cancelled_midway_closes_its_connection(schema_url: str) -> None:
    async def run() -> tuple[int, int]:
        direct = Direct(libpq_url(schema_url), 1)
        try:
            task = asyncio.create_task(direct.rows(SLEEP, {"seconds": 5.0}))
            await asyncio.sleep(0.3)
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
            idle = len(direct.idle)
            rows = await asyncio.wait_for(direct.rows(BY_ID, {"lo": 3, "not_": ""}), 2)
            return idle, len(rows)
        finally:
            await direct.close()

    assert asyncio.run(run()) == (0, 1)


SYNCHRONOUS = Compiled(sa.select(sa.func.current_setting("synchronous_commit")))


def test_a_move_commits_without_waiting_for_the_disk_unless_the_url_says(
        schema_url: str) -> None:
    """SQLite's durability (WAL, synchronous=NORMAL): safe from any crash of the server."""
    parsed = sa.engine.make_url(schema_url)
    waiting = parsed.update_query_dict(
        {"options": f"{parsed.query['options']} -csynchronous_commit=on"}
    ).render_as_string(hide_password=False)

    async def setting(url: str) -> str:
        direct = Direct(libpq_url(url), 1)
        try:
            return str((await direct.rows(SYNCHRONOUS, {}))[0][0])
        finally:
            await direct.close()

    assert asyncio.run(setting(schema_url)) == "off"
    assert asyncio.run(setting(waiting)) == "on"
