"""Bot workers: processes of their own where bots think, each move within a time limit.

A thinking bot holds a core and, in the server's process, the GIL; here it holds neither
the server's event loop nor its interpreter. Each game is given to one worker for good (the
one with the fewest games then), which keeps the game's state and its bots' agents (and so
their search trees) from move to move: a request carries only the actions played since the
worker last saw the game, or the whole log after an undo or a restart. A worker answers one
request at a time, in the order they came (so the games it serves take turns).

A move that overruns ``move_seconds`` is interrupted by the worker's own alarm (the bot's
agent, whose tree may be half updated, is dropped) and ``choose`` answers ``None``, for the
caller to play a cheap legal choice instead. A worker that does not answer within a grace
period after that (stuck outside Python code) is killed and started again; its games are
rebuilt from their logs when next asked. So a bot that would think forever delays the other
games of its worker by at most one limit per move of its own.

Workers run at a lower scheduling priority than the server (``niceness``, the setting
``bot_niceness``): when every core is busy, a person's request is answered first and the
bots think in the time left.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

log = logging.getLogger(__name__)

STARTUP_SECONDS = 120.0  # a new worker imports the engines before its first answer
GRACE_SECONDS = 2.0  # past the limit, how long a worker may take to answer its alarm


@dataclass(frozen=True)
class Ask:
    """One move to choose: the game (its setup and actions), the bot's seat and spec."""

    game_id: str
    setup: tuple[str, int, int, dict[str, Any]]  # game name, players, seed, options
    rebuild: bool  # replay ``actions`` from the start (else apply them to what the worker has)
    actions: tuple[str, ...]
    seat: int
    spec: str
    agent_seed: int
    decision: int
    seconds: float  # the limit of this move, from when the worker reads it
    forget: tuple[str, ...] = ()  # games the worker may drop first


@dataclass(eq=False)
class _Worker:
    """One worker process, its pipe, and what it knows: each game's version and actions."""

    process: BaseProcess
    connection: Connection
    thread: ThreadPoolExecutor  # talks to the process, so the event loop never waits on it
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    ready: bool = False
    known: dict[str, tuple[int, int]] = field(default_factory=dict)  # id: version, actions
    forget: set[str] = field(default_factory=set)


