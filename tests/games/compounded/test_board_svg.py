"""The Compounded board in SVG (``board_svg``): drawn from a view only, clickable options on
the field and the workbench, no hidden information, every position of random games."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from typing import Any

import pytest
from board_svg_checks import (
    check,
    check_placed,
    decision_kind,
    mover_view,
    play_until,
    random_states,
    seats,
)
from conformance.hidden import HIDDEN, MARKER_TEXT
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import boardlab
from boardlab.games.compounded import SPEC
from boardlab.games.compounded.board_svg import board_svg

from .helpers import new_game, set_level, start_at

ON_A_CARD = re.compile(r"^(claim|relocate|to|burn|protect|score|release) \d,\d$")
ON_A_SPACE = re.compile(r"^space (\d,\d|ext,\d),\d+$")
ON_A_TRACK = re.compile(r"^raise (discovery|study|research|lab)$")
IN_THE_BAG = re.compile(r"^take (H|C|O|N|Ca|S)$")


def has_place(option: str, view: Mapping[str, Any]) -> bool:
    """Options that name a compound, an element space, an experiment track or a bag element."""
    return any(p.match(option) for p in (ON_A_CARD, ON_A_SPACE, ON_A_TRACK, IN_THE_BAG))


def texts(root: ET.Element) -> str:
    return " ".join(el.text or "" for el in root.iter())


def test_every_claimable_compound_is_clickable_in_a_claim() -> None:
    state = play_until("compounded", 3, 1, decision_kind("claim"))
    assert state is not None
    view = mover_view(state)
    placed = check_placed(board_svg, view, has_place)
    claims = [o for o in placed if o.startswith("claim ")]
    assert claims and len(claims) == sum(
        1 for o in view["decision"]["options"] if o["id"].startswith("claim ")
    )
    root = ET.fromstring(board_svg(view))
    for element in root.iter():
        if element.get("data-action", "").startswith("claim "):
            row, col = map(int, element.get("data-action", "")[6:].split(","))
            name = view["body"]["field"][row * 4 + col]["name"]
            assert name in texts(element), f"the clickable card is not {name}"


def test_every_space_of_a_placement_is_clickable() -> None:
    state = play_until("compounded", 4, 2, decision_kind("place_space"))
    assert state is not None
    view = mover_view(state)
    placed = check_placed(board_svg, view, has_place)
    assert [o for o in placed if o.startswith("space ")]


def test_the_board_names_things_as_the_terminal_does() -> None:
    state = boardlab.new("compounded", players=3, seed=4)
    view = state.view(None)
    words = texts(check(board_svg, view))
    for seat in ("P1", "P2", "P3"):
        assert seat in words
    for entry in view["body"]["field"]:
        if entry is not None:
            assert entry["name"] in words and entry["formula"] in words
    assert "spectator" in words
    assert "you are P2" in texts(check(board_svg, state.view(1)))


def test_no_hidden_information_reaches_the_board() -> None:
    plant = HIDDEN["compounded"]
    assert plant is not None
    for state in random_states("compounded", 3, 5, 120, every=20):
        for owner in range(state.players):
            planted = state.clone()
            allowed = plant(planted, owner)
            if allowed is None:
                continue
            for seat in seats(planted):
                shown = MARKER_TEXT in board_svg(planted.view(seat))
                assert shown == (seat in allowed)


@pytest.mark.parametrize("players", range(SPEC.min_players, SPEC.max_players + 1))
def test_a_game_over_renders_with_its_result(players: int) -> None:
    state = new_game(players, seed=6)
    for track, level in (("discovery", 5), ("research", 5), ("lab", 4)):
        set_level(state, 1, track, level)
    start_at(state, "lab")  # three maxed experiments end the game (C-14.1 B)
    assert state.is_over
    for seat in seats(state):
        view = state.view(seat)
        words = texts(check(board_svg, view))
        assert "game over" in words and "end conditions met: B" in words
        assert all(
            f"bonus = {p['atomic_points'] + p['final_bonus']}" in words
            for p in view["body"]["players"]
        )


@settings(
    max_examples=5, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(
    seed=st.integers(min_value=0, max_value=10_000),
    players=st.integers(min_value=SPEC.min_players, max_value=SPEC.max_players),
)
def test_views_along_random_games_render(seed: int, players: int) -> None:
    for state in random_states("compounded", players, seed, 300, every=20):
        for seat in seats(state):
            check_placed(board_svg, state.view(seat), has_place, again=False)
