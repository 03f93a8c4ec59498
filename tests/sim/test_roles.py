"""Wins by role: each seat's character or faction (``Tuning.roles``) in records,
summaries, tables, reports and ``--out`` lines."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from boardlab.sim import GameRecord, SimConfig, run, summarise, wilson_interval
from boardlab.sim.play import play_game
from boardlab.sim.report import ROLE_PLOT, write_report
from boardlab.sim.tables import role_rows, summary_tables


def record(
    index: int,
    agents: tuple[str, ...],
    roles: tuple[str, ...],
    winners: tuple[int, ...],
    scores: tuple[float, ...] = (0, 0),
) -> GameRecord:
    return GameRecord(
        index, "toy", 100 + index, {}, agents, scores, winners, 10 + index, roles=roles
    )


def test_wins_by_role_pool_every_seat_and_agent_that_played_the_role() -> None:
    """Role tallies count shared wins as shares, like seats and agents do."""
    records = [
        record(0, ("x", "y"), ("bear", "wolf"), (0,), (9, 3)),
        record(1, ("y", "x"), ("bear", "wolf"), (0,), (7, 5)),
        record(2, ("x", "y"), ("wolf", "bear"), (0, 1), (4, 4)),
        record(3, ("y", "x"), ("wolf", "wolf"), (1,), (2, 8)),
    ]
    summary = summarise(records)
    bear, wolf = summary.per_role
    assert (bear.role, bear.games, bear.wins) == ("bear", 3, 2.5)
    assert (wolf.role, wolf.games, wolf.wins) == ("wolf", 5, 1.5)
    assert bear.mean_score == pytest.approx((9 + 7 + 4) / 3)
    assert bear.win_rate_ci == pytest.approx(wilson_interval(2.5, 3))
    assert bear.agent is None and bear.seat is None
    by_agent = {(s.agent, s.role): (s.games, s.wins) for s in summary.per_agent_role}
    assert by_agent == {
        ("x", "bear"): (1, 1.0),
        ("x", "wolf"): (3, 1.5),
        ("y", "bear"): (2, 1.5),
        ("y", "wolf"): (2, 0.0),
    }
    assert sum(s.wins for s in summary.per_role) == pytest.approx(len(records))
    assert [row[0] for row in role_rows(summary)] == ["bear", "wolf"]


def test_games_whose_seats_are_alike_have_no_role_standings() -> None:
    summary = summarise([record(0, ("x", "y"), (), (1,))])
    assert summary.per_role == () and summary.per_agent_role == ()
    data = summary.to_json()
    assert data["per_role"] == [] and data["per_agent_role"] == []


def test_role_standings_in_json_name_the_role() -> None:
    data = summarise([record(0, ("x", "y"), ("bear", "wolf"), (1,))]).to_json()
    assert [s["role"] for s in data["per_role"]] == ["bear", "wolf"]
    assert data["per_role"][1]["wins"] == 1.0 and "seat" not in data["per_role"][1]
    assert [(s["agent"], s["role"]) for s in data["per_agent_role"]] == [
        ("x", "bear"),
        ("y", "wolf"),
    ]


def test_an_out_line_keeps_the_roles_and_older_lines_without_them_still_load() -> None:
    with_roles = record(0, ("x", "y"), ("bear", "wolf"), (1,))
    assert GameRecord.from_line(with_roles.to_line()) == with_roles
    plain = record(0, ("x", "y"), (), (1,))
    assert "roles" not in json.loads(plain.to_line())
    assert GameRecord.from_line(plain.to_line()).roles == ()


@pytest.mark.parametrize("roles", [["bear"], ["bear", 3]])
def test_an_out_line_with_bad_roles_is_refused(roles: list[object]) -> None:
    data = json.loads(record(0, ("x", "y"), (), (1,)).to_line())
    data["roles"] = roles
    with pytest.raises(ValueError, match="roles"):
        GameRecord.from_line(json.dumps(data))


def test_konoten_games_record_each_seats_character_board() -> None:
    """K1/A17: a seat's role is the character board it plays, here fixed by option."""
    config = SimConfig(
        "konoten",
        players=2,
        games=1,
        seed=3,
        agents=("random", "random"),
        options={"characters": ["workaholic", "rainbow_artist"]},
    ).validated()
    assert play_game(config, 0).roles == ("workaholic", "rainbow_artist")


def test_konoten_drafted_characters_are_the_roles_once_the_draft_is_over() -> None:
    """A17: with a draft the roles are the boards chosen, every seat a different one."""
    config = SimConfig(
        "konoten",
        players=3,
        games=1,
        seed=8,
        agents=("random",) * 3,
        options={"assignment": "draft"},
    ).validated()
    roles = play_game(config, 0).roles
    assert len(set(roles)) == 3 and "unchosen" not in roles


def test_compounded_seats_have_no_roles() -> None:
    config = SimConfig("compounded", players=2, games=1, seed=1, agents=("random", "random"))
    assert play_game(config.validated(), 0).roles == ()


def test_report_and_tables_show_wins_by_role_for_konoten(tmp_path: Path) -> None:
    config = SimConfig(
        "konoten", players=2, games=4, seed=11, agents=("greedy", "random"), rotate_seats=True
    ).validated()
    result = run(config, workers=1)
    roles = {role for r in result.records for role in r.roles}
    assert {s.role for s in result.summary.per_role} == roles and roles
    path = write_report(result.summary, result.records, tmp_path)
    text = path.read_text()
    assert "## Wins by role" in text and f"]({ROLE_PLOT})" in text
    assert (tmp_path / ROLE_PLOT).read_bytes().startswith(b"\x89PNG")
    for role in roles:
        assert f"| {role} | " in text
    titles = [getattr(part, "title", None) for part in summary_tables(result.summary).renderables]
    assert "Wins by role" in titles and "Wins by agent and role" in titles


def test_a_report_without_roles_has_no_role_section(tmp_path: Path) -> None:
    config = SimConfig("compounded", players=2, games=2, seed=1, agents=("random", "random"))
    result = run(config.validated(), workers=1)
    text = write_report(result.summary, result.records, tmp_path).read_text()
    assert "Wins by role" not in text and not (tmp_path / ROLE_PLOT).exists()


def test_roles_take_part_in_record_equality() -> None:
    """Two runs of one config give equal records, roles included; other roles differ."""
    first = record(0, ("x", "y"), ("bear", "wolf"), (1,))
    assert first == replace(first, seconds=5.0)
    assert first != replace(first, roles=("wolf", "bear"))
