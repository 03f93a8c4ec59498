"""Record the golden games the tests replay (the format is in ``recording.py``).

Run from the repository root:

    python tests/conformance/record_golden.py                 # every game without a record
    python tests/conformance/record_golden.py konoten         # just these games
    python tests/conformance/record_golden.py konoten --force # overwrite after a rule change
    python tests/conformance/record_golden.py --rerecord tests/games/konoten/golden_games.json

A new record is one game of the random agent (its seed is the game's), at ``--players``
(default: the most) and ``--seed`` (default 1), written to ``golden/<game>.json``.
``--rerecord FILE`` plays every record of a golden file again with its own agent under
today's rules and rewrites the file; a record whose agent is not known is left unchanged.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    import duel_game
    import toy_game

    import boardlab
    from boardlab.engine import registry
    from conformance.cases import load_problem
    from conformance.recording import (
        DEFAULT_SEED,
        golden_path,
        read,
        record_game,
        rerecord,
        write,
    )

    registry.register(toy_game.SPEC)
    registry.register(duel_game.SPEC)
    parser = argparse.ArgumentParser(description="Record golden games for the test suite.")
    parser.add_argument("games", nargs="*", help="games to record (default: those without one)")
    parser.add_argument("--players", type=int, help="player count (default: the game's maximum)")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="seed of game and agent")
    parser.add_argument("--force", action="store_true", help="overwrite existing records")
    parser.add_argument(
        "--rerecord", type=Path, nargs="+", metavar="FILE", help="golden files to play again"
    )
    args = parser.parse_args(argv)

    status = 0
    if args.rerecord:
        for path in args.rerecord:
            records = read(path)
            fresh = []
            for record in records:
                problem = load_problem(record["game"])
                if problem is not None or not record.get("agent"):
                    why = problem or "no agent is recorded"
                    print(f"{path.name}: seed {record['seed']} kept as it is ({why})")
                    fresh.append(record)
                    status = 1
                    continue
                fresh.append(rerecord(record))
            write(path, fresh)
            print(f"{path}: {len(fresh)} games written")
        return status

    games = args.games or [g for g in boardlab.games() if not golden_path(g).exists()]
    unknown = [game for game in games if game not in boardlab.games()]
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}; games: {', '.join(boardlab.games())}")
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
            data = record_game(game, args.players, args.seed)
            write(path, [data])
            print(
                f"{game}: recorded {data['players']} players, seed {data['seed']}, "
                f"{len(data['history'])} moves, outcome {data['outcome']} -> {path.name}"
            )
    return status


if __name__ == "__main__":
    sys.exit(main())
