"""Wilson intervals, shared wins, per-agent and per-seat standings, ratings."""

from __future__ import annotations

from dataclasses import replace

import pytest

from boardlab.sim import GameRecord, summarise, wilson_interval
from boardlab.sim.ratings import finishing_ranks, rate_agents
from boardlab.sim.tables import agent_headers, agent_rows


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        (5, 10, 0.2366, 0.7634),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (1, 10, 0.0179, 0.4042),
        (50, 100, 0.4038, 0.5962),
        (81, 263, 0.2553, 0.3662),
    ],
)
def test_wilson_interval_matches_known_values(
    wins: int, games: int, low: float, high: float
) -> None:
    assert wilson_interval(wins, games) == pytest.approx((low, high), abs=5e-5)


def test_wilson_interval_without_games_is_everything() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_wilson_interval_narrows_as_games_grow() -> None:
    small = wilson_interval(3, 10)
    large = wilson_interval(300, 1000)
    assert large[1] - large[0] < small[1] - small[0]
    assert large[0] < 0.3 < large[1]


def record(
    index: int,
    agents: tuple[str, ...],
    scores: tuple[float, ...],
    winners: tuple[int, ...],
    decisions: int = 10,
) -> GameRecord:
    return GameRecord(index, "toy", 100 + index, {"pile": 15}, agents, scores, winners, decisions)


def test_a_shared_win_counts_one_share_for_each_winner() -> None:
    records = [
        record(0, ("a", "b", "c"), (5, 5, 1), (0, 1)),
        record(1, ("a", "b", "c"), (3, 3, 3), (0, 1, 2)),
        record(2, ("a", "b", "c"), (1, 2, 9), (2,)),
    ]
    summary = summarise(records)
    assert summary.wins == pytest.approx([0.5 + 1 / 3, 0.5 + 1 / 3, 1 / 3 + 1])
    assert sum(summary.wins) == pytest.approx(3)
    assert summary.per_seat[2].win_rate == pytest.approx(4 / 9)


def test_standings_per_seat_per_agent_and_per_agent_in_seat() -> None:
    records = [
        record(0, ("x", "y"), (10, 4), (0,), decisions=20),
        record(1, ("y", "x"), (6, 8), (1,), decisions=30),
        record(2, ("x", "y"), (2, 7), (1,), decisions=40),
        record(3, ("y", "x"), (5, 5), (0, 1), decisions=50),
    ]
    summary = summarise(records)
    assert summary.games == 4 and summary.players == 2 and summary.seed == 100
    assert summary.agents == ("x", "y")
    x, y = summary.per_agent
    assert (x.agent, x.games, x.wins) == ("x", 4, 2.5)
    assert (y.agent, y.games, y.wins) == ("y", 4, 1.5)
    assert x.mean_score == pytest.approx((10 + 8 + 2 + 5) / 4)
    assert x.stdev_score == pytest.approx(3.5, abs=0.01)  # sample sd of 10, 8, 2, 5
    assert x.win_rate_ci == pytest.approx(wilson_interval(2.5, 4))
    seat0, seat1 = summary.per_seat
    assert seat0.mean_score == pytest.approx((10 + 6 + 2 + 5) / 4)
    assert seat1.wins == 2.5
    x_seat1 = next(s for s in summary.per_agent_seat if (s.agent, s.seat) == ("x", 1))
    assert (x_seat1.games, x_seat1.wins, x_seat1.mean_decisions) == (2, 1.5, 40)
    assert summary.mean_decisions == 35
    assert summary.stdev_decisions == pytest.approx(12.91, abs=0.01)


def test_summary_json_has_the_documented_keys() -> None:
    data = summarise([record(0, ("a", "b"), (1, 2), (1,))], seconds=2.0, played=1).to_json()
    for key in (
        "game",
        "players",
        "games",
        "wins",
        "mean_scores",
        "mean_decisions",
        "games_per_second",
        "per_seat",
        "per_agent",
        "per_agent_seat",
        "ratings",
    ):
        assert key in data
    assert data["games_per_second"] == 0.5
    assert data["per_agent"][1] == {
        "agent": "b",
        "games": 1,
        "wins": 1.0,
        "win_rate": 1.0,
        "win_rate_ci": list(wilson_interval(1, 1)),
        "mean_score": 2.0,
        "stdev_score": 0.0,
        "mean_decisions": 10.0,
        "stdev_decisions": 0.0,
        "searches": 0,
        "iterations_per_search": None,
    }


def test_iterations_per_search_are_pooled_over_every_seat_an_agent_played() -> None:
    """mcts searched 10 decisions with 1,000 iterations in all as seat 0 of game 0, and
    30 with 5,000 as seat 1 of game 1: 6,000 / 40 = 150 per search; random never searched."""
    first = record(0, ("mcts", "random"), (5, 1), (0,))
    second = record(1, ("random", "mcts"), (2, 6), (1,))
    searched = [
        replace(first, searches=(10, 0), iterations=(1000, 0)),
        replace(second, searches=(0, 30), iterations=(0, 5000)),
    ]
    mcts, rand = summarise(searched).per_agent
    assert (mcts.agent, mcts.searches, mcts.iterations_per_search) == ("mcts", 40, 150.0)
    assert (rand.agent, rand.searches, rand.iterations_per_search) == ("random", 0, None)
    assert agent_rows(summarise(searched))[0][-1] == "150"
    assert agent_headers(summarise(searched))[-1] == "iters"
    assert "iters" not in agent_headers(summarise([first, second]))


def test_finishing_order_puts_winners_first_then_scores() -> None:
    assert finishing_ranks([3, 9, 5, 5], [1]) == [2, 0, 1, 1]
    assert finishing_ranks([7, 7, 1], [0, 1]) == [0, 0, 1]
    # a tie-breaker winner with an equal score still finishes ahead
    assert finishing_ranks([6, 6, 2], [1]) == [1, 0, 2]


def test_ratings_rank_the_agent_that_keeps_winning_first() -> None:
    records = [
        record(
            g,
            ("strong", "weak") if g % 2 else ("weak", "strong"),
            (9, 1) if g % 2 else (1, 9),
            (0,) if g % 2 else (1,),
        )
        for g in range(20)
    ]
    ratings, note = rate_agents(records)
    assert ratings is not None and "Plackett-Luce" in note
    assert [r.agent for r in ratings] == ["strong", "weak"]
    assert ratings[0].mu > 25 > ratings[1].mu
    assert ratings[0].sigma < 25 / 3


def test_ratings_are_skipped_with_a_single_agent() -> None:
    ratings, note = rate_agents([record(0, ("a", "a"), (1, 2), (1,))])
    assert ratings is None and "two different agents" in note
