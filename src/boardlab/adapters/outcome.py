"""The result of a finished game for each seat, the same in every adapter.

With two or more players a seat's result is its win share (``1/k`` for each of ``k`` tied
winners, 0 for the others) centred on the average share and scaled so that a sole win is
+1: ``(n * share - 1) / (n - 1)``. Results sum to 0; two players get +1/-1 (0 each for a
shared win). A finished game with no winner gives 0 to everyone. Alone, a win is +1 and
anything else -1.
"""

from __future__ import annotations

from boardlab.engine import GameState


def outcome(state: GameState) -> list[float]:
    """One result per seat in ``[-1, 1]``; ``ValueError`` while the game is not over."""
    if not state.is_over:
        raise ValueError(f"the {state.game} game is not over: it has no result yet")
    return results(state.players, state.winners())


def results(players: int, winners: list[int]) -> list[float]:
    """The results of ``players`` seats of which ``winners`` share the win."""
    if players == 1:
        return [1.0 if winners else -1.0]
    if not winners:
        return [0.0] * players
    share = 1.0 / len(winners)
    return [
        (players * (share if seat in winners else 0.0) - 1.0) / (players - 1)
        for seat in range(players)
    ]


def utility_range(players: int) -> tuple[float, float]:
    """The lowest and highest result a seat can get with ``players`` players."""
    if players == 1:
        return -1.0, 1.0
    return -1.0 / (players - 1), 1.0
