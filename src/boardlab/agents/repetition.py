"""A guard that keeps an agent from cycling through options that undo each other.

A game may offer a way back inside a compound turn (``take 2`` -> ``undo`` -> ``take 2``...).
An agent that values the position after ``undo`` above the one after ``confirm`` (say,
because confirming ends a lost game) would cycle for ever. The guard remembers, per seat
and per position as the seat sees it (``view(seat)``), how often each option was chosen
there, and offers only the options chosen least often, so every way out is tried in turn.
A position is the seat's view without the decision's id (which counts the decisions
answered, so it differs each time a cycle comes back to the same position).
"""

from __future__ import annotations

import json
from typing import Any

from boardlab.engine import Action, GameState


class RepetitionGuard:
    """Per-game memory of the options an agent chose at each position it decided in."""

    __slots__ = ("_chosen", "_game", "_moves")

    def __init__(self) -> None:
        self._chosen: dict[str, dict[str, int]] = {}
        self._game: tuple[Any, ...] = ()
        self._moves = 0

    def least_tried(self, state: GameState, seat: int) -> tuple[str, tuple[Action, ...]]:
        """The position's key and those of its options chosen least often there so far."""
        game = (state.game, state.players, state.seed, dict(state.options))
        decision = state.decision
        moves = 0 if decision is None else decision.id
        if game != self._game or moves < self._moves:
            self._chosen.clear()
            self._game = game
        self._moves = moves
        key = json.dumps([seat, position(state, seat)], sort_keys=True, separators=(",", ":"))
        options = state.legal_actions()
        counts = self._chosen.get(key)
        if not counts:
            return key, tuple(options)
        fewest = min(counts.get(option.id, 0) for option in options)
        return key, tuple(o for o in options if counts.get(o.id, 0) == fewest)

    def record(self, key: str, action: Action) -> None:
        """Note that ``action`` was chosen at the position ``key``."""
        counts = self._chosen.setdefault(key, {})
        counts[action.id] = counts.get(action.id, 0) + 1


def position(state: GameState, seat: int) -> dict[str, Any]:
    """``state.view(seat)`` without the pending decision's id."""
    view = state.view(seat)
    shown = view.get("decision")
    if shown is not None:
        view["decision"] = {key: value for key, value in shown.items() if key != "id"}
    return view
