"""Which bot specs the web server accepts: agents it can build now, with bounded budgets.

A spec from a client is built at creation with the agent's own parameter checks, so an
unknown parameter or a refused value answers 422 before anything is stored. On top of
those, the server takes only bounded budgets (a bot that thinks forever would hold a core)
and no file paths (a client must not make the server open a file of its choosing).
"""

from __future__ import annotations

from typing import Any

from boardlab import agents

MAX_SECONDS = 10.0  # thinking time per decision of an ``mcts`` bot
MAX_ITERATIONS = 20_000  # iterations per decision of an ``mcts`` bot
MAX_SAMPLES = 16  # sampled worlds per decision of a ``greedy`` bot
MAX_SPEC_LENGTH = 200  # the database keeps a spec in 200 characters

_BOUNDS: dict[tuple[str, str], tuple[float, str]] = {
    ("mcts", "seconds"): (MAX_SECONDS, "seconds"),
    ("mcts", "iterations"): (MAX_ITERATIONS, "iterations"),
    ("greedy", "samples"): (MAX_SAMPLES, "samples"),
}
_PATHS = {("policy", "path")}


def check_spec(spec: str) -> None:
    """Raise ``ValueError`` naming the problem when the server should not run ``spec``: an
    unknown agent, a parameter it does not take, a value it refuses, a budget over the
    server's limits, or a file path."""
    if len(spec) > MAX_SPEC_LENGTH:
        raise ValueError(f"the agent spec is longer than {MAX_SPEC_LENGTH} characters")
    name, params = agents.parse_spec(spec)
    for key, value in params.items():
        if (name, key) in _PATHS:
            raise ValueError(f"agent {name!r}: {key} is not accepted here (the server opens "
                             "no file a client names); leave it out for the shipped one")
        bound = _BOUNDS.get((name, key))
        if bound is not None and _over(value, bound[0]):
            raise ValueError(f"agent {name!r}: {key} may be at most {bound[0]:g} on this "
                             f"server, got {value!r}")
    try:
        agents.make(name, seed=0, **params)
    except TypeError as error:
        raise ValueError(f"agent {name!r}: {error}") from None


def _over(value: Any, limit: float) -> bool:
    """True when ``value`` is a number above ``limit`` (other values the agent checks)."""
    return isinstance(value, int | float) and not isinstance(value, bool) and value > limit
