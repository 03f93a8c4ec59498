"""Agents: objects with ``choose(state) -> Action``, made by name.

>>> agent = make("random", seed=1)
>>> action = agent.choose(state)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from boardlab.agents.greedy import GreedyAgent
from boardlab.agents.mcts import MctsAgent
from boardlab.agents.probe import ProbeAgent
from boardlab.agents.random_agent import RandomAgent
from boardlab.engine import Action, GameState


class Agent(Protocol):
    name: str

    def choose(self, state: GameState) -> Action: ...


def _policy(seed: int = 0, **params: Any) -> Agent:
    """The ``"policy"`` agent (``agents.policy``), imported when made: it needs numpy."""
    from boardlab.agents.policy import NetworkAgent

    return NetworkAgent(seed=seed, **params)


_FACTORIES: dict[str, Callable[..., Agent]] = {
    "greedy": GreedyAgent,
    "mcts": MctsAgent,
    "policy": _policy,
    "probe": ProbeAgent,
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


def split_specs(text: str | Sequence[str]) -> tuple[str, ...]:
    """Agent specs from comma-separated text, where ``key=value`` parts stay with their spec.

    >>> split_specs("random,mcts:iterations=200,seconds=0.1,greedy")
    ('random', 'mcts:iterations=200,seconds=0.1', 'greedy')
    """
    values = [text] if isinstance(text, str) else list(text)
    specs: list[str] = []
    for value in values:
        for part in (p.strip() for p in value.split(",")):
            if not part:
                continue
            if "=" in part and ":" not in part and specs:
                specs[-1] = f"{specs[-1]},{part}"
            else:
                specs.append(part)
    return tuple(specs)


def parse_spec(text: str) -> tuple[str, dict[str, Any]]:
    """Split ``"mcts:iterations=2000,seconds=0.2"`` into a name and typed parameters.

    Values are read as int, then float, then ``true``/``false``, else kept as text.
    """
    name, _, rest = text.strip().partition(":")
    params: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, raw = part.partition("=")
        if not sep or not key:
            raise ValueError(f"agent parameter {part!r} is not key=value (in {text!r})")
        params[key.strip()] = _typed(raw.strip())
    if name not in _FACTORIES:
        raise ValueError(f"unknown agent {name!r}; agents: {', '.join(names())}")
    return name, params


def from_spec(text: str, seed: int = 0) -> Agent:
    """An agent from a command-line spec such as ``"random"`` or ``"mcts:iterations=2000"``."""
    name, params = parse_spec(text)
    return make(name, seed=seed, **params)


def _typed(raw: str) -> Any:
    for convert in (int, float):
        try:
            return convert(raw)
        except ValueError:
            pass
    lowered = raw.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    return raw
