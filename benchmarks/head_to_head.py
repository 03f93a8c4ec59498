"""Head-to-head: boardlab's MCTS against OpenSpiel's MCTSBot and ISMCTSBot, same time per move.

For every game (default: every game with encodings), every OpenSpiel opponent and N games,
the two contestants alternate around the table (A, B, A, ...), the seating rotated by one
seat each game so every contestant sits everywhere; game ``i`` is dealt from seed
``seed + i`` and is the same deal for every opponent. Each decision gets the same wall
clock budget (``--seconds``). Printed per match: seats played, win share per seat (1/k for
each of k tied winning sides, an automa included; 1/players is par), mean result
(``boardlab.adapters.outcome``, +1 sole win, 0 par) and search iterations per second
(decisions with one option are not searched and not counted).

Fairness: ``ISMCTSBot`` (the Python one: the C++ one cannot call a Python game's
resampler) samples worlds with ``resample_from_infostate``; ``MCTSBot`` (C++) searches one
world sampled the same way at each decision, so it never sees hidden information or the
real future draws, unless ``--mcts-full-state`` gives it the true state.

    python benchmarks/head_to_head.py --game compounded --players 3 --games 20 --seconds 1
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import boardlab
from boardlab import agents
from boardlab.adapters import openspiel as boardlab_openspiel
from boardlab.encoding.encodings import default_players, encodable_games, encodings
from boardlab.engine import registry

OPPONENTS = ("openspiel-mcts", "openspiel-ismcts")
BOARDLAB = "boardlab"


@dataclass
class Tally:
    """One contestant's record over a match."""

    name: str
    seats: int = 0
    win_share: float = 0.0
    result: float = 0.0
    searches: int = 0
    iterations: int = 0
    search_seconds: float = 0.0

    def add(self, other: Tally) -> None:
        """Count ``other``'s games in this tally."""
        self.seats += other.seats
        self.win_share += other.win_share
        self.result += other.result
        self.searches += other.searches
        self.iterations += other.iterations
        self.search_seconds += other.search_seconds

    def summary(self) -> dict[str, Any]:
        per_seat = self.seats or 1
        return {
            "contestant": self.name,
            "seats": self.seats,
            "win_share_per_seat": self.win_share / per_seat,
            "mean_result": self.result / per_seat,
            "iterations_per_second": (
                self.iterations / self.search_seconds if self.search_seconds else None
            ),
            "searches": self.searches,
        }


@dataclass
class Match:
    """Every game of one game/player count against one OpenSpiel opponent."""

    game: str
    players: int
    opponent: str
    seconds: float
    games: int = 0
    cut_games: int = 0
    tallies: dict[str, Tally] = field(default_factory=dict)

    def summary(self) -> dict[str, Any]:
        data = {k: v for k, v in asdict(self).items() if k != "tallies"}
        data["contestants"] = [tally.summary() for tally in self.tallies.values()]
        return data


# ---------------------------------------------------------------------------- players
Chooser = Callable[[pyspiel.State, int], tuple[int, int | None]]


def boardlab_chooser(agent_spec: str, seat_seed: int) -> Chooser:
    """A boardlab agent answering with a codec index and its ``last_iterations``."""
    agent = agents.from_spec(agent_spec, seed=seat_seed)

    def choose(state: pyspiel.State, seat: int) -> tuple[int, int | None]:
        board = state.boardlab_state
        action = agent.choose(board.clone())
        codec = state.board.context.encodings.codec
        return codec.encode(action), getattr(agent, "last_iterations", None)

    return choose


def mcts_chooser(
    game: pyspiel.Game, seconds: float, uct_c: float, seed: int, full_state: bool
) -> Chooser:
    """OpenSpiel's C++ MCTSBot with random rollouts, stopped by the clock."""
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    policy = pyspiel.ChildSelectionPolicy.UCT
    timed = pyspiel.MCTSBot(
        game, evaluator, uct_c, 1_000_000_000, 1000, False, seed, False, policy, seconds
    )
    # a budget too short to expand the root falls back to the two simulations a move needs
    counted = pyspiel.MCTSBot(game, evaluator, uct_c, 2, 1000, False, seed, False, policy)
    sampler = np.random.RandomState(seed)

    def choose(state: pyspiel.State, seat: int) -> tuple[int, int | None]:
        world = state if full_state else state.resample_from_infostate(seat, sampler.uniform)
        # mcts_search keeps the GIL (step() releases it, which a Python game cannot survive)
        root = timed.mcts_search(world)
        iterations = root.explore_count
        if root.best_child() is None:
            root = counted.mcts_search(world)
            iterations += root.explore_count
        return root.best_child().action, iterations

    return choose


class TimedISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's Python ISMCTSBot, searching until a deadline instead of a fixed count."""

    def __init__(self, game: pyspiel.Game, seconds: float, uct_c: float, seed: int) -> None:
        random_state = np.random.RandomState(seed)
        evaluator = mcts.RandomRolloutEvaluator(1, random_state)
        super().__init__(game, evaluator, uct_c, 1, random_state=random_state)
        self.seconds = seconds
        self.last_iterations = 0

    def run_search(self, state: pyspiel.State) -> list[tuple[int, float]]:
        self.reset()
        self.last_iterations = 0
        legal_actions = state.legal_actions()
        if len(legal_actions) == 1:
            return [(legal_actions[0], 1.0)]
        self._root_node = self.create_new_node(state)
        root_key = self.get_state_key(state)
        deadline = time.perf_counter() + self.seconds
        while True:
            world = self.sample_root_state(state)
            assert root_key == self.get_state_key(world)
            self.run_simulation(world)
            self.last_iterations += 1
            # the first simulation only expands the root: two are needed to pick a move
            if self.last_iterations >= 2 and time.perf_counter() >= deadline:
                break
        return self.get_final_policy(state, self._root_node)


def ismcts_chooser(game: pyspiel.Game, seconds: float, uct_c: float, seed: int) -> Chooser:
    bot = TimedISMCTSBot(game, seconds, uct_c, seed)

    def choose(state: pyspiel.State, seat: int) -> tuple[int, int | None]:
        return int(bot.step(state)), bot.last_iterations

    return choose


# ---------------------------------------------------------------------------- playing
def play_match(
    game: str,
    players: int,
    opponent: str,
    games: int,
    seconds: float,
    seed: int = 0,
    boardlab_agent: str | None = None,
    uct_c: float = 2.0,
    mcts_full_state: bool = False,
    max_game_length: int = 0,
    options: dict[str, Any] | None = None,
    workers: int = 1,
) -> Match:
    """Play ``games`` games of boardlab's agent against one OpenSpiel ``opponent``.

    A game still running after ``max_game_length`` decisions (0: the adapter's limit) is
    cut: nobody wins it and every result is 0. ``workers`` > 1 plays that many games at a
    time in forked processes (each contestant still gets ``seconds`` of wall clock per
    decision, so use at most one worker per core).
    """
    if opponent not in OPPONENTS:
        raise ValueError(f"opponent {opponent!r} is not one of {list(OPPONENTS)}")
    enc = encodings(game, players, options)
    setup = GameSetup(
        game, enc.players, opponent, seconds, seed, boardlab_agent or f"mcts:seconds={seconds}",
        uct_c, mcts_full_state, max_game_length, dict(options or {}),
    )
    match = Match(game, enc.players, opponent, seconds)
    match.tallies = {BOARDLAB: Tally(BOARDLAB), opponent: Tally(opponent)}
    if workers > 1:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            outcomes = pool.map(setup.play, range(games), chunksize=1)
    else:
        outcomes = [setup.play(index) for index in range(games)]
    for tallies, cut in outcomes:
        match.games += 1
        match.cut_games += cut
        for name, tally in tallies.items():
            match.tallies[name].add(tally)
    return match


@dataclass(frozen=True)
class GameSetup:
    """What every game of a match shares; ``play(index)`` plays game ``index``."""

    game: str
    players: int
    opponent: str
    seconds: float
    seed: int
    agent_spec: str
    uct_c: float
    mcts_full_state: bool
    max_game_length: int
    options: dict[str, Any]

    def play(self, index: int) -> tuple[dict[str, Tally], bool]:
        """Game ``index``: each contestant's tally of it, and whether it was cut."""
        opponent = self.opponent
        game_seed = self.seed + index
        spiel_game = boardlab_openspiel.load_game(
            self.game, self.players, seed=game_seed, max_game_length=self.max_game_length,
            **self.options,
        )
        if (
            opponent == "openspiel-ismcts"
            and spiel_game.get_type().information
            != pyspiel.GameType.Information.IMPERFECT_INFORMATION
        ):
            raise ValueError(f"{self.game} has perfect information: ISMCTSBot does not apply")
        seating = [
            BOARDLAB if (seat + index) % 2 == 0 else opponent for seat in range(self.players)
        ]
        choosers: list[Chooser] = []
        for seat, name in enumerate(seating):
            seat_seed = game_seed * 1000 + seat
            if name == BOARDLAB:
                choosers.append(boardlab_chooser(self.agent_spec, seat_seed))
            elif opponent == "openspiel-mcts":
                choosers.append(
                    mcts_chooser(
                        spiel_game, self.seconds, self.uct_c, seat_seed, self.mcts_full_state
                    )
                )
            else:
                choosers.append(ismcts_chooser(spiel_game, self.seconds, self.uct_c, seat_seed))
        tallies = {BOARDLAB: Tally(BOARDLAB), opponent: Tally(opponent)}
        state = spiel_game.new_initial_state()
        while not state.is_terminal():
            seat = state.current_player()
            tally = tallies[seating[seat]]
            searched = len(state.legal_actions()) > 1
            start = time.perf_counter()
            action, iterations = choosers[seat](state, seat)
            elapsed = time.perf_counter() - start
            if searched and iterations is not None:
                tally.searches += 1
                tally.iterations += iterations
                tally.search_seconds += elapsed
            state.apply_action(action)
        final = state.boardlab_state
        winners = final.outcome()["winners"] if final.is_over else []  # sides, automa included
        results = state.returns()
        for seat, name in enumerate(seating):
            tally = tallies[name]
            tally.seats += 1
            tally.win_share += 1.0 / len(winners) if final.sides[seat] in winners else 0.0
            tally.result += results[seat]
        return tallies, not final.is_over


