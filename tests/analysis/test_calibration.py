"""Issue 31 item 3: the curve from the evaluation to a chance to win, and its fit."""

from __future__ import annotations

import pytest

from boardlab.analysis.calibration import DEFAULT, Calibration, curve_of, shipped
from boardlab.analysis.fitting import Point, fit, table
from boardlab.engine import Rng, registry

GAMES = ("compounded", "konoten", "linnaeus", "scythe")


def _sampled(curve: Calibration, count: int, seed: int) -> list[Point]:
    """Points whose outcomes are drawn from ``curve`` (games of 100 decisions)."""
    rng = Rng(seed)
    points = []
    for _ in range(count):
        lead = 2 * rng.random() - 1
        answered = rng.randbelow(101)
        won = 1.0 if rng.random() < curve.chance(lead, answered / 100) else 0.0
        points.append(Point(lead, answered, won, 100))
    return points


def test_the_fit_finds_the_curve_the_outcomes_were_drawn_from() -> None:
    truth = Calibration(0.2, 1.5, 4.0, 100.0)
    found = fit(_sampled(truth, 4000, seed=1))
    assert found.length == 100.0
    assert found.intercept == pytest.approx(truth.intercept, abs=0.15)
    assert found.slope == pytest.approx(truth.slope, abs=0.6)
    assert found.late_slope == pytest.approx(truth.late_slope, abs=1.0)


def test_a_lead_early_in_the_game_is_never_read_as_a_handicap() -> None:
    """Outcomes that fall with the lead at the start give the lead no weight there."""
    found = fit(_sampled(Calibration(0.0, -2.0, 6.0, 100.0), 4000, seed=2))
    assert found.slope == 0.0
    assert found.late_slope > 0


def test_the_table_puts_each_point_in_the_bin_of_its_predicted_chance() -> None:
    points = _sampled(DEFAULT, 500, seed=3)
    bins = table(points, DEFAULT)
    assert len(bins) == 10
    assert sum(row.count for row in bins) == 500
    for row in bins:
        if row.count:
            assert row.low <= row.predicted < row.high


@pytest.mark.parametrize("game", GAMES)
def test_every_game_ships_a_curve_that_rises_with_the_lead(game: str) -> None:
    assert game in registry.names()
    curve = curve_of(game)
    assert curve != DEFAULT
    assert curve.slope >= 0 and curve.slope + curve.late_slope > 0
    assert curve.length > 10
    check = shipped()[game]["check"]
    assert check["seeds_from"] != shipped()[game]["fit"]["seeds_from"]


def test_a_game_without_a_fitted_curve_gets_the_default() -> None:
    assert curve_of("toy") == DEFAULT
