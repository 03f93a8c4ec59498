"""Load on the web server: many concurrent games of random moves played through its API.

Starts ``boardlab serve`` itself on 127.0.0.1 (SQLite in a temporary file with one process;
PostgreSQL with ``--workers 2``), creates ``--games`` games whose every seat is a person,
then plays them all at once, each as a person would: the seat to move reads its view and
posts a random option. The client is bounded: at most ``--inflight`` requests are open at a
time (a pool of that many connections), so a move's latency is the server's answer time under
that load, not time spent queueing inside this client. ``--think`` adds a pause per move.

    python benchmarks/web_load.py                             # 200 Konoten games, both databases
    python benchmarks/web_load.py --backends sqlite --games 50
    python benchmarks/web_load.py --backends sqlite --games 8 --inflight 8 --bot-games 20 \
        --seconds 60                           # people's moves beside 20 bot-only Scythe games

``--bot-games N`` first creates N games of Scythe whose every seat is a bot (``--bot-agent``),
which play at full speed meanwhile; the people's games are then timed (at most ``--seconds``
of play). The CPU time of the server (its processes and its bot workers) and of this client
are shown side by side, so that a client starved of CPU is not taken for a slow server, with
the server's CPU per person's move (bots included) and the machine's load average at the end.
``--serve-arg`` passes an option on to ``boardlab serve`` (``--serve-arg=--bot-only-rate
--serve-arg=20``).
    python benchmarks/web_load.py --postgres postgresql+psycopg://boardlab:pw@127.0.0.1/db

PostgreSQL's URL is ``--postgres`` or ``$BOARDLAB_TEST_POSTGRES`` (``.ci/run`` sets it); the
games go into a schema of their own, dropped at the end. Prints a markdown table (moves/s, p50
and p99 of the move's POST latency, and of the view's GET) and appends it to ``--out`` if
given. The goal of issue 15 is a p99 move latency under 50 ms on a 2-core machine.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
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

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


@contextlib.contextmanager
def own_schema(url: str) -> Any:
    """``url`` narrowed to a new PostgreSQL schema, dropped at the end (the test database's
    tables may be emptied by tests running meanwhile)."""
    name = f"load_{secrets.token_hex(6)}"
    engine = sa.create_engine(url)
    with engine.begin() as connection:
        connection.execute(sa.text(f"CREATE SCHEMA {name}"))
    try:
        yield sa.engine.make_url(url).update_query_dict(
            {"options": f"-csearch_path={name}"}
        ).render_as_string(hide_password=False)
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

    async def ready(self, client: httpx.AsyncClient, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"boardlab serve exited:\n{self.log.read_text()[-3000:]}")
            try:
                if (await client.get(f"{self.url}/api/games")).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            await asyncio.sleep(0.2)
        raise RuntimeError(f"boardlab serve did not answer:\n{self.log.read_text()[-3000:]}")

    def cpu_seconds(self) -> float:
        """User and system CPU time of every process of the server's session (its server
        processes and bot workers) that is still running."""
        tick = os.sysconf("SC_CLK_TCK")
        total = 0
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[3]) == self.process.pid:  # the session id: start_new_session
                total += int(fields[11]) + int(fields[12])
        return total / tick

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()


class Client:
    """An HTTP client with at most ``inflight`` requests open; a request's time is counted
    from when it may go (its turn under the bound), so that queueing in here is not counted."""

    def __init__(self, inflight: int) -> None:
        limits = httpx.Limits(max_connections=inflight, max_keepalive_connections=inflight)
        self.http = httpx.AsyncClient(limits=limits, timeout=120.0)
        self.bound = asyncio.Semaphore(inflight)

    async def request(
        self, method: str, url: str, times: list[float] | None = None, **kwargs: Any
    ) -> httpx.Response:
        async with self.bound:
            start = time.perf_counter()
            response = await self.http.request(method, url, **kwargs)
            if times is not None:
                times.append(time.perf_counter() - start)
            return response


async def play_game(
    client: Client, base: str, args: argparse.Namespace, index: int, figures: Figures
) -> None:
    try:
        await play_moves(client, base, args, index, figures)
    except httpx.TransportError as error:
        figures.error(type(error).__name__)


async def play_moves(
    client: Client, base: str, args: argparse.Namespace, index: int, figures: Figures
) -> None:
    body = {
        "game": args.game, "players": args.players, "seed": args.seed + index,
        "seats": [{"kind": "human"}] * args.players,
    }
    created = await client.request("POST", f"{base}/api/games", json=body)
    if created.status_code != 201:
        figures.error(f"create {created.status_code}")
        return
    game = created.json()
    tokens = {seat["seat"]: seat["token"] for seat in game["seats"]}
    rng = random.Random(args.seed + index)
    url = f"{base}/api/games/{game['id']}"
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
        response = await client.request("POST", f"{url}/actions", figures.moves, json=move)
        if response.status_code != 200:
            figures.error(f"move {response.status_code}")
            return
        view = response.json()
        if view["over"]:
            figures.finished.add(index)
            return


async def run(db: str, workers: int, args: argparse.Namespace) -> Figures:
    figures = Figures()
    with tempfile.TemporaryDirectory(prefix="boardlab-load-") as workdir:
        server = Server(db.format(dir=workdir), workers, Path(workdir), args.serve_arg)
        client = Client(args.inflight)
        try:
            await server.ready(client.http)
            bots = [await start_bots(client, server.url, args, n) for n in range(args.bot_games)]
            await bots_moving(client, server.url, bots)
            cpu, own = server.cpu_seconds(), time.process_time()
            bot_moves = await moves_of(client, server.url, bots)
            start = time.perf_counter()
            args.deadline = start + args.seconds
            await asyncio.gather(*(
                play_game(client, server.url, args, index, figures)
                for index in range(args.games)
            ))
            figures.elapsed = time.perf_counter() - start
            figures.server_cpu = server.cpu_seconds() - cpu
            figures.client_cpu = time.process_time() - own
            figures.bot_moves = await moves_of(client, server.url, bots) - bot_moves
            figures.load = os.getloadavg()[0]
        finally:
            await client.http.aclose()
            server.stop()
            if figures.errors:
                print(f"server log ({server.log}):\n{server.log.read_text()[-4000:]}",
                      file=sys.stderr)
    return figures


async def start_bots(client: Client, base: str, args: argparse.Namespace, index: int) -> str:
    """Create one Scythe game whose every seat is a bot; its id."""
    body = {"game": "scythe", "players": args.bot_players, "seed": 1000 + index,
            "seats": [{"kind": "bot", "agent": args.bot_agent}] * args.bot_players}
    created = await client.request("POST", f"{base}/api/games", json=body)
    if created.status_code != 201:
        raise RuntimeError(f"a bot game was refused: {created.text}")
    game_id: str = created.json()["id"]
    return game_id


async def bots_moving(client: Client, base: str, game_ids: list[str]) -> None:
    """Wait (a minute at most) until every bot game has moved: the bot workers are up."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        answers = [await client.request("GET", f"{base}/api/games/{g}") for g in game_ids]
        if all(answer.json()["moves"] > 0 for answer in answers):
            return
        await asyncio.sleep(0.5)
    raise RuntimeError("the bot games did not start within a minute")