def run(
    games_list: Sequence[str],
    players_list: Sequence[int | None],
    opponents: Sequence[str],
    games: int,
    seconds: float,
    seed: int = 0,
    boardlab_agent: str | None = None,
    uct_c: float = 2.0,
    mcts_full_state: bool = False,
    max_game_length: int = 0,
    out: Callable[[str], None] = print,
    workers: int = 1,
) -> list[Match]:
    """Every match of the benchmark; each is printed with ``out`` as it ends."""
    matches = []
    for game in games_list:
        spec = registry.spec(game)
        for players in players_list:
            count = default_players(spec) if players is None else players
            if not spec.min_players <= count <= spec.max_players:
                out(f"{game}: {count} players is not allowed; skipped")
                continue
            for opponent in opponents:
                try:
                    match = play_match(
                        game, count, opponent, games, seconds, seed, boardlab_agent,
                        uct_c, mcts_full_state, max_game_length, workers=workers,
                    )
                except ValueError as error:
                    out(f"{game} ({count} players) vs {opponent}: skipped: {error}")
                    continue
                matches.append(match)
                out(format_match(match))
    return matches


def format_match(match: Match) -> str:
    lines = [
        f"{match.game}, {match.players} players, {match.seconds:g} s/decision, "
        f"{match.games} games ({match.cut_games} cut at the length limit); "
        f"par win share {1 / match.players:.3f}"
    ]
    lines.append(f"  {'contestant':<18} {'seats':>5} {'win/seat':>9} {'result':>7} {'iter/s':>10}")
    for tally in match.tallies.values():
        data = tally.summary()
        speed = data["iterations_per_second"]
        lines.append(
            f"  {tally.name:<18} {data['seats']:>5} {data['win_share_per_seat']:>9.3f} "
            f"{data['mean_result']:>7.3f} {'-' if speed is None else f'{speed:,.0f}':>10}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="a game (repeatable); default: all")
    parser.add_argument(
        "--players", action="append", type=int, help="player count (repeatable); default: 2"
    )
    parser.add_argument("--games", type=int, default=10, help="games per match (default 10)")
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per decision")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first deal")
    parser.add_argument(
        "--opponent", action="append", choices=OPPONENTS, help="OpenSpiel bot; default: both"
    )
    parser.add_argument(
        "--boardlab-agent", help="boardlab agent spec (default: mcts:seconds=SECONDS)"
    )
    parser.add_argument("--uct-c", type=float, default=2.0, help="OpenSpiel UCT constant")
    parser.add_argument(
        "--mcts-full-state", action="store_true",
        help="give MCTSBot the true state (it then sees hidden information and future draws)",
    )
    parser.add_argument(
        "--max-length", type=int, default=0,
        help="cut a game after this many decisions (default: the adapter's limit)",
    )
    parser.add_argument(
        "--workers", type=int, default=1,
        help="games played at a time, in forked processes (at most one per core)",
    )
    parser.add_argument("--json", action="store_true", help="print the results as JSON too")
    args = parser.parse_args(argv)
    games_list = args.game or encodable_games()
    unknown = [g for g in games_list if g not in boardlab.games()]
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}; games: {', '.join(boardlab.games())}")
    if not games_list:
        print("no game has an action codec and observation encoder yet", file=sys.stderr)
        return 1
    if args.games < 1 or args.seconds <= 0 or args.workers < 1:
        parser.error("--games and --workers must be >= 1 and --seconds > 0")
    matches = run(
        games_list,
        args.players or [None],
        args.opponent or list(OPPONENTS),
        args.games,
        args.seconds,
        args.seed,
        args.boardlab_agent,
        args.uct_c,
        args.mcts_full_state,
        args.max_length,
        workers=args.workers,
    )
    if args.json:
        print(json.dumps([match.summary() for match in matches], indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
