"""Load on the web server: many concurrent games of random moves played through its API.

Starts ``boardlab serve`` itself on 127.0.0.1 (SQLite in a temporary file with one process;
PostgreSQL with ``--workers 2``), creates ``--games`` games whose every seat is a person,
then plays them all at once, each as a person would: the seat to move reads its view and
posts a random option. The client is bounded: at most ``--inflight`` requests are open at a
time (a pool of that many keep-alive connections), so a move's latency is the server's answer
time under that load, not time spent queueing inside this client. ``--think`` adds a pause per
move. The client speaks just enough HTTP/1.1 for the server's JSON answers, so that it costs a
fraction of the server's CPU per move: a general client cost more than the server did, and on
two cores the figures then measured the client.

    python benchmarks/web_load.py                             # 200 Konoten games, both databases
    python benchmarks/web_load.py --backends sqlite --games 50
    python benchmarks/web_load.py --backends sqlite --games 8 --inflight 8 --bot-games 20 \
        --seconds 60                           # people's moves beside 20 bot-only Scythe games

``--seconds`` bounds the people's play; meanwhile a game that ends is followed by a new one, so
that ``--games`` stay in play until the time is up (without it, each game is played out once).
``--bot-games N`` first creates N games of Scythe whose every seat is a bot (``--bot-agent``),
which play meanwhile at the pace the server allows games without people (its
``--bot-only-rate``). The CPU time of the server (its processes and its bot workers), of
PostgreSQL's processes serving it, and of this client are shown side by side, so that a client
starved of CPU is not taken for a slow server, with the server's and the client's CPU per
person's move (bots included) and the machine's load average at the end. ``--serve-arg``
passes an option on to ``boardlab serve`` (``--serve-arg=--bot-only-rate --serve-arg=20``).

    python benchmarks/web_load.py --postgres postgresql+psycopg://boardlab:pw@127.0.0.1/db

PostgreSQL's URL is ``--postgres`` or ``$BOARDLAB_TEST_POSTGRES`` (``.ci/run`` sets it); it
must run on this machine for its CPU to be read. The games go into a schema of their own,
dropped at the end. Prints a markdown table (moves/s, p50 and p99 of the move's POST latency,
and of the view's GET) and appends it to ``--out`` if given. The goal of issue 15 is a p99 move
latency under 50 ms on a 2-core machine.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import os
import random
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlalchemy as sa

import boardlab

BOARDLAB = Path(sys.executable).parent / "boardlab"
GOAL_MS = 50.0


@dataclass
class Figures:
    moves: list[float] = field(default_factory=list)  # seconds per move POST
    views: list[float] = field(default_factory=list)  # seconds per view GET
    errors: dict[str, int] = field(default_factory=dict)
    played: dict[int, list[str]] = field(default_factory=dict)  # game index: its action ids
    finished: set[int] = field(default_factory=set)  # indexes of the games played to the end
    elapsed: float = 0.0
    bot_moves: int = 0  # moves the bot-only games made while the people played
    server_cpu: float = 0.0  # CPU seconds of the server's processes while the people played
    load: float = 0.0  # the machine's load average over the last minute, at the end
    client_cpu: float = 0.0  # CPU seconds of this client meanwhile
    database_cpu: float | None = None  # CPU seconds of PostgreSQL's processes meanwhile

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def processes() -> Iterator[tuple[int, list[str]]]:
    """Each running process: its id and the fields of its ``/proc/PID/stat`` after the
    command's name (so the session id is at 3, user and system CPU ticks at 11 and 12)."""
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                yield int(entry.name), (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue


def cpu_seconds(fields: list[str]) -> float:
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Backends:
    """The PostgreSQL server processes that serve the connections naming ``application``
    (the database runs on this machine): their CPU is the database's share of a move."""

    def __init__(self, engine: sa.Engine, application: str) -> None:
        self.engine, self.application = engine, application

    def cpu_seconds(self) -> float:
        """CPU seconds of those still connected (a connection closed meanwhile drops out)."""
        with self.engine.connect() as connection:
            pids = set(connection.execute(
                sa.text("SELECT pid FROM pg_stat_activity WHERE application_name = :name"),
                {"name": self.application},
            ).scalars())
        return sum(cpu_seconds(fields) for pid, fields in processes() if pid in pids)


@contextlib.contextmanager
def own_schema(url: str) -> Iterator[tuple[str, Backends]]:
    """``url`` narrowed to a new PostgreSQL schema, dropped at the end (the test database's
    tables may be emptied by tests running meanwhile), and the database's processes that
    serve it (its connections carry the schema's name)."""
    name = f"load_{secrets.token_hex(6)}"
    engine = sa.create_engine(url)
    with engine.begin() as connection:
        connection.execute(sa.text(f"CREATE SCHEMA {name}"))
    try:
        yield sa.engine.make_url(url).update_query_dict(
            {"options": f"-csearch_path={name}", "application_name": name}
        ).render_as_string(hide_password=False), Backends(engine, name)
    finally:
        with engine.begin() as connection:
            connection.execute(sa.text(f"DROP SCHEMA {name} CASCADE"))
        engine.dispose()


class Server:
    """``boardlab serve`` on a free port, in its own process group."""

    def __init__(self, db: str, workers: int, workdir: Path, extra: list[str]) -> None:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        command = [str(BOARDLAB), "serve", "--port", str(self.port), "--db", db,
                   "--games-per-client", "1000000", "--bot-games", "1000"]
        if workers > 1:
            command += ["--workers", str(workers)]
        command += extra
        self.log = workdir / f"server-{self.port}.log"
        with self.log.open("wb") as out:
            self.process = subprocess.Popen(
                command, cwd=workdir, stdout=out, stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL, start_new_session=True,
            )

    async def ready(self, client: Client, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"boardlab serve exited:\n{self.log.read_text()[-3000:]}")
            try:
                if (await client.request("GET", "/api/games")).status_code == 200:
                    return
            except OSError:
                client.close()
            await asyncio.sleep(0.2)
        raise RuntimeError(f"boardlab serve did not answer:\n{self.log.read_text()[-3000:]}")

    def cpu_seconds(self) -> float:
        """User and system CPU time of every process of the server's session (its server
        processes and bot workers) that is still running."""
        return sum(cpu_seconds(fields) for _, fields in processes()
                   if int(fields[3]) == self.process.pid)  # the session: start_new_session

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()


class ProtocolError(Exception):
    """An answer this client does not read: chunked, or without a ``Content-Length``."""


@dataclass
class Answer:
    status_code: int
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)

    @property
    def text(self) -> str:
        return self.body.decode(errors="replace")


