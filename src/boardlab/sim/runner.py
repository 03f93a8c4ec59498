"""Running a simulation: play every game of a config on a backend and summarise them."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass, replace

from boardlab.sim.backends import BACKENDS, Backend, ProcessPool, play_chunks, play_in_process
from boardlab.sim.config import SimConfig
from boardlab.sim.journal import Journal, Note, SaveFile
from boardlab.sim.record import GameRecord
from boardlab.sim.summary import Summary, summarise

Progress = Callable[[int, int], None]


@dataclass(frozen=True, slots=True)
class SimResult:
    """A finished run: every game's record in index order and their summary.

    ``played`` games were played now and ``resumed`` read back from ``--out``; ``seconds``
    is the wall time of play, ``setup_seconds`` the time to start the backend (worker
    processes, Ray) before it.
    """

    config: SimConfig
    records: tuple[GameRecord, ...]
    summary: Summary
    played: int
    resumed: int
    seconds: float
    setup_seconds: float
    backend: str
    workers: int


def run(
    config: SimConfig,
    *,
    workers: int | None = None,
    backend: str = "local",
    address: str | None = None,
    out: str | os.PathLike[str] | None = None,
    save: str | os.PathLike[str] | None = None,
    progress: Progress | None = None,
    drop_partial: bool = False,
    note: Note | None = None,
) -> SimResult:
    """Play every game of ``config`` and summarise them; the records do not depend on how.

    ``backend="local"`` plays on ``workers`` processes of this machine (default: one per
    core; 1 plays in this process); ``backend="ray"`` plays on a Ray cluster (``address``,
    or a local one), ``workers`` chunks at a time (default: the cluster's CPUs). ``out``
    keeps one JSON line per game and resumes a run it already holds; ``save`` keeps each
    whole game (its save led by its index in the run, one per line). A last line of those
    files cut short by an interruption is an error unless ``drop_partial``; ``note`` is
    told of every line dropped. ``progress(done, total)`` is called as games finish.
    Raises ``ValueError`` for bad input, ``GameFailed`` if a game raises.

    >>> result = run(SimConfig("compounded", players=3, games=200, seed=1), workers=2)
    >>> result.summary.wins
    """
    config = config.validated()
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    if workers is not None and (isinstance(workers, bool) or workers < 1):
        raise ValueError(f"workers must be at least 1, got {workers!r}")
    with ExitStack() as files:
        journal = Journal(out, config, drop_partial, note) if out is not None else None
        if journal is not None:
            files.callback(journal.close)
        done = dict(journal.records) if journal is not None else {}
        saver = None
        if save is not None:
            saver = SaveFile(save, bool(done), drop_partial, note)
        if saver is not None:
            files.callback(saver.close)
        resumed = len(done)
        todo = [index for index in range(config.games) if index not in done]
        if progress is not None:
            progress(len(done), config.games)
        started = time.perf_counter()
        chunks, stop, used = _start(config, todo, backend, workers, address, saver is not None)
        setup_seconds = time.perf_counter() - started
        started = time.perf_counter()
        try:
            for chunk in chunks:
                for record in chunk:
                    if journal is not None:
                        journal.write(record)
                    if saver is not None:
                        saver.write(record)
                    done[record.index] = replace(record, save=None) if record.save else record
                if progress is not None:
                    progress(len(done), config.games)
        except BaseException:
            stop(True)
            raise
        seconds = time.perf_counter() - started
        stop(False)
    records = tuple(done[index] for index in range(config.games))
    played = len(done) - resumed
    return SimResult(
        config=config,
        records=records,
        summary=summarise(records, seconds=seconds, played=played),
        played=played,
        resumed=resumed,
        seconds=seconds,
        setup_seconds=setup_seconds,
        backend=backend,
        workers=used,
    )


def _start(
    config: SimConfig,
    todo: list[int],
    backend: str,
    workers: int | None,
    address: str | None,
    keep_state: bool,
) -> tuple[Iterator[list[GameRecord]], Callable[[bool], None], int]:
    """The chunks of finished games, a function stopping the backend, and its worker count."""
    if not todo:
        return iter(()), lambda cancel: None, 0
    if backend == "ray":
        from boardlab.sim.ray_backend import RayCluster

        cluster: Backend = RayCluster(config, keep_state, workers, address)
        return play_chunks(cluster, todo), cluster.close, cluster.workers
    count = min(workers or os.cpu_count() or 1, max(1, len(todo)))
    if count == 1:
        return play_in_process(config, todo, keep_state), lambda cancel: None, 1
    pool = ProcessPool(config, count, keep_state)
    return play_chunks(pool, todo), pool.close, count
