"""``boardlab balance`` (issue 17): the report as JSON, as files, and one-line errors."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import Result

Invoke = Callable[..., Result]


def test_balance_command_prints_json(invoke: Invoke) -> None:
    args = ["balance", "konoten", "-g", "2", "--probe-games", "2", "--agent", "random"]
    result = invoke([*args, "--probes", "idle", "--workers", "1", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 2 and [p["probe"] for p in data["probes"]] == ["idle"]


def test_balance_command_writes_a_report(invoke: Invoke, tmp_path: Path) -> None:
    args = ["balance", "konoten", "-g", "2", "--probes", "none", "--agent", "random", "-w", "1"]
    result = invoke([*args, "--report", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert "Wins by seat" in result.stdout
    written = {path.name for path in (tmp_path / "out").iterdir()}
    assert {"report.md", "seats.png", "roles.png", "kinds.png", "sources.png"} <= written


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--probes", "sleep"], "has no probe 'sleep'"),
        (["--agent", "nobody"], "unknown agent 'nobody'"),
        (["--games", "0"], "--games must be at least 1"),
        (["-n", "9"], "players"),
    ],
)
def test_balance_command_refuses_bad_arguments_in_one_line(
    invoke: Invoke, args: list[str], message: str
) -> None:
    result = invoke(["balance", "konoten", *args])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output
