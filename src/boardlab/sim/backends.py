"""Where games are played: in this process, in a pool of worker processes, or on Ray.

Every backend plays chunks of games (see ``chunking``) and hands back each finished chunk's
records as soon as it is done; which games are played, and how, never depends on the
backend, so the records are the same whichever one is used.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import queue
import signal
import time
from collections.abc import Iterator
from typing import Any, Protocol

from boardlab.engine import registry
from boardlab.sim.chunking import ChunkSizer
from boardlab.sim.config import SimConfig
from boardlab.sim.play import GameFailed, play_chunk, play_game
from boardlab.sim.plugins import load_plugins
from boardlab.sim.record import GameRecord

BACKENDS = ("local", "ray")
IN_FLIGHT_PER_WORKER = 2
WORKER_START_TIMEOUT = 120.0
POLL_SECONDS = 0.5


class Backend(Protocol):
    """Plays chunks of games of one run somewhere; ``workers`` chunks run at the same time."""

    workers: int

    def submit(self, indices: list[int]) -> None: ...

    def next_done(self) -> list[GameRecord]:
        """The records of a chunk that finished (waits for one); re-raises its error."""
        ...

    def close(self, cancel: bool) -> None: ...


def play_in_process(
    config: SimConfig, indices: list[int], keep_state: bool
) -> Iterator[list[GameRecord]]:
    """Play the games one after another here, yielding each game's record alone."""
    load_plugins(config.plugins)
    for index in indices:
        yield [play_game(config, index, keep_state)]


def play_chunks(backend: Backend, indices: list[int]) -> Iterator[list[GameRecord]]:
    """Play the games on ``backend``, keeping two chunks per worker in flight."""
    sizer = ChunkSizer(indices, backend.workers)
    in_flight = 0
    while sizer and in_flight < IN_FLIGHT_PER_WORKER * backend.workers:
        backend.submit(sizer.next_chunk())
        in_flight += 1
    while in_flight:
        records = backend.next_done()
        in_flight -= 1
        sizer.observe(len(records), sum(record.seconds for record in records))
        if sizer:
            backend.submit(sizer.next_chunk())
            in_flight += 1
        yield records


class ProcessPool:
    """``workers`` spawned processes that import the game once, then play chunks on request.

    The run's config is sent once, when a worker starts; a chunk is sent as its indices and
    comes back as its records, so no game state crosses between processes.
    """

    def __init__(self, config: SimConfig, workers: int, keep_state: bool) -> None:
        context = multiprocessing.get_context("spawn")
        self.workers = workers
        self._tasks: Any = context.SimpleQueue()
        self._results: Any = context.Queue()
        self._processes = [
            context.Process(
                target=_work,
                args=(config, keep_state, self._tasks, self._results),
                name=f"boardlab-sim-{n}",
                daemon=True,
            )
            for n in range(workers)
        ]
        try:
            for process in self._processes:
                process.start()
            deadline = time.monotonic() + WORKER_START_TIMEOUT
            for _ in range(workers):
                kind, _ = self._receive(deadline)
                if kind != "ready":
                    raise RuntimeError(f"a worker process sent {kind!r} before it was ready")
        except BaseException:
            self.close(cancel=True)
            raise

    def submit(self, indices: list[int]) -> None:
        self._tasks.put(indices)

    def next_done(self) -> list[GameRecord]:
        kind, value = self._receive(None)
        if kind == "done":
            records: list[GameRecord] = value
            return records
        self.close(cancel=True)
        raise GameFailed(value) if kind == "failed" else RuntimeError(value)

    def close(self, cancel: bool) -> None:
        if not cancel:
            for _ in self._processes:
                self._tasks.put(None)
        for process in self._processes:
            if cancel and process.is_alive():
                process.terminate()
            if process.pid is not None:
                process.join()

    def _receive(self, deadline: float | None) -> tuple[str, Any]:
        """The next message of any worker; ``RuntimeError`` if a worker died or none came."""
        while True:
            try:
                message: tuple[str, Any] = self._results.get(timeout=POLL_SECONDS)
                return message
            except queue.Empty:
                pass
            for process in self._processes:
                if process.exitcode is not None:
                    self.close(cancel=True)
                    raise RuntimeError(
                        f"a worker process stopped unexpectedly (exit code {process.exitcode})"
                    )
            if deadline is not None and time.monotonic() > deadline:
                self.close(cancel=True)
                raise RuntimeError("the worker processes did not start in time")


def _work(config: SimConfig, keep_state: bool, tasks: Any, results: Any) -> None:
    """A worker's life: import the game, say it is ready, then play chunks until told to stop."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    with contextlib.suppress(Exception):  # the first chunk reports it, with the game's context
        load_plugins(config.plugins)
        registry.spec(config.game)
    results.put(("ready", None))
    while (indices := tasks.get()) is not None:
        try:
            results.put(("done", play_chunk(config, indices, keep_state)))
        except GameFailed as error:
            results.put(("failed", str(error)))
        except Exception as error:
            results.put(("error", f"{type(error).__name__}: {error}"))
