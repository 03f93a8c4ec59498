"""Recorded games (seed + actions -> final scores) that catch unintended rule changes.

Regenerate after an intended change with ``COMPOUNDED_GOLDEN=write pytest <this file>``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import boardlab
from boardlab.agents import make

GOLDEN = Path(__file__).with_name("golden.json")
GAMES = [
    {"players": 3, "seed": 2024, "options": {}, "agent_seed": 7},
    {
        "players": 2,
        "seed": 77,
        "options": {"shuffled_deck": True, "trade_offers": 1},
        "agent_seed": 3,
    },
]


def _play(game: dict) -> dict:
    state = boardlab.new("compounded", game["players"], game["seed"], **game["options"])
    agent = make("random", seed=game["agent_seed"])
    while not state.is_over:
        state.apply(agent.choose(state))
    return {
        **game,
        "rounds": state.round,
        "scores": state.scores(),
        "winners": state.winners(),
        "history": state.history,
    }


def test_golden_games_replay_to_the_recorded_scores():
    if os.environ.get("COMPOUNDED_GOLDEN") == "write":
        GOLDEN.write_text(json.dumps([_play(game) for game in GAMES], indent=0) + "\n")
    recorded = json.loads(GOLDEN.read_text())
    assert len(recorded) == len(GAMES)
    for game in recorded:
        state = boardlab.replay(
            "compounded", game["players"], game["seed"], game["history"], **game["options"]
        )
        assert state.is_over
        assert state.scores() == game["scores"] and state.winners() == game["winners"]
        assert state.round == game["rounds"]
        fresh = _play({k: game[k] for k in ("players", "seed", "options", "agent_seed")})
        assert fresh["history"] == game["history"]
