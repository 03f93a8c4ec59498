"""Issue 31 item 5: a finished game is analysed in the background on the server, once per
game and setting, stored in the database (a restarted server answers from it), with its
progress while it runs; bad requests are refused and the work is bounded."""

from __future__ import annotations

import time
from typing import Any

import boardlab
from boardlab.analysis import MARKS
from boardlab.web import create_app
from boardlab.web.settings import Settings

from .support import TestClient, create, play_first, tokens

MARK_NAMES = {name for name, _least in MARKS}


def finished_game(client: TestClient, seed: int = 8) -> str:
    """A two-player Konoten game played to its end (the first option each time); its id."""
    created = create(client, "konoten", 2, seed=seed)
    play_first(client, created["id"], tokens(created), 3000)
    assert client.get(f"/api/games/{created['id']}/view").json()["over"]
    return str(created["id"])


def analyse(client: TestClient, game_id: str, **body: Any) -> Any:
    return client.post(f"/api/games/{game_id}/analysis", json=body)


def until_done(client: TestClient, game_id: str, seconds: float = 0.0,
               limit: float = 120.0) -> tuple[dict[str, Any], list[tuple[int, int | None]]]:
    """Poll the analysis until it is done; the final answer and the progress seen."""
    seen: list[tuple[int, int | None]] = []
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        answer = client.get(f"/api/games/{game_id}/analysis", params={"seconds": seconds})
        assert answer.status_code == 200, answer.text
        found: dict[str, Any] = answer.json()
        assert found["status"] in ("running", "done"), found
        seen.append((found["done"], found["total"]))
        if found["status"] == "done":
            return found, seen
        time.sleep(0.1)
    raise AssertionError(f"the analysis did not end within {limit} s")


def test_an_analysis_runs_once_per_game_and_setting_and_survives_a_restart(
        db_url: str) -> None:
    """The first request starts the job (202), a second one gets the same job rather than a
    second run; the result has the shape the replay page draws; a new server on the same
    database answers with the stored result at once (200), without running anything."""
    with TestClient(create_app(db_url, run_bots=False)) as client:
        game_id = finished_game(client)
        first = analyse(client, game_id)
        assert first.status_code == 202, first.text
        assert first.json()["status"] == "running" and first.json()["analysis"] is None
        again = analyse(client, game_id, seconds=0)
        assert again.status_code in (200, 202)
        analyses = client.app.state.analyses  # type: ignore[attr-defined]
        assert len(analyses.running) <= 1
        done, _seen = until_done(client, game_id)
        save = client.get(f"/api/games/{game_id}/save").text
        steps = client.get(f"/api/games/{game_id}").json()["moves"]
    state = boardlab.load(save, verify=False)
    report = done["analysis"]
    assert done["percent"] == 100 and done["setting"] == {"seconds": 0.0}
    assert report["game"] == "konoten" and report["seats"] == [0, 1]
    assert report["steps"] == steps
    assert report["final"] == [1.0 if seat in state.side_winners() else 0.0 for seat in (0, 1)]
    assert report["moves"], "a whole game has judged decisions"
    for move in report["moves"]:
        assert 0 <= move["win_after"] <= move["best_win"] + 1e-9 <= 1 + 1e-9
        assert move["mark"] in MARK_NAMES | {None}
        assert 0 <= move["step"] < report["steps"] and move["played_label"]
    steps = [move["step"] for move in report["moves"]]
    assert steps == sorted(set(steps)), "one judged move per replay step at most"
    assert {row["seat"] for row in report["summary"]} == {0, 1}
    with TestClient(create_app(db_url, run_bots=False)) as client:
        stored = analyse(client, game_id)
        assert stored.status_code == 200 and stored.json() == done
        assert not client.app.state.analyses.running  # type: ignore[attr-defined]


def test_a_running_analysis_reports_its_progress(client: TestClient) -> None:
    """With a little search at each decision the job takes seconds: the progress read while
    it runs rises from 0 to the number of decisions to judge, then the job is done."""
    game_id = finished_game(client, seed=9)
    assert analyse(client, game_id, seconds=0.05).status_code == 202
    done, seen = until_done(client, game_id, seconds=0.05)
    total = len(done["analysis"]["moves"])
    assert any(0 < count < total and of == total for count, of in seen), seen
    counts = [count for count, _of in seen]
    assert counts == sorted(counts), "progress never goes back"


def test_bad_analysis_requests_are_refused(client: TestClient) -> None:
    """Unknown game 404, unfinished game 409, a setting out of bounds or malformed 422, an
    analysis nobody asked for 404; each with one sentence."""
    assert analyse(client, "nosuchgame").status_code == 404
    created = create(client, "konoten", 2, seed=3)
    unfinished = analyse(client, created["id"])
    assert unfinished.status_code == 409 and "over" in unfinished.json()["error"]
    game_id = finished_game(client)
    for body in ({"seconds": 3}, {"seconds": -1}, {"seconds": "1"}, {"seconds": True}):
        refused = analyse(client, game_id, **body)
        assert refused.status_code == 422 and refused.json()["error"], body
    assert client.get(f"/api/games/{game_id}/analysis?seconds=x").status_code == 422
    never = client.get(f"/api/games/{game_id}/analysis")
    assert never.status_code == 404 and "POST" in never.json()["error"]
    assert not client.app.state.analyses.running  # type: ignore[attr-defined]


def test_analyses_at_once_are_bounded_per_game_and_per_server(db_url: str) -> None:
    """One running job per game (another setting of it waits: 409) and ``analysis_jobs``
    per server process (another game waits: 429)."""
    settings = Settings(analysis_jobs=1)
    with TestClient(create_app(db_url, run_bots=False, settings=settings)) as client:
        first, second = finished_game(client, seed=8), finished_game(client, seed=9)
        assert analyse(client, first, seconds=0.5).status_code == 202
        other_setting = analyse(client, first, seconds=0)
        assert other_setting.status_code == 409, other_setting.text
        other_game = analyse(client, second)
        assert other_game.status_code == 429, other_game.text
        assert analyse(client, first, seconds=0.5).status_code == 202  # the same job
