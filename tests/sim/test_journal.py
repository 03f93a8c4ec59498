"""A run's files never lose a line unsaid: a line cut short stops the run (naming it) unless
the run is told to drop it, a file that is not a run's is refused and left as it was, and
``--save`` lines lead with the game's index in the run."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

import boardlab
from boardlab.sim import SimConfig, run


def finished_out(tmp_path: Path, config: SimConfig) -> Path:
    out = tmp_path / "games.jsonl"
    run(config, workers=1, out=out)
    return out


def test_a_line_cut_short_stops_the_run_naming_it_and_leaves_the_file(
    tmp_path: Path, toy_config: SimConfig
) -> None:
    out = finished_out(tmp_path, toy_config)
    lines = out.read_text().splitlines(keepends=True)
    out.write_text("".join(lines[:3]) + lines[3][:30])
    before = out.read_bytes()
    with pytest.raises(ValueError, match=r"line 4 is cut short .* pass --drop-partial"):
        run(toy_config, workers=1, out=out)
    assert out.read_bytes() == before


def test_drop_partial_drops_only_that_line_and_says_so(
    tmp_path: Path, toy_config: SimConfig
) -> None:
    out = finished_out(tmp_path, toy_config)
    lines = out.read_text().splitlines(keepends=True)
    out.write_text("".join(lines[:3]) + lines[3][:30])
    notes: list[str] = []
    result = run(toy_config, workers=1, out=out, drop_partial=True, note=notes.append)
    assert notes == [f"dropped line 4 of --out {out}: it was cut short (30 bytes)"]
    assert (result.resumed, result.played) == (3, 9)
    assert len(out.read_text().splitlines()) == 12


def test_a_last_line_missing_only_its_end_of_line_is_kept(
    tmp_path: Path, toy_config: SimConfig
) -> None:
    out = finished_out(tmp_path, replace(toy_config, games=4))
    out.write_text(out.read_text().rstrip("\n"))
    notes: list[str] = []
    result = run(toy_config, workers=1, out=out, note=notes.append)
    assert (result.resumed, result.played, notes) == (4, 8, [])
    lines = out.read_text().splitlines()
    assert len(lines) == 12 and all(json.loads(line) for line in lines)


@pytest.mark.parametrize("drop_partial", [False, True])
@pytest.mark.parametrize("content", ["shopping list", "shopping list\nmilk", '{"a": 1}\n{"b"'])
def test_a_file_that_is_not_a_runs_journal_is_refused_and_left_as_it_was(
    tmp_path: Path, toy_config: SimConfig, content: str, drop_partial: bool
) -> None:
    out = tmp_path / "notes.txt"
    out.write_text(content)
    with pytest.raises(ValueError, match=r"notes\.txt line \d is not"):
        run(toy_config, workers=1, out=out, drop_partial=drop_partial)
    assert out.read_text() == content


def test_a_line_that_is_not_json_is_named(tmp_path: Path, toy_config: SimConfig) -> None:
    out = finished_out(tmp_path, toy_config)
    lines = out.read_text().splitlines(keepends=True)
    out.write_text(lines[0] + "{oops\n" + "".join(lines[1:]))
    with pytest.raises(ValueError, match=r"line 2 is not JSON .*: the file is not a run's journal"):
        run(toy_config, workers=1, out=out)


def test_a_save_file_cut_short_is_refused_on_resume_unless_dropped(
    tmp_path: Path, toy_config: SimConfig
) -> None:
    config = replace(toy_config, games=6)
    out, saves = tmp_path / "games.jsonl", tmp_path / "games.saves"
    run(replace(config, games=3), workers=1, out=out, save=saves)
    # the run is stopped as game 3 was being saved: its --out line never written
    text = saves.read_text()
    saves.write_text(text + text.splitlines(keepends=True)[0][:40])
    with pytest.raises(ValueError, match=r"--save .* line 4 is cut short"):
        run(config, workers=1, out=out, save=saves)
    notes: list[str] = []
    run(config, workers=1, out=out, save=saves, drop_partial=True, note=notes.append)
    assert notes == [f"dropped line 4 of --save {saves}: it was cut short (40 bytes)"]
    assert len(saves.read_text().splitlines()) == 6


def test_save_lines_lead_with_the_game_index_and_load_in_the_engine(
    tmp_path: Path, toy_config: SimConfig
) -> None:
    saves = tmp_path / "games.saves"
    result = run(toy_config, workers=2, save=saves)
    seen = set()
    for line in saves.read_text().splitlines():
        assert line.startswith('{"run":{"index":')
        data = json.loads(line)
        index = data["run"]["index"]
        record = result.records[index]
        assert data["run"]["agents"] == list(record.agents)
        state = boardlab.load(line)
        assert state.seed == record.seed and tuple(state.scores()) == record.scores
        seen.add(index)
    assert seen == set(range(toy_config.games))
