"""The board of a view as SVG: the game's own renderer, or a readable table for a game without one.

A renderer is ``boardlab.games.<game>.board_svg.board_svg(view) -> str``; it receives only
the view envelope of one seat, so a page can never show what that seat may not see.
"""

from __future__ import annotations

import html
import json
import logging
from collections.abc import Callable, Mapping
from functools import cache
from importlib import import_module
from typing import Any

log = logging.getLogger(__name__)
Renderer = Callable[[Mapping[str, Any]], str]

_WIDTH = 960
_LINE = 22


@cache
def renderer(game: str) -> Renderer:
    """The board renderer of ``game``: its package's ``board_svg``, else the table fallback."""
    name = f"boardlab.games.{game}.board_svg"
    try:
        module = import_module(name)
    except ModuleNotFoundError as error:
        if error.name is not None and name.startswith(error.name):
            return fallback_svg
        raise
    found: Renderer = module.board_svg
    return found


def board_svg(view: Mapping[str, Any]) -> str:
    """The SVG picture of ``view`` (one seat's or a spectator's view envelope); the table
    fallback, with the failure logged, if the game's renderer fails."""
    draw = renderer(str(view["game"]))
    try:
        return draw(view)
    except Exception:
        if draw is fallback_svg:
            raise
        log.exception("the board renderer of %s failed; showing the table instead", view["game"])
        return fallback_svg(view)


def fallback_svg(view: Mapping[str, Any]) -> str:
    """``view``'s body as a table of names and values in SVG, for a game with no renderer."""
    rows: list[tuple[int, str, str]] = []
    _flatten(view.get("body", {}), 0, "", rows)
    sides = view.get("sides", [])
    scores = view.get("scores", [])
    header = "  ".join(f"{side}: {_text(score)}" for side, score in zip(sides, scores,
                                                                         strict=False))
    height = 60 + _LINE * (len(rows) + 1)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_WIDTH} {height}" '
        f'class="board fallback" role="img" aria-label="{html.escape(str(view["game"]))}">',
        f'<rect x="0" y="0" width="{_WIDTH}" height="{height}" fill="#fbf8f1" rx="8"/>',
        f'<text x="16" y="30" font-size="18" font-weight="bold" '
        f'font-family="sans-serif">{html.escape(str(view["game"]))}  {html.escape(header)}'
        "</text>",
    ]
    for line, (depth, key, value) in enumerate(rows):
        y = 60 + _LINE * line
        parts.append(
            f'<text x="{16 + 18 * depth}" y="{y}" font-size="14" font-family="monospace">'
            f'<tspan font-weight="bold">{html.escape(key)}</tspan>'
            f'{": " if value else ""}{html.escape(value)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _flatten(value: Any, depth: int, key: str, rows: list[tuple[int, str, str]]) -> None:
    """One row per scalar or short list; nested objects and long lists indent their items."""
    if isinstance(value, Mapping):
        if key:
            rows.append((depth, key, ""))
            depth += 1
        for name in value:
            _flatten(value[name], depth, str(name), rows)
        return
    if isinstance(value, list) and (len(value) > 12 or any(
            isinstance(item, Mapping | list) for item in value)):
        rows.append((depth, key, f"({len(value)} items)"))
        for index, item in enumerate(value):
            _flatten(item, depth + 1, f"{key}[{index}]", rows)
        return
    rows.append((depth, key, _text(value)))


def _text(value: Any) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value)
