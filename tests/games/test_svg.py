"""The SVG builders shared by the games' board renderers (``boardlab.games.svg``)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from importlib import import_module

import pytest
from board_svg_checks import actions, check, decision_kind, play_until, seats

from boardlab.games.svg import Options, document, group, rect, text


def test_text_and_attributes_are_escaped() -> None:
    shape = text(1, 2, '<b>"P1" & co</b>', title_="a'b")
    element = ET.fromstring(shape)
    assert element.text == '<b>"P1" & co</b>'
    assert element.get("title") == "a'b"


def test_numbers_are_short_and_none_attributes_left_out() -> None:
    assert rect(0, 2.46, 10.0, 5.04, fill="#fff", stroke=None) == (
        '<rect x="0" y="2.5" width="10" height="5" fill="#fff"/>'
    )
    assert 'stroke="' not in rect(0, 0, 1, 1, stroke=None)


def test_an_option_is_a_clickable_group_titled_by_its_label() -> None:
    view = {"decision": {"options": [{"id": 'claim 1,"2"', "label": "claim <it>"}]}}
    options = Options(view)
    clickable = options.wrap('claim 1,"2"', [rect(0, 0, 1, 1)], rect(0, 0, 1, 1, class_="hit"))
    plain = options.wrap("claim 3,3", [rect(0, 0, 1, 1)])
    root = ET.fromstring(document(10, 10, [clickable, group([plain])], "test"))
    (element,) = [el for el in root.iter() if el.get("data-action") is not None]
    assert element.get("data-action") == 'claim 1,"2"'
    assert element.get("class") == "option"
    assert element[0].text == "claim <it>"
    assert options.placed == {'claim 1,"2"'}


def test_a_spectator_view_has_no_options() -> None:
    options = Options({"decision": None})
    assert options.labels == {}
    assert options.wrap("anything", ["<g/>"]) == "<g/>"


@pytest.mark.parametrize(
    ("game", "players", "seed", "kind"),
    [
        ("compounded", 3, 3, "claim"),
        ("konoten", 3, 3, "main_action"),
        ("scythe", 3, 5, "move_unit"),
        ("linnaeus", 3, 9, "place_lens"),
    ],
)
def test_only_the_seat_to_move_gets_clickable_elements(
    game: str, players: int, seed: int, kind: str
) -> None:
    board_svg = import_module(f"boardlab.games.{game}.board_svg").board_svg
    state = play_until(game, players, seed, decision_kind(kind))
    assert state is not None and state.decision is not None
    for seat in seats(state):
        root = check(board_svg, state.view(seat))
        assert bool(actions(root)) == (seat == state.decision.player)
