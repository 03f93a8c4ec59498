"""Recorded games (seed + options + actions -> scores, winners, lenses) catch unintended changes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import boardlab
from boardlab.games.konoten.audit import audit

GOLDEN = json.loads((Path(__file__).with_name("golden_games.json")).read_text())


@pytest.mark.parametrize(
    "game", GOLDEN["games"], ids=lambda g: f"{g['players']}p-seed{g['seed']}"
)
def test_recorded_game_replays_to_the_same_result(game: dict) -> None:
    state = boardlab.replay(
        "konoten", game["players"], game["seed"], game["history"], **game["options"]
    )
    assert state.is_over
    assert audit(state) == []
    assert state.scores() == game["scores"]
    assert state.winners() == game["winners"]
    assert [list(lens) for lens in state.lenses] == game["lenses"]
