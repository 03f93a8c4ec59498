"""Record the golden games the conformance suite replays: one random game per game.

Run from the repository root:

    python tests/conformance/record_golden.py                 # every game without a record
    python tests/conformance/record_golden.py konoten         # just these games
    python tests/conformance/record_golden.py konoten --force # overwrite after a rule change

A record holds the game's arguments (players, seed, options), its history and the final
scores and winners; ``test_golden.py`` replays it and checks the result.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    import toy_game

    import boardlab
    from boardlab.engine import registry
    from conformance.cases import load_problem
    from conformance.recording import DEFAULT_SEED, golden_path, record, write

    registry.register(toy_game.SPEC)
    parser = argparse.ArgumentParser(description="Record golden games for the conformance suite.")
    parser.add_argument("games", nargs="*", help="games to record (default: those without one)")
    parser.add_argument("--players", type=int, help="player count (default: the game's maximum)")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="seed of game and agent")
    parser.add_argument("--force", action="store_true", help="overwrite existing records")
    args = parser.parse_args(argv)

    games = args.games or [g for g in boardlab.games() if not golden_path(g).exists()]
    unknown = [game for game in games if game not in boardlab.games()]
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}; games: {', '.join(boardlab.games())}")
    status = 0
    for game in games:
        path = golden_path(game)
        problem = load_problem(game)
        if problem is not None:
            print(f"{game}: does not load ({problem}); not recorded", file=sys.stderr)
            status = 1
        elif path.exists() and not args.force:
            print(f"{game}: {path.name} exists; pass --force to overwrite", file=sys.stderr)
            status = 1
        else:
            data = record(game, args.players, args.seed)
            write(data, path)
            print(
                f"{game}: recorded {data['players']} players, seed {data['seed']}, "
                f"{data['moves']} moves, scores {data['scores']} -> {path.name}"
            )
    return status


if __name__ == "__main__":
    sys.exit(main())
