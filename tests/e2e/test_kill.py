"""A server killed (SIGKILL) in the middle of a game loses no acknowledged move: restarted on
the same database, every move it answered 200 to is in the game, in order, and play goes on;
bots that were playing when it died play on after the restart. On SQLite, and on PostgreSQL
when ``BOARDLAB_TEST_POSTGRES`` names a test database (``.ci/run`` sets it)."""

from __future__ import annotations

import os
import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from .server import Api, Server, postgres_schema

pytestmark = pytest.mark.slow

KILL_AFTER = 20  # acknowledged moves before the kill
BACKENDS = ["sqlite", "postgresql"]


@pytest.fixture(params=BACKENDS)
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A SQLite file, or a schema of its own in the PostgreSQL test database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'kill.db'}"
        return
    url = os.environ.get("BOARDLAB_TEST_POSTGRES")
    if not url:
        pytest.skip("BOARDLAB_TEST_POSTGRES is not set (.ci/run sets it)")
    with postgres_schema(url) as own:
        yield own


def one_move(api: Api, game_id: str, tokens: dict[int, str], rng: random.Random) -> Any:
    """Play a random option for the seat to move: ``(seat, action id, response)``, or
    ``None`` once the game is over."""
    seat = api.view(game_id)["to_move"]
    if seat is None:
        return None
    decision = api.view(game_id, tokens[seat])["decision"]
    action = rng.choice(decision["options"])["id"]
    return seat, action, api.act(game_id, tokens[seat], decision["id"], action)


def moves_in(api: Api, game_id: str, tokens: dict[int, str]) -> list[tuple[int, str]]:
    """Every move of the game in order, as (seat, action id), each read from its own seat's
    log (where even its secret actions are named)."""
    entries: dict[int, tuple[int, str]] = {}
    for seat, token in tokens.items():
        for entry in api.log(game_id, token):
            if entry["seat"] == seat:
                entries[entry["n"]] = (seat, entry["id"])
    return [entries[n] for n in sorted(entries)]


def test_a_killed_server_loses_no_acknowledged_move(database: str, tmp_path: Path) -> None:
    server = Server(database, tmp_path).start()
    try:
        api = Api(server.url)
        created = api.create("konoten", [{"kind": "human"}, {"kind": "human"}], seed=3)
        game_id = created["id"]
        tokens = {seat["seat"]: seat["token"] for seat in created["seats"]}
        acknowledged: list[tuple[int, str]] = []
        refused: list[str] = []
        killed = threading.Event()

        def play() -> None:  # moves one after another until the server dies under them
            player, rng = Api(server.url), random.Random(3)
            try:
                while not killed.is_set():
                    played = one_move(player, game_id, tokens, rng)
                    if played is None:
                        return
                    seat, action, response = played
                    if response.status_code == 200:
                        acknowledged.append((seat, action))
                    else:
                        refused.append(response.text)
            except (httpx.TransportError, AssertionError):
                return  # the server died mid-request: that move was never acknowledged
            finally:
                player.close()

        mover = threading.Thread(target=play)
        mover.start()
        deadline = time.monotonic() + 60
        while len(acknowledged) < KILL_AFTER and mover.is_alive():
            assert time.monotonic() < deadline, "the moves before the kill took over 60 s"
            time.sleep(0.005)
        server.kill()
        killed.set()
        mover.join(timeout=30)
        assert not refused, refused
        assert len(acknowledged) >= KILL_AFTER
        api.close()

        server.start()
        api = Api(server.url)
        kept = moves_in(api, game_id, tokens)
        assert kept[: len(acknowledged)] == acknowledged
        assert len(kept) - len(acknowledged) in (0, 1)  # the move in flight, if it got in

        # the game goes on from there; a move of a decision already answered is stale
        rng = random.Random(4)
        for _ in range(5):
            played = one_move(api, game_id, tokens, rng)
            assert played is not None
            assert played[2].status_code == 200, played[2].text
        seat = api.view(game_id)["to_move"]
        stale = api.act(game_id, tokens[seat], 0, "pass")
        assert stale.status_code == 409, stale.text
        assert len(moves_in(api, game_id, tokens)) == len(kept) + 5
        api.close()
    finally:
        server.stop()


def test_bots_play_on_after_a_killed_server_restarts(database: str, tmp_path: Path) -> None:
    server = Server(database, tmp_path).start()
    try:
        api = Api(server.url)
        bots = [{"kind": "bot", "agent": "random"}] * 3
        game_id = api.create("compounded", bots, seed=9)["id"]
        deadline = time.monotonic() + 60
        while len(seen := api.log(game_id)) < 40:
            assert time.monotonic() < deadline, "the bots played under 40 moves in 60 s"
            time.sleep(0.05)
        server.kill()
        api.close()

        server.start()
        api = Api(server.url)
        assert api.log(game_id)[: len(seen)] == seen
        deadline = time.monotonic() + 60
        while len(api.log(game_id)) <= len(seen) + 20 and not api.view(game_id)["over"]:
            assert time.monotonic() < deadline, "the bots did not play on after the restart"
            time.sleep(0.1)
        api.close()
    finally:
        server.stop()
