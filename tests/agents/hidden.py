"""The check that an agent's choice ignores what the deciding seat cannot see."""

from __future__ import annotations

from collections.abc import Iterable

from boardlab import agents
from boardlab.engine import GameState, Rng


def same_choice_when_hidden_information_is_resampled(
    state: GameState, specs: Iterable[str], seeds: Iterable[int]
) -> int:
    """Check every agent on ``state`` and on copies re-dealt for the acting seat; count the
    copies whose hidden information really differed."""
    seat = state.to_move
    differed = 0
    for k in seeds:
        copy = state.determinize(seat, Rng(1_000 + k))
        assert copy.view(seat) == state.view(seat)
        differed += copy.snapshot() != state.snapshot()
        for spec in specs:
            real = agents.from_spec(spec, seed=k).choose(state)
            resampled = agents.from_spec(spec, seed=k).choose(copy)
            assert real == resampled, f"{spec} seed {k}: {real} on the real state, {resampled}"
    return differed
