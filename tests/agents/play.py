"""Playing whole games between agents, for agent tests."""

from __future__ import annotations

from collections.abc import Sequence

import boardlab
from boardlab import agents
from boardlab.engine import GameState


def play_game(
    game: str, specs: Sequence[str], seed: int, limit: int = 2_000, **options: object
) -> GameState:
    """A finished game between agents given as specs, seat by seat, seeded from ``seed``."""
    state = boardlab.new(game, players=len(specs), seed=seed, **options)
    bots = [agents.from_spec(spec, seed=seed * 100 + seat) for seat, spec in enumerate(specs)]
    for _ in range(limit):
        if state.is_over:
            return state
        state.apply(bots[state.to_move].choose(state))
    raise AssertionError(f"{game} did not end within {limit} actions: {state.history[-8:]}")


def wins_of(game: str, spec: str, rival: str, seeds: range) -> float:
    """Games ``spec`` wins against ``rival`` (a shared win counts a half), seats alternating."""
    total = 0.0
    for seed in seeds:
        seat = seed % 2
        specs = [rival, rival]
        specs[seat] = spec
        winners = play_game(game, specs, seed).winners()
        if seat in winners:
            total += 1 / len(winners)
    return total
