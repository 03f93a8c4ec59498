"""``--out`` files: one line per game as games finish, and resuming a run stopped early."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import boardlab
from boardlab.sim import GameRecord, SimConfig, SimResult, run

TIMING = ("games_per_second", "seconds", "played")


def outcome(result: SimResult) -> dict[str, Any]:
    """The summary without what depends on timing or on how many games were played now."""
    data = result.summary.to_json()
    return {key: value for key, value in data.items() if key not in TIMING}


def test_out_holds_one_complete_line_per_game(tmp_path: Path, toy_config: SimConfig) -> None:
    out = tmp_path / "games.jsonl"
    result = run(toy_config, workers=1, out=out)
    lines = out.read_text().splitlines()
    assert len(lines) == 12
    first = json.loads(lines[0])
    assert set(first) >= {"index", "seed", "agents", "scores", "winners", "decisions", "seconds"}
    records = sorted((GameRecord.from_line(line) for line in lines), key=lambda r: r.index)
    assert records == list(result.records)


def test_an_interrupted_run_resumes_without_replaying_its_games(
    tmp_path: Path, toy_config: SimConfig
) -> None:
    config = replace(toy_config, games=10)
    full = run(config, workers=1)
    out = tmp_path / "games.jsonl"
    run(config, workers=1, out=out)
    lines = out.read_text().splitlines(keepends=True)
    out.write_text("".join(lines[:4]) + lines[4][:25])  # four games and a line cut short
    saves = tmp_path / "games.saves"
    calls: list[tuple[int, int]] = []
    notes: list[str] = []

    resumed = run(
        config,
        workers=1,
        out=out,
        save=saves,
        progress=lambda done, total: calls.append((done, total)),
        drop_partial=True,
        note=notes.append,
    )

    assert (resumed.resumed, resumed.played) == (4, 6)
    assert notes == [f"dropped line 5 of --out {out}: it was cut short (25 bytes)"]
    replayed = [boardlab.load(line) for line in saves.read_text().splitlines()]
    assert sorted(state.seed for state in replayed) == [44, 45, 46, 47, 48, 49]
    assert calls[0] == (4, 10) and calls[-1] == (10, 10)
    again = out.read_text()
    assert again.endswith("\n")
    assert sorted(json.loads(line)["index"] for line in again.splitlines()) == list(range(10))
    assert list(resumed.records) == list(full.records)
    assert outcome(resumed) == outcome(full)


def test_a_finished_run_is_read_back_whole_without_playing(
    tmp_path: Path, toy_config: SimConfig
) -> None:
    out = tmp_path / "games.jsonl"
    first = run(toy_config, workers=1, out=out)
    again = run(toy_config, workers=2, out=out)
    assert (again.played, again.resumed) == (0, 12)
    assert again.summary.games_per_second is None
    assert outcome(again) == outcome(first)
    assert len(out.read_text().splitlines()) == 12


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"seed": 41}, "seed 40, not 41"),
        ({"rotate_seats": False}, "seats"),
        ({"options": {"pile": 10}}, "options"),
    ],
)
def test_an_out_file_of_another_run_is_refused(
    tmp_path: Path, toy_config: SimConfig, changes: dict[str, Any], message: str
) -> None:
    out = tmp_path / "games.jsonl"
    run(replace(toy_config, games=3), workers=1, out=out)
    before = out.read_bytes()
    with pytest.raises(ValueError, match=rf"line \d is a game of another run .*{message}"):
        run(replace(toy_config, games=3, **changes), workers=1, out=out)
    assert out.read_bytes() == before


def test_an_out_file_that_is_not_game_records_is_refused(
    tmp_path: Path, toy_config: SimConfig
) -> None:
    out = tmp_path / "notes.txt"
    out.write_text("shopping list\n")
    with pytest.raises(ValueError, match=r"notes\.txt line 1"):
        run(toy_config, workers=1, out=out)
    with pytest.raises(ValueError, match="cannot"):
        run(toy_config, workers=1, out=tmp_path)


def test_save_keeps_every_whole_game(tmp_path: Path, toy_config: SimConfig) -> None:
    saves = tmp_path / "games.saves"
    result = run(toy_config, workers=2, save=saves)
    states = sorted(
        (boardlab.load(line) for line in saves.read_text().splitlines()),
        key=lambda state: state.seed,
    )
    assert [state.seed for state in states] == [r.seed for r in result.records]
    assert [tuple(state.scores()) for state in states] == [r.scores for r in result.records]
    assert all(record.save is None for record in result.records)
