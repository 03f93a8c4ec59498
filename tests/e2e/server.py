"""A real ``boardlab serve`` process for the end-to-end tests: started on a free port of
127.0.0.1, ready once ``GET /api/games`` answers, stopped (or killed) by its own id."""

from __future__ import annotations

import contextlib
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import sqlalchemy as sa

BOARDLAB = Path(sys.executable).parent / "boardlab"  # the command `make serve` runs
START_TIMEOUT = 60.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextlib.contextmanager
def postgres_schema(url: str) -> Iterator[str]:
    """``url`` narrowed to a new schema of its own, dropped afterwards: the shared test
    database's own tables may be emptied by other tests at any time (tests/web does)."""
    name = f"e2e_{secrets.token_hex(6)}"
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
    """``boardlab serve --db DB`` in its own process group, its output in ``log``."""

    def __init__(self, db: str, workdir: Path, *, workers: int = 1) -> None:
        self.db, self.workdir, self.workers = db, workdir, workers
        self.log = workdir / "server.log"
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        self.port = free_port()
        command = [str(BOARDLAB), "serve", "--port", str(self.port), "--db", self.db]
        if self.workers > 1:
            command += ["--workers", str(self.workers)]
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                command, cwd=self.workdir, stdout=out, stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL, start_new_session=True,
            )
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"boardlab serve exited at start:\n{self.tail()}")
            try:
                if httpx.get(f"{self.url}/api/games", timeout=2.0).status_code == 200:
                    return self
            except httpx.TransportError:
                pass
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"boardlab serve did not answer in {START_TIMEOUT} s:\n{self.tail()}")

    def tail(self, lines: int = 40) -> str:
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return "\n".join(text.splitlines()[-lines:])

    def _signal_group(self, sig: signal.Signals) -> None:
        # the server's own process group (its uvicorn workers included), by its id
        assert self.process is not None
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, sig)

    def kill(self) -> None:
        """SIGKILL, as a crash would: nothing gets to clean up."""
        if self.process is not None:
            self._signal_group(signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self._signal_group(signal.SIGTERM)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.kill()


class Api:
    """The JSON API of a running server, as a bot written by others would use it."""

    def __init__(self, url: str) -> None:
        self.client = httpx.Client(base_url=url, timeout=30.0)

    def create(self, game: str, seats: list[dict[str, str]], **fields: Any) -> dict[str, Any]:
        body = {"game": game, "players": len(seats), "seats": seats, **fields}
        response = self.client.post("/api/games", json=body)
        assert response.status_code == 201, response.text
        created: dict[str, Any] = response.json()
        return created

    def view(self, game_id: str, token: str | None = None) -> dict[str, Any]:
        params = {"token": token} if token else {}
        response = self.client.get(f"/api/games/{game_id}/view", params=params)
        assert response.status_code == 200, response.text
        view: dict[str, Any] = response.json()
        return view

    def log(self, game_id: str, token: str | None = None) -> list[dict[str, Any]]:
        params = {"token": token} if token else {}
        response = self.client.get(f"/api/games/{game_id}/log", params=params)
        assert response.status_code == 200, response.text
        entries: list[dict[str, Any]] = response.json()
        return entries

    def act(self, game_id: str, token: str, decision: int, action: str) -> httpx.Response:
        body = {"token": token, "decision": decision, "action": action}
        return self.client.post(f"/api/games/{game_id}/actions", json=body)

    def close(self) -> None:
        self.client.close()
