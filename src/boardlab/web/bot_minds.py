"""What a bot worker keeps: each game's state and each bot seat's agent (with its tree).

Runs inside a worker process (``workers.serve_forever``); the server never imports it. Each
request runs under an alarm of its time limit (``SIGALRM``, the worker's main thread is the
one thinking), so a bot past its time is interrupted between two Python instructions.
"""

from __future__ import annotations

import signal
from types import FrameType
from typing import Any

import boardlab
from boardlab.agents import Agent, from_spec
from boardlab.engine import GameState, IllegalAction, registry
from boardlab.web.workers import Ask


class Overrun(BaseException):
    """The request's time limit passed (not an ``Exception``: an agent's own ``except
    Exception`` must not swallow it)."""


def _alarm(_signal: int, _frame: FrameType | None) -> None:
    raise Overrun


def warm_up() -> None:
    """Set up one game of each kind (imports, content tables), so that a bot's first move is
    not charged for them; install the alarm."""
    signal.signal(signal.SIGALRM, _alarm)
    for name in boardlab.api.games():
        boardlab.new(name, registry.spec(name).min_players, 0)


class Minds:
    """The games a worker was asked about and their bots' agents."""

    def __init__(self) -> None:
        self.states: dict[str, GameState] = {}
        self.agents: dict[tuple[str, int], tuple[str, Agent]] = {}

    def answer(self, ask: Ask) -> tuple[str, Any]:
        """``("chose", action id)``, ``("stale", None)`` when the worker's copy of the game
        does not stand at the asked decision, or ``("failed", why)``."""
        for game_id in ask.forget:
            self.drop(game_id)
        signal.setitimer(signal.ITIMER_REAL, ask.seconds)
        try:
            return self._answer(ask)
        except Overrun:
            return ("overran", None)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)

    def _answer(self, ask: Ask) -> tuple[str, Any]:
        try:
            state = self._state(ask)
        except (IllegalAction, ValueError, KeyError) as error:
            self.drop(ask.game_id)
            return ("stale", str(error)) if not ask.rebuild else ("failed", str(error))
        except Overrun:
            self.drop(ask.game_id)  # a replay cut short
            raise
        pending = state.decision
        if pending is None or pending.id != ask.decision or pending.player != ask.seat:
            self.drop(ask.game_id)
            return ("stale", None) if not ask.rebuild else ("failed", "not this bot's turn")
        try:
            action = self._agent(ask).choose(state.clone())
        except Overrun:
            self.agents.pop((ask.game_id, ask.seat), None)  # its tree may be half updated
            raise
        except Exception as error:  # an agent's bug must not end the worker
            return ("failed", f"{type(error).__name__}: {error}")
        return ("chose", action.id)

    def drop(self, game_id: str) -> None:
        """Forget a game's state and agents."""
        self.states.pop(game_id, None)
        for key in [k for k in self.agents if k[0] == game_id]:
            del self.agents[key]

    def _state(self, ask: Ask) -> GameState:
        state = None if ask.rebuild else self.states.get(ask.game_id)
        if state is None:
            if not ask.rebuild:
                raise KeyError(ask.game_id)
            state = _replayed(ask.setup, ask.actions)
        else:
            for action in ask.actions:
                state.apply(action)
        self.states[ask.game_id] = state
        return state

    def _agent(self, ask: Ask) -> Agent:
        key = (ask.game_id, ask.seat)
        kept = self.agents.get(key)
        if kept is None or kept[0] != ask.spec:
            kept = (ask.spec, from_spec(ask.spec, seed=ask.agent_seed))
            self.agents[key] = kept
        return kept[1]


def _replayed(setup: tuple[str, int, int, dict[str, Any]], actions: tuple[str, ...]
              ) -> GameState:
    """The game after ``actions``, as the server rebuilds it (``service.replay``)."""
    game, players, seed, options = setup
    state = boardlab.new(game, players, seed, **options)
    try:
        for action in actions:
            state.apply(action)
    except IllegalAction:
        return boardlab.replay(game, players, seed, list(actions), **options)
    return state
