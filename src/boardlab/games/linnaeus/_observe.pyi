"""Linnaeus's compiled observation encoder (``_observe.c``): the C twin of
``fast_observation.FastLinnaeusEncoder``, built by ``FastLinnaeusEncoder.native``."""

from boardlab.engine import GameState

class Encoder:
    def __init__(
        self,
        ints: tuple[tuple[str, int], ...],
        scales: tuple[tuple[str, float], ...],
        specimens: tuple[tuple[float, float, int], ...],
        sketch_colour: tuple[int, ...],
        sketch_value: tuple[int, ...],
        letter_colour: tuple[int, ...],
        voyage_cells: tuple[int, ...],
        scale: object,
        low: object,
        high: object,
    ) -> None: ...
    def encode(self, state: GameState, seat: int | None, out: object) -> None:
        """Write ``seat``'s normalised vector (None: the spectator) into the float32 ``out``."""
