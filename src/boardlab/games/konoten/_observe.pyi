"""Konoten's compiled observation encoder (``_observe.c``, the C twin of
``fast_observation.py``); made by ``FastKonotenEncoder.native``."""

from boardlab.engine import GameState

class Encoder:
    def __init__(
        self,
        layout: tuple[int, ...],
        tables: tuple[tuple[int, ...], ...],
        kinds: dict[str, int],
        parts: dict[str, int],
        grind: str,
        scale: object,
        low: object,
        high: object,
    ) -> None: ...
    def encode(self, state: GameState, seat: int | None, out: object) -> None: ...
