"""Sides, not only seats: a game won by a side no seat plays (an automa) is a loss for every
seat and a win for that side, in records, ``--out`` lines, summaries, tables, reports and
ratings (``toy_automa``: the automa takes three stones after each confirmed take)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from agents.toy_v2 import AUTOMA_SPEC

import boardlab
from boardlab.engine import registry
from boardlab.sim import GameRecord, SimConfig, run, summarise
from boardlab.sim.ratings import rate_agents
from boardlab.sim.record import Outcome
from boardlab.sim.report import write_report
from boardlab.sim.tables import NO_SEAT, seat_rows, seat_title, summary_tables


@pytest.fixture(autouse=True)
def automa_registered() -> Iterator[None]:
    registry.register(AUTOMA_SPEC)
    yield
    registry.unregister(AUTOMA_SPEC.name)


def record(
    index: int,
    agents: tuple[str, ...],
    scores: tuple[float, ...],
    automa: float,
    winners: tuple[str, ...],
) -> GameRecord:
    sides = (*(f"P{seat + 1}" for seat in range(len(agents))), "automa")
    seats = tuple(seat for seat, side in enumerate(sides[:-1]) if side in winners)
    outcome = Outcome(sides, (*scores, automa), winners)
    return GameRecord(
        index, "toy_automa", 100 + index, {}, agents, scores, seats, 10, outcome=outcome
    )


RECORDS = [
    record(0, ("x", "y"), (6, 4), 7, ("automa",)),
    record(1, ("y", "x"), (8, 4), 5, ("P1",)),
    record(2, ("x", "y"), (5, 5), 5, ("P1", "P2", "automa")),
    record(3, ("y", "x"), (3, 6), 6, ("P2", "automa")),
]


def test_a_game_won_by_the_automa_is_a_loss_for_every_seat() -> None:
    summary = summarise(RECORDS)
    assert summary.sides == ("P1", "P2", "automa")
    assert summary.wins == pytest.approx([1 + 1 / 3, 1 / 3 + 1 / 2])
    automa = summary.other_sides
    assert [(s.side, s.seat, s.agent, s.games) for s in automa] == [("automa", None, None, 4)]
    assert automa[0].wins == pytest.approx(1 + 1 / 3 + 1 / 2)
    assert automa[0].mean_score == pytest.approx((7 + 5 + 5 + 6) / 4)
    assert sum(s.wins for s in summary.per_side) == pytest.approx(len(RECORDS))
    x, y = summary.per_agent
    assert x.wins == pytest.approx(1 / 3 + 1 / 2) and y.wins == pytest.approx(1 + 1 / 3)


def test_the_seats_sides_have_the_seats_standings() -> None:
    summary = summarise(RECORDS)
    for seat, standing in enumerate(summary.per_seat):
        side = summary.per_side[seat]
        assert (side.side, side.seat) == (f"P{seat + 1}", seat)
        assert (side.games, side.wins, side.scores) == (
            standing.games,
            standing.wins,
            standing.scores,
        )


def test_json_tables_and_report_show_the_automa(tmp_path: Path) -> None:
    summary = summarise(RECORDS)
    data = summary.to_json()
    assert data["sides"] == ["P1", "P2", "automa"]
    assert data["per_side"][2]["side"] == "automa" and "seat" not in data["per_side"][2]
    assert data["per_side"][2]["wins"] == pytest.approx(1 + 1 / 3 + 1 / 2)
    assert seat_title(summary) == "Wins by seat and side"
    assert seat_rows(summary)[-1][:2] == ["automa", NO_SEAT]
    titles = [getattr(part, "title", None) for part in summary_tables(summary).renderables]
    assert "Wins by seat and side" in titles
    text = write_report(summary, RECORDS, tmp_path).read_text()
    assert "## Wins by seat and side" in text and f"| automa | {NO_SEAT} | 4 | " in text


def test_games_without_other_sides_keep_the_seat_table() -> None:
    plain = GameRecord(0, "toy", 1, {}, ("x", "y"), (3, 4), (1,), 10)
    summary = summarise([plain])
    assert summary.sides == ("P1", "P2") and summary.other_sides == ()
    assert seat_title(summary) == "Wins by seat"


def test_ratings_rate_the_automa_as_one_more_participant() -> None:
    solo = [
        record(g, ("x",), (3,), 5 if g % 4 else 1, ("automa",) if g % 4 else ("P1",))
        for g in range(12)
    ]
    ratings, note = rate_agents(solo)
    assert ratings is not None, note
    assert [r.agent for r in ratings] == ["automa", "x"]


def test_an_out_line_keeps_the_outcome_and_older_lines_get_the_seats() -> None:
    line = RECORDS[0].to_line()
    assert json.loads(line)["outcome"] == {
        "sides": ["P1", "P2", "automa"],
        "scores": [6, 4, 7],
        "winners": ["automa"],
    }
    assert GameRecord.from_line(line) == RECORDS[0]
    older = json.loads(GameRecord(0, "toy", 1, {}, ("x", "y"), (3, 4), (1,), 10).to_line())
    del older["outcome"]
    read = GameRecord.from_line(json.dumps(older))
    assert read.outcome == Outcome(("P1", "P2"), (3, 4), ("P2",))


@pytest.mark.parametrize(
    "outcome",
    [
        {"sides": ["P1", "P2"], "scores": [6, 4]},
        {"sides": ["P1", "P1", "automa"], "scores": [6, 4, 7], "winners": []},
        {"sides": ["P1", "P2", "automa"], "scores": [6, 4], "winners": []},
        {"sides": ["P1", "P2", "automa"], "scores": [6, 5, 7], "winners": []},
        {"sides": ["P1", "P2", "automa"], "scores": [6, 4, 7], "winners": ["robot"]},
        {"sides": "P1", "scores": [6, 4, 7], "winners": []},
    ],
)
def test_an_out_line_with_a_bad_outcome_is_refused(outcome: dict[str, object]) -> None:
    data = json.loads(RECORDS[0].to_line())
    data["outcome"] = outcome
    with pytest.raises(ValueError, match="outcome"):
        GameRecord.from_line(json.dumps(data))


@pytest.mark.parametrize("players", [1, 2])
def test_a_run_records_each_games_outcome_and_counts_the_automa(players: int) -> None:
    config = SimConfig(
        "toy_automa", players=players, games=8, seed=3, agents=("random",), options={"pile": 10}
    )
    result = run(config.validated(), workers=1)
    automa_wins = 0.0
    for game in result.records:
        state = boardlab.new("toy_automa", players, game.seed, pile=10)
        assert game.outcome.sides == tuple(state.sides)
        assert game.winners == tuple(
            seat for seat in range(players) if state.sides[seat] in game.outcome.winners
        )
        if "automa" in game.outcome.winners:
            automa_wins += 1 / len(game.outcome.winners)
    assert 0 < automa_wins < len(result.records)  # the automa won some games, not all
    (automa,) = result.summary.other_sides
    assert automa.wins == pytest.approx(automa_wins)
    assert sum(result.summary.wins) == pytest.approx(len(result.records) - automa_wins)
