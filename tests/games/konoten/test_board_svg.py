"""The Konoten table in SVG (``board_svg``): drawn from a view only, clickable cards,
devices, lenses, nodes and foundations, no hidden information, random games to the end."""

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
from boardlab.games.konoten import SPEC
from boardlab.games.konoten.board_svg import board_svg

PLACED = (
    re.compile(r"^collect [DV]\d\d$"),
    re.compile(r"^card [DV]\d\d$"),
    re.compile(r"^(activate|remove) device \w+$"),
    re.compile(r"^(activate|persuade|reactivate|remove) lens L\d+$"),
    re.compile(r"^(will|use|grow|node) n\d\d$"),
    re.compile(r"^foundation \d$"),
    re.compile(r"^discard (light|rainbow|sediment)$"),
    re.compile(r"^remove lobby (used|unused)$"),
)


def has_place(option: str, view: Mapping[str, Any]) -> bool:
    """Options naming a card, a device, a lens, a node, a foundation pile, a material or the
    lobby: all have a place on the table."""
    return any(p.match(option) for p in PLACED)


def texts(root: ET.Element) -> str:
    return " ".join(el.text or "" for el in root.iter())


def test_every_card_of_the_display_is_clickable_in_a_main_action() -> None:
    state = play_until("konoten", 3, 1, decision_kind("main_action"))
    assert state is not None
    view = mover_view(state)
    placed = check_placed(board_svg, view, has_place)
    collects = [o for o in placed if o.startswith("collect ")]
    assert collects
    root = ET.fromstring(board_svg(view))
    for element in root.iter():
        action = element.get("data-action", "")
        if action.startswith("collect "):
            assert action.split()[1] in texts(element), "the clickable card is another card"


def test_every_hand_card_of_a_declaration_is_clickable() -> None:
    state = play_until("konoten", 4, 2, decision_kind("grind_card"))
    assert state is not None
    placed = check_placed(board_svg, mover_view(state), has_place)
    assert [o for o in placed if o.startswith("card ")]


def test_the_table_names_things_as_the_terminal_does() -> None:
    state = play_until("konoten", 3, 4, decision_kind("main_action"))
    assert state is not None
    view = state.view(None)
    words = texts(check(board_svg, view))
    body = view["body"]
    for card in [*body["market"]["normal"], *body["market"]["vp"]]:
        assert card is None or card in words
    for player in body["players"]:
        assert f"P{player['seat'] + 1}" in words
        assert all(card in words for card in player["hand"])
    assert "spectator" in words


def test_no_hidden_information_reaches_the_table() -> None:
    plant = HIDDEN["konoten"]
    assert plant is not None
    for state in random_states("konoten", 3, 5, 200, every=25):
        for owner in range(state.players):
            planted = state.clone()
            allowed = plant(planted, owner)
            if allowed is None:
                continue
            for seat in seats(planted):
                assert (MARKER_TEXT in board_svg(planted.view(seat))) == (seat in allowed)


def test_the_decks_order_does_not_change_the_picture() -> None:
    """Only the decks' order is hidden: re-dealing it leaves every seat's picture as it was."""
    state = play_until("konoten", 3, 6, decision_kind("main_action"))
    assert state is not None
    for seat in seats(state):
        twin = state.determinize(seat, boardlab.engine.Rng(9))
        assert board_svg(twin.view(seat)) == board_svg(state.view(seat))


@pytest.mark.parametrize("players", range(SPEC.min_players, SPEC.max_players + 1))
def test_a_finished_game_renders_with_its_winners(players: int) -> None:
    states = list(random_states("konoten", players, 7, 5000, every=5000))
    state = states[-1]
    assert state.is_over
    for seat in seats(state):
        view = state.view(seat)
        words = texts(check(board_svg, view))
        assert "the game is over" in words
        assert "winner " + ", ".join(view["winners"]) in words


@settings(
    max_examples=6, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(
    seed=st.integers(min_value=0, max_value=10_000),
    players=st.integers(min_value=SPEC.min_players, max_value=SPEC.max_players),
)
def test_views_along_random_games_render(seed: int, players: int) -> None:
    for state in random_states("konoten", players, seed, 5000, every=11):
        for seat in seats(state):
            check_placed(board_svg, state.view(seat), has_place, again=False)
