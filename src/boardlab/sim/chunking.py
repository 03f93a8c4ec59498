"""How many games to send to a worker at once, from how long games have taken so far.

Small chunks report finished games early (a resumable ``--out`` loses little when a run
is stopped) and balance the end of a run; large chunks keep the cost of sending work to a
worker small next to playing. A chunk aims at ``target_seconds`` of play, never holds
more than a quarter of one worker's share of what is left (so chunks shrink towards the
end and workers finish together), and is one game until some game has been timed.
"""

from __future__ import annotations

from collections.abc import Iterator

TARGET_SECONDS = 0.25
MAX_CHUNK = 2000
TAIL_SHARE = 4  # a chunk holds at most 1/(4 * workers) of the games left


class ChunkSizer:
    """Cuts the games still to play into chunks sized from the mean time per game."""

    def __init__(self, indices: list[int], workers: int, target_seconds: float = TARGET_SECONDS):
        self._todo = indices
        self._next = 0
        self._workers = max(1, workers)
        self._target = target_seconds
        self._timed_games = 0
        self._timed_seconds = 0.0

    def __bool__(self) -> bool:
        return self._next < len(self._todo)

    def observe(self, games: int, seconds: float) -> None:
        """Record that ``games`` games took ``seconds`` of play in all."""
        self._timed_games += games
        self._timed_seconds += seconds

    def next_chunk(self) -> list[int]:
        """The indices of the next chunk (empty when every game has been handed out)."""
        left = len(self._todo) - self._next
        if left <= 0:
            return []
        size = 1
        if self._timed_games:
            per_game = max(self._timed_seconds / self._timed_games, 1e-6)
            size = int(self._target / per_game)
        share = -(-left // (TAIL_SHARE * self._workers))
        size = max(1, min(size, share, MAX_CHUNK))
        chunk = self._todo[self._next : self._next + size]
        self._next += size
        return chunk

    def __iter__(self) -> Iterator[list[int]]:
        while self:
            yield self.next_chunk()
