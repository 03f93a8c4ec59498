"""Boards: a game's own renderer when it has one, a readable table in SVG otherwise."""

from __future__ import annotations

import boardlab
from boardlab.web import boards


def test_a_game_without_a_renderer_gets_its_body_as_an_escaped_table() -> None:
    view = boardlab.new("duel", 2, 1).view(0)
    assert boards.renderer("duel") is boards.fallback_svg
    svg = boards.board_svg(view)
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox=')
    assert svg.endswith("</svg>")
    assert "hand" in svg and svg == boards.board_svg(view)
    hostile = {**view, "body": {"name": "<script>alert(1)</script>"}}
    assert "<script>" not in boards.fallback_svg(hostile)


def test_a_game_with_a_renderer_uses_it() -> None:
    assert boards.renderer("compounded") is not boards.fallback_svg
