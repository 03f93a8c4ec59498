"""Checks shared by the games' board renderer tests (``<game>/test_board_svg.py``).

A board renderer (``boardlab.games.<game>.board_svg.board_svg``) turns the view envelope of
one seat into one SVG string (docs: the web design's "board renderer contract"). These
helpers check one rendering: it parses as SVG, it is deterministic, its clickable elements
name options of the decision, and the options that have a place on the board are there.
"""

from __future__ import annotations

import copy
import json
import random
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import boardlab
from boardlab import GameState

Renderer = Callable[[Mapping[str, Any]], str]
SVG = "{http://www.w3.org/2000/svg}"
#: Largest picture accepted, in characters (a page loads one per move).
MAX_SIZE = 200_000


def option_ids(view: Mapping[str, Any]) -> list[str]:
    """The ids of the options of the view's decision (none when the seat is not to move)."""
    decision = view["decision"]
    return [] if decision is None else [str(o["id"]) for o in decision["options"]]


def actions(root: ET.Element) -> list[str]:
    """The ``data-action`` of every element of the picture, in document order."""
    return [str(el.get("data-action")) for el in root.iter() if el.get("data-action") is not None]


def check(render: Renderer, view: Mapping[str, Any], again: bool = True) -> ET.Element:
    """Render ``view`` and check the contract; returns the parsed picture.

    It is one ``<svg>`` with a view box; the same view (and a copy of it) gives the same
    text (checked when ``again``); it does not change the view; every clickable element has
    class ``option`` and names an option of the decision; it is smaller than ``MAX_SIZE``.
    """
    before = json.dumps(view, sort_keys=True)
    text = render(view)
    assert json.dumps(view, sort_keys=True) == before, "the renderer changed the view"
    if again:
        assert render(copy.deepcopy(view)) == text, "the same view rendered differently"
    assert len(text) < MAX_SIZE, f"the picture is {len(text)} characters"
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox"), "no viewBox"
    ids = set(option_ids(view))
    for element in root.iter():
        action = element.get("data-action")
        if action is None:
            continue
        assert action in ids, f"data-action {action!r} is not an option of {sorted(ids)}"
        assert "option" in (element.get("class") or "").split(), f"{action!r} lacks class option"
    return root


def check_placed(
    render: Renderer,
    view: Mapping[str, Any],
    has_place: Callable[[str, Mapping[str, Any]], bool],
    again: bool = True,
) -> list[str]:
    """``check``, and every option with a place on the board (``has_place(id, view)``) is
    clickable there; returns the options that had a place."""
    root = check(render, view, again)
    placed = set(actions(root))
    expected = [o for o in option_ids(view) if has_place(o, view)]
    missing = [o for o in expected if o not in placed]
    assert not missing, f"options with a place but not on the board: {missing}"
    return expected


def seats(state: GameState) -> list[int | None]:
    """Every seat and the spectator."""
    return [*range(state.players), None]


def random_states(
    game: str, players: int, seed: int, steps: int, every: int = 1
) -> Iterator[GameState]:
    """The states of a game of random choices (seeded by ``seed``): the first, every
    ``every``-th one and the last, for at most ``steps`` actions or until the game ends."""
    state = boardlab.new(game, players=players, seed=seed)
    chooser = random.Random(seed)
    yield state
    for step in range(1, steps + 1):
        if state.is_over:
            return
        state.apply(chooser.choice(state.legal_actions()))
        if step % every == 0 or state.is_over:
            yield state


def play_until(
    game: str, players: int, seed: int, wanted: Callable[[GameState], bool], limit: int = 5000
) -> GameState | None:
    """A state of a game of random choices where ``wanted(state)`` holds, or None."""
    for state in random_states(game, players, seed, limit):
        if wanted(state):
            return state
    return None


def decision_kind(kind: str) -> Callable[[GameState], bool]:
    """``wanted`` for ``play_until``: the pending decision is of ``kind``."""
    return lambda state: state.decision is not None and state.decision.kind == kind


def mover_view(state: GameState) -> dict[str, Any]:
    """The view of the seat to move (which carries the decision)."""
    assert state.decision is not None
    return state.view(state.decision.player)
