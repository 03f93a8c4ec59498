"""Compounded's settings for agents and simulations: the general search settings (measured
in the README's "Bots") and the probes of balance reports (``probes.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from boardlab.games.compounded.probes import PROBES
from boardlab.tuning import Tuning

if TYPE_CHECKING:
    from boardlab.engine import GameState
    from boardlab.games.compounded.state import CompoundedState


def turn_order(state: GameState) -> tuple[int, ...]:
    """Seats clockwise from the first lead, the holder of the rarest crystal (C-4.7)."""
    s = cast("CompoundedState", state)
    return tuple((s.lead + i) % s.players for i in range(s.players))


TUNING = Tuning(
    turn_order=turn_order,
    probes=PROBES,
)
