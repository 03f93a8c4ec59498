"""The Scythe board in SVG (``board_svg``): drawn from a view only, clickable territories,
units and mat spaces, no coins or cards of another seat, random games to the end."""

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

from boardlab import GameState
from boardlab.games.scythe import SPEC
from boardlab.games.scythe.board_svg import CHOICE_OPTION, UPGRADE_OPTION, board_svg

ON_THE_MAT = (
    re.compile(r"^(upgrade|deploy|build|enlist)$"),
    re.compile(r"^(cube|recruit) (upgrade|deploy|build|enlist)$"),
    re.compile(r"^structure (mine|mill|armory|monument)$"),
    re.compile(r"^bonus (power|coins|popularity|cards)$"),
    re.compile(r"^(objective|card) \d+$"),
)


def has_place(option: str, view: Mapping[str, Any]) -> bool:
    """Options naming a territory or a unit on it, a space of the viewer's mat, an option of
    the encounter card, a Factory card on offer."""
    body = view["body"]
    spaces = {space["id"] for space in body["spaces"]}
    verb, _, rest = option.partition(" ")
    if verb in ("to", "fight", "at", "from", "produce", "retreat", "character", "worker"):
        return rest in spaces
    player = body["players"][view["seat"]]
    if verb == "mech":
        return rest in spaces or rest in {m["ability"] for m in player["mechs"]}
    if verb == "section":
        tops = {sec["top"]["action"] for sec in player["sections"]}
        return rest in tops or (rest == "factory" and player["factory_card"] is not None)
    if verb == "option":  # an option of the encounter card read out
        return body["encounter"] is not None
    if verb == "factory" and rest.isdigit():  # a Factory card of the offer the viewer saw
        offer = body["you"]["factory_offer"] or []
        return int(rest) in {card["number"] for card in offer}
    if option in CHOICE_OPTION.values() or option in UPGRADE_OPTION.values():
        return True
    return any(p.match(option) for p in ON_THE_MAT)


def texts(root: ET.Element) -> str:
    return " ".join(el.text or "" for el in root.iter())


def placed_in(kind: str, players: int, seed: int) -> list[str]:
    state = play_until("scythe", players, seed, decision_kind(kind))
    assert state is not None, f"no {kind} decision"
    return check_placed(board_svg, mover_view(state), has_place)


def test_every_territory_a_unit_may_move_to_is_clickable() -> None:
    placed = placed_in("move_step", 3, 1)
    assert [o for o in placed if o.startswith("to ")]


def test_every_unit_that_may_move_is_clickable() -> None:
    placed = placed_in("move_unit", 4, 2)
    assert [o for o in placed if o.split()[0] in ("character", "mech", "worker")]


def test_the_sections_of_the_mat_are_clickable() -> None:
    placed = placed_in("choose_section", 2, 3)
    assert len([o for o in placed if o.startswith("section ")]) >= 3


def test_a_clickable_territory_is_that_territory() -> None:
    state = play_until("scythe", 3, 4, decision_kind("move_step"))
    assert state is not None
    root = check(board_svg, mover_view(state))
    for element in root.iter():
        action = element.get("data-action", "")
        if action.startswith("to "):
            assert any(
                (child.text or "").startswith(
                    ("forest", "farm", "mountain", "tundra", "village", "lake", "factory", "home")
                )
                and action[3:] in (child.text or "")
                for child in element.iter()
            ), f"{action} is not on its territory"


def test_another_seats_coins_and_cards_never_show() -> None:
    plant = HIDDEN["scythe"]
    assert plant is not None
    for state in random_states("scythe", 3, 6, 150, every=30):
        for owner in range(state.players):
            planted = state.clone()
            allowed = plant(planted, owner)
            assert allowed is not None
            for seat in seats(planted):
                assert (MARKER_TEXT in board_svg(planted.view(seat))) == (seat in allowed)


def test_the_hand_shown_is_the_viewers_own() -> None:
    state = play_until("scythe", 2, 7, lambda s: all(s.hand_size(p) for p in range(2)))
    assert state is not None
    for seat in range(2):
        view = state.view(seat)
        words = texts(check(board_svg, view))
        assert f"Your coins {view['body']['you']['coins']}" in words
    spectator = texts(check(board_svg, state.view(None)))
    assert "Your coins" not in spectator and "coins ?" in spectator


def test_the_board_names_things_as_the_terminal_does() -> None:
    state = play_until("scythe", 3, 8, decision_kind("choose_section"))
    assert state is not None
    view = state.view(0)
    words = texts(check(board_svg, view))
    for player in view["body"]["players"]:
        assert player["side"] in words and player["faction_name"] in words
    for space in view["body"]["spaces"]:
        if space["home_of"] is None and space["terrain"] != "factory":
            assert space["id"] in words


def finished(players: int, seed: int) -> GameState:
    states = list(random_states("scythe", players, seed, 20_000, every=20_000))
    assert states[-1].is_over
    return states[-1]


@pytest.mark.parametrize("players", range(SPEC.min_players, SPEC.max_players + 1))
def test_a_finished_game_renders_with_its_winners(players: int) -> None:
    state = finished(players, 9)
    for seat in seats(state):
        view = state.view(seat)
        words = texts(check(board_svg, view))
        assert "won by " + " ".join(view["winners"]) in words
        assert "coins ?" not in words  # coins are public once the game is over


@settings(
    max_examples=5, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(
    seed=st.integers(min_value=0, max_value=10_000),
    players=st.integers(min_value=SPEC.min_players, max_value=SPEC.max_players),
)
def test_views_along_random_games_render(seed: int, players: int) -> None:
    for state in random_states("scythe", players, seed, 20_000, every=53):
        for seat in seats(state):
            check_placed(board_svg, state.view(seat), has_place, again=False)