class Connection:
    """One keep-alive HTTP/1.1 connection: a request, then its whole answer."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.reused = False  # it has answered before, so the server may have closed it idle

    async def exchange(self, head: bytes, body: bytes) -> tuple[Answer, bool]:
        """The answer, and whether the connection may be used again."""
        self.writer.write(head + body)
        await self.writer.drain()
        lines = (await self.reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        status = int(lines[0].split(" ", 2)[1])
        headers = {}
        for line in lines[1:]:
            if line:
                name, _, value = line.partition(":")
                headers[name.strip().lower()] = value.strip()
        if "transfer-encoding" in headers or "content-length" not in headers:
            raise ProtocolError(f"an answer without a Content-Length: {lines[0]}")
        answer = Answer(status, await self.reader.readexactly(int(headers["content-length"])))
        self.reused = True
        return answer, headers.get("connection", "").lower() != "close"

    def close(self) -> None:
        self.writer.close()


class Client:
    """A minimal HTTP/1.1 client over asyncio streams, with at most ``inflight`` requests
    (and so connections) open; a request's time is counted from when it may go (its turn
    under the bound), so that queueing in here is not counted. It reads only what
    ``boardlab serve`` answers, JSON with a ``Content-Length``: a general client (httpx) took
    more CPU per move than the server, so that the client, not the server, was measured."""

    def __init__(self, base: str, inflight: int) -> None:
        address = urllib.parse.urlsplit(base)
        self.host, self.port = address.hostname or "127.0.0.1", address.port or 80
        self.bound = asyncio.Semaphore(inflight)
        self.idle: list[Connection] = []

    async def request(
        self, method: str, path: str, times: list[float] | None = None, *,
        json_body: Any = None, params: dict[str, str] | None = None,
    ) -> Answer:
        target = f"{path}?{urllib.parse.urlencode(params)}" if params else path
        body = b"" if json_body is None else json.dumps(json_body).encode()
        head = (f"{method} {target} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n")
        async with self.bound:
            start = time.perf_counter()
            answer = await self.send(head.encode("latin-1"), body)
            if times is not None:
                times.append(time.perf_counter() - start)
            return answer

    async def send(self, head: bytes, body: bytes) -> Answer:
        while True:
            connection = await self.connection()
            try:
                answer, keep = await connection.exchange(head, body)
            except (asyncio.IncompleteReadError, ConnectionError) as error:
                connection.close()
                unread = not getattr(error, "partial", b"")
                if connection.reused and unread:
                    continue  # closed by the server while idle, before it read this request
                raise
            except BaseException:
                connection.close()
                raise
            if keep:
                self.idle.append(connection)
            else:
                connection.close()
            return answer

    async def connection(self) -> Connection:
        while self.idle:
            connection = self.idle.pop()
            if not connection.reader.at_eof():
                return connection
            connection.close()
        return Connection(*await asyncio.open_connection(self.host, self.port))

    def close(self) -> None:
        for connection in self.idle:
            connection.close()
        self.idle.clear()


async def keep_playing(
    client: Client, args: argparse.Namespace, indexes: Iterator[int], figures: Figures
) -> None:
    """Play one game; under ``--seconds``, a new one each time a game ends, until the time is
    up, so that ``--games`` stay in play throughout (a game that ends otherwise stops)."""
    while True:
        index = next(indexes)
        await play_game(client, args, index, figures)
        over = index not in figures.finished or time.perf_counter() > args.deadline
        if not args.seconds or over:
            return


async def play_game(
    client: Client, args: argparse.Namespace, index: int, figures: Figures
) -> None:
    try:
        await play_moves(client, args, index, figures)
    except (OSError, asyncio.IncompleteReadError, ProtocolError) as error:
        figures.error(type(error).__name__)


async def play_moves(
    client: Client, args: argparse.Namespace, index: int, figures: Figures
) -> None:
    body = {
        "game": args.game, "players": args.players, "seed": args.seed + index,
        "seats": [{"kind": "human"}] * args.players,
    }
    created = await client.request("POST", "/api/games", json_body=body)
    if created.status_code != 201:
        figures.error(f"create {created.status_code}")
        return
    game = created.json()
    tokens = {seat["seat"]: seat["token"] for seat in game["seats"]}
    rng = random.Random(args.seed + index)
    url = f"/api/games/{game['id']}"
    view: dict[str, Any] | None = None
    played = figures.played.setdefault(index, [])
    for _ in range(args.moves):
        if args.seconds and time.perf_counter() > args.deadline:
            return
        if view is None:  # the first move: whose turn it is, from the spectator's view
            seen = await client.request("GET", f"{url}/view", figures.views)
            seat = seen.json()["to_move"]
        elif view["decision"] is None:  # another seat's turn: that seat reads its view
            seat = view["to_move"]
        else:
            seat = None
        if seat is not None:
            response = await client.request(
                "GET", f"{url}/view", figures.views, params={"token": tokens[seat]}
            )
            if response.status_code != 200:
                figures.error(f"view {response.status_code}")
                return
            view = response.json()
        assert view is not None and view["decision"] is not None
        decision = view["decision"]
        move = {"token": tokens[view["seat"]], "decision": decision["id"],
                "action": rng.choice(decision["options"])["id"]}
        if args.think:
            await asyncio.sleep(rng.uniform(0, 2 * args.think))
        played.append(move["action"])
        response = await client.request("POST", f"{url}/actions", figures.moves, json_body=move)
        if response.status_code != 200:
            figures.error(f"move {response.status_code}")
            return
        view = response.json()
        if view["over"]:
            figures.finished.add(index)
            return


async def run(
    db: str, workers: int, args: argparse.Namespace, backends: Backends | None
) -> Figures:
    figures = Figures()
    with tempfile.TemporaryDirectory(prefix="boardlab-load-") as workdir:
        server = Server(db.format(dir=workdir), workers, Path(workdir), args.serve_arg)
        client = Client(server.url, args.inflight)
        try:
            await server.ready(client)
            bots = [await start_bots(client, args, n) for n in range(args.bot_games)]
            await bots_moving(client, bots)
            cpu, own = server.cpu_seconds(), time.process_time()
            database = backends.cpu_seconds() if backends else 0.0
            bot_moves = await moves_of(client, bots)
            start = time.perf_counter()
            args.deadline = start + args.seconds
            indexes = itertools.count()
            await asyncio.gather(*(
                keep_playing(client, args, indexes, figures) for _ in range(args.games)
            ))
            figures.elapsed = time.perf_counter() - start
            figures.server_cpu = server.cpu_seconds() - cpu
            figures.client_cpu = time.process_time() - own
            if backends:
                figures.database_cpu = backends.cpu_seconds() - database
            figures.bot_moves = await moves_of(client, bots) - bot_moves
            figures.load = os.getloadavg()[0]
        finally:
            client.close()
            server.stop()
            if figures.errors:
                print(f"server log ({server.log}):\n{server.log.read_text()[-4000:]}",
                      file=sys.stderr)
    return figures


async def start_bots(client: Client, args: argparse.Namespace, index: int) -> str:
    """Create one Scythe game whose every seat is a bot; its id."""
    body = {"game": "scythe", "players": args.bot_players, "seed": 1000 + index,
            "seats": [{"kind": "bot", "agent": args.bot_agent}] * args.bot_players}
    created = await client.request("POST", "/api/games", json_body=body)
    if created.status_code != 201:
        raise RuntimeError(f"a bot game was refused: {created.text}")
    game_id: str = created.json()["id"]
    return game_id


async def bots_moving(client: Client, game_ids: list[str]) -> None:
    """Wait (a minute at most) until every bot game has moved: the bot workers are up."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        answers = [await client.request("GET", f"/api/games/{g}") for g in game_ids]
        if all(answer.json()["moves"] > 0 for answer in answers):
            return
        await asyncio.sleep(0.5)
    raise RuntimeError("the bot games did not start within a minute")


