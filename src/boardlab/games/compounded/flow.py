"""The driver: runs automatic steps until a decision is needed, poses it, applies answers.

A decision with a single option is forced and applied at once (it never reaches a
player), so every decision a player sees has at least two options.
"""

from __future__ import annotations

from typing import Any

from boardlab.engine import Action, Decision
from boardlab.games.compounded import discovery, fire, lab, research, rounds, study  # noqa: F401
from boardlab.games.compounded.frames import (
    APPLY,
    BUILD,
    FIRST_DECISION,
    KIND,
    PROMPT,
    TASKS,
)


def advance(s: Any) -> None:
    """Run automatic steps and forced answers until a real decision waits or the game ends."""
    stack = s.stack
    tasks = TASKS
    while stack:
        frame = stack[-1]
        op = frame[0]
        if op < FIRST_DECISION:
            tasks[op](s, frame)  # type: ignore[misc]
            continue
        options = BUILD[op](s, frame)  # type: ignore[misc]
        if len(options) == 1:
            APPLY[op](s, frame, options[0])  # type: ignore[misc]
            continue
        s.cache = (frame, options)
        return
    s.cache = None


def pending(s: Any) -> Decision | None:
    """The decision waited on now, or ``None`` once the game is over."""
    stack = s.stack
    if not stack:
        return None
    frame = stack[-1]
    op = frame[0]
    cache = s.cache
    options = (
        cache[1] if cache is not None and cache[0] is frame else BUILD[op](s, frame)  # type: ignore[misc]
    )
    return Decision(frame[1], KIND[op], PROMPT[op](s, frame), options)  # type: ignore[misc]


def resolve(s: Any, action: Action) -> None:
    """Apply a legal answer to the decision on top of the stack, then run on."""
    frame = s.stack[-1]
    APPLY[frame[0]](s, frame, action)  # type: ignore[misc]
    advance(s)
