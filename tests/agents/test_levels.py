"""Named bot levels (issue 31 item 7): the shipped TOML, its checks, and the figures the
lobby shows beside each level."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import MappingProxyType

import pytest

from boardlab.agents import levels, parse_spec
from boardlab.agents.levels import LevelRating, Measurement, PairResult
from boardlab.engine import registry
from boardlab.web.agent_specs import check_spec

GAMES = ("compounded", "konoten", "scythe", "linnaeus")


@pytest.fixture
def ladder_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The shipped figures are read from (and written to) an empty directory."""
    monkeypatch.setattr(levels, "LADDER_DIR", tmp_path)
    return tmp_path


@pytest.fixture
def levels_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A levels file of the test's own, read afresh."""
    path = tmp_path / "levels.toml"
    monkeypatch.setattr(levels, "LEVELS_FILE", path)
    levels._all_levels.cache_clear()
    yield path
    levels._all_levels.cache_clear()


def measurement(casual_spec: str | None = None) -> Measurement:
    """Konoten's first two levels measured (casual as shipped unless ``casual_spec``
    says otherwise): casual won 13 of 20 against beginner."""
    casual = levels.level("konoten", "casual").spec if casual_spec is None else casual_spec
    return Measurement(
        game="konoten",
        specs=MappingProxyType({"beginner": "random", "casual": casual}),
        ratings=MappingProxyType(
            {
                "beginner": LevelRating(20.0, 2.0, 14.0, 20),
                "casual": LevelRating(30.0, 2.0, 24.0, 20),
            }
        ),
        pairs=(PairResult("beginner", "casual", True, 20, 13.0, (0.43, 0.82)),),
        settings=MappingProxyType(
            {"players": 2, "games_per_pair": 20, "rules_version": registry.spec("konoten").version}
        ),
    )


def test_every_game_has_four_named_levels_weakest_first() -> None:
    assert levels.games() == GAMES
    for game in GAMES:
        assert [level.name for level in levels.levels(game)] == [
            "beginner",
            "casual",
            "strong",
            "expert",
        ]
        assert all(level.about.endswith(".") for level in levels.levels(game))


@pytest.mark.parametrize("game", GAMES)
def test_every_level_is_a_spec_the_web_server_accepts(game: str) -> None:
    for level in levels.levels(game):
        check_spec(level.spec)  # raises naming the problem: unknown, refused or over budget


@pytest.mark.parametrize("game", GAMES)
def test_search_levels_budget_iterations_so_strength_does_not_depend_on_the_machine(
    game: str,
) -> None:
    budgets = [parse_spec(level.spec)[1] for level in levels.levels(game)]
    assert all("seconds" not in params for params in budgets)
    iterations = [params["iterations"] for params in budgets if "iterations" in params]
    assert iterations == sorted(iterations) and len(set(iterations)) == len(iterations) >= 1


def test_an_unknown_game_or_level_is_refused_naming_what_there_is() -> None:
    with pytest.raises(ValueError, match="games with levels: compounded, konoten"):
        levels.levels("chess")
    with pytest.raises(ValueError, match="levels: beginner, casual, strong, expert"):
        levels.level("konoten", "grandmaster")


@pytest.mark.parametrize(
    ("entries", "message"),
    [
        ('name = "a"\nspec = "mcts:iterationz=5"\nabout = "x."', "no parameter 'iterationz'"),
        ('name = "a"\nspec = "random"', "needs name, spec, about"),
        ('name = "a"\nspec = "random"\nabout = ""', "empty field"),
    ],
)
def test_a_broken_levels_file_is_refused_when_read(
    levels_file: Path, entries: str, message: str
) -> None:
    levels_file.write_text(f"[[konoten]]\n{entries}\n", encoding="utf-8")
    with pytest.raises(ValueError, match=message):
        levels.levels("konoten")


def test_two_levels_with_one_spec_are_refused(levels_file: Path) -> None:
    level = '[[konoten]]\nname = "{}"\nspec = "mcts:iterations=50"\nabout = "x."\n'
    levels_file.write_text(level.format("a") + level.format("b"), encoding="utf-8")
    with pytest.raises(ValueError, match="play the same spec"):
        levels.levels("konoten")


def test_a_game_without_figures_shows_every_level_not_measured(ladder_dir: Path) -> None:
    shown = levels.for_game("scythe").to_json()
    assert [level["strength"] for level in shown["levels"]] == ["not measured yet"] * 4
    assert all(level["ordinal"] is None and not level["measured"] for level in shown["levels"])
    assert shown["steps"] == [] and shown["settings"] is None


def test_written_figures_are_read_back_for_the_lobby(ladder_dir: Path) -> None:
    path = levels.write_measurement(measurement())
    assert path == ladder_dir / "konoten.json"
    assert levels.measured("konoten") == measurement()
    shown = levels.for_game("konoten")
    beginner, casual, strong, expert = shown.levels
    assert beginner.rating == LevelRating(20.0, 2.0, 14.0, 20)
    assert casual.rating == LevelRating(30.0, 2.0, 24.0, 20)
    assert casual.strength == "rating 24.0 (mu 30.0, sigma 2.00) over 20 games"
    assert strong.rating is None and expert.strength == "not measured yet"
    assert [(step.lower, step.upper, step.win_rate) for step in shown.steps] == [
        ("beginner", "casual", 0.65)
    ]
    assert shown.steps[0].meets_bar  # 65% exactly clears the bar
    lobby = shown.to_json()["levels"]
    assert lobby[0]["against_below"] is None and lobby[2]["against_below"] is None
    assert lobby[1]["against_below"] == {
        "level": "beginner",
        "win_rate": 0.65,
        "games": 20,
        "interval": list(shown.steps[0].interval),
        "meets_bar": True,
    }
    assert not shown.rules_changed  # measured on Konoten's rules version of today


def test_figures_of_a_spec_no_longer_played_are_not_shown(ladder_dir: Path) -> None:
    levels.write_measurement(measurement(casual_spec="greedy:samples=4"))
    shown = levels.for_game("konoten")
    assert shown.levels[0].rating is not None and shown.levels[1].rating is None
    assert shown.steps == ()


def test_a_step_under_sixty_five_percent_misses_the_bar() -> None:
    step = PairResult("casual", "strong", True, 20, 12.5, (0.41, 0.79))
    assert step.win_rate == 0.625 and not step.meets_bar
    assert step.to_json()["meets_bar"] is False
