"""Playing chunks of games as Ray tasks, on a local or remote Ray cluster (``boardlab[ray]``).

When this process is not yet connected to Ray, the backend starts a local Ray (or connects
to ``address``), ships the run's plugin modules with the job, and shuts Ray down when the
run ends. When it is already connected, it uses that connection as it is and leaves it
open: plugins must then be importable on the cluster (``runtime_env={"py_modules": ...}``).
Every worker must have the same boardlab installed. Before play, one short task per worker
imports the game there; that start-up is timed as set-up, not play.
"""

from __future__ import annotations

import logging
import socket
import time
from typing import Any

from boardlab.engine import registry
from boardlab.sim.config import SimConfig
from boardlab.sim.play import GameFailed, play_chunk
from boardlab.sim.plugins import load_plugins, shipped_modules
from boardlab.sim.record import GameRecord

INSTALL_HINT = "the ray backend needs Ray: pip install 'boardlab[ray]'"
WARM_UP_PAUSE = 0.2
CONNECT_TIMEOUT = 5.0


class RayMissing(ValueError):
    """Ray is not installed."""


def import_ray() -> Any:
    """The ``ray`` module, or ``RayMissing`` with the install hint."""
    try:
        import ray
    except ImportError:
        raise RayMissing(INSTALL_HINT) from None
    return ray


def check_reachable(address: str) -> None:
    """``ValueError`` at once when ``host:port`` takes no connection (Ray would retry a minute).

    Other forms (``auto``, ``ray://...``, ``local``) are left to Ray.
    """
    host, sep, port = address.rpartition(":")
    if not sep or "://" in address or not port.isdigit() or not host:
        return
    try:
        socket.create_connection((host, int(port)), timeout=CONNECT_TIMEOUT).close()
    except OSError as error:
        raise ValueError(f"cannot reach a Ray cluster at {address}: {error}") from None


class RayCluster:
    """Runs ``play_chunk`` as Ray tasks of one CPU each; ``workers`` tasks at a time."""

    def __init__(
        self, config: SimConfig, keep_state: bool, workers: int | None, address: str | None
    ) -> None:
        ray = self._ray = import_ray()
        self._owned = not ray.is_initialized()
        if self._owned:
            settings: dict[str, Any] = {"logging_level": logging.ERROR}
            if address is None:
                settings["include_dashboard"] = False
            shipped = shipped_modules(config.plugins)
            if shipped:
                settings["runtime_env"] = {"py_modules": shipped}
            if address is not None:
                check_reachable(address)
            try:
                ray.init(address=address, **settings)
            except ConnectionError as error:
                raise ValueError(f"cannot connect to Ray at {address!r}: {error}") from None
        self._pending: list[Any] = []
        try:
            cpus = int(ray.cluster_resources().get("CPU", 1))
            self.workers = workers if workers else max(1, cpus)
            self._task = ray.remote(num_cpus=1, max_retries=0)(play_chunk)
            self._config = ray.put(config)
            self._keep_state = keep_state
            warm_up = ray.remote(num_cpus=1, max_retries=0)(_warm_up)
            ray.get([warm_up.remote(config.game, config.plugins) for _ in range(self.workers)])
        except ray.exceptions.RayTaskError as error:
            self.close(cancel=True)
            cause = getattr(error, "cause", error)
            raise ValueError(f"the Ray workers cannot load {config.game}: {cause}") from None
        except BaseException:
            self.close(cancel=True)
            raise

    def submit(self, indices: list[int]) -> None:
        self._pending.append(self._task.remote(self._config, indices, self._keep_state))

    def next_done(self) -> list[GameRecord]:
        ready, self._pending = self._ray.wait(self._pending, num_returns=1)
        try:
            records: list[GameRecord] = self._ray.get(ready[0])
            return records
        except self._ray.exceptions.RayTaskError as error:
            cause = getattr(error, "cause", None)
            if isinstance(cause, GameFailed):
                raise GameFailed(str(cause)) from None
            raise

    def close(self, cancel: bool) -> None:
        if cancel:
            for ref in self._pending:
                self._ray.cancel(ref, force=True)
        self._pending = []
        if self._owned:
            self._ray.shutdown()


def _warm_up(game: str, plugins: tuple[str, ...]) -> None:
    """Start a worker and import the game there, so that play does not wait for it.

    The short pause keeps each warm-up task on its own worker.
    """
    load_plugins(plugins)
    registry.spec(game)
    time.sleep(WARM_UP_PAUSE)
