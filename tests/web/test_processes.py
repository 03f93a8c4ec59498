"""Server processes with a listening socket each (``web/processes.py``): connections opened
at once are shared between the sockets rather than taken by whichever process wakes first,
and a port another program holds is refused before any process starts (and before the
server says it is serving)."""

from __future__ import annotations

import os
import select
import socket

import pytest

from boardlab.cli import main
from boardlab.web.processes import listening_sockets

from .support import PG_ENV


def test_connections_opened_at_once_are_spread_over_every_socket() -> None:
    sockets = listening_sockets("127.0.0.1", 0, 1, backlog=64)
    port = sockets[0].getsockname()[1]
    sockets += listening_sockets("127.0.0.1", port, 1, backlog=64)
    clients = [socket.create_connection(("127.0.0.1", port)) for _ in range(64)]
    accepted = [0, 0]
    try:
        while sum(accepted) < len(clients):
            ready, _, _ = select.select(sockets, [], [], 2.0)
            assert ready, f"only {sum(accepted)} of {len(clients)} connections arrived"
            for sock in ready:
                connection, _ = sock.accept()
                connection.close()
                accepted[sockets.index(sock)] += 1
    finally:
        for sock in [*clients, *sockets]:
            sock.close()
    assert min(accepted) >= 10, accepted  # an even split is 32 each


def test_a_port_held_by_another_program_is_refused_at_once() -> None:
    held = socket.socket()
    held.bind(("127.0.0.1", 0))
    held.listen(1)
    try:
        with pytest.raises(OSError):
            listening_sockets("127.0.0.1", held.getsockname()[1], 2, backlog=8)
    finally:
        held.close()


@pytest.mark.skipif(not os.environ.get(PG_ENV), reason=f"{PG_ENV} is not set")
def test_serve_with_workers_on_a_held_port_says_so_in_one_line_before_serving(
        capsys: pytest.CaptureFixture[str]) -> None:
    held = socket.socket()
    held.bind(("127.0.0.1", 0))
    held.listen(1)
    port = held.getsockname()[1]
    try:
        assert main(["serve", "--port", str(port), "--workers", "2",
                     "--db", os.environ[PG_ENV]]) == 2
    finally:
        held.close()
    said = capsys.readouterr()
    assert "serving" not in said.out
    assert f"--port {port}: cannot listen" in said.err and said.err.count("\n") == 1
