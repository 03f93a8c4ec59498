"""The analysis's sanity checks of issue 31 item 4, per game at 2 players.

    .venv/bin/python benchmarks/analysis_sanity.py konoten compounded --games 20

Greedy plays random, seats swapped every other game (seeds 500..), and every decision of
both seats is analysed at the default setting. Printed per game: each bot's mean loss per
move (pooled over the moves of all games) and their ratio (the issue asks for at least 3),
whether the first game analysed twice gives the same marks, the seconds per game analysis
(mean and longest; the issue asks for at most 120) and the load average when it ended.
One process, one core.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

import boardlab
from boardlab import agents
from boardlab.analysis import analyse
from boardlab.engine import GameState

FIRST_SEED = 500


def played(game: str, seed: int, greedy_seat: int) -> GameState:
    state = boardlab.new(game, players=2, seed=seed)
    bots = [agents.make("random", seed=seed), agents.make("random", seed=seed + 1)]
    bots[greedy_seat] = agents.make("greedy", seed=seed)
    while (decision := state.decision) is not None:
        state.apply(bots[decision.player].choose(state))
    return state


def check(game: str, games: int) -> dict[str, object]:
    losses: dict[str, list[float]] = {"greedy": [], "random": []}
    seconds: list[float] = []
    same = True
    for number in range(games):
        greedy_seat = number % 2
        state = played(game, FIRST_SEED + number, greedy_seat)
        started = time.perf_counter()
        analysis = analyse(state)
        seconds.append(time.perf_counter() - started)
        for move in analysis.moves:
            losses["greedy" if move.seat == greedy_seat else "random"].append(move.loss)
        if number == 0:
            again = analyse(boardlab.load(state.to_json()))
            same = [m.mark for m in again.moves] == [m.mark for m in analysis.moves]
    greedy = sum(losses["greedy"]) / len(losses["greedy"])
    random = sum(losses["random"]) / len(losses["random"])
    return {
        "game": game,
        "games": games,
        "greedy_mean_loss": round(greedy, 6),
        "random_mean_loss": round(random, 6),
        "ratio": round(random / greedy, 1) if greedy else None,
        "greedy_moves": len(losses["greedy"]),
        "random_moves": len(losses["random"]),
        "same_marks_twice": same,
        "seconds_mean": round(sum(seconds) / len(seconds), 1),
        "seconds_max": round(max(seconds), 1),
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="+", help="games to check")
    parser.add_argument("--games", dest="count", type=int, default=20, help="games per game")
    args = parser.parse_args(argv)
    for game in args.games:
        print(json.dumps(check(game, args.count)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
