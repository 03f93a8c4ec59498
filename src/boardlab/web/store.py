"""The event log in the database: a game is its creation record, its seats and its actions.

Every write is one transaction guarded by the game's ``version`` counter (bumped by each
append and undo): a writer states the version it built on, and loses if another got there
first, so two moves racing on one game cannot both be written.

Each operation is one plain function of a SQLAlchemy connection. On PostgreSQL it runs on
the asyncio driver (``AsyncConnection.run_sync``); on SQLite it runs directly on the event
loop's thread with the standard driver: a SQLite statement takes microseconds, far less
than handing it to a driver thread and back, and running it whole on the loop makes each
transaction atomic for this process (SQLite serves one process).

On PostgreSQL the two operations of every move run as one statement each, outside any
explicit transaction (a statement is atomic and sees one snapshot on its own): reading what
changed since a cached copy (``_NEWS``: the row and the new actions in one join) and
appending a move (``_APPEND_AT_ONCE``: bump the version, insert the action and notify if a
process watches the game (``watch_lock``), in one statement whose data-modifying parts run
only if the version still matched). Each is
then one round trip to the server, where a transaction of separate statements took four or
five (``BEGIN``, each statement, ``COMMIT``). They run on psycopg connections of their own,
prepared (``direct``), not through SQLAlchemy's asyncio layer.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar

import psycopg
import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from boardlab.web.direct import Compiled, Direct
from boardlab.web.models import actions, analyses, games, seats

CHANNEL = "boardlab"  # the PostgreSQL NOTIFY channel that names each changed game
WATCH_LOCKS = 0x626C  # the advisory lock space of watched games (``watch_lock``)


def payload(game_id: str, version: int | None) -> str:
    """What a change of ``game_id`` NOTIFYs: its id, and the version it brought the game to
    when it changed the version (``read_payload`` reads it back)."""
    return game_id if version is None else f"{game_id} {version}"


def read_payload(text: str) -> tuple[str, int | None]:
    """The game id and version (or ``None``) a NOTIFY names."""
    game_id, _, version = text.partition(" ")
    return game_id, int(version) if version.isdigit() else None


def watch_lock(function: str) -> str:
    """The SQL calling the advisory lock ``function`` on the watch lock of the game ``%s``.

    A process holds this lock, shared, for each game it has websockets of (``listen.Watches``).
    A move NOTIFYs only when it cannot take the lock itself: when some process watches the
    game (or, rarely, another game's key is the same). A move nobody watches then costs no
    NOTIFY, and no process hears of it; a lock dies with its connection, so a process that
    died watches nothing.
    """
    return f"SELECT {function}({WATCH_LOCKS}, hashtext(%s))"


T = TypeVar("T")

# The statements of every move, built once: SQLAlchemy then skips most of its per-call work.
_GAME = games.select().where(games.c.id == sa.bindparam("gid"))
_SEATS = seats.select().where(seats.c.game_id == sa.bindparam("gid")).order_by(seats.c.seat)
_ACTIONS = (sa.select(actions.c.n, actions.c.seat, actions.c.action)
            .where(actions.c.game_id == sa.bindparam("gid"), actions.c.n >= sa.bindparam("lo"),
                   actions.c.n < sa.bindparam("hi"))
            .order_by(actions.c.n))
_BUMP = (games.update()
         .where(games.c.id == sa.bindparam("gid"), games.c.version == sa.bindparam("old"))
         .values(version=sa.bindparam("new"), moves=sa.bindparam("count"),
                 status=sa.bindparam("now"), to_move=sa.bindparam("next")))
_APPEND = actions.insert().values(game_id=sa.bindparam("gid"), n=sa.bindparam("at"),
                                  seat=sa.bindparam("who"), action=sa.bindparam("what"),
                                  created_at=sa.bindparam("when"))
_NOTIFY = sa.select(sa.func.pg_notify(CHANNEL, sa.bindparam("payload")))
_NEWS = (sa.select(games, actions.c.n.label("action_n"), actions.c.seat.label("action_seat"),
                   actions.c.action.label("action_id"))
         .select_from(games.outerjoin(actions, sa.and_(
             actions.c.game_id == games.c.id,
             games.c.version != sa.bindparam("version"),
             actions.c.n >= sa.case(  # only the new actions when only appends happened
                 (sa.and_(games.c.version > sa.bindparam("version"),
                          games.c.version - sa.bindparam("version")
                          == games.c.moves - sa.bindparam("moves")), sa.bindparam("moves")),
                 else_=0))))
         .where(games.c.id == sa.bindparam("gid"))
         .order_by(actions.c.n))
_BUMPED = _BUMP.returning(games.c.id).cte("bumped")
_APPENDED = (actions.insert()
             .from_select(["game_id", "n", "seat", "action", "created_at"],
                          sa.select(_BUMPED.c.id,
                                    sa.bindparam("at", type_=sa.Integer),
                                    sa.bindparam("who", type_=sa.Integer),
                                    sa.bindparam("what", type_=sa.Text),
                                    sa.bindparam("when", type_=sa.Float)))
             .returning(actions.c.game_id).cte("appended"))
_WATCHED = sa.not_(sa.func.pg_try_advisory_xact_lock(sa.literal(WATCH_LOCKS, sa.Integer),
                                                     sa.func.hashtext(sa.bindparam("gid"))))
_APPEND_AT_ONCE = (sa.select(sa.case(  # pg_notify only when a process watches the game
    (_WATCHED, sa.func.pg_notify(CHANNEL, sa.bindparam("payload", type_=sa.Text))),
    else_=sa.null()).label("notified"))
                   .select_from(_APPENDED))
NEWS, APPEND_AT_ONCE = Compiled(_NEWS), Compiled(_APPEND_AT_ONCE)  # run by ``Direct``


@dataclass(frozen=True)
class Seat:
    """One seat: ``human`` or ``bot`` (with its agent spec), its token's hash, claimed or free."""

    seat: int
    kind: str
    agent: str | None
    token_hash: str | None
    claimed: bool


@dataclass(frozen=True)
class Record:
    """A game's creation record and counters, as its ``games`` row holds them."""

    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    created_at: float
    status: str
    source: str
    moves: int
    version: int
    seats_version: int
    to_move: int | None = None
    hints: bool = False  # the seats of people may ask for hints


@dataclass(frozen=True)
class Move:
    """One action of the log: its index, the seat that chose it and its id."""

    n: int
    seat: int | None
    action: str


@dataclass(frozen=True)
class Job:
    """The analysis of a game at one setting: ``running``, ``done`` (with its ``result``) or
    ``failed`` (with its ``error``), its progress and its last sign of life."""

    game_id: str
    setting: str
    status: str
    done: int
    total: int | None
    result: dict[str, Any] | None
    error: str | None
    updated_at: float


@dataclass(frozen=True)
class News:
    """What changed in a game since a cached copy: its row, the actions to apply (``moves``;
    all of them when ``rebuild``), and its seats if they changed (else ``None``)."""

    record: Record
    moves: list[Move]
    rebuild: bool
    seats: list[Seat] | None


class Store:
    """Reads and writes the event log: through ``engine`` (async, PostgreSQL, which also
    NOTIFYs every change) or ``sync_engine`` (SQLite)."""

    def __init__(self, engine: AsyncEngine | None = None, sync_engine: Engine | None = None,
                 direct: Direct | None = None) -> None:
        """``direct``: the connections that run the single statements of every move on
        ``engine``'s database (PostgreSQL; required with ``engine``)."""
        if (engine is None) == (sync_engine is None):
            raise ValueError("a store needs exactly one of an async or a sync engine")
        if (engine is None) != (direct is None):
            raise ValueError("a PostgreSQL store needs its direct connections, SQLite none")
        self.engine = engine
        self.sync_engine = sync_engine
        self.notify = engine is not None
        self._direct = direct
        self._sqlite: Connection | None = None
        self._sqlite_lock = threading.Lock()

    async def dispose(self) -> None:
        """Close every pooled connection."""
        if self.engine is not None:
            await self.engine.dispose()
        if self._direct is not None:
            await self._direct.close()
        if self.sync_engine is not None:
            with self._sqlite_lock:
                if self._sqlite is not None:
                    self._sqlite.close()
                    self._sqlite = None
            self.sync_engine.dispose()

    def _on_sqlite(self, work: Callable[[Connection], T]) -> T:
        """``work`` as one transaction on the store's SQLite connection: kept open rather than
        taken from the pool and given back for every statement (which cost as much as the
        statements). The lock keeps each ``work`` whole when several threads use the store
        (tests do); on the event loop there is no wait, since ``work`` never awaits."""
        assert self.sync_engine is not None
        with self._sqlite_lock:
            connection = self._sqlite
            if connection is None or connection.closed or connection.invalidated:
                connection = self._sqlite = self.sync_engine.connect()
            try:
                result = work(connection)
            except BaseException:
                connection.rollback()
                raise
            connection.commit()
            return result

    async def _write(self, work: Callable[[Connection], T]) -> T:
        if self.sync_engine is not None:
            return self._on_sqlite(work)
        assert self.engine is not None
        async with self.engine.begin() as connection:
            return await connection.run_sync(work)

    async def _read(self, work: Callable[[Connection], T], consistent: bool = False) -> T:
        """Run ``work`` on a connection; ``consistent``: all its queries see one snapshot."""
        if self.sync_engine is not None:
            return self._on_sqlite(work)
        assert self.engine is not None
        async with self.engine.connect() as connection:
            if consistent:
                connection = await connection.execution_options(
                    isolation_level="REPEATABLE READ")
            return await connection.run_sync(work)

    async def news(self, game_id: str, version: int, moves: int, seats_version: int
                   ) -> News | None:
        """What changed in ``game_id`` since a copy at ``version`` with ``moves`` actions and
        seats at ``seats_version`` (``version`` -1: a game not known yet), read as one
        consistent snapshot; ``None`` if there is no such game."""
        values = {"gid": game_id, "version": version, "moves": moves}
        if self._direct is None:
            rows = self._on_sqlite(lambda connection: connection.execute(_NEWS, values).all())
        else:
            rows = await self._direct.rows(NEWS, values)
        found = _news_of_rows(rows, version, moves)
        if found is None or found.record.seats_version == seats_version:
            return found
        # The seats changed too (a seat claimed or joined: rare): read all in one snapshot.
        return await self._read(partial(_news, game_id, version, moves, seats_version),
                                consistent=True)

    async def create(self, record: Record, seat_rows: Sequence[Seat],
                     moves: Sequence[Move] = ()) -> None:
        """Write a new game with its seats (and, for an uploaded save, its actions)."""
        await self._write(partial(_create, record, seat_rows, moves))

    async def record(self, game_id: str) -> Record | None:
        """The ``games`` row of ``game_id``, or ``None`` if there is no such game."""
        return await self._read(partial(_record_of, game_id))

    async def seats(self, game_id: str) -> list[Seat]:
        """The seats of ``game_id`` in order."""
        return await self._read(partial(_seats_of, game_id))

    async def moves(self, game_id: str, since: int = 0) -> list[Move]:
        """The actions of ``game_id`` from index ``since`` on, in order."""
        return await self._read(partial(_moves_of, game_id, since))

    async def listing(self, limit: int | None = None) -> list[tuple[Record, int, list[Seat]]]:
        """The games, newest first (the ``limit`` newest), with how many open seats of each
        are free, and their seats."""
        return await self._read(partial(_listing, limit))

    async def bot_turns(self) -> list[str]:
        """The ids of the unfinished games whose seat to move is a bot (or not recorded)."""
        return await self._read(_bot_turns)

    async def bot_only_games(self) -> int:
        """How many unfinished games have bots in every seat."""
        return await self._read(_bot_only_games)

    async def append(self, game_id: str, version: int, move: Move, status: str,
                     to_move: int | None) -> bool:
        """Write ``move`` as action ``move.n`` if the game is still at ``version`` (then
        ``status`` and the seat ``to_move``); ``False`` when another writer changed the game
        first (nothing is written then)."""
        try:
            if self.sync_engine is not None:
                return await self._write(partial(_append, self.notify, game_id, version, move,
                                                 status, to_move))
            assert self._direct is not None
            written = await self._direct.rows(APPEND_AT_ONCE, {
                "gid": game_id, "old": version, "new": version + 1, "count": move.n + 1,
                "now": status, "next": to_move, "at": move.n, "who": move.seat,
                "what": move.action, "when": time.time(),
                "payload": payload(game_id, version + 1)})
            return bool(written)
        except (IntegrityError, psycopg.IntegrityError):
            return False

    async def remove_last(self, game_id: str, version: int, n: int, status: str,
                          to_move: int | None) -> bool:
        """Delete action ``n`` (the last) if the game is still at ``version``; ``False`` else."""
        return await self._write(partial(_remove_last, self.notify, game_id, version, n,
                                         status, to_move))

    async def claim(self, game_id: str, seat: int, token_hash: str | None,
                    status: str) -> bool:
        """Mark a free human seat claimed (with a new token's hash, if given); ``False`` if
        it was claimed already."""
        return await self._write(partial(_claim, self.notify, game_id, seat, token_hash,
                                         status))

    # ------------------------------------------------------------ analyses and hints
    async def job(self, game_id: str, setting: str) -> Job | None:
        """The analysis of ``game_id`` at ``setting``, or ``None`` if none was asked for."""
        return await self._read(partial(_job_of, game_id, setting))

    async def running_jobs(self, game_id: str, alive_since: float) -> list[str]:
        """The settings at which an analysis of ``game_id`` runs, heard of since
        ``alive_since``."""
        return await self._read(partial(_running_jobs, game_id, alive_since))

    async def take_job(self, game_id: str, setting: str, alive_since: float) -> bool:
        """Start the analysis of ``game_id`` at ``setting``: ``True`` if the caller now runs
        it (there was none, it failed, or its runner was not heard of since
        ``alive_since``), ``False`` if it is done or another runs it."""
        try:
            return await self._write(partial(_take_job, game_id, setting, alive_since))
        except IntegrityError:  # another process inserted it first
            return False

    async def job_progress(self, game_id: str, setting: str, done: int, total: int) -> None:
        """Note that ``done`` of the ``total`` decisions are judged (a sign of life too)."""
        await self._write(partial(_job_update, game_id, setting,
                                  {"done": done, "total": total}))

    async def finish_job(self, game_id: str, setting: str, result: dict[str, Any] | None,
                         error: str | None = None) -> None:
        """Store the analysis's ``result`` (``done``), or why it failed (``failed``)."""
        values: dict[str, Any] = ({"status": "done", "result": result} if error is None
                                  else {"status": "failed", "error": error[:2000]})
        await self._write(partial(_job_update, game_id, setting, values))

    async def count_hint(self, game_id: str, seat: int, decision: int) -> None:
        """Count one hint for ``seat``, once per decision (asked twice, it counts once)."""
        await self._write(partial(_count_hint, game_id, seat, decision))

    async def hints_used(self, game_id: str) -> list[int]:
        """How many hints each seat of ``game_id`` used, in seat order."""
        return await self._read(partial(_hints_used, game_id))


def _to_record(row: Any) -> Record:
    return Record(row.id, row.game, row.players, row.seed, dict(row.options), row.created_at,
                  row.status, row.source, row.moves, row.version, row.seats_version,
                  row.to_move, bool(row.hints))


def _create(record: Record, seat_rows: Sequence[Seat], moves: Sequence[Move],
            connection: Connection) -> None:
    connection.execute(games.insert().values(
        id=record.id, game=record.game, players=record.players, seed=record.seed,
        options=record.options, created_at=record.created_at, status=record.status,
        source=record.source, moves=len(moves), version=len(moves), seats_version=0,
        to_move=record.to_move, hints=record.hints))
    connection.execute(seats.insert(), [
        {"game_id": record.id, "seat": s.seat, "kind": s.kind, "agent": s.agent,
         "token_hash": s.token_hash, "claimed": s.claimed} for s in seat_rows])
    if moves:
        now = time.time()
        connection.execute(actions.insert(), [
            {"game_id": record.id, "n": m.n, "seat": m.seat, "action": m.action,
             "created_at": now} for m in moves])


def _record_of(game_id: str, connection: Connection) -> Record | None:
    row = connection.execute(_GAME, {"gid": game_id}).first()
    return None if row is None else _to_record(row)


def _news(game_id: str, version: int, moves: int, seats_version: int,
          connection: Connection) -> News | None:
    record = _record_of(game_id, connection)
    if record is None:
        return None
    seats = None if record.seats_version == seats_version else _seats_of(game_id, connection)
    if record.version == version:
        return News(record, [], False, seats)
    appended = record.version > version and record.version - version == record.moves - moves
    since = moves if appended else 0
    found = connection.execute(_ACTIONS, {"gid": game_id, "lo": since, "hi": record.moves}).all()
    return News(record, [Move(r.n, r.seat, r.action) for r in found], not appended, seats)


def _news_of_rows(rows: Sequence[Any], version: int, moves: int) -> News | None:
    """``_news`` from the rows of ``NEWS``, without the seats (``seats`` is ``None``)."""
    if not rows:
        return None
    record = _to_record(rows[0])
    if record.version == version:
        return News(record, [], False, None)
    appended = record.version > version and record.version - version == record.moves - moves
    found = [Move(r.action_n, r.action_seat, r.action_id) for r in rows if r.action_n is not None]
    return News(record, found, not appended, None)


def _seats_of(game_id: str, connection: Connection) -> list[Seat]:
    rows = connection.execute(_SEATS, {"gid": game_id}).all()
    return [Seat(r.seat, r.kind, r.agent, r.token_hash, r.claimed) for r in rows]


def _moves_of(game_id: str, since: int, connection: Connection) -> list[Move]:
    rows = connection.execute(_ACTIONS, {"gid": game_id, "lo": since, "hi": 2**31 - 1}).all()
    return [Move(r.n, r.seat, r.action) for r in rows]


def _listing(limit: int | None, connection: Connection
             ) -> list[tuple[Record, int, list[Seat]]]:
    free = (sa.select(sa.func.count()).select_from(seats)
            .where(seats.c.game_id == games.c.id, seats.c.kind == "open",
                   sa.not_(seats.c.claimed)).scalar_subquery())
    rows = connection.execute(
        sa.select(games, free.label("free")).order_by(games.c.created_at.desc())
        .limit(limit)).all()
    by_game: dict[str, list[Seat]] = {row.id: [] for row in rows}
    if by_game:
        found = connection.execute(seats.select().where(seats.c.game_id.in_(list(by_game)))
                                   .order_by(seats.c.game_id, seats.c.seat)).all()
        for r in found:
            by_game[r.game_id].append(Seat(r.seat, r.kind, r.agent, r.token_hash, r.claimed))
    return [(_to_record(row), int(row.free), by_game[row.id]) for row in rows]


def _bot_turns(connection: Connection) -> list[str]:
    """Unfinished games whose seat to move is a bot, or not recorded (written before 0002)."""
    bot = sa.exists().where(seats.c.game_id == games.c.id, seats.c.seat == games.c.to_move,
                            seats.c.kind == "bot")
    rows = connection.execute(sa.select(games.c.id).where(
        games.c.status != "over", sa.or_(games.c.to_move.is_(None), bot))).all()
    return [row.id for row in rows]


def _bot_only_games(connection: Connection) -> int:
    person = sa.exists().where(seats.c.game_id == games.c.id, seats.c.kind != "bot")
    count = connection.execute(sa.select(sa.func.count()).select_from(games).where(
        games.c.status != "over", sa.not_(person))).scalar_one()
    return int(count)


def _bump(connection: Connection, game_id: str, version: int, moves: int, status: str,
          to_move: int | None) -> bool:
    result = connection.execute(_BUMP, {"gid": game_id, "old": version, "new": version + 1,
                                        "count": moves, "now": status, "next": to_move})
    return bool(result.rowcount == 1)


def _notify(notify: bool, connection: Connection, game_id: str,
            version: int | None = None) -> None:
    if notify:
        connection.execute(_NOTIFY, {"payload": payload(game_id, version)})


def _append(notify: bool, game_id: str, version: int, move: Move, status: str,
            to_move: int | None, connection: Connection) -> bool:
    if not _bump(connection, game_id, version, move.n + 1, status, to_move):
        return False
    connection.execute(_APPEND, {"gid": game_id, "at": move.n, "who": move.seat,
                                 "what": move.action, "when": time.time()})
    _notify(notify, connection, game_id, version + 1)
    return True


def _remove_last(notify: bool, game_id: str, version: int, n: int, status: str,
                 to_move: int | None, connection: Connection) -> bool:
    if not _bump(connection, game_id, version, n, status, to_move):
        return False
    connection.execute(actions.delete().where(actions.c.game_id == game_id, actions.c.n == n))
    _notify(notify, connection, game_id, version + 1)
    return True


def _claim(notify: bool, game_id: str, seat: int, token_hash: str | None, status: str,
           connection: Connection) -> bool:
    values: dict[str, Any] = {"claimed": True}
    if token_hash is not None:
        values["token_hash"] = token_hash
    result = connection.execute(seats.update().where(
        seats.c.game_id == game_id, seats.c.seat == seat, sa.not_(seats.c.claimed))
        .values(**values))
    if result.rowcount != 1:
        return False
    connection.execute(games.update().where(games.c.id == game_id).values(
        seats_version=games.c.seats_version + 1, status=status))
    _notify(notify, connection, game_id)
    return True


def _to_job(row: Any) -> Job:
    return Job(row.game_id, row.setting, row.status, row.done, row.total,
               None if row.result is None else dict(row.result), row.error, row.updated_at)


def _job_where(game_id: str, setting: str) -> Any:
    return sa.and_(analyses.c.game_id == game_id, analyses.c.setting == setting)


def _job_of(game_id: str, setting: str, connection: Connection) -> Job | None:
    row = connection.execute(analyses.select().where(_job_where(game_id, setting))).first()
    return None if row is None else _to_job(row)


def _running_jobs(game_id: str, alive_since: float, connection: Connection) -> list[str]:
    rows = connection.execute(sa.select(analyses.c.setting).where(
        analyses.c.game_id == game_id, analyses.c.status == "running",
        analyses.c.updated_at >= alive_since)).all()
    return [row.setting for row in rows]


def _take_job(game_id: str, setting: str, alive_since: float, connection: Connection) -> bool:
    now = time.time()
    found = _job_of(game_id, setting, connection)
    if found is None:
        connection.execute(analyses.insert().values(
            game_id=game_id, setting=setting, status="running", done=0, total=None,
            created_at=now, updated_at=now))
        return True
    abandoned = found.status == "running" and found.updated_at < alive_since
    if found.status != "failed" and not abandoned:
        return False
    taken = connection.execute(analyses.update().where(
        _job_where(game_id, setting), analyses.c.updated_at == found.updated_at,
        analyses.c.status == found.status).values(
        status="running", done=0, total=None, error=None, updated_at=now))
    return bool(taken.rowcount == 1)


def _job_update(game_id: str, setting: str, values: dict[str, Any],
                connection: Connection) -> None:
    connection.execute(analyses.update().where(_job_where(game_id, setting))
                       .values(updated_at=time.time(), **values))


def _count_hint(game_id: str, seat: int, decision: int, connection: Connection) -> None:
    connection.execute(seats.update().where(
        seats.c.game_id == game_id, seats.c.seat == seat,
        sa.or_(seats.c.hinted.is_(None), seats.c.hinted != decision))
        .values(hints_used=seats.c.hints_used + 1, hinted=decision))


def _hints_used(game_id: str, connection: Connection) -> list[int]:
    rows = connection.execute(sa.select(seats.c.hints_used).where(seats.c.game_id == game_id)
                              .order_by(seats.c.seat)).all()
    return [int(row.hints_used) for row in rows]
