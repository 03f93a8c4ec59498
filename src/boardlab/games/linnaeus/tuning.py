"""Linnaeus's settings for agents and simulations: roles, the garden probes of balance reports
(``probes.py``), and search settings (see the package README, "Bots": the search settings
are a first measurement, not tuned)."""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, cast

from boardlab.games.linnaeus.content import CONTENT
from boardlab.games.linnaeus.probes import PROBES
from boardlab.tuning import Tuning

if TYPE_CHECKING:
    from boardlab.engine import GameState
    from boardlab.games.linnaeus.state import LinnaeusState


def roles(state: GameState) -> tuple[str, ...]:
    """Each seat's character with the ``characters`` option (``CH2``), else its starting
    book's domain (``vertebrate``): the seats differ by nothing else."""
    s = cast("LinnaeusState", state)
    found = []
    for seat in range(s.players):
        if s.character[seat] >= 0:
            found.append(CONTENT.characters[s.character[seat]].id)
        else:
            starting = [b for b in (*s.books[seat], *s.published[seat])
                        if CONTENT.books[b].starting]
            domain = CONTENT.books[starting[0]].colour if starting else -1
            found.append(("vertebrate", "plant", "invertebrate")[domain] if domain >= 0
                         else "none")
    return tuple(found)


TUNING = Tuning(search=MappingProxyType({"c": 0.1, "depth": 0}), roles=roles, probes=PROBES)
