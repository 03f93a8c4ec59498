"""Bad bot specs at creation (issue 27 item 7, issue 30 item 1): a 422 naming the parameter,
and nothing created; the web takes bounded budgets only and no file paths."""

from __future__ import annotations

import pytest

from boardlab.web.agent_specs import MAX_ITERATIONS, MAX_SECONDS

from .support import TestClient, create


@pytest.mark.parametrize(
    ("agent", "named"),
    [
        ("mcts:foo=1", "'foo'"),
        ("random:bogus=1", "bogus"),
        ("mcts:seconds=-1", "seconds"),
        ("mcts:seconds=nan", "seconds"),
        ("mcts:seconds=inf", "seconds"),
        (f"mcts:seconds={MAX_SECONDS * 2:g}", "seconds may be at most"),
        (f"mcts:iterations={MAX_ITERATIONS + 1}", "iterations may be at most"),
        ("mcts:iterations=0", "iterations"),
        ("greedy:samples=1000", "samples may be at most"),
        ("policy:path=/etc/passwd", "path is not accepted"),
        ("oracle", "unknown agent 'oracle'"),
        ("mcts:seconds", "not key=value"),
        ("random:" + "x=1," * 60, "longer than 200"),
    ],
)
def test_a_bad_agent_spec_is_a_422_naming_it_and_nothing_is_created(
        client: TestClient, agent: str, named: str) -> None:
    answer = client.post("/api/games", json={
        "game": "toy", "players": 2,
        "seats": [{"kind": "human"}, {"kind": "bot", "agent": agent}]})
    assert answer.status_code == 422, answer.text
    error = answer.json()["error"]
    assert error.startswith("seat 1: ") and named in error
    assert client.get("/api/games").json() == []


@pytest.mark.parametrize("agent", ["random", "greedy", "greedy:samples=4", "mcts:seconds=0.5",
                                   f"mcts:seconds={MAX_SECONDS:g}",
                                   f"mcts:iterations={MAX_ITERATIONS}"])
def test_bounded_agent_specs_are_accepted(client: TestClient, agent: str) -> None:
    created = create(client, "toy", 2, seats=[{"kind": "human"}, {"kind": "bot",
                                                                   "agent": agent}])
    assert created["seats"][1] == {"seat": 1, "kind": "bot", "agent": agent}


def test_a_seat_kind_that_is_not_offered_is_refused(client: TestClient) -> None:
    answer = client.post("/api/games", json={
        "game": "toy", "players": 2, "seats": [{"kind": "friend"}, {"kind": "open"}]})
    assert answer.status_code == 422 and '"open"' in answer.json()["error"]
