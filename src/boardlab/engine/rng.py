"""A small seeded generator whose whole state is one integer, so clones and saves are exact.

The algorithm is SplitMix64: fast in pure Python, statistically fine for game chance, and
copied by copying one int (``random.Random`` carries 625 words of state).
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """Seeded pseudo-random generator; ``Rng(seed)`` always yields the same stream."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """A uniform int in ``[0, n)``; ``n`` must be positive."""
        if n <= 0:
            raise ValueError(f"randbelow needs a positive bound, got {n}")
        if n > _MASK:
            bits = n.bit_length()
            while True:
                value = self.getrandbits(bits)
                if value < n:
                    return value
        limit = _MASK - (_MASK % n)
        while True:
            value = self.next64()
            if value < limit:
                return value % n

    def randrange(self, start: int, stop: int | None = None) -> int:
        if stop is None:
            return self.randbelow(start)
        return start + self.randbelow(stop - start)

    def random(self) -> float:
        """A float in ``[0, 1)``."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def getrandbits(self, k: int) -> int:
        if k < 0:
            raise ValueError(f"getrandbits needs a non-negative count, got {k}")
        bits = 0
        produced = 0
        while produced < k:
            bits = (bits << 64) | self.next64()
            produced += 64
        return bits >> (produced - k)

    def clone(self) -> Rng:
        twin = Rng.__new__(Rng)
        twin.state = self.state
        return twin

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __hash__(self) -> int:
        return hash(self.state)

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x})"
