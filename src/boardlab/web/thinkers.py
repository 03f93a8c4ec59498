"""Worker processes for the thinking that is not a bot's move: analyses of whole games and
hints (``analysis_minds`` runs inside them).

Like bots (``workers``), this work never runs in the server's process: an analysis holds a
core for minutes, and in the server it would hold its event loop and its interpreter. A pool
has ``size`` processes, started when first needed, each doing one task at a time; a task
waits for a free one. A task has a time limit: past it, its process is killed (started again
for the next task) and the task fails. Processes run at the bots' lower priority, so people's
requests are answered first when the cores are busy.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

log = logging.getLogger(__name__)

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Task:
    """One piece of thinking: ``analyse`` a finished game, or ``hints`` for ``seat`` at the
    engine's ``decision``; the game is its setup and its seats' actions."""

    kind: str
    setup: tuple[str, int, int, dict[str, Any]]  # game name, players, seed, options
    actions: tuple[str, ...]
    seconds: float = 0.0  # of search per decision (analyses)
    seat: int | None = None  # hints
    decision: int | None = None  # hints: the engine's id of the decision at hand


class Failed(Exception):
    """A task that gave no answer: the reason, in one sentence."""


@dataclass(eq=False)
class _Thinker:
    process: BaseProcess
    connection: Connection
    thread: ThreadPoolExecutor  # waits on the pipe, so the event loop never does


class ThinkPool:
    """``size`` worker processes (started on demand) answering ``Task``s one at a time each."""

    def __init__(self, size: int, niceness: int = 0, name: str = "boardlab-think") -> None:
        self.size = size
        self.niceness = niceness
        self.name = name
        self.waiting = 0  # tasks waiting for a free process
        self._context = multiprocessing.get_context("spawn")
        self._idle: list[_Thinker] = []
        self._all: list[_Thinker] = []
        self._free: asyncio.Semaphore | None = None

    async def run(self, task: Task, limit: float, progress: Progress | None = None) -> Any:
        """The answer to ``task`` within ``limit`` seconds (``Failed`` otherwise);
        ``progress(done, total)`` is called on the event loop as the worker reports."""
        if self._free is None:
            self._free = asyncio.Semaphore(self.size)
        self.waiting += 1
        try:
            await self._free.acquire()
        finally:
            self.waiting -= 1
        try:
            thinker = self._idle.pop() if self._idle else self._start()
            loop = asyncio.get_running_loop()
            asked = loop.run_in_executor(thinker.thread, _exchange, thinker.connection, task,
                                         loop, progress)
            try:
                kind, value = await asyncio.wait_for(asked, limit)
            except TimeoutError:
                self._drop(thinker)
                raise Failed(f"it took longer than the {limit:g} s this server allows") from None
            except (EOFError, OSError):
                self._drop(thinker)
                raise Failed("its worker process ended unexpectedly") from None
            except BaseException:  # cancelled: the worker may be mid-task
                self._drop(thinker)
                raise
            self._idle.append(thinker)
        finally:
            self._free.release()
        if kind != "done":
            raise Failed(str(value))
        return value

    def warm(self) -> None:
        """Start a worker now if none runs, so that the first task does not wait for one to
        import the engines."""
        if not self._all:
            self._idle.append(self._start())

    def pids(self) -> list[int]:
        """The process ids of the workers running now."""
        return [t.process.pid for t in self._all if t.process.pid is not None]

    async def close(self) -> None:
        """Stop every worker."""
        for thinker in list(self._all):
            self._drop(thinker)

    def _start(self) -> _Thinker:
        from boardlab.web.analysis_minds import serve_forever

        ours, theirs = self._context.Pipe()
        process = self._context.Process(target=serve_forever, args=(theirs, self.niceness),
                                        daemon=True, name=self.name)
        process.start()
        theirs.close()
        thinker = _Thinker(process, ours, ThreadPoolExecutor(1, thread_name_prefix=self.name))
        self._all.append(thinker)
        return thinker

    def _drop(self, thinker: _Thinker) -> None:
        if thinker.process.exitcode is None:
            thinker.process.kill()
        thinker.process.join(timeout=5)
        thinker.connection.close()
        thinker.thread.shutdown(wait=False, cancel_futures=True)
        if thinker in self._all:
            self._all.remove(thinker)
        if thinker in self._idle:
            self._idle.remove(thinker)


def _exchange(connection: Connection, task: Task, loop: asyncio.AbstractEventLoop,
              progress: Progress | None) -> tuple[str, Any]:
    """Send ``task`` and wait for its answer, passing its progress reports to the loop."""
    connection.send(task)
    while True:
        message: tuple[Any, ...] = connection.recv()
        if message[0] != "progress":
            return message[0], message[1]
        if progress is not None:
            loop.call_soon_threadsafe(progress, message[1], message[2])
