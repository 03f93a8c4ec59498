"""Balance reports (issue 17): mirror runs with a census, probes, the report's arithmetic,
and ``boardlab balance`` on the command line."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

import boardlab
from boardlab.agents import from_spec
from boardlab.agents.probe import find_probe, probes
from boardlab.sim import SimConfig, run
from boardlab.sim.balance import BalanceConfig, BalanceReport, balance, margin
from boardlab.sim.balance_report import markdown, write_balance_report
from boardlab.sim.record import GameRecord


@pytest.fixture(scope="module")
def report() -> BalanceReport:
    config = BalanceConfig("konoten", 2, games=6, seed=3, agent="random", probe_games=4)
    return balance(config, workers=1)


def test_a_mirror_run_counts_every_seat_and_every_role(report: BalanceReport) -> None:
    assert [standing.games for standing in report.per_seat] == [6, 6]
    assert sum(standing.wins for standing in report.per_seat) == pytest.approx(6)
    assert sum(standing.games for standing in report.per_role) == 12
    assert report.lengths.low <= report.lengths.median <= report.lengths.high
    assert report.lengths.mean == pytest.approx(
        sum(record.decisions for record in report.records) / 6
    )


def test_the_kinds_chosen_add_up_to_the_choices_made(report: BalanceReport) -> None:
    census = [record.census for record in report.records]
    assert all(c is not None for c in census)
    chosen = sum(sum(c.chosen.values()) for c in census if c is not None)
    assert sum(kind.chosen_per_game for kind in report.kinds) * 6 == pytest.approx(chosen)
    assert sum(kind.chosen_share for kind in report.kinds) == pytest.approx(1)
    for kind in report.kinds:
        assert kind.games_never_chosen <= kind.games_offered <= 6
        assert kind.offered >= kind.chosen_per_game * 6 - 1e-9


def test_points_by_source_add_up_to_the_mean_score(report: BalanceReport) -> None:
    mean_score = report.scores.mean
    assert sum(source.mean_points for source in report.sources) == pytest.approx(mean_score)
    assert sum(abs(source.share) for source in report.sources) == pytest.approx(1)


def test_each_probe_plays_one_seat_against_the_agent(report: BalanceReport) -> None:
    assert [p.probe for p in report.probes] == [p.name for p in probes("konoten")]
    for probe in report.probes:
        assert probe.games == 4
        assert 0 <= probe.win_rate_ci[0] <= probe.win_rate <= probe.win_rate_ci[1] <= 1


def test_the_winning_margin_is_the_lead_over_the_best_other_side(
    report: BalanceReport,
) -> None:
    for record in report.records:
        scores = sorted(record.scores, reverse=True)
        assert margin(record) == scores[0] - scores[1]


def test_the_report_is_json_and_markdown(report: BalanceReport) -> None:
    data = json.loads(json.dumps(report.to_json()))
    assert data["agent"] == "random" and len(data["per_seat"]) == 2
    assert {"kinds", "sources", "probes", "winning_margins", "decisions"} <= set(data)
    page = markdown(report, plots=False)
    assert "## Wins by seat" in page and "## Probes" in page and "idle" in page


def test_a_census_survives_the_record_line() -> None:
    config = SimConfig("konoten", 2, 1, seed=5, agents=("random",), census=True)
    record = run(config, workers=1).records[0]
    assert record.census is not None and record.census.chosen
    assert GameRecord.from_line(record.to_line()) == record


def test_the_idle_probe_ends_the_main_phase_whenever_it_may() -> None:
    """The degenerate line of issue 17: a Konoten seat that only ends its turns."""
    agent = from_spec("probe:play=idle", seed=1)
    state = boardlab.new("konoten", 2, 7)
    seen_end = 0
    while not state.is_over and len(state.history) < 400:
        decision = state.decision
        assert decision is not None
        action = agent.choose(state) if decision.player == 0 else decision.options[0]
        if decision.player == 0 and any(o.kind == "end" for o in decision.options):
            assert action.kind == "end"
            seen_end += 1
        state.apply(action)
    assert seen_end > 0


def test_an_unknown_probe_is_refused_with_the_probes_there_are() -> None:
    with pytest.raises(ValueError, match="probes: first, idle, grow-and-idle"):
        find_probe("konoten", "sleep")
    with pytest.raises(ValueError, match="has no probe 'sleep'"):
        BalanceConfig("konoten", 2, probes=("sleep",)).probe_names()


def test_the_report_plots_a_probe_that_never_won(tmp_path: Path) -> None:
    """A rate of 0 has a Wilson lower bound a rounding error above it: the bars still draw."""
    config = BalanceConfig("konoten", 2, games=2, seed=1, agent="random", probes=("idle",))
    report = balance(config, workers=1)
    forced = replace(
        report,
        probes=tuple(replace(p, win_rate=0.0, win_rate_ci=(1.7e-18, 0.3)) for p in report.probes),
    )
    written = write_balance_report(forced, tmp_path)
    assert (tmp_path / "probes.png").exists() and written.name == "report.md"


def test_wins_by_turn_position_follow_konotens_start_player(report: BalanceReport) -> None:
    """K-4.5: the start player is drawn at random, so the first turn is not always seat P1;
    the report counts wins by the order of first turns, read from each game's deal."""
    first_seats = [boardlab.new("konoten", 2, record.seed).start for record in report.records]
    assert set(first_seats) == {0, 1}, "the seeds of the fixture should deal both orders"
    first = report.turn_positions[0]
    expected = 0.0
    for record, seat in zip(report.records, first_seats, strict=True):
        winners = record.outcome.winner_indexes()
        expected += 1 / len(winners) if seat in winners else 0.0
    assert [p.games for p in report.turn_positions] == [6, 6]
    assert first.wins == pytest.approx(expected)
    assert sum(p.wins for p in report.turn_positions) == pytest.approx(6)
    page = markdown(report, plots=False)
    assert "## Wins by turn position (first-player advantage)" in page and "| 1st |" in page


def test_a_game_without_a_turn_order_counts_positions_in_seat_order() -> None:
    config = BalanceConfig("toy", 2, games=6, seed=1, agent="random", probes=())
    report = balance(config, workers=1)
    assert [p.wins for p in report.turn_positions] == [s.wins for s in report.per_seat]
