"""A fixed-size encoding of the last entries of a seat's log (``state.log(seat)``).

OpenSpiel's information-state tensor is the observation vector followed by this block, so
it carries what the seat saw happen, not only the position. The block holds the last
``ENTRIES`` (8) log entries, the most recent first, each ``3 + n + B + 1`` numbers for
``n`` players and a codec of ``B`` blocks:

* ``present``: 1 for an entry (0 for the slots of a log shorter than 8);
* ``hidden``: 1 when the entry is another seat's secret action the seat cannot see
  (its ``id`` is ``None``);
* ``event``: 1 for a public event no seat chose (``seat`` ``None``);
* ``seat``: one-hot of the acting seat, counted from the observer (own seat first; seat 0
  first for a spectator), as in the observation vectors;
* ``block``: one-hot of the codec block (action kind) of the action's index, and
* ``local``: its place inside that block, ``local index / block length`` in ``[0, 1)``.

A codec declares its blocks by ``blocks()`` (``BlockCodec``) or an ``offsets`` dict of
``(start, stop)``; without either the whole space is one block. The action's index comes
from the codec's id table (``BlockCodec``'s, or an ``index`` dict from action id to
index); an id the codec cannot place leaves ``block`` and ``local`` at 0.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping
from typing import Any

import numpy as np

from boardlab.engine import GameState
from boardlab.engine.codec import ActionCodec

ENTRIES = 8


def _blocks(codec: ActionCodec) -> list[tuple[int, int]]:
    blocks = getattr(codec, "blocks", None)
    found: Any = blocks() if callable(blocks) else getattr(codec, "offsets", None)
    if isinstance(found, Mapping) and found:
        return sorted((int(a), int(b)) for a, b in found.values())
    return [(0, codec.size)]


def _id_index(codec: ActionCodec) -> Mapping[str, int]:
    for name in ("_index", "index"):
        table = getattr(codec, name, None)
        if isinstance(table, Mapping):
            return table
    return {}


class LogEncoder:
    """Encodes the last ``ENTRIES`` log entries of a seat (see the module docstring)."""

    __slots__ = ("_ids", "_starts", "_stops", "players", "size", "width")

    def __init__(self, codec: ActionCodec, players: int) -> None:
        blocks = _blocks(codec)
        self._starts = [start for start, _ in blocks]
        self._stops = [stop for _, stop in blocks]
        self._ids = _id_index(codec)
        self.players = players
        self.width = 3 + players + len(blocks) + 1
        self.size = ENTRIES * self.width

    def encode(self, state: GameState, seat: int | None, out: np.ndarray) -> None:
        """Write the block of ``seat``'s last log entries into ``out`` (``size`` floats)."""
        out[:] = 0.0
        since = max(0, state.log_length() - ENTRIES)
        entries = state.log(seat, since)
        n = self.players
        me = seat or 0
        blocks = len(self._starts)
        for slot, entry in enumerate(reversed(entries[-ENTRIES:])):
            at = slot * self.width
            out[at] = 1.0
            actor = entry["seat"]
            action = entry["id"]
            if actor is None:
                out[at + 2] = 1.0
            else:
                out[at + 3 + (actor - me) % n] = 1.0
                if action is None:
                    out[at + 1] = 1.0
            index = None if action is None else self._ids.get(action)
            if index is not None:
                block = bisect_right(self._starts, index) - 1
                start, stop = self._starts[block], self._stops[block]
                out[at + 3 + n + block] = 1.0
                out[at + 3 + n + blocks] = (index - start) / (stop - start)
