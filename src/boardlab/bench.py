"""Speed of a game's engine on one core: random playouts and the cost of each contract call.

>>> figures = run("compounded", players=3, seconds=2.0)
>>> figures.decisions_per_second
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from boardlab.agents import make
from boardlab.api import new
from boardlab.engine import Action, GameState, Rng

SAMPLED_STATES = 120
REPETITIONS = 25
BATCHES = 3
DEFAULT_SECONDS = 3.0


@dataclass(frozen=True)
class BenchFigures:
    """What ``run`` measured; times per call are in microseconds.

    ``pending_us`` is the game hook that builds a decision (``GameState.pending()``), timed
    on its first call in positions just reached by ``apply()``, as playouts and searches
    pay it; ``legal_actions_us`` is ``legal_actions()`` once that decision is cached, what
    every later query of the same position costs; ``apply_us`` is ``apply()`` of a legal
    option given as an ``Action`` (legality check included, next decision not built, but
    the moves the engine then plays itself, decisions with a single option, included).
    ``decisions`` counts the decisions put to the agent, not those forced moves.
    """

    game: str
    players: int
    seed: int
    options: dict[str, Any]
    games: int
    decisions: int
    seconds: float
    decisions_per_second: float
    games_per_second: float
    mean_decisions_per_game: float
    sampled_states: int
    repetitions: int
    clone_us: float
    pending_us: float
    legal_actions_us: float
    apply_us: float


def run(
    game: str,
    players: int,
    seconds: float | None = None,
    games: int | None = None,
    seed: int = 0,
    **options: Any,
) -> BenchFigures:
    """Random playouts for ``seconds`` or ``games`` (whichever ends first), then micro-timings.

    With neither limit given the playouts last ``DEFAULT_SECONDS``. Game ``i`` uses seed
    ``seed + i``; at least one game is always played to the end.
    """
    if seconds is None and games is None:
        seconds = DEFAULT_SECONDS
    start = new(game, players, seed, **options)
    played, decisions, elapsed_ns = _playouts(start, seconds, games)
    samples = _sample_states(start, SAMPLED_STATES)
    elapsed = elapsed_ns / 1e9
    return BenchFigures(
        game=game,
        players=players,
        seed=seed,
        options=dict(start.options),
        games=played,
        decisions=decisions,
        seconds=round(elapsed, 3),
        decisions_per_second=decisions / elapsed if elapsed else 0.0,
        games_per_second=played / elapsed if elapsed else 0.0,
        mean_decisions_per_game=decisions / played,
        sampled_states=len(samples),
        repetitions=REPETITIONS,
        clone_us=_per_call_us(samples, _time_clone),
        pending_us=_per_call_us(samples, _time_pending),
        legal_actions_us=_per_call_us(samples, _time_legal_actions),
        apply_us=_per_call_us(samples, _time_apply),
    )


def _playouts(start: GameState, seconds: float | None, games: int | None) -> tuple[int, int, int]:
    """Play random games from fresh deals; returns (games, decisions, nanoseconds)."""
    deadline_ns = None if seconds is None else int(seconds * 1e9)
    played = decisions = 0
    began = time.perf_counter_ns()
    elapsed = 0
    while True:
        state = new(start.game, start.players, start.seed + played, **start.options)
        agent = make("random", seed=start.seed + played)
        while not state.is_over:
            state.apply(agent.choose(state))
            decisions += 1
        played += 1
        elapsed = time.perf_counter_ns() - began
        if games is not None and played >= games:
            break
        if deadline_ns is not None and elapsed >= deadline_ns:
            break
    return played, decisions, elapsed


def _sample_states(start: GameState, count: int) -> list[GameState]:
    """About ``count`` undecided states spread along random games (every few decisions)."""
    if start.is_over:
        raise ValueError(f"a new {start.game} game is already over: there is nothing to time")
    rng = Rng(start.seed ^ 0x5EED)
    length = _game_length(start.clone(), rng)
    stride = max(1, length // count)
    samples: list[GameState] = []
    round_ = 0
    while len(samples) < count:
        state = new(start.game, start.players, start.seed + 7919 * (round_ + 1), **start.options)
        step = 0
        while not state.is_over and len(samples) < count:
            if step % stride == 0:
                samples.append(state.clone())
            options = state.legal_actions()
            state.apply(options[rng.randbelow(len(options))])
            step += 1
        round_ += 1
    return samples


def _game_length(state: GameState, rng: Rng) -> int:
    length = 0
    while not state.is_over:
        options = state.legal_actions()
        state.apply(options[rng.randbelow(len(options))])
        length += 1
    return length


def _per_call_us(samples: list[GameState], timer: Callable[[GameState], int]) -> float:
    """Mean over the sampled states of microseconds per call (``REPETITIONS`` calls a batch).

    As ``timeit`` does, the garbage collector is paused and each state keeps its fastest of
    ``BATCHES`` batches, so a pause of the machine does not count as the game's cost.
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        total_ns = sum(min(timer(state) for _ in range(BATCHES)) for state in samples)
    finally:
        if collecting:
            gc.enable()
    return total_ns / (len(samples) * REPETITIONS) / 1000


def _time_clone(state: GameState) -> int:
    began = time.perf_counter_ns()
    for _ in range(REPETITIONS):
        state.clone()
    return time.perf_counter_ns() - began


def _time_pending(state: GameState) -> int:
    """``pending()`` once on each of fresh positions, one action after ``state``."""
    reached = []
    for twin, action in _clones_with_actions(state):
        twin.apply(action)
        reached.append(twin)
    began = time.perf_counter_ns()
    for twin in reached:
        twin.pending()
    return time.perf_counter_ns() - began


def _time_legal_actions(state: GameState) -> int:
    twin = state.clone()
    twin.legal_actions()
    began = time.perf_counter_ns()
    for _ in range(REPETITIONS):
        twin.legal_actions()
    return time.perf_counter_ns() - began


def _time_apply(state: GameState) -> int:
    pairs = _clones_with_actions(state)
    began = time.perf_counter_ns()
    for twin, action in pairs:
        twin.apply(action)
    return time.perf_counter_ns() - began


def _clones_with_actions(state: GameState) -> list[tuple[GameState, Action]]:
    """``REPETITIONS`` clones of ``state``, each with a random legal option to play on it."""
    options = state.legal_actions()
    decision = state.decision
    rng = Rng(0 if decision is None else decision.id)
    return [(state.clone(), options[rng.randbelow(len(options))]) for _ in range(REPETITIONS)]
