"""Recorded games replay to their recorded results: unintended rule changes show up here."""

from __future__ import annotations

import json
from pathlib import Path

from boardlab import IllegalAction
from boardlab.engine import registry

from .recording import RECORD_COMMAND, golden_path, replay_record


def test_a_recorded_game_replays_to_its_recorded_result(golden_path: Path) -> None:
    data = json.loads(golden_path.read_text())
    game = data["game"]
    rerecord = f"if the change is intended, re-record it: {RECORD_COMMAND} {game} --force"
    version = registry.spec(game).version
    assert data["game_version"] == version, (
        f"{golden_path.name} records {game} rules version {data['game_version']}, "
        f"the game is now version {version}; {rerecord}"
    )
    try:
        state = replay_record(data)
    except IllegalAction as error:
        message = f"{golden_path.name} no longer replays ({error}); {rerecord}"
        raise AssertionError(message) from None
    assert state.is_over, f"{golden_path.name}: the game is not over at the end; {rerecord}"
    assert len(state.history) == data["moves"]
    assert state.scores() == data["scores"], f"{golden_path.name}: scores changed; {rerecord}"
    assert state.winners() == data["winners"], f"{golden_path.name}: winners changed; {rerecord}"


def test_every_game_has_a_recorded_game(loadable_game: str) -> None:
    assert golden_path(loadable_game).exists(), (
        f"no recorded game for {loadable_game}; record one with: {RECORD_COMMAND} {loadable_game}"
    )
