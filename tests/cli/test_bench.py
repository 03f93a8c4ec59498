"""``boardlab bench`` and the ``boardlab.bench`` library behind it."""

from __future__ import annotations

import json
from collections.abc import Callable

from typer.testing import Result

import boardlab
from boardlab import bench
from boardlab.agents import make

Invoke = Callable[..., Result]

FIGURES = {
    "game", "players", "seed", "options", "games", "decisions", "seconds",
    "decisions_per_second", "games_per_second", "mean_decisions_per_game",
    "sampled_states", "repetitions", "clone_us", "pending_us", "legal_actions_us", "apply_us",
}  # fmt: skip


def random_game_counts(players: int, seed: int, **options: object) -> tuple[int, int]:
    """One game of random play as the benchmark plays it: its decisions (the agent's
    choices) and its moves (the history, which also holds the moves the engine played
    itself, issue 27 item 3)."""
    state = boardlab.new("toy", players, seed, **options)
    agent = make("random", seed=seed)
    decisions = 0
    while not state.is_over:
        state.apply(agent.choose(state))
        decisions += 1
    return decisions, len(state.history)


def test_bench_json_reports_every_figure_for_the_games_played(invoke: Invoke) -> None:
    """Decisions are the ones put to the agent: the engine's own moves are not counted."""
    result = invoke(["bench", "toy", "--players", "3", "--games", "4", "--seed", "10", "--json"])
    assert result.exit_code == 0
    figures = json.loads(result.stdout)
    assert set(figures) == FIGURES
    assert (figures["game"], figures["players"], figures["games"]) == ("toy", 3, 4)
    counts = [random_game_counts(3, 10 + i) for i in range(4)]
    decisions, moves = sum(c[0] for c in counts), sum(c[1] for c in counts)
    assert decisions < moves
    assert figures["decisions"] == decisions
    assert figures["mean_decisions_per_game"] == decisions / 4
    for key in ("clone_us", "pending_us", "legal_actions_us", "apply_us", "decisions_per_second"):
        assert figures[key] > 0, key


def test_bench_passes_game_options_on(invoke: Invoke) -> None:
    result = invoke(["bench", "toy", "--games", "2", "--option", "pile=5", "--json"])
    figures = json.loads(result.stdout)
    assert figures["options"] == {"pile": 5}
    assert figures["decisions"] == sum(random_game_counts(2, i, pile=5)[0] for i in range(2))


def test_bench_table_names_each_measure(invoke: Invoke) -> None:
    result = invoke(["bench", "toy", "--games", "1"])
    assert result.exit_code == 0
    for label in ("decisions / s", "games / s", "clone() µs", "pending() µs", "apply() µs"):
        assert label in result.stdout


def test_library_samples_undecided_states_along_random_games() -> None:
    figures = bench.run("toy", 2, games=1, seed=3)
    assert figures.games == 1
    assert figures.sampled_states == bench.SAMPLED_STATES
    assert figures.repetitions == bench.REPETITIONS


def test_bad_bench_arguments_are_one_line_errors(
    invoke: Invoke, one_line_error: Callable[[Result, str], str]
) -> None:
    assert "unknown game" in one_line_error(invoke(["bench", "chess"]), "bench")
    assert "2 to 4 players" in one_line_error(invoke(["bench", "toy", "-n", "5"]), "bench")
    assert "--seconds must be positive" in one_line_error(
        invoke(["bench", "toy", "--seconds", "0"]), "bench"
    )
    assert "--games must be positive" in one_line_error(
        invoke(["bench", "toy", "--games", "-1"]), "bench"
    )
    assert "has no option 'speed'" in one_line_error(
        invoke(["bench", "toy", "--option", "speed=2"]), "bench"
    )
