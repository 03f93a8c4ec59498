"""The record behind ``state.log(seat)``: a persistent list that clones share for free.

Each entry is a tuple ``(previous, n, step, seat, kind, payload)``: ``n`` counts entries
from 0; an applied action has its history index ``step``, the deciding ``seat``, the
decision ``kind`` and the ``Action`` as payload; a public event has step -1, seat
``None``, its own kind and its text as payload. Appending makes one tuple and never
changes an older one, so a clone keeps the same trail by reference.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

TrailEntry = tuple[Any, int, int, int | None, str, Any]
Trail = TrailEntry | None


def entries_since(trail: Trail, since: int) -> list[TrailEntry]:
    """The entries numbered ``since`` and after, oldest first."""
    found: list[TrailEntry] = []
    node = trail
    while node is not None and node[1] >= since:
        found.append(node)
        node = node[0]
    found.reverse()
    return found


def log_entry(
    entry: TrailEntry,
    viewer: int | None,
    sides: list[str],
    revealed: Collection[int],
    secret_note: Callable[[str], str],
) -> dict[str, Any]:
    """One entry as ``viewer`` may read it: ``{"n", "seat", "kind", "id", "text"}``."""
    _, n, step, seat, kind, payload = entry
    if seat is None:
        return {"n": n, "seat": None, "kind": kind, "id": None, "text": payload}
    side = sides[seat]
    if payload.secret and viewer != seat and step not in revealed:
        return {"n": n, "seat": seat, "kind": kind, "id": None, "text": f"{side} {secret_note(kind)}"}
    return {"n": n, "seat": seat, "kind": kind, "id": payload.id, "text": f"{side}: {payload.label}"}
