"""The 4 x 4 research field: positions, reading order and precomputed 8-neighbour tables."""

from __future__ import annotations

ROWS = 4
COLS = 4
POSITIONS = tuple(range(ROWS * COLS))
ROW_COL = tuple((pos // COLS, pos % COLS) for pos in POSITIONS)


def _neighbours(pos: int) -> tuple[int, ...]:
    row, col = ROW_COL[pos]
    return tuple(
        r * COLS + c
        for r in range(row - 1, row + 2)
        for c in range(col - 1, col + 2)
        if (r, c) != (row, col) and 0 <= r < ROWS and 0 <= c < COLS
    )


NEIGHBOURS = tuple(_neighbours(pos) for pos in POSITIONS)
BIT = tuple(1 << pos for pos in POSITIONS)


def position(args: tuple[int | str, ...]) -> int:
    """The field position named by the first two action arguments (row, column)."""
    return int(args[0]) * COLS + int(args[1])


def label(pos: int) -> str:
    """``"r,c"`` for a position, as action ids show it."""
    row, col = ROW_COL[pos]
    return f"{row},{col}"
