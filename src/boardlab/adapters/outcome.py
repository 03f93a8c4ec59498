"""The result of a finished game for each seat, the same in every adapter.

Results are counted by side (``state.outcome()``): a side no seat plays (Linnaeus's solo
``"automa"``) can win, and then every seat loses. With two or more players a seat's result
is its win share (``1/k`` for each of the ``k`` winning sides, 0 for the others) centred on
the average share of a seat and scaled so that a sole win is +1: ``(n * share - 1) / (n - 1)``.
When only seats win, results sum to 0; two players get +1/-1 (0 each for a shared win). A
game won by other sides only gives every seat ``-1/(n-1)``, the result of a loss. A finished
game with no winner at all gives 0 to everyone. Alone, a seat gets ``2 * share - 1``: +1
for a win, 0 for a win shared with the automa, -1 for a loss.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardlab.engine import GameState


def outcome(state: GameState) -> list[float]:
    """One result per seat in ``[-1, 1]``; ``ValueError`` while the game is not over."""
    if not state.is_over:
        raise ValueError(f"the {state.game} game is not over: it has no result yet")
    result = state.outcome()
    sides, won = result["sides"], set(result["winners"])
    seats = [seat for seat in range(state.players) if sides[seat] in won]
    return results(state.players, seats, len(won) - len(seats))


def results(players: int, winners: Sequence[int], others: int = 0) -> list[float]:
    """The results of ``players`` seats of which ``winners`` share the win with ``others``
    sides no seat plays."""
    shared = len(winners) + others
    share = 1.0 / shared if shared else 0.0
    shares = [share if seat in winners else 0.0 for seat in range(players)]
    if players == 1:
        return [2.0 * shares[0] - 1.0]
    if not shared:
        return [0.0] * players
    return [(players * mine - 1.0) / (players - 1) for mine in shares]


def utility_range(players: int) -> tuple[float, float]:
    """The lowest and highest result a seat can get with ``players`` players."""
    if players == 1:
        return -1.0, 1.0
    return -1.0 / (players - 1), 1.0


def zero_sum(state: GameState) -> bool:
    """Whether results always sum to 0: two or more seats, and no side that is not a seat."""
    return state.players > 1 and len(state.sides) == state.players
