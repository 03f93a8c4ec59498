"""Random playouts with a step cap, and recorded games with snapshots taken along the way."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest

import boardlab
from boardlab import Action, GameState
from boardlab.engine import Rng, registry

SEEDS = (1, 2, 3, 4)
MAX_STEPS = 20_000


def describe(state: GameState) -> str:
    """Where a game is, for failure messages: enough to reproduce it with ``boardlab.replay``."""
    decision = state.decision
    waiting = "over" if decision is None else f"on {decision.kind!r} of player {decision.player}"
    options = f" options={dict(state.options)}" if state.options else ""
    return (
        f"{state.game} players={state.players} seed={state.seed}{options} "
        f"step {len(state.history)} ({waiting}; last actions {state.history[-8:]})"
    )


def random_playout(
    game: str,
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    each_step: Callable[[GameState], None] | None = None,
) -> GameState:
    """A whole game of uniform random choices (chooser seeded by ``seed``), up to ``MAX_STEPS``.

    ``each_step(state)`` runs on the new state and after every action.
    """
    state = boardlab.new(game, players, seed, **(options or {}))
    chooser = Rng(seed)
    if each_step is not None:
        each_step(state)
    while not state.is_over:
        if len(state.history) >= MAX_STEPS:
            pytest.fail(f"the game does not end: {describe(state)} after {MAX_STEPS} actions")
        options_now = state.legal_actions()
        state.apply(options_now[chooser.randbelow(len(options_now))])
        if each_step is not None:
            each_step(state)
    return state


@dataclass(frozen=True)
class Checkpoint:
    """A state captured at ``step`` of a recorded game, and its save at capture time.

    Tests must not change ``state``: they work on ``state.clone()``.
    """

    step: int
    state: GameState
    saved: str


@dataclass(frozen=True)
class Recorded:
    """A whole game: its end, the states captured along the way, and, for each history step,
    the seat that decided it (``movers``); ``secret`` holds the steps whose action was secret."""

    final: GameState
    checkpoints: tuple[Checkpoint, ...]
    movers: tuple[int, ...]
    secret: frozenset[int]

    @property
    def history(self) -> list[str]:
        return self.final.history

    def unfinished(self) -> tuple[Checkpoint, ...]:
        return tuple(cp for cp in self.checkpoints if not cp.state.is_over)


def checkpoint_steps(length: int) -> list[int]:
    """The start, the first step, each quarter, the last decision and the end."""
    return sorted(
        {0, min(1, length), length // 4, length // 2, 3 * length // 4, max(0, length - 1), length}
    )


def option(state: GameState, action_id: str) -> Action:
    """The option of the pending decision with this id."""
    for candidate in state.legal_actions():
        if candidate.id == action_id:
            return candidate
    raise AssertionError(f"{action_id!r} is not an option: {describe(state)}")


def follow(state: GameState, history: list[str], until: int | None = None) -> Iterator[int]:
    """Play ``history`` on ``state`` (which is at a step of it) up to step ``until`` (default:
    the end), as its players did: only the ids the engine did not play itself (issue 27:
    it plays every decision with a single option). Yields the step after each apply."""
    end = len(history) if until is None else min(until, len(history))
    while len(state.history) < end:
        step = len(state.history)
        assert state.history == history[:step], describe(state)
        state.apply(option(state, history[step]))
        yield len(state.history)


@functools.cache
def recorded(game: str, players: int, seed: int) -> Recorded:
    """A random game played to the end, with clones taken at ``checkpoint_steps`` (cached).

    A wanted step that was a move of the engine's (between two decisions) is taken at the
    next decision posed."""
    history = random_playout(game, players, seed).history
    wanted = sorted(set(checkpoint_steps(len(history))))
    state = boardlab.new(game, players, seed)
    checkpoints: list[Checkpoint] = []

    def capture() -> None:
        step = len(state.history)
        if wanted and wanted[0] <= step:
            checkpoints.append(Checkpoint(step, state.clone(), state.to_json()))
            while wanted and wanted[0] <= step:
                wanted.pop(0)

    capture()
    for _ in follow(state, history):
        capture()
    movers, secret = deciders(game, players, seed, history)
    return Recorded(state, tuple(checkpoints), movers, secret)


def deciders(
    game: str, players: int, seed: int, history: list[str]
) -> tuple[tuple[int, ...], frozenset[int]]:
    """The seat of every history step (the engine's moves included) and the secret steps."""
    spec = registry.spec(game)
    state = spec.state_class.unsettled(players, seed, spec.resolve_options({}))
    movers: list[int] = []
    secret: set[int] = set()
    for step, action_id in enumerate(history):
        action = option(state, action_id)
        assert state.decision is not None
        movers.append(state.decision.player)
        if action.secret:
            secret.add(step)
        state.apply_raw(action)
    return tuple(movers), frozenset(secret)
