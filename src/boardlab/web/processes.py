"""Several server processes on one port, each listening on a socket of its own.

uvicorn's own workers share one listening socket, and the process whose event loop wakes
first accepts every connection waiting (asyncio accepts up to a hundred at a time): a burst
of keep-alive connections then lands on one process while the other idles. Measured with
the web benchmark's 16 connections, one of two processes served them all (94% of a core
against 0.4%). Here each process gets its own socket, bound to the same address with
``SO_REUSEPORT``, and the kernel spreads new connections over them by their addresses.

The parent binds every socket before any process starts (a port in use is reported at
once), starts a process per socket, starts again one that dies, and stops them all on
Ctrl+C or SIGTERM.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
import socket
import sys
import time
from multiprocessing.process import BaseProcess
from types import FrameType
from typing import Any

STOP_SECONDS = 10.0  # a process still running this long after SIGTERM is killed
RESTART_PAUSE = 1.0  # between noticing a dead process and starting another


def listening_sockets(host: str, port: int, count: int, backlog: int) -> list[socket.socket]:
    """``count`` TCP sockets listening on ``host:port`` together (``SO_REUSEPORT``)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sockets: list[socket.socket] = []
    for _ in range(count):
        sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        try:
            sock.bind((host, port))
        except OSError:
            sock.close()
            for bound in sockets:
                bound.close()
            raise
        sock.listen(backlog)
        sock.set_inheritable(True)
        sockets.append(sock)
    return sockets


def _serve(sock: socket.socket, options: dict[str, Any]) -> None:
    import uvicorn

    with contextlib.suppress(KeyboardInterrupt):  # Ctrl+C reaches every process: no traceback
        uvicorn.Server(uvicorn.Config(**options)).run(sockets=[sock])


def run_processes(sockets: list[socket.socket], options: dict[str, Any]) -> None:
    """Serve ``uvicorn.Config(**options)`` in one process per socket until stopped."""
    context = multiprocessing.get_context("spawn")
    stopping = False

    def start(sock: socket.socket) -> BaseProcess:
        process = context.Process(target=_serve, args=(sock, options), daemon=False)
        process.start()
        return process

    def stop(_signal: int, _frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    processes = [start(sock) for sock in sockets]
    while not stopping:
        time.sleep(0.2)
        for index, process in enumerate(processes):
            if not process.is_alive() and not stopping:
                print(f"server process {process.pid} ended ({process.exitcode}); "
                      "starting another", file=sys.stderr)
                time.sleep(RESTART_PAUSE)
                processes[index] = start(sockets[index])
    for process in processes:
        if process.is_alive() and process.pid is not None:
            process.terminate()
    deadline = time.monotonic() + STOP_SECONDS
    for process in processes:
        process.join(max(0.0, deadline - time.monotonic()))
        if process.is_alive():
            process.kill()
    for sock in sockets:
        sock.close()
