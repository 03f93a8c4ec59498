"""Small builders for the games' SVG board pictures (``games/<name>/board_svg.py``).

Every builder returns markup text with its text and attribute values escaped. A picture
is built as a list of strings and closed by ``document``. An element that plays an option
of the pending decision is wrapped by ``Options.wrap``: a group with class ``option`` and
``data-action="<option id>"`` (the page posts that id when it is clicked).

>>> rect(0, 0, 10, 5, fill="#fff")
'<rect x="0" y="0" width="10" height="5" fill="#fff"/>'
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from html import escape
from typing import Any

#: Seat colours, P1 first: distinct on a light board and for common colour blindness.
SEAT_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b")
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
#: Shared look: options are outlined in gold and glow under the pointer. Scoped to the
#: picture's class, since a ``<style>`` inside an SVG inlined in a page applies to the page.
ROOT_CLASS = "boardlab-board"
STYLE = (
    f".{ROOT_CLASS} text{{font-family:{FONT};}}"
    f".{ROOT_CLASS} .option{{cursor:pointer}}"
    f".{ROOT_CLASS} .option .hit{{stroke:#e6a700;stroke-width:3;stroke-dasharray:6 3}}"
    f".{ROOT_CLASS} .option:hover .hit{{stroke:#ff4f00;stroke-dasharray:none;stroke-width:4}}"
    f".{ROOT_CLASS} .option:hover{{filter:drop-shadow(0 0 4px #ffb000)}}"
)


def esc(value: object) -> str:
    """Text or an attribute value, escaped (quotes included)."""
    return escape(str(value), quote=True)


def num(value: float) -> str:
    """A coordinate, short: ``12`` for a whole number, else one decimal (``12.5``)."""
    rounded = round(value, 1)
    return str(int(rounded)) if rounded == int(rounded) else f"{rounded:.1f}"


def attrs(values: Mapping[str, object | None]) -> str:
    """`` name="value"`` pairs; ``None`` values are left out, ``_`` in names becomes ``-``."""
    parts = []
    for name, value in values.items():
        if value is None:
            continue
        text = num(value) if isinstance(value, float) else str(value)
        parts.append(f' {name.rstrip("_").replace("_", "-")}="{esc(text)}"')
    return "".join(parts)


def rect(x: float, y: float, w: float, h: float, **style: object | None) -> str:
    """A rectangle; ``style`` adds attributes (``fill``, ``stroke``, ``rx``, ``class_``)."""
    box = {"x": float(x), "y": float(y), "width": float(w), "height": float(h)}
    return f"<rect{attrs({**box, **style})}/>"


def circle(cx: float, cy: float, r: float, **style: object | None) -> str:
    """A circle."""
    return f"<circle{attrs({'cx': float(cx), 'cy': float(cy), 'r': float(r), **style})}/>"


def line(x1: float, y1: float, x2: float, y2: float, **style: object | None) -> str:
    """A straight line."""
    coords = {"x1": float(x1), "y1": float(y1), "x2": float(x2), "y2": float(y2)}
    return f"<line{attrs({**coords, **style})}/>"


def polygon(points: Iterable[tuple[float, float]], **style: object | None) -> str:
    """A closed polygon through ``points``."""
    text = " ".join(f"{num(x)},{num(y)}" for x, y in points)
    return f"<polygon{attrs({'points': text, **style})}/>"


def text(
    x: float,
    y: float,
    value: object,
    size: float = 12,
    anchor: str = "start",
    **style: object | None,
) -> str:
    """Text with its baseline at ``y``; ``anchor`` is ``start``, ``middle`` or ``end``."""
    base: dict[str, object] = {"x": float(x), "y": float(y), "font_size": float(size)}
    if anchor != "start":
        base["text_anchor"] = anchor
    return f"<text{attrs({**base, **style})}>{esc(value)}</text>"


def title(value: object) -> str:
    """A tooltip for the enclosing element."""
    return f"<title>{esc(value)}</title>"


def group(parts: Iterable[str], **extra: object | None) -> str:
    """A ``<g>`` around ``parts``."""
    return f"<g{attrs(extra)}>{''.join(parts)}</g>"


def hexagon(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """The corners of a pointy-topped hexagon of circumradius ``r``."""
    return [
        (cx + r * math.cos(math.radians(60 * k - 30)), cy + r * math.sin(math.radians(60 * k - 30)))
        for k in range(6)
    ]


def document(width: float, height: float, parts: Iterable[str], label: str) -> str:
    """The whole picture: ``<svg>`` with a view box of ``width`` x ``height``."""
    head = attrs(
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "viewBox": f"0 0 {num(width)} {num(height)}",
            "width": float(width),
            "height": float(height),
            "class": ROOT_CLASS,
            "role": "img",
            "aria_label": label,
        }
    )
    return f"<svg{head}><style>{STYLE}</style>{''.join(parts)}</svg>"


def seat_colour(seat: int) -> str:
    """The colour of a seat (0-based)."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def side(seat: int) -> str:
    """A seat as the engine names it: seat 0 is ``P1``."""
    return f"P{seat + 1}"


class Options:
    """The options of a view's pending decision, and which of them the picture placed."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        decision = view.get("decision")
        options = decision["options"] if decision else []
        self.labels: dict[str, str] = {str(o["id"]): str(o["label"]) for o in options}
        self.placed: set[str] = set()

    def __contains__(self, option: object) -> bool:
        return option in self.labels

    def wrap(self, option: str, parts: Iterable[str], outline: str = "") -> str:
        """``parts`` as a clickable group for ``option`` (titled by its label, with
        ``outline`` drawn over them: a shape of class ``hit``), or as they are when
        ``option`` is not an option now."""
        if option not in self.labels:
            return "".join(parts)
        self.placed.add(option)
        return group(
            [title(self.labels[option]), *parts, outline], class_="option", data_action=option
        )
