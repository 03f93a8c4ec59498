"""The end of a game for its pages (issue 27 item 5): each side's points by source and why
the game ended, once it is over (never before: running sources may show secrets)."""

from __future__ import annotations

import boardlab

from .support import TestClient, create, play_first, tokens


def test_the_result_gives_points_by_source_and_the_end_reason_once_over(
        client: TestClient) -> None:
    created = create(client, "konoten", 2, seed=8)
    game_id = created["id"]
    early = client.get(f"/api/games/{game_id}/result")
    assert early.status_code == 409 and "not over" in early.json()["error"]
    play_first(client, game_id, tokens(created), 3000)
    state = boardlab.load(client.get(f"/api/games/{game_id}/save").text, verify=False)
    assert state.is_over
    result = client.get(f"/api/games/{game_id}/result").json()
    assert result["end_reason"] == state.end_reason() and "last school year" in result["end_reason"]
    assert result["sides"] == ["P1", "P2"] and result["winners"] == state.outcome()["winners"]
    for row, sources, score in zip(result["breakdown"], state.score_breakdown(),
                                   state.side_scores(), strict=True):
        assert row["sources"] == sources and row["total"] == score
        assert sum(row["sources"].values()) == row["total"]
    last = client.get(f"/api/games/{game_id}/replay").json()
    assert last["result"] == result
    assert client.get(f"/api/games/{game_id}/replay?step=0").json()["result"] is None
