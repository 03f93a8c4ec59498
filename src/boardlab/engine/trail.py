"""The record behind ``state.log(seat)``: a persistent list that clones share for free.

Each entry is a tuple ``(previous, n, step, seat, kind, payload)``: ``n`` counts entries
from 0; an applied action has its history index ``step``, the deciding ``seat``, the
decision ``kind`` and the ``Action`` as payload; a public event has step -1, seat
``None``, its own kind and its text as payload: a string, or a ``LazyText`` pair
``(build, args)`` whose text is ``build(*args)`` (a function) or ``build.format(*args)`` (a
template), made only when a log or a save reads it, since games announce during the
applies of simulations. Appending makes one tuple and never changes an older one, so a
clone keeps the same trail by reference.

A save holds the trail as compact records (``records``): ``[seat, kind, label]`` for an
action (``[seat, kind, label, 1]`` when secret; its id is in the history) and
``[None, kind, text]`` for an event, written as one JSON string. A trusted restore keeps
that string as the trail's first node, a ``Segment``, and reads it only when a log is read.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Sequence
from typing import Any

TrailEntry = tuple[Any, int, int, int | None, str, Any]
#: An event's text to be made when read: a template or a function, and its arguments
#: (plain values the game will not change afterwards: ints, strings, tuples).
LazyText = tuple[str | Callable[..., str], tuple[Any, ...]]
Trail = TrailEntry | None
SEGMENT_STEP = -2  # the step field of a restored segment node


class Logged:
    """What the log needs of an action read back from a save: its id, label and secrecy."""

    __slots__ = ("id", "label", "secret")

    def __init__(self, id: str, label: str, secret: bool) -> None:
        self.id = id
        self.label = label
        self.secret = secret


class Segment:
    """Restored entries, kept as saved text until a log first reads them."""

    __slots__ = ("_entries", "history", "text")

    def __init__(self, text: str, history: Sequence[str]) -> None:
        self.text = text
        self.history = tuple(history)
        self._entries: list[TrailEntry] | None = None

    def entries(self) -> list[TrailEntry]:
        """Every entry of the segment, oldest first (parsed once)."""
        if self._entries is None:
            self._entries = _parse(self.text, self.history)
        return self._entries


def segment_node(text: str, count: int, history: Sequence[str]) -> Trail:
    """The trail of a restore: one node standing for ``count`` saved entries."""
    if count == 0:
        return None
    return (None, count - 1, SEGMENT_STEP, None, "", Segment(text, history))


def entries_since(trail: Trail, since: int) -> list[TrailEntry]:
    """The entries numbered ``since`` and after, oldest first."""
    found: list[TrailEntry] = []
    node = trail
    while node is not None and node[1] >= since:
        if node[2] == SEGMENT_STEP:
            found.extend(reversed(node[5].entries()[since:]))
            break
        found.append(node)
        node = node[0]
    found.reverse()
    return found


def event_text(payload: str | LazyText) -> str:
    """The text of an event's payload, made now if it was announced lazily."""
    if isinstance(payload, str):
        return payload
    build, args = payload
    return build.format(*args) if isinstance(build, str) else build(*args)


def records(trail: Trail) -> list[list[Any]]:
    """The compact records of every entry (see the module doc)."""
    out: list[list[Any]] = []
    for _, _, _, seat, kind, payload in entries_since(trail, 0):
        if seat is None:
            out.append([None, kind, event_text(payload)])
        elif payload.secret:
            out.append([seat, kind, payload.label, 1])
        else:
            out.append([seat, kind, payload.label])
    return out


def records_text(trail: Trail) -> str:
    return json.dumps(records(trail), separators=(",", ":"))


def _parse(text: str, history: Sequence[str]) -> list[TrailEntry]:
    data = json.loads(text)
    if not isinstance(data, list):
        raise ValueError("the saved log is not a list")
    entries: list[TrailEntry] = []
    node: Trail = None
    step = 0
    for n, record in enumerate(data):
        if not isinstance(record, list) or len(record) not in (3, 4):
            raise ValueError(f"log entry {n} is not a record: {record!r}")
        seat, kind, text_or_label = record[0], record[1], record[2]
        if seat is None:
            node = (node, n, -1, None, kind, text_or_label)
        else:
            logged = Logged(history[step], text_or_label, len(record) == 4)
            node = (node, n, step, seat, kind, logged)
            step += 1
        entries.append(node)
    return entries


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
        return {"n": n, "seat": None, "kind": kind, "id": None, "text": event_text(payload)}
    side = sides[seat]
    if payload.secret and viewer != seat and step not in revealed:
        text = f"{side} {secret_note(kind)}"
        return {"n": n, "seat": seat, "kind": kind, "id": None, "text": text}
    text = f"{side}: {payload.label}"
    return {"n": n, "seat": seat, "kind": kind, "id": payload.id, "text": text}
