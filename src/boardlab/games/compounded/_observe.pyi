"""Compounded's compiled observation encoder (``_observe.c``), the C twin of
``fast_observation.py``; ``tests/adapters/test_native_observation.py`` checks them equal."""

from boardlab.engine import GameState

class Encoder:
    """The normalised observation vector straight from a Compounded state."""

    def __init__(
        self, config: tuple[object, ...], scale: object, low: object, high: object
    ) -> None:
        """``config``: ``fast_observation.native_config(...)``; ``scale`` (or None), ``low``
        and ``high``: the observer's float32 arrays."""

    def encode(self, state: GameState, seat: int | None, out: object) -> None:
        """Write the normalised vector of what ``seat`` sees into the float32 array ``out``."""
