"""The plumbing of ``benchmarks/head_to_head.py`` on the toy game, with tiny budgets."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel", reason="the 'rl' extra (open_spiel) is not installed")

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "head_to_head.py"


@pytest.fixture(scope="module")
def head_to_head():
    spec = importlib.util.spec_from_file_location("head_to_head", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.modules.pop(spec.name, None)


@pytest.mark.parametrize("opponent", ["openspiel-mcts", "openspiel-ismcts"])
@pytest.mark.parametrize("players", [2, 3])
def test_a_match_rotates_seats_and_counts_wins_and_iterations(head_to_head, opponent, players):
    match = head_to_head.play_match(
        "toy_rl", players, opponent, games=2, seconds=0.002,
        boardlab_agent="mcts:iterations=10", max_game_length=30,
    )
    mine, theirs = match.tallies["boardlab"], match.tallies[opponent]
    assert match.games == 2
    assert mine.seats + theirs.seats == 2 * players
    assert abs(mine.seats - theirs.seats) <= players % 2 * 2
    finished = match.games - match.cut_games
    assert mine.win_share + theirs.win_share == pytest.approx(finished)
    assert mine.result + theirs.result == pytest.approx(0.0)
    for tally in (mine, theirs):
        assert tally.searches > 0 and tally.iterations >= tally.searches
        assert tally.summary()["iterations_per_second"] > 0


def test_the_command_line_prints_a_table_and_json(head_to_head, capsys):
    code = head_to_head.main([
        "--game", "toy_rl", "--games", "1", "--seconds", "0.002",
        "--opponent", "openspiel-ismcts", "--boardlab-agent", "mcts:iterations=10",
        "--max-length", "20", "--json",
    ])
    assert code == 0
    out = capsys.readouterr().out
    assert "toy_rl, 2 players" in out and "openspiel-ismcts" in out
    data = json.loads(out[out.index("["):])
    assert [c["contestant"] for c in data[0]["contestants"]] == ["boardlab", "openspiel-ismcts"]


def test_games_played_in_worker_processes_add_up_like_in_one(head_to_head):
    match = head_to_head.play_match(
        "toy_rl", 2, "openspiel-ismcts", games=4, seconds=0.002,
        boardlab_agent="mcts:iterations=10", max_game_length=30, workers=2,
    )
    mine, theirs = match.tallies["boardlab"], match.tallies["openspiel-ismcts"]
    assert match.games == 4 and mine.seats == theirs.seats == 4
    assert mine.win_share + theirs.win_share == pytest.approx(match.games - match.cut_games)
    assert mine.searches > 0 and theirs.searches > 0
