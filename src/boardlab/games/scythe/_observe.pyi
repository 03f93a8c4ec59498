"""Scythe's compiled observation encoder (``_observe.c``): the C twin of
``fast_observation.FastScytheEncoder``, built from ``fast_observation._native_config``."""

from boardlab.engine import GameState

class Encoder:
    """``Encoder(config, scale, low, high)``: the normalised vector straight from the state."""

    def __init__(
        self, config: dict[str, object], scale: object, low: object, high: object
    ) -> None: ...
    def encode(self, state: GameState, seat: int | None, out: object) -> None:
        """Write the whole normalised vector of what ``seat`` sees into the float32 ``out``."""
        ...
