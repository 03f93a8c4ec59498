"""Named fields of the decision stack's frames: each frame kind's layout, declared once.

A frame stays a plain tuple ``(key, player, *data)`` (tuples are the fastest to build, copy
and compare, and they save as lists), but nobody reads it by a bare position: a game
declares each frame kind once as a ``Layout`` subclass whose class attributes name the
positions, and rules, views, explanations and encoders read ``frame[Gain.ap]``::

    class Gain(Layout):
        key = "gain"
        player = 1
        ap = 2
        vp = 3

    stack.append((Gain.key, seat, 2, 0))      # or Gain.make(seat, 2, 0)
    ap = frame[Gain.ap]

Every key is a string, in every game. ``__init_subclass__`` checks a layout when it is
declared: ``key`` is a non-empty string, ``player`` is 1, and the other fields number the
positions 2, 3, ... without gaps or repeats, in the order they are written. ``size`` is the
length of its frames, and ``fields`` their names in position order (``key`` first).
``check_frame`` tells whether a frame fits the layout of its key (the conformance tests
run it on every frame of random playouts).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

#: The two positions every frame shares: ``frame[KEY]`` and ``frame[PLAYER]``.
KEY = 0
PLAYER = 1

_RESERVED = frozenset({"key", "size", "fields", "make"})


class Layout:
    """The positions of one frame kind's fields (see the module doc); never instantiated."""

    key: ClassVar[str] = ""
    player: ClassVar[int] = 1
    size: ClassVar[int] = 2
    fields: ClassVar[tuple[str, ...]] = ("key", "player")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not isinstance(cls.__dict__.get("key"), str) or not cls.__dict__["key"]:
            raise TypeError(f"frame layout {cls.__name__} needs a non-empty string key")
        if cls.player != 1:
            raise TypeError(f"frame layout {cls.__name__}: player is position 1")
        names = ["key", "player"]
        for name, value in cls.__dict__.items():
            if name.startswith("_") or name in _RESERVED or name == "player":
                continue
            if callable(value) or isinstance(value, classmethod | staticmethod):
                continue
            if type(value) is not int:
                raise TypeError(f"frame layout {cls.__name__}.{name} must be an int position")
            if value != len(names):
                raise TypeError(
                    f"frame layout {cls.__name__}.{name} is at {value}; the next free "
                    f"position is {len(names)} (fields are numbered in order, no gaps)"
                )
            names.append(name)
        cls.fields = tuple(names)
        cls.size = len(names)

    @classmethod
    def make(cls, player: int, *data: Any) -> tuple[Any, ...]:
        """A frame of this kind (``(key, player, *data)``), its length checked."""
        frame = (cls.key, player, *data)
        if len(frame) != cls.size:
            raise ValueError(f"a {cls.key!r} frame has {cls.size} fields, not {len(frame)}")
        return frame


def layouts_by_key(layouts: Iterable[type[Layout]]) -> dict[str, type[Layout]]:
    """``{key: layout}``; ``ValueError`` if two layouts share a key."""
    found: dict[str, type[Layout]] = {}
    for layout in layouts:
        if layout.key in found:
            raise ValueError(f"two frame layouts share the key {layout.key!r}")
        found[layout.key] = layout
    return found


def check_frame(frame: tuple[Any, ...], layouts: Mapping[str, type[Layout]]) -> str | None:
    """Why ``frame`` does not fit the layout of its key, or ``None`` when it fits."""
    if not frame or type(frame[0]) is not str:
        return f"frame {frame!r} does not start with a string key"
    layout = layouts.get(frame[0])
    if layout is None:
        return f"frame key {frame[0]!r} has no declared layout"
    if len(frame) != layout.size:
        return f"frame {frame!r} has {len(frame)} fields; {layout.__name__} declares {layout.size}"
    return None
