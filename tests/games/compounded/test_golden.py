"""Recorded games (seed + actions -> final scores and round) that catch unintended rule changes.

The file follows the one golden format of ``tests/conformance/recording.py``; re-record it
after an intended change with ``python tests/conformance/record_golden.py --rerecord
tests/games/compounded/golden.json``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conformance.recording import check, read

GOLDEN = Path(__file__).with_name("golden.json")
RECORDS = read(GOLDEN)


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: f"{r['players']}p-seed{r['seed']}")
def test_a_recorded_game_replays_to_the_recorded_result(record: dict) -> None:
    check(record, f"{GOLDEN.name} seed {record['seed']}")
