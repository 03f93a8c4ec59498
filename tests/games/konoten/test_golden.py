"""Recorded games (seed + options + actions -> scores, winners, lenses) catch unintended changes.

The file follows the one golden format of ``tests/conformance/recording.py``; re-record it
after an intended change with ``python tests/conformance/record_golden.py --rerecord
tests/games/konoten/golden_games.json`` (a record whose agent is not known stays as it is).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conformance.recording import check, read

GOLDEN = Path(__file__).with_name("golden_games.json")
RECORDS = read(GOLDEN)


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: f"{r['players']}p-seed{r['seed']}")
def test_recorded_game_replays_to_the_same_result(record: dict) -> None:
    check(record, f"{GOLDEN.name} seed {record['seed']}")
