"""Benchmark every game at each player count and write the markdown table of the README.

    python benchmarks/run_all.py --seconds 5 --out benchmarks/results.md

Each row is ``boardlab.bench.run`` on one core: random playouts for ``--seconds``, then the
microseconds of ``clone()``, ``pending()``, ``legal_actions()`` and ``apply()`` on states
sampled along random games.
"""

from __future__ import annotations

import argparse
import platform
import sys
from pathlib import Path

import boardlab
from boardlab import bench
from boardlab.engine import registry

HEADER = (
    "| game | players | decisions/s | games/s | decisions/game "
    "| clone µs | pending µs | legal_actions µs | apply µs |\n"
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
)


def row(figures: bench.BenchFigures) -> str:
    """One markdown table row of ``figures``."""
    return (
        f"| {figures.game} | {figures.players} | {figures.decisions_per_second:,.0f} "
        f"| {figures.games_per_second:,.2f} | {figures.mean_decisions_per_game:,.1f} "
        f"| {figures.clone_us:.1f} | {figures.pending_us:.1f} "
        f"| {figures.legal_actions_us:.2f} | {figures.apply_us:.1f} |"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="playout time per row")
    parser.add_argument("--games", default="", help="comma-separated games (default: all)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, help="also write the table to this file")
    args = parser.parse_args(argv)
    names = [g for g in args.games.split(",") if g] or boardlab.games()
    lines = [HEADER]
    for name in names:
        spec = registry.spec(name)
        for players in range(spec.min_players, spec.max_players + 1):
            figures = bench.run(name, players, seconds=args.seconds, seed=args.seed)
            lines.append(row(figures))
            print(lines[-1], file=sys.stderr, flush=True)
    machine = f"{platform.python_implementation()} {platform.python_version()}, one core"
    table = "\n".join(lines) + f"\n\n{args.seconds:g} s of random playouts per row; {machine}.\n"
    print(table, end="")
    if args.out is not None:
        args.out.write_text(table, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
