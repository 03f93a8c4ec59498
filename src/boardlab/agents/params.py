"""Checks for agent parameters: unknown names and out-of-range values raise ``ValueError``."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any


def reject_unknown(agent: str, unknown: Mapping[str, Any], accepted: Iterable[str]) -> None:
    """Raise ``ValueError`` naming the accepted parameters when any other was given."""
    if unknown:
        names = ", ".join(sorted(accepted)) or "none"
        raise ValueError(
            f"agent {agent!r} has no parameter {', '.join(map(repr, unknown))}; "
            f"accepted parameters: {names}"
        )


def number(
    agent: str,
    name: str,
    value: Any,
    low: float,
    high: float | None = None,
    integer: bool = False,
) -> Any:
    """``value`` when it is a finite number in ``[low, high]`` (an int if ``integer``); else
    ValueError."""
    kinds: tuple[type[int] | type[float], ...] = (int,) if integer else (int, float)
    in_range = (
        isinstance(value, kinds)
        and not isinstance(value, bool)
        and math.isfinite(value)  # nan compares false, and no budget may be infinite
        and value >= low
        and (high is None or value <= high)
    )
    if not in_range:
        kind = "an integer" if integer else "a number"
        bound = f">= {low}" if high is None else f"in [{low}, {high}]"
        raise ValueError(f"agent {agent!r}: {name} must be {kind} {bound}, got {value!r}")
    return value


def choice(agent: str, name: str, value: Any, accepted: tuple[Any, ...]) -> Any:
    """``value`` if it is one of ``accepted``, else ``ValueError`` listing them."""
    if value not in accepted or isinstance(value, bool) != isinstance(accepted[0], bool):
        shown = ", ".join(map(str, accepted))
        raise ValueError(f"agent {agent!r}: {name} must be one of {shown}, got {value!r}")
    return value
