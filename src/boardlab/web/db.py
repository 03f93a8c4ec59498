"""Database URLs, the event log store on them and the schema migrations run at start-up."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy.ext.asyncio import create_async_engine

from boardlab.web.direct import Direct
from boardlab.web.store import Store

MIGRATIONS = Path(__file__).with_name("migrations")
DEFAULT_URL = "sqlite:///boardlab.db"
POOL_SIZE = 5  # PostgreSQL connections of a process for all but the moves' statements
DIRECT_CONNECTIONS = 10  # and for the statements of every move and view (``direct``)
_LOCK_KEY = 0x626F6172  # the PostgreSQL advisory lock that serialises concurrent migrations


def check_url(url: str) -> str:
    """``url`` if it names a SQLite file or a PostgreSQL database; ``ValueError`` saying why not."""
    try:
        parsed = sa.engine.make_url(url)
    except sa.exc.ArgumentError:
        raise ValueError(f"{url!r} is not a database URL (sqlite:///file.db or "
                         "postgresql+psycopg://user@host/db)") from None
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        if not parsed.database or parsed.database == ":memory:":
            raise ValueError(f"{url!r}: the SQLite database must be a file (sqlite:///file.db)")
        return url
    if backend == "postgresql":
        return url
    raise ValueError(f"{url!r}: boardlab stores games in SQLite or PostgreSQL only")


def is_postgres(url: str) -> bool:
    """Whether ``url`` names a PostgreSQL database."""
    return sa.engine.make_url(url).get_backend_name() == "postgresql"


def async_url(url: str) -> str:
    """``url`` with psycopg 3, the asyncio driver boardlab uses for PostgreSQL."""
    parsed = sa.engine.make_url(check_url(url))
    return parsed.set(drivername="postgresql+psycopg").render_as_string(hide_password=False)


def sync_url(url: str) -> str:
    """``url`` with a blocking driver (the standard sqlite3, or psycopg 3), for migrations."""
    parsed = sa.engine.make_url(check_url(url))
    driver = "sqlite" if parsed.get_backend_name() == "sqlite" else "postgresql+psycopg"
    return parsed.set(drivername=driver).render_as_string(hide_password=False)


def libpq_url(url: str) -> str:
    """``url`` as a plain libpq connection string (for psycopg's own LISTEN connection)."""
    parsed = sa.engine.make_url(check_url(url))
    return parsed.set(drivername="postgresql").render_as_string(hide_password=False)


def make_store(url: str) -> Store:
    """The event log store on ``url``: the asyncio psycopg driver for PostgreSQL, the standard
    sqlite3 driver (in WAL mode, waiting for locks) for a SQLite file."""
    if is_postgres(url):
        # Fixed pools: connections opened and closed under load cost more than waiting. The
        # single statements of every move and view have connections of their own (``direct``).
        return Store(engine=create_async_engine(async_url(url), pool_size=POOL_SIZE,
                                                max_overflow=0, pool_timeout=60),
                     direct=Direct(libpq_url(url), DIRECT_CONNECTIONS))
    engine = sa.create_engine(sync_url(url), connect_args={"check_same_thread": False})
    sa.event.listen(engine, "connect", _sqlite_pragmas)
    return Store(sync_engine=engine)


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def migrate(url: str) -> None:
    """Bring the database of ``url`` to the newest schema (Alembic ``upgrade head``)."""
    engine = sa.create_engine(sync_url(url))
    if not is_postgres(url):
        sa.event.listen(engine, "connect", _sqlite_pragmas)
    try:
        with engine.begin() as connection:
            if is_postgres(url):
                connection.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"),
                                   {"key": _LOCK_KEY})
            config = Config()
            config.set_main_option("script_location", str(MIGRATIONS))
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
    finally:
        engine.dispose()
