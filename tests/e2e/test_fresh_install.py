"""The README's first two commands on a fresh clone, each with only what its own make target
installs (issue 27, item 1): `make serve` installs the `web` extra alone into a new `.venv` and
serves a game in which a person plays a move against a bot; `make play` installs boardlab with
its two dependencies alone and plays a move in the terminal. A green full install can hide a
dependency that another extra happens to pull in: these installs cannot."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from .server import free_port

ROOT = Path(__file__).resolve().parents[2]
INSTALL_TIMEOUT = 600.0  # seconds: pip downloads and builds on a cold cache
MOVE_TIMEOUT = 60.0

pytestmark = pytest.mark.slow


def fresh_clone(tmp_path: Path) -> Path:
    """The committed tree of this checkout, cloned as a stranger would get it."""
    if shutil.which("git") is None or shutil.which("make") is None:
        pytest.skip("git and make are needed to clone and install as the README says")
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: nothing to clone")
    clone = tmp_path / "boardlab"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
    return clone


def clean_environment() -> dict[str, str]:
    """The environment without this test run's virtual environment on the PATH."""
    env = dict(os.environ)
    venv = env.pop("VIRTUAL_ENV", None)
    if venv is not None:
        parts = env.get("PATH", "").split(os.pathsep)
        env["PATH"] = os.pathsep.join(p for p in parts if not p.startswith(venv))
    env.pop("PYTHONPATH", None)
    return env


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    """`make serve` started in a fresh clone; its address once the lobby's API answers."""
    clone = fresh_clone(tmp_path)
    port = free_port()
    log = tmp_path / "serve.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            ["make", "serve", f"SERVE=--port {port}"], cwd=clone, env=clean_environment(),
            stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + INSTALL_TIMEOUT
        while True:
            if process.poll() is not None:
                pytest.fail(f"make serve stopped (status {process.returncode}):\n"
                            + log.read_text(errors="replace")[-3000:])
            try:
                if httpx.get(f"{url}/api/games", timeout=2.0).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                pytest.fail("make serve did not answer in time:\n"
                            + log.read_text(errors="replace")[-3000:])
            time.sleep(0.5)
        installed = (clone / ".venv/.boardlab-serve-installed").exists()
        assert installed and not (clone / ".venv/.boardlab-installed").exists(), (
            "make serve must install the web extra alone"
        )
        yield url
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def wait_for(check: Any, what: str) -> Any:
    deadline = time.monotonic() + MOVE_TIMEOUT
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.2)
    pytest.fail(f"timed out waiting for {what}")


def test_make_serve_on_a_fresh_clone_plays_a_move_against_a_bot(served: str) -> None:
    with httpx.Client(base_url=served, timeout=10.0) as client:
        created = client.post("/api/games", json={
            "game": "konoten", "players": 2, "seed": 3,
            "seats": [{"kind": "human"}, {"kind": "bot", "agent": "random"}],
        })
        assert created.status_code == 201, created.text
        game = created.json()
        token = game["seats"][0]["token"]
        path = f"/api/games/{game['id']}"

        def my_decision() -> dict[str, Any] | None:
            decision: dict[str, Any] | None = client.get(
                f"{path}/view", params={"token": token}
            ).json()["decision"]
            return decision

        decision = wait_for(my_decision, "the person's first decision")
        played = client.post(f"{path}/actions", json={
            "token": token, "decision": decision["id"], "action": decision["options"][0]["id"],
        })
        assert played.status_code == 200, played.text

        def both_seats_moved() -> bool:
            log = client.get(f"{path}/log", params={"token": token}).json()
            return {entry["seat"] for entry in log} >= {0, 1}

        wait_for(both_seats_moved, "a move of the bot beside the person's")


def test_make_play_on_a_fresh_clone_plays_a_move_in_the_terminal(tmp_path: Path) -> None:
    clone = fresh_clone(tmp_path)
    save = tmp_path / "game.json"
    game = f"konoten --players 2 --seat 0 --bots random --seed 3 --save {save}"
    finished = subprocess.run(
        ["make", "play", f"PLAY={game}"], cwd=clone, env=clean_environment(),
        input="1\n", capture_output=True, text=True, timeout=INSTALL_TIMEOUT,
    )
    assert finished.returncode == 0, finished.stdout[-3000:] + finished.stderr[-3000:]
    assert (clone / ".venv/.boardlab-play-installed").exists()
    assert not (clone / ".venv/.boardlab-serve-installed").exists(), (
        "make play must install boardlab without extras"
    )
    assert "Your decision" in finished.stdout
    saved = json.loads(save.read_text())
    log = json.loads(saved["trail"])
    assert saved["history"], "the person's move was played and saved"
    assert log, "the saved game holds its log"
    assert "Continue it with: .venv/bin/boardlab play --load" in finished.stdout, (
        "the way back into the game names a command that runs after make"
    )
