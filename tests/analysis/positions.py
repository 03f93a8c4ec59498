"""Positions and games the analysis tests share."""

from __future__ import annotations

from typing import Any

import boardlab
from boardlab import agents
from boardlab.engine import GameState


def toy_confirm(taken: tuple[int, int], bonus: tuple[int, int], pile: int = 3) -> GameState:
    """A 2-player toy game where seat 0 has chosen to take the whole pile of ``pile`` stones
    and now confirms (the game then ends) or chooses again."""
    state = boardlab.new("toy", players=2, seed=1)
    state.pile = pile  # type: ignore[attr-defined]
    state.chosen = pile  # type: ignore[attr-defined]
    state.taken = list(taken)  # type: ignore[attr-defined]
    state.bonus = list(bonus)  # type: ignore[attr-defined]
    state.turn = 0  # type: ignore[attr-defined]
    state.forget_decision()
    return state


def played_game(
    game: str,
    seed: int,
    bots: tuple[str, ...] = ("greedy", "random"),
    options: dict[str, Any] | None = None,
) -> GameState:
    """A finished game of ``game`` between ``bots`` (one per seat, in seat order)."""
    state = boardlab.new(game, players=len(bots), seed=seed, **(options or {}))
    players = [agents.from_spec(spec, seed=seed + seat) for seat, spec in enumerate(bots)]
    while (decision := state.decision) is not None:
        state.apply(players[decision.player].choose(state))
    return state


def played_until(game: str, seed: int, steps: int) -> GameState:
    """A 2-player game of ``game`` after ``steps`` random decisions."""
    state = boardlab.new(game, players=2, seed=seed)
    bot = agents.make("random", seed=seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(bot.choose(state))
    return state


def duel_last_bonus(points: tuple[int, int, int]) -> GameState:
    """A 2-player duel (3 rounds) whose last round seat 0 has won: it takes the 1- or the
    3-point token, and the game ends. ``points``: seat 0's, seat 1's and the automa's."""
    state = boardlab.new("duel", players=2, seed=1, rounds=3)
    data = state.snapshot()
    data.update(
        round=3,
        points=list(points),
        tokens=[[], []],
        pool=[1, 3],
        picks=[0, 0],
        stack=[["bonus", 0]],
    )
    state.restore(data)
    state.reopen()
    return state
