"""Trusted restores: the time of ``load(text, verify=False)`` against a verified ``load(text)``.

The bar of the engine contract (v2): on a 4-player Compounded game of 2000 decisions, a
trusted load costs at most a tenth of a verified one (which replays the whole history).

    python benchmarks/restore.py                                   # that case
    python benchmarks/restore.py --game konoten --players 4 --decisions 150 --repeat 20

Prints both times (best of ``--repeat``), their ratio and whether the bar is met; exit
status 1 when it is not. The game is a random one (seed ``--seed``), saved after
``--decisions`` decisions or at its end if it is shorter.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable

import boardlab
from boardlab.engine import GameState, Rng

BAR = 0.1


def saved_game(game: str, players: int, decisions: int, seed: int) -> tuple[GameState, str]:
    """A random game of ``decisions`` decisions (fewer if it ends first) and its save."""
    state = boardlab.new(game, players, seed)
    chooser = Rng(seed)
    while not state.is_over and len(state.history) < decisions:
        options = state.legal_actions()
        state.apply(options[chooser.randbelow(len(options))])
    return state, state.to_json()


def best_time(run: Callable[[], object], repeat: int) -> float:
    """The fastest of ``repeat`` runs, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="compounded")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--decisions", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5, help="runs of each load; the best counts")
    args = parser.parse_args(argv)

    state, text = saved_game(args.game, args.players, args.decisions, args.seed)
    trusted = boardlab.load(text, verify=False)
    if trusted != state or boardlab.load(text) != state:
        print("a load does not give the saved state back", file=sys.stderr)
        return 2
    verified_s = best_time(lambda: boardlab.load(text), args.repeat)
    trusted_s = best_time(lambda: boardlab.load(text, verify=False), args.repeat)
    ratio = trusted_s / verified_s
    met = ratio <= BAR
    print(
        f"{args.game}, {args.players} players, {len(state.history)} decisions "
        f"(save of {len(text) / 1024:.0f} KiB), best of {args.repeat}:\n"
        f"  load(text)               {verified_s * 1000:9.2f} ms\n"
        f"  load(text, verify=False) {trusted_s * 1000:9.2f} ms\n"
        f"  ratio                    {ratio:9.3f}  (bar: at most {BAR}; "
        f"{'met' if met else 'NOT met'})"
    )
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
