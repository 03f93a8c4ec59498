"""A game's random playouts against OpenSpiel's Python tic-tac-toe, in the same run.

The speed bar of the Scythe issue: random playouts of a game at least half as many decisions
per second as OpenSpiel's ``python_tic_tac_toe`` (a game written in Python on OpenSpiel's
own API) measured in the same process, and ``clone()`` under 60 microseconds.

    python benchmarks/against_tictactoe.py                      # scythe at 2-5 players
    python benchmarks/against_tictactoe.py --game konoten --players 2 --rounds 5

Both loops do the same work per decision: list the legal actions, draw one, apply it. The two
alternate for ``--rounds`` rounds of ``--seconds`` each, so that a change of machine load
hits both; the figure of each is its best round. Exit status 1 when a bar is missed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import boardlab
from boardlab.engine.registry import spec as game_spec

RATIO_BAR = 0.5
CLONE_BAR_US = 60.0


def boardlab_playouts(game: str, players: int, seconds: float) -> float:
    """Decisions per second of uniform random games of ``game``."""
    chooser = random.Random(0)
    decisions, seed = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = boardlab.new(game, players, seed)
        seed += 1
        while not state.is_over:
            options = state.legal_actions()
            state.apply(options[chooser.randrange(len(options))])
            decisions += 1
    return decisions / (time.perf_counter() - start)


def tictactoe_playouts(seconds: float) -> float:
    """Decisions per second of uniform random games of OpenSpiel's Python tic-tac-toe."""
    import open_spiel.python.games  # noqa: F401  (registers the Python games)
    import pyspiel

    game = pyspiel.load_game("python_tic_tac_toe")
    chooser = random.Random(0)
    decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            options = state.legal_actions()
            state.apply_action(options[chooser.randrange(len(options))])
            decisions += 1
    return decisions / (time.perf_counter() - start)


def clone_microseconds(game: str, players: int, samples: int = 100, repeat: int = 50) -> float:
    """Mean ``clone()`` time over states met along random games."""
    chooser = random.Random(1)
    states = []
    state = boardlab.new(game, players, 1)
    while len(states) < samples:
        if state.is_over:
            state = boardlab.new(game, players, len(states) + 2)
        options = state.legal_actions()
        state.apply(options[chooser.randrange(len(options))])
        if chooser.random() < 0.05:
            states.append(state.clone())
    start = time.perf_counter()
    for _ in range(repeat):
        for each in states:
            each.clone()
    return (time.perf_counter() - start) / (samples * repeat) * 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="scythe")
    parser.add_argument("--players", type=int, nargs="*", default=None)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    spec = game_spec(args.game)
    counts = args.players or list(range(spec.min_players, spec.max_players + 1))

    ok = True
    print(f"| players | {args.game} decisions/s | tic-tac-toe decisions/s | ratio | clone µs |")
    print("|---|---:|---:|---:|---:|")
    for players in counts:
        ours: list[float] = []
        theirs: list[float] = []
        for _ in range(args.rounds):
            ours.append(boardlab_playouts(args.game, players, args.seconds))
            theirs.append(tictactoe_playouts(args.seconds))
        ratio = max(ours) / max(theirs)
        clone = clone_microseconds(args.game, players)
        ok &= ratio >= RATIO_BAR and clone < CLONE_BAR_US
        print(f"| {players} | {max(ours):,.0f} | {max(theirs):,.0f} | {ratio:.2f} | {clone:.1f} |")
    print(
        f"bars: ratio at least {RATIO_BAR}, clone under {CLONE_BAR_US:.0f} µs: "
        + ("met" if ok else "MISSED")
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
