"""Agents: objects with ``choose(state) -> Action``, made by name.

>>> agent = make("random", seed=1)
>>> action = agent.choose(state)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from boardlab.agents.random_agent import RandomAgent
from boardlab.engine import Action, GameState


class Agent(Protocol):
    name: str

    def choose(self, state: GameState) -> Action: ...


_FACTORIES: dict[str, Callable[..., Agent]] = {
    "random": RandomAgent,
}


def names() -> list[str]:
    return sorted(_FACTORIES)


def make(name: str, seed: int = 0, **params: Any) -> Agent:
    """An agent by name; ``ValueError`` naming the agents there are for an unknown one."""
    factory = _FACTORIES.get(name)
    if factory is None:
        raise ValueError(f"unknown agent {name!r}; agents: {', '.join(names())}")
    return factory(seed=seed, **params)
