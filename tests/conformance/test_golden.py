"""Recorded games replay to their recorded results: unintended rule changes show up here."""

from __future__ import annotations

from pathlib import Path

from .recording import RECORD_COMMAND, check_file, golden_path


def test_a_recorded_game_replays_to_its_recorded_result(golden_path: Path) -> None:
    check_file(golden_path)


def test_every_game_has_a_recorded_game(loadable_game: str) -> None:
    assert golden_path(loadable_game).exists(), (
        f"no recorded game for {loadable_game}; record one with: {RECORD_COMMAND} {loadable_game}"
    )
