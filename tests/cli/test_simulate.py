"""``boardlab simulate``: the summary, --json, --out and --report, and one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
import typer
from rich.console import Console
from typer.testing import Result

from boardlab.cli import simulate as simulate_command
from boardlab.sim import SimConfig, run
from boardlab.sim.tables import (
    agent_rows,
    agent_seat_rows,
    option_text,
    seat_rows,
    summary_tables,
)

Invoke = Callable[..., Result]
TESTS_DIR = Path(__file__).resolve().parent.parent
OneLineError = Callable[[Result, str], str]
TOY = ["simulate", "toy", "--players", "3", "--games", "9", "--seed", "5", "--workers", "1"]


def test_simulate_prints_the_tables_of_wins_by_seat_and_agent(invoke: Invoke) -> None:
    result = invoke([*TOY, "--agents", "random,greedy,random", "--rotate-seats"])
    assert result.exit_code == 0, result.stderr
    for heading in ("Wins by seat", "Wins by agent", "Wins by agent and seat", "Ratings"):
        assert heading in result.stdout
    assert "toy: 9 games, 3 players, seeds 5..13" in result.stdout


def test_json_prints_one_object_with_the_summary_keys(invoke: Invoke) -> None:
    result = invoke([*TOY, "--agents", "greedy,random,random", "--rotate-seats", "--json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
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
    assert (data["game"], data["players"], data["games"]) == ("toy", 3, 9)
    assert sum(data["wins"]) == pytest.approx(9)
    assert [a["agent"] for a in data["per_agent"]] == ["greedy", "random"]
    assert data["per_agent"][1]["games"] == 18
    assert {r["agent"] for r in data["ratings"]} == {"greedy", "random"}
    assert data["rotate_seats"] is True


def test_the_same_seed_gives_the_same_summary_on_two_workers(invoke: Invoke) -> None:
    one = json.loads(invoke([*TOY, "--json"]).stdout)
    two = json.loads(invoke([*TOY[:-1], "2", "--json"]).stdout)
    assert two["workers"] == 2
    for key in ("wins", "mean_scores", "per_seat", "mean_decisions"):
        assert one[key] == two[key]


def test_out_and_report_are_written(invoke: Invoke, tmp_path: Path) -> None:
    out, report = tmp_path / "games.jsonl", tmp_path / "report"
    result = invoke([*TOY, "--out", str(out), "--report", str(report)])
    assert result.exit_code == 0, result.stderr
    assert len(out.read_text().splitlines()) == 9
    assert (report / "report.md").is_file() and (report / "win_rate_by_seat.png").is_file()
    again = json.loads(invoke([*TOY, "--out", str(out), "--json"]).stdout)
    assert (again["resumed"], again["played"]) == (9, 0)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "chess"], "unknown game 'chess'"),
        ([*TOY, "--agents", "dice"], "unknown agent 'dice'"),
        ([*TOY, "--agents", "random,random"], "2 specs for 3 players"),
        ([*TOY, "--players", "9"], "toy is for 2 to 4 players"),
        ([*TOY, "--games", "0"], "at least 1"),
        ([*TOY, "--option", "pile=7"], "pile"),
        ([*TOY, "--workers", "0"], "--workers must be at least 1"),
        ([*TOY, "--backend", "mpi"], "--backend must be one of local, ray"),
        ([*TOY, "--address", "10.0.0.1:6379"], "--address is for --backend ray"),
        ([*TOY, "--plugin", "no_such_module"], "plugin 'no_such_module' cannot be imported"),
    ],
)
def test_bad_arguments_end_with_one_line_and_status_2(
    invoke: Invoke, one_line_error: OneLineError, args: list[str], message: str
) -> None:
    assert message in one_line_error(invoke(args), "simulate")


def test_an_unreadable_out_file_is_a_one_line_error(
    invoke: Invoke, one_line_error: OneLineError, tmp_path: Path
) -> None:
    line = one_line_error(invoke([*TOY, "--out", str(tmp_path)]), "simulate")
    assert "--out" in line
    notes = tmp_path / "notes.txt"
    notes.write_text("not a game\n")
    assert "notes.txt line 1" in one_line_error(invoke([*TOY, "--out", str(notes)]), "simulate")


def test_a_game_that_does_not_end_is_one_line_and_status_1(invoke: Invoke) -> None:
    result = invoke([*TOY, "--max-decisions", "3"])
    assert result.exit_code == 1
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert "did not end within 3 decisions" in result.stderr


def test_a_new_process_plays_on_two_worker_processes(
    run_with_toy: Callable[..., object],
) -> None:
    finished = run_with_toy([*TOY[:-1], "2", "--json"])
    assert finished.returncode == 0, finished.stderr  # type: ignore[attr-defined]
    data = json.loads(finished.stdout)  # type: ignore[attr-defined]
    assert (data["workers"], data["played"], data["games"]) == (2, 9, 9)


def test_the_ray_backend_without_ray_installed_is_a_one_line_error() -> None:
    program = (
        "import sys; sys.modules['ray'] = None; sys.path.insert(0, sys.argv.pop(1)); "
        "from boardlab.cli import main; sys.exit(main())"
    )
    args = [*TOY, "--plugin", "toy_game", "--backend", "ray"]
    finished = subprocess.run(
        [sys.executable, "-c", program, str(TESTS_DIR), *args],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert finished.returncode == 2
    assert finished.stderr.splitlines() == [
        "boardlab simulate: error: the ray backend needs Ray: pip install 'boardlab[ray]'"
    ]


def test_konoten_runs_report_wins_by_character(invoke: Invoke) -> None:
    """K1: each seat plays a character board; designers read the win rate of each."""
    args = ["simulate", "konoten", "--players", "2", "--games", "4", "--seed", "2"]
    result = invoke([*args, "--workers", "1", "--agents", "greedy,random", "--rotate-seats"])
    assert result.exit_code == 0, result.stderr
    assert "Wins by role" in result.stdout and "Wins by agent and role" in result.stdout
    data = json.loads(invoke([*args, "--workers", "1", "--json"]).stdout)
    assert sum(role["games"] for role in data["per_role"]) == 8
    assert sum(role["wins"] for role in data["per_role"]) == pytest.approx(4)


def test_same_deals_play_each_deal_in_every_seat_rotation(invoke: Invoke) -> None:
    result = invoke(
        [*TOY, "--agents", "greedy,random,random", "--rotate-seats", "--same-deals", "--json"]
    )
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["same_deals"] is True
    assert (data["seed"], data["last_seed"]) == (5, 7)
    table = invoke([*TOY, "--rotate-seats", "--same-deals"])
    assert "toy: 9 games, 3 players, seeds 5..7" in table.stdout


def test_same_deals_without_rotated_seats_is_a_one_line_error(
    invoke: Invoke, one_line_error: OneLineError
) -> None:
    line = one_line_error(invoke([*TOY, "--same-deals"]), "simulate")
    assert "--rotate-seats" in line


def test_a_solo_run_against_an_automa_counts_the_automas_wins(invoke: Invoke) -> None:
    """Sides, not only seats: a game the automa wins is a loss for the seat."""
    from agents.toy_v2 import AUTOMA_SPEC

    from boardlab.engine import registry

    registry.register(AUTOMA_SPEC)
    try:
        args = ["simulate", "toy_automa", "--players", "1", "--games", "12", "--seed", "3"]
        data = json.loads(invoke([*args, "--workers", "1", "--json"]).stdout)
        table = invoke([*args, "--workers", "1"]).stdout
    finally:
        registry.unregister(AUTOMA_SPEC.name)
    assert data["sides"] == ["P1", "automa"]
    seat, automa = data["per_side"]
    assert (seat["side"], seat["seat"], automa["side"]) == ("P1", 0, "automa")
    assert automa["wins"] > 0 and seat["wins"] + automa["wins"] == pytest.approx(12)
    assert data["wins"] == [seat["wins"]]
    assert {r["agent"] for r in data["ratings"]} == {"random", "automa"}
    assert "Wins by seat and side" in table and "(no seat)" in table


def test_an_out_file_cut_short_is_one_line_and_status_2_until_drop_partial(
    invoke: Invoke, one_line_error: OneLineError, tmp_path: Path
) -> None:
    out = tmp_path / "games.jsonl"
    assert invoke([*TOY, "--out", str(out)]).exit_code == 0
    lines = out.read_text().splitlines(keepends=True)
    out.write_text("".join(lines[:5]) + lines[5][:20])
    line = one_line_error(invoke([*TOY, "--out", str(out)]), "simulate")
    assert "line 6 is cut short" in line and "--drop-partial" in line
    resumed = invoke([*TOY, "--out", str(out), "--drop-partial", "--json"])
    assert resumed.exit_code == 0
    assert f"boardlab simulate: note: dropped line 6 of --out {out}" in resumed.stderr
    assert json.loads(resumed.stdout)["resumed"] == 5


def test_an_out_file_that_is_not_a_journal_is_refused_and_kept(
    invoke: Invoke, one_line_error: OneLineError, tmp_path: Path
) -> None:
    out = tmp_path / "notes.txt"
    out.write_text("remember the milk")  # one line, no end of line
    for extra in ([], ["--drop-partial"]):
        line = one_line_error(invoke([*TOY, "--out", str(out), *extra]), "simulate")
        assert "line 1 is not a line of a run" in line
    assert out.read_text() == "remember the milk"


def test_report_path_is_checked_before_any_game_is_played(
    invoke: Invoke, one_line_error: OneLineError, tmp_path: Path
) -> None:
    taken = tmp_path / "report"
    taken.write_text("a file, not a directory")
    out = tmp_path / "games.jsonl"
    line = one_line_error(invoke([*TOY, "--out", str(out), "--report", str(taken)]), "simulate")
    assert "is a file; give a directory for the report" in line
    assert not out.exists()  # nothing was played


def test_option_values_print_as_json_in_the_headline() -> None:
    assert [option_text(v) for v in (True, False, 3, "draft", ["a", "b"], None)] == [
        "true",
        "false",
        "3",
        "draft",
        '["a","b"]',
        "null",
    ]


def test_simulate_prints_booleans_as_true_and_false(invoke: Invoke) -> None:
    args = ["simulate", "compounded", "-n", "2", "-g", "1", "--workers", "1"]
    result = invoke([*args, "-o", "shuffled_deck=true"])
    assert result.exit_code == 0, result.stderr
    assert "shuffled_deck=true, ap_cap=true" in result.stdout
    assert "True" not in result.stdout and "False" not in result.stdout


def test_tables_never_split_a_number_at_80_columns() -> None:
    agents = ("mcts:iterations=3,depth=2", "greedy:samples=2", "random")
    config = SimConfig("toy", players=3, games=9, seed=5, agents=agents, rotate_seats=True)
    summary = run(config, workers=1).summary
    console = Console(width=80, highlight=False)
    with console.capture() as captured:
        console.print(summary_tables(summary))
    shown = captured.get()
    assert max(len(line) for line in shown.splitlines()) <= 80
    rows = [*seat_rows(summary), *agent_rows(summary), *agent_seat_rows(summary)]
    numbers = {cell for row in rows for cell in row[1:] if cell[:1].isdigit()}
    cells = {part.strip() for line in shown.splitlines() for part in line.split("│")}
    assert numbers and numbers <= cells


def test_an_interrupt_takes_the_progress_bar_off_before_saying_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    events: list[str] = []

    class Bar:
        def add_task(self, *args: object, **kwargs: object) -> int:
            return 0

        def update(self, *args: object, **kwargs: object) -> None:
            events.append("update")

        def start(self) -> None:
            events.append("start")

        def stop(self) -> None:  # may be called again: it must then do nothing
            if "stop" not in events:
                events.append("stop")
                events.append(capsys.readouterr().err)

    def interrupted(*args: object, progress: Callable[[int, int], None], **kwargs: object) -> None:
        progress(3, 9)
        raise KeyboardInterrupt

    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    monkeypatch.setattr(simulate_command, "_progress_bar", lambda console: Bar())
    monkeypatch.setattr(simulate_command, "run", interrupted)
    config = SimConfig("toy", players=3, games=9)
    with pytest.raises(typer.Exit) as stopped:
        simulate_command._run(config, 1, "local", None, None, None, True)
    assert stopped.value.exit_code == 130
    assert events == ["start", "update", "stop", ""]  # off the screen before the message
    assert capsys.readouterr().err == "boardlab simulate: interrupted\n"
