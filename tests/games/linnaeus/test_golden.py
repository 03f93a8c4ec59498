"""Recorded games (seed + options + actions -> scores, winners) catch unintended changes: a
solo game at each difficulty (the automa's turns are replayed from the seed) and two
multiplayer games.

The file follows the one golden format of ``tests/conformance/recording.py``; re-record it
after an intended change with ``python tests/conformance/record_golden.py --rerecord
tests/games/linnaeus/golden_games.json``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conformance.recording import check, read

GOLDEN = Path(__file__).with_name("golden_games.json")
RECORDS = read(GOLDEN)


def _name(record: dict[str, Any]) -> str:
    level = record["options"]["difficulty"] if record["players"] == 1 else "multi"
    return f"{record['players']}p-{level}-seed{record['seed']}"


def test_every_difficulty_has_a_recorded_solo_game() -> None:
    levels = {r["options"]["difficulty"] for r in RECORDS if r["players"] == 1}
    assert levels == {"student", "skilled", "master", "genius"}
    assert any(r["players"] > 1 for r in RECORDS)


@pytest.mark.parametrize("record", RECORDS, ids=_name)
def test_recorded_game_replays_to_the_same_result(record: dict[str, Any]) -> None:
    check(record, f"{GOLDEN.name} seed {record['seed']}")
