"""``boardlab ladder`` (issue 31 item 7): a round-robin of named levels, its figures as JSON
and in the package, the 65% bar, and one-line errors."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from types import MappingProxyType

import pytest
from rich.console import Console
from typer.testing import Result

from boardlab.agents import levels
from boardlab.agents.levels import Level, LevelRating, Measurement, PairResult
from boardlab.cli.ladder import ladder_tables
from boardlab.sim import GameRecord, run
from boardlab.sim.config import agent_label
from boardlab.sim.ladder import pair_config, play_ladder, upper_share
from boardlab.sim.record import Outcome

Invoke = Callable[..., Result]
TINY = ["ladder", "compounded", "--levels", "beginner,casual", "-g", "6", "-w", "1", "--seed", "3"]


@pytest.fixture
def ladder_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``--write`` stores the figures here instead of in the package."""
    monkeypatch.setattr(levels, "LADDER_DIR", tmp_path)
    return tmp_path


def test_ladder_json_gives_ratings_pairs_and_settings(invoke: Invoke, ladder_dir: Path) -> None:
    result = invoke([*TINY, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["game"] == "compounded"
    assert [(lv["name"], lv["spec"], lv["games"]) for lv in data["levels"]] == [
        ("beginner", "random", 6),
        ("casual", levels.level("compounded", "casual").spec, 6),
    ]
    assert all(lv["ordinal"] == pytest.approx(lv["mu"] - 3 * lv["sigma"]) for lv in data["levels"])
    (pair,) = data["pairs"]
    assert (pair["lower"], pair["upper"], pair["adjacent"], pair["games"]) == (
        "beginner", "casual", True, 6
    )
    assert pair["interval"][0] <= pair["upper_win_rate"] <= pair["interval"][1]
    settings = data["settings"]
    assert (settings["players"], settings["games_per_pair"], settings["seed"]) == (2, 6, 3)
    assert settings["deals"] == [3, 5] and settings["rules_version"] == 1
    assert "boardlab_version" in settings
    assert not list(ladder_dir.iterdir())  # nothing written without --write


def test_ladder_counts_the_upper_levels_wins_from_the_games_played(
    invoke: Invoke, ladder_dir: Path
) -> None:
    data = json.loads(invoke([*TINY, "--json"]).stdout)
    beginner, casual = levels.levels("compounded")[:2]
    records = run(pair_config("compounded", beginner, casual, 6, 3), workers=1).records
    assert [record.seed for record in records] == [3, 3, 4, 4, 5, 5]
    upper = agent_label(casual.spec)
    assert {record.agents for record in records} == {("random", upper), (upper, "random")}
    wins = 0.0
    for record in records:
        seat = record.agents.index(upper)
        if seat in record.winners:
            wins += 1 / len(record.winners)
    assert data["pairs"][0]["upper_wins"] == wins
    assert data["pairs"][0]["meets_bar"] == (wins / 6 >= 0.65)


@pytest.mark.parametrize(
    ("winners", "share"),
    [((1,), 1.0), ((0,), 0.0), ((0, 1), 0.5), ((), 0.5)],
)
def test_a_shared_win_or_a_game_no_seat_won_counts_half(
    winners: tuple[int, ...], share: float
) -> None:
    record = GameRecord(0, "compounded", 0, {}, ("random", "greedy"), (5, 5), winners, 10)
    assert upper_share(record, "greedy") == share


def test_a_win_of_a_side_no_seat_plays_is_half_for_each_level() -> None:
    outcome = Outcome(("P1", "P2", "automa"), (3, 4, 9), ("automa",))
    record = GameRecord(0, "linnaeus", 0, {}, ("random", "greedy"), (3, 4), (), 10,
                        outcome=outcome)
    assert upper_share(record, "greedy") == 0.5


def test_ladder_write_stores_figures_the_lobby_reads_back(
    invoke: Invoke, ladder_dir: Path
) -> None:
    result = invoke([*TINY, "--write"])
    assert result.exit_code == 0, result.output
    assert "Each level against the one below" in result.stdout
    assert f"figures written to {ladder_dir / 'compounded.json'}" in result.stdout
    shown = levels.for_game("compounded")
    assert [level.rating is not None for level in shown.levels] == [True, True, False, False]
    assert shown.levels[1].rating is not None and shown.levels[1].rating.games == 6
    assert [(step.lower, step.upper) for step in shown.steps] == [("beginner", "casual")]
    stored = json.loads((ladder_dir / "compounded.json").read_text(encoding="utf-8"))
    assert levels.Measurement.from_json(stored) == levels.measured("compounded")


def test_adjacent_only_plays_each_level_against_the_next_one_only() -> None:
    three = tuple(
        Level("compounded", name, spec, "x.")
        for name, spec in (("a", "random"), ("b", "greedy"), ("c", "greedy:samples=2"))
    )
    measured = play_ladder("compounded", 2, seed=9, workers=1, chosen=three, adjacent_only=True)
    assert [(pair.lower, pair.upper, pair.adjacent) for pair in measured.pairs] == [
        ("a", "b", True),
        ("b", "c", True),
    ]
    assert {name: rating.games for name, rating in measured.ratings.items()} == {
        "a": 2, "b": 4, "c": 2
    }
    assert measured.settings["pairs"] == "adjacent levels only"
    every = play_ladder("compounded", 2, seed=9, workers=1, chosen=three)
    assert [(pair.lower, pair.upper, pair.adjacent) for pair in every.pairs] == [
        ("a", "b", True),
        ("a", "c", False),
        ("b", "c", True),
    ]
    assert every.steps == measured.steps  # the same deals and seeds whichever pairs are played


def test_the_table_says_which_steps_miss_the_sixty_five_percent_bar() -> None:
    measured = Measurement(
        game="konoten",
        specs=MappingProxyType({"beginner": "random", "casual": "greedy", "strong": "mcts"}),
        ratings=MappingProxyType({
            "beginner": LevelRating(10.0, 1.0, 7.0, 40),
            "casual": LevelRating(20.0, 1.0, 17.0, 40),
            "strong": LevelRating(22.0, 1.0, 19.0, 40),
        }),
        pairs=(
            PairResult("beginner", "casual", True, 20, 19.0, (0.76, 0.99)),
            PairResult("beginner", "strong", False, 20, 20.0, (0.84, 1.0)),
            PairResult("casual", "strong", True, 20, 12.0, (0.39, 0.78)),
        ),
        settings=MappingProxyType({"games_per_pair": 20, "deals": [0, 9], "rating": "OpenSkill"}),
    )
    console = Console(width=200, record=True, color_system=None)
    console.print(ladder_tables(measured))
    rows = [line for line in console.export_text().splitlines() if "│" in line]
    step_rows = [row for row in rows if "against" not in row and row.count("│") == 8]
    assert [row.split("│")[-2].strip() for row in step_rows] == ["yes", "no"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["ladder", "chess"], "unknown game"),
        (["ladder", "toy"], "no bot levels for 'toy'"),
        (["ladder", "konoten", "-g", "0"], "--games must be at least 1, got 0"),
        (["ladder", "konoten", "-w", "0"], "--workers must be at least 1"),
        (["ladder", "konoten", "--levels", "casual,grandmaster"], "no bot level 'grandmaster'"),
        (["ladder", "konoten", "--levels", "casual"], "--levels needs at least two levels"),
    ],
)
def test_ladder_refuses_bad_arguments_in_one_line(
    invoke: Invoke, args: list[str], message: str
) -> None:
    result = invoke(args)
    assert result.exit_code == 2
    assert message in result.output
    assert len(result.output.strip().splitlines()) == 1
