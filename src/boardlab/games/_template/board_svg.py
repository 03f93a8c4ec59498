"""The board as SVG for the browser, drawn from ``view(seat)`` only, with the seat's options
as click targets. Follow ``games/scythe/board_svg.py`` (shared helpers: ``games/svg.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def board_svg(view: Mapping[str, Any]) -> str:
    """The SVG picture of a view."""
    return f'<svg xmlns="http://www.w3.org/2000/svg"><text>{view["body"]["round"]}</text></svg>'
