"""Decisions with a single option: the share of posed decisions that leave nothing to choose.

Issue 27: the engine plays a decision with a single option itself, so at most 1% of the
decisions of random games may have one option, in every game. This plays ``--games``
random games of each game at each player count and prints, per game and count, the
decisions posed, how many had one option, their share and kinds, and how many moves the
engine played itself (recorded in the history, never posed: before issue 27 they were).

    python benchmarks/single_options.py                          # 20 games, 2 to 4 players
    python benchmarks/single_options.py --games 50 --players 2 --game scythe

Exit status 1 when a share is above the bar.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from dataclasses import dataclass, field

import boardlab
from boardlab.engine import Rng, registry

BAR = 0.01


@dataclass
class Tally:
    """Decisions posed in some random games, and those among them with one option."""

    posed: int = 0
    single: int = 0
    played_by_engine: int = 0
    kinds: Counter[str] = field(default_factory=Counter)

    @property
    def share(self) -> float:
        return self.single / self.posed if self.posed else 0.0


def tally(game: str, players: int, games: int, seed: int) -> Tally:
    """Play ``games`` random games (seeds ``seed``, ``seed + 1``...) and count decisions."""
    counted = Tally()
    for number in range(games):
        state = boardlab.new(game, players, seed + number)
        chooser = Rng(seed + number)
        posed_before = counted.posed
        while (decision := state.decision) is not None:
            options = decision.options
            counted.posed += 1
            if len(options) == 1:
                counted.single += 1
                counted.kinds[decision.kind] += 1
            state.apply(options[chooser.randbelow(len(options))])
        counted.played_by_engine += len(state.history) - (counted.posed - posed_before)
    return counted


def player_counts(game: str, wanted: list[int]) -> list[int]:
    spec = registry.spec(game)
    return [n for n in wanted if spec.min_players <= n <= spec.max_players]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game to measure (repeatable; "
                        "default: every game)")
    parser.add_argument("--players", type=int, action="append",
                        help="a player count (repeatable; default: 2, 3 and 4)")
    parser.add_argument("--games", type=int, default=20, help="random games per count")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    over = False
    print(f"{'game':<12}{'players':>8}{'posed':>10}{'single':>8}{'share':>8}{'engine':>8}  kinds")
    for game in args.game or boardlab.games():
        for players in player_counts(game, args.players or [2, 3, 4]):
            counted = tally(game, players, args.games, args.seed)
            kinds = ", ".join(f"{kind} {n}" for kind, n in counted.kinds.most_common(4))
            print(f"{game:<12}{players:>8}{counted.posed:>10}{counted.single:>8}"
                  f"{counted.share:>8.2%}{counted.played_by_engine:>8}  {kinds}")
            over = over or counted.share > BAR
    print(f"bar: at most {BAR:.0%} of the posed decisions with a single option"
          f" -> {'missed' if over else 'met'}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
