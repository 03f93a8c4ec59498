"""Golden files: one recorded random game per game (seed + actions -> final scores)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import boardlab
from boardlab.engine import registry

from .playing import random_playout

GOLDEN_DIR = Path(__file__).parent / "golden"
RECORD_COMMAND = "python tests/conformance/record_golden.py"
DEFAULT_SEED = 1


def golden_path(game: str) -> Path:
    return GOLDEN_DIR / f"{game}.json"


def golden_game(path: Path) -> str:
    """The game a golden file records (its file name when the file cannot be read)."""
    try:
        return str(json.loads(path.read_text())["game"])
    except (OSError, ValueError, KeyError, TypeError):
        return path.stem


def record(game: str, players: int | None = None, seed: int = DEFAULT_SEED) -> dict[str, Any]:
    """A random game of ``game`` played to the end: its arguments, history and final result."""
    spec = registry.spec(game)
    players = spec.max_players if players is None else players
    state = random_playout(game, players, seed)
    return {
        "game": game,
        "game_version": spec.version,
        "players": players,
        "seed": seed,
        "options": dict(state.options),
        "agent": f"random, seed {seed}",
        "moves": len(state.history),
        "scores": state.scores(),
        "winners": state.winners(),
        "history": state.history,
    }


def write(data: dict[str, Any], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1) + "\n")


def replay_record(data: dict[str, Any]) -> boardlab.GameState:
    return boardlab.replay(
        data["game"], data["players"], data["seed"], data["history"], **data["options"]
    )