async def moves_of(client: Client, game_ids: list[str]) -> int:
    """The moves made so far in the games ``game_ids``."""
    total = 0
    for game_id in game_ids:
        total += (await client.request("GET", f"/api/games/{game_id}")).json()["moves"]
    return total


def inexact(args: argparse.Namespace, figures: Figures) -> int:
    """How many games the engine does not replay to what the server answered: a move it
    refuses, or a game the server called over that is not (or the other way round)."""
    wrong = 0
    for index, played in figures.played.items():
        state = boardlab.new(args.game, args.players, args.seed + index)
        try:
            for action in played:  # the seats' choices: the engine plays forced moves itself
                state.apply(action)
        except boardlab.IllegalAction:
            wrong += 1
            continue
        wrong += state.is_over != (index in figures.finished)
    return wrong


def row(name: str, workers: int, args: argparse.Namespace, figures: Figures) -> str:
    ms = 1000.0
    errors = ", ".join(f"{k}: {v}" for k, v in sorted(figures.errors.items())) or "0"
    p99 = percentile(figures.moves, 0.99) * ms
    database = ("in the server" if figures.database_cpu is None
                else f"{figures.database_cpu / figures.elapsed:.2f}")
    return (
        f"| {name} | {workers} | {len(figures.played)} | {len(figures.finished)} | "
        f"{inexact(args, figures)} | {len(figures.moves)} | "
        f"{len(figures.moves) / figures.elapsed:.0f} | "
        f"{percentile(figures.moves, 0.50) * ms:.1f} | {p99:.1f} | "
        f"{max(figures.moves, default=0) * ms:.0f} | "
        f"{percentile(figures.views, 0.50) * ms:.1f} | "
        f"{percentile(figures.views, 0.99) * ms:.1f} | "
        f"{'yes' if p99 < GOAL_MS else 'no'} | {args.bot_games} | "
        f"{figures.bot_moves / figures.elapsed:.0f} | "
        f"{figures.server_cpu / figures.elapsed:.2f} | {database} | "
        f"{figures.client_cpu / figures.elapsed:.2f} | "
        f"{figures.server_cpu * ms / max(1, len(figures.moves)):.2f} | "
        f"{figures.client_cpu * ms / max(1, len(figures.moves)):.2f} | {figures.load:.1f} | "
        f"{errors} |"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="concurrent games")
    parser.add_argument("--game", default="konoten")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--moves", type=int, default=1000, help="moves per game at most")
    parser.add_argument("--inflight", type=int, default=16, help="open requests at most")
    parser.add_argument("--think", type=float, default=0.0, help="mean pause per move, s")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--backends", default="sqlite,postgresql")
    parser.add_argument("--postgres", default=os.environ.get("BOARDLAB_TEST_POSTGRES", ""))
    parser.add_argument("--out", type=Path, help="append the table to this markdown file")
    parser.add_argument("--bot-games", type=int, default=0,
                        help="bot-only Scythe games running meanwhile")
    parser.add_argument("--bot-agent", default="random", help="the agent spec of their seats")
    parser.add_argument("--bot-players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=0.0,
                        help="stop the people's games after this long (0: play them out)")
    parser.add_argument("--serve-arg", action="append", default=[], metavar="ARG",
                        help="an option for `boardlab serve` (repeat: --serve-arg=--bot-niceness "
                             "--serve-arg=0)")
    args = parser.parse_args(argv)

    runs = []
    for backend in args.backends.split(","):
        if backend == "sqlite":
            runs.append(("SQLite", "sqlite:///{dir}/load.db", 1))
        elif backend == "postgresql":
            if not args.postgres:
                print("no PostgreSQL URL (--postgres or $BOARDLAB_TEST_POSTGRES): skipped",
                      file=sys.stderr)
                continue
            runs.append(("PostgreSQL", args.postgres, 2))
        else:
            parser.error(f"unknown backend {backend!r}: sqlite or postgresql")

    lines = [
        f"{args.games} concurrent {args.game} games ({args.players} players, random moves, "
        f"at most {args.moves} each), at most {args.inflight} requests open, think "
        f"{args.think} s, {os.cpu_count()} cores (load average {os.getloadavg()[0]:.1f} at the "
        "start); latencies in ms",
        "",
        "| database | server processes | games | finished | not exact | moves | moves/s | "
        "move p50 | move p99 | move max | view p50 | view p99 | p99 < 50 ms | bot games | "
        "bot moves/s | server CPU (cores) | PostgreSQL CPU (cores) | client CPU (cores) | "
        "server CPU ms a move | client CPU ms a move | load average | errors |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
        "---|",
    ]
    print("\n".join(lines), flush=True)
    for name, db, workers in runs:
        if name == "PostgreSQL":
            with own_schema(db) as (url, backends):
                figures = asyncio.run(run(url, workers, args, backends))
        else:
            figures = asyncio.run(run(db, workers, args, None))
        lines.append(row(name, workers, args, figures))
        print(lines[-1], flush=True)
    if args.out:
        with args.out.open("a") as out:
            out.write("\n".join(lines) + "\n\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