async def moves_of(client: Client, base: str, game_ids: list[str]) -> int:
    """The moves made so far in the games ``game_ids``."""
    total = 0
    for game_id in game_ids:
        total += (await client.request("GET", f"{base}/api/games/{game_id}")).json()["moves"]
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
    return (
        f"| {name} | {workers} | {args.games} | {len(figures.finished)} | "
        f"{inexact(args, figures)} | {len(figures.moves)} | "
        f"{len(figures.moves) / figures.elapsed:.0f} | "
        f"{percentile(figures.moves, 0.50) * ms:.1f} | {p99:.1f} | "
        f"{max(figures.moves, default=0) * ms:.0f} | "
        f"{percentile(figures.views, 0.50) * ms:.1f} | "
        f"{percentile(figures.views, 0.99) * ms:.1f} | "
        f"{'yes' if p99 < GOAL_MS else 'no'} | {args.bot_games} | "
        f"{figures.bot_moves / figures.elapsed:.0f} | "
        f"{figures.server_cpu / figures.elapsed:.2f} | "
        f"{figures.client_cpu / figures.elapsed:.2f} | "
        f"{figures.server_cpu * ms / max(1, len(figures.moves)):.2f} | {figures.load:.1f} | "
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
        "bot moves/s | server CPU (cores) | client CPU (cores) | server CPU ms a move | "
        "load average | errors |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    print("\n".join(lines), flush=True)
    for name, db, workers in runs:
        with own_schema(db) if name == "PostgreSQL" else contextlib.nullcontext(db) as url:
            figures = asyncio.run(run(url, workers, args))
        lines.append(row(name, workers, args, figures))
        print(lines[-1], flush=True)
    if args.out:
        with args.out.open("a") as out:
            out.write("\n".join(lines) + "\n\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
