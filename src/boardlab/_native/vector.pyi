"""The compiled kernel of ``boardlab.engine.vector`` (``vector.c``)."""

from typing import Any

class Program:
    def __init__(
        self,
        program: tuple[Any, ...],
        size: int,
        players: int,
        scale: object,
        low: object,
        high: object,
        spectator: tuple[Any, ...] | None = None,
        /,
    ) -> None: ...
    def encode(self, state: object, seat: int | None, out: object, /) -> None: ...