class BotPool:
    """``size`` worker processes where bots choose their moves."""

    def __init__(self, size: int, move_seconds: float, niceness: int = 0) -> None:
        self.size = size
        self.move_seconds = move_seconds
        self.niceness = niceness  # how far below the server's the workers' priority is
        self.overruns = 0  # moves stopped at the limit since the pool started
        self._context = multiprocessing.get_context("spawn")
        self._workers: list[_Worker] = []
        self._home: dict[str, _Worker] = {}  # the worker each game was given to

    async def choose(self, game_id: str, setup: tuple[str, int, int, dict[str, Any]],
                     version: int, actions: list[str], seat: int, spec: str,
                     agent_seed: int, decision: int) -> str | None:
        """The action id the bot of ``seat`` chooses on ``decision``, or ``None`` if it did not
        choose within the limit (or failed: the error is logged)."""
        worker = self._home.get(game_id)
        if worker is None:
            if len(self._workers) < self.size:
                self._workers.append(self._start())
            worker = min(self._workers, key=lambda w: _homes(self._home, w))
            self._home[game_id] = worker
        async with worker.lock:
            if worker.process.exitcode is not None:
                self._restart(worker)
            if not worker.ready:
                try:
                    await self._ready(worker)
                except (EOFError, OSError, TimeoutError):
                    log.exception("a bot worker did not start: it is started again")
                    self._restart(worker)
                    return None
            for _attempt in range(2):
                ask = self._ask(worker, game_id, setup, version, actions, seat, spec,
                                agent_seed, decision)
                reply = await self._exchange(worker, ask)
                if reply is None:
                    return None
                kind, value = reply
                if kind == "chose":
                    worker.known[game_id] = (version, len(actions))
                    return str(value)
                if kind == "overran":
                    self.overruns += 1
                    log.warning("a bot of game %s overran %.1f s", game_id, self.move_seconds)
                    worker.known[game_id] = (version, len(actions))
                    return None
                worker.known.pop(game_id, None)
                if kind != "stale":
                    log.error("a bot of game %s failed: %s", game_id, value)
                    return None
            return None

    def pids(self) -> list[int]:
        """The process ids of the workers started so far."""
        return [w.process.pid for w in self._workers if w.process.pid is not None]

    def holds(self, game_id: str) -> bool:
        """Whether a worker was given ``game_id`` and not told to forget it."""
        return game_id in self._home

    def forget(self, game_id: str) -> None:
        """Let the game's worker drop its state and agents (told with its next request)."""
        worker = self._home.pop(game_id, None)
        if worker is not None and game_id in worker.known:
            del worker.known[game_id]
            worker.forget.add(game_id)

    async def close(self) -> None:
        """Stop every worker."""
        for worker in self._workers:
            _kill(worker)
            worker.thread.shutdown(wait=False, cancel_futures=True)
        self._workers.clear()
        self._home.clear()

    def _ask(self, worker: _Worker, game_id: str, setup: tuple[str, int, int, dict[str, Any]],
             version: int, actions: list[str], seat: int, spec: str, agent_seed: int,
             decision: int) -> Ask:
        had = worker.known.get(game_id)
        appended = (had is not None and version >= had[0]
                    and version - had[0] == len(actions) - had[1])
        since = had[1] if had is not None and appended else 0
        forget = tuple(worker.forget)
        worker.forget.clear()
        return Ask(game_id, setup, not appended, tuple(actions[since:]), seat, spec,
                   agent_seed, decision, self.move_seconds, forget)

    async def _exchange(self, worker: _Worker, ask: Ask) -> tuple[str, Any] | None:
        loop = asyncio.get_running_loop()
        sent = loop.run_in_executor(worker.thread, _send_and_receive, worker.connection, ask)
        try:
            return await asyncio.wait_for(sent, self.move_seconds + GRACE_SECONDS)
        except TimeoutError:
            self.overruns += 1
            log.warning("a bot of game %s did not stop at %.1f s: its worker is restarted",
                        ask.game_id, self.move_seconds)
        except (EOFError, OSError):
            log.error("the bot worker of game %s ended: it is restarted", ask.game_id)
        self._restart(worker)
        return None

    def _start(self) -> _Worker:
        ours, theirs = self._context.Pipe()
        process = self._context.Process(target=serve_forever, args=(theirs, self.niceness),
                                        daemon=True, name="boardlab-bots")
        process.start()
        theirs.close()
        return _Worker(process, ours, ThreadPoolExecutor(1, thread_name_prefix="bot-pipe"))

    def _restart(self, worker: _Worker) -> None:
        _kill(worker)
        fresh = self._start()
        worker.process, worker.connection = fresh.process, fresh.connection
        worker.thread.shutdown(wait=False)
        worker.thread, worker.ready = fresh.thread, False
        worker.known.clear()
        worker.forget.clear()

    async def _ready(self, worker: _Worker) -> None:
        """Wait for the worker's hello (it has imported the engines)."""
        loop = asyncio.get_running_loop()
        hello = loop.run_in_executor(worker.thread, worker.connection.recv)
        await asyncio.wait_for(hello, STARTUP_SECONDS)
        worker.ready = True


def _homes(home: dict[str, _Worker], worker: _Worker) -> int:
    return sum(1 for w in home.values() if w is worker)


def _kill(worker: _Worker) -> None:
    if worker.process.exitcode is None:
        worker.process.kill()
    worker.process.join(timeout=5)
    worker.connection.close()


def _send_and_receive(connection: Connection, ask: Ask) -> tuple[str, Any]:
    connection.send(ask)
    reply: tuple[str, Any] = connection.recv()
    return reply


# ---------------------------------------------------------------------- in the worker
def serve_forever(connection: Connection, niceness: int = 0) -> None:
    """A worker's life: lower its priority by ``niceness`` (so that the server's answers to
    people come first when the cores are busy), say hello, then answer each ``Ask`` until
    the pipe closes."""
    os.nice(niceness)
    from boardlab.web.bot_minds import Minds, warm_up

    warm_up()
    minds = Minds()
    connection.send(("hello", time.time()))
    while True:
        try:
            ask = connection.recv()
        except (EOFError, OSError):
            return
        connection.send(minds.answer(ask))
