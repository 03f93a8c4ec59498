"""Every step of a finished or saved game, for stepping through it forwards and back.

Building it replays the save's history: that is the referee's record of the game, read
here only to rebuild each position. What a step shows comes from the log of the seat
viewing (or the spectator's), never from the history.
"""

from __future__ import annotations

from typing import Any

from boardlab.engine import GameState


class Timeline:
    """The states of a game after 0, 1, ... n actions, replayed from its seed and history.

    Each state is a clone kept in memory (with ``keep_states``), so going back or jumping
    is instant. ``marks[k]`` is how many log entries the game had after ``k`` actions. The
    history holds the moves the engine played itself (decisions with a single option): each
    is a step of its own, its decision shown pending at the step before.
    """

    def __init__(self, game: GameState, keep_states: bool = True) -> None:
        current = type(game).unsettled(game.players, game.seed, game.options)
        self.states: list[GameState] = [current.clone()] if keep_states else []
        self.marks = [len(current.log(None))]
        for action_id in game.history:
            current.apply_raw(action_id)
            mark = self.marks[-1]
            self.marks.append(mark + len(current.log(None, since=mark)))
            if keep_states:
                self.states.append(current.clone())
        self.final = current

    def __len__(self) -> int:
        """The number of actions in the game."""
        return len(self.marks) - 1

    def state(self, position: int) -> GameState:
        """The state after ``position`` actions (0 is the start); needs ``keep_states``."""
        return self.states[position]

    def entries(self, position: int, seat: int | None) -> list[dict[str, Any]]:
        """What ``seat``'s log gained with step ``position`` (the action and the events it
        set off), as ``seat`` knew it then; at 0, the events of the deal. Needs
        ``keep_states``."""
        since = self.marks[position - 1] if position > 0 else 0
        return self.state(position).log(seat, since=since)
