"""The frame kinds of the decision stack, each declared once as a ``Layout`` whose class
attributes name the positions of its fields; every module reads ``frame[Layout.field]``
(``frame[PLAYER]``, ``frame[KEY]``), never a bare position. ``LAYOUTS`` gathers them for the
conformance tests, which check every frame of random playouts against its layout.
Follow ``games/scythe/frames.py``.
"""

from __future__ import annotations

from boardlab.engine.layouts import Layout, layouts_by_key

LAYOUTS: dict[str, type[Layout]] = layouts_by_key([])
