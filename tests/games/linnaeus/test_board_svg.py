"""The Linnaeus table in SVG (``board_svg``): drawn from a view only, clickable locations,
cards, lenses, library, garden and tracks, nothing of the face-down decks, solo and 2-4
players, random games to the end."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
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
from boardlab.games.linnaeus import SPEC
from boardlab.games.linnaeus.board_svg import board_svg
from boardlab.games.linnaeus.content import ACTIONS, ADVANCED, CONTENT, WILD

#: Options that always have a place when offered: a location, a first-visit space, the
#: specimen, a library slot or point, a garden spot, a lecture track, a sketch stack, a
#: knowledge category, a lens, a refresh button.
ALWAYS = re.compile(
    r"^(move \d+|stay|collect|investigate reward|first_visit (upper|lower)|slot \d,\d|"
    r"point \d|plant \d,\d+|cultivate \d+|track \d|stack \d|knowledge \d|token \d|"
    r"discard \d+|place \d+,\d|refresh \w+|refresh_lenses)$"
)
DISPLAY: dict[str, tuple[str, Sequence[Any]]] = {
    "write": ("letters", CONTENT.letters),
    "exotic": ("exotics", CONTENT.exotics),
    "lens": ("lenses", CONTENT.advanced),
    "book": ("books", CONTENT.books),
    "take_book": ("books", CONTENT.books),
    "voyage_card": ("voyages", CONTENT.voyages),
    "recruit": ("voyages", CONTENT.voyages),
}


def has_place(option: str, view: Mapping[str, Any]) -> bool:
    """Options naming something on the table: a location, a card of a display, one of the
    viewer's cards, lenses, sketches, knowledge, a spot of the library or the garden."""
    if ALWAYS.match(option):
        return True
    body = view["body"]
    me = body["players"][view["seat"]]
    verb, _, rest = option.partition(" ")
    if verb == "space":
        return view["decision"]["kind"] in ("initial_order_space", "order_space")
    if not rest.isdigit():
        return False
    n = int(rest)
    if verb in DISPLAY:
        where, table = DISPLAY[verb]
        return table[n].id in body["displays"][where]
    own: dict[str, tuple[str, Sequence[Any]]] = {
        "send": ("letters", CONTENT.letters),
        "publish": ("books", CONTENT.books),
        "link_book": ("waiting", CONTENT.books),
        "sketch": ("sketches", CONTENT.sketches),
        "activate": ("sketches", CONTENT.sketches),
    }
    if verb in own:
        key, items = own[verb]
        return items[n].id in me[key]
    if verb in ("ship", "link", "income"):
        return CONTENT.voyages[n].id in {v["card"] for v in me["voyages"]}
    return False


def lens_id(code: int) -> str:
    return CONTENT.advanced[code - ADVANCED].id


def texts(root: ET.Element) -> str:
    return " ".join(el.text or "" for el in root.iter())


def placed_in(kind: str, players: int, seed: int) -> list[str]:
    state = play_until("linnaeus", players, seed, decision_kind(kind))
    assert state is not None, f"no {kind} decision"
    return check_placed(board_svg, mover_view(state), has_place)


@pytest.mark.parametrize(
    ("kind", "prefix"),
    [
        ("place_lens", "place "),
        ("explore_move", "move "),
        ("research_move", "point "),
        ("place_specimen", "slot "),
        ("garden", "plant "),
        ("correspond", "write "),
        ("lecture_step", "track "),
        ("knowledge_pick", "knowledge "),
        ("order_space", "space "),
        ("advanced_lens_pick", "lens "),
        ("voyage_ship", "ship "),
        ("publish_book", "publish "),
        ("initial_order_space", "space "),
        ("first_visit_space", "first_visit "),
        ("investigate", "collect"),
        ("send_letter", "send "),
        ("pay_sketch", "sketch "),
        ("activate_sketch_pick", "activate "),
        ("exotic_pick", "exotic "),
        ("sketch_stack", "stack "),
        ("link_voyage", "link "),
        ("turn_window", "refresh "),
    ],
)
def test_the_options_of_each_kind_are_clickable_on_the_table(kind: str, prefix: str) -> None:
    def wanted(state: GameState) -> bool:
        return decision_kind(kind)(state) and any(
            a.id.startswith(prefix) for a in state.legal_actions()
        )

    for seed in range(1, 25):
        players = 1 + seed % 4
        state = play_until("linnaeus", players, seed, wanted)
        if state is not None:
            placed = check_placed(board_svg, mover_view(state), has_place)
            assert any(o.startswith(prefix) for o in placed)
            return
    pytest.fail(f"no {kind} decision with a {prefix!r} option")


def test_a_clickable_location_is_that_location() -> None:
    state = play_until("linnaeus", 2, 7, decision_kind("explore_move"))
    assert state is not None
    root = check(board_svg, mover_view(state))
    moves = [el for el in root.iter() if el.get("data-action", "").startswith("move ")]
    assert moves
    for element in moves:
        where = CONTENT.locations[int(element.get("data-action", "")[5:])].name
        assert where in texts(element), f"{element.get('data-action')} is not on {where}"


def test_a_lens_chip_names_its_lens_and_sits_on_its_tool() -> None:
    state = play_until("linnaeus", 3, 8, decision_kind("place_lens"))
    assert state is not None
    view = mover_view(state)
    root = check(board_svg, view)
    chips = [el for el in root.iter() if el.get("data-action", "").startswith("place ")]
    offered = [o["id"] for o in view["decision"]["options"] if o["id"].startswith("place ")]
    assert sorted(el.get("data-action", "") for el in chips) == sorted(offered)
    lefts: dict[int, list[float]] = {0: [], 1: [], 2: []}
    for element in chips:
        code, tool = (int(n) for n in element.get("data-action", "")[6:].split(","))
        name = "wild" if code == WILD else ACTIONS[code] if code < WILD else lens_id(code)
        assert name[:8] in texts(element)
        first = element.find("{http://www.w3.org/2000/svg}rect")
        assert first is not None
        lefts[tool].append(float(first.get("x", "0")))
    for tool in (1, 2):
        if lefts[tool] and lefts[tool - 1]:
            assert min(lefts[tool]) > max(lefts[tool - 1]), "a tool's chips left of the tool"


def test_the_face_down_decks_never_show() -> None:
    plant = HIDDEN["linnaeus"]
    assert plant is not None
    for players in (1, 3):
        for state in random_states("linnaeus", players, 10, 200, every=50):
            for owner in range(state.players):
                planted = state.clone()
                allowed = plant(planted, owner)
                if allowed is None:
                    continue
                for seat in seats(planted):
                    shown = MARKER_TEXT in board_svg(planted.view(seat))
                    assert shown == (seat in allowed)


def test_the_board_names_things_as_the_terminal_does() -> None:
    state = play_until("linnaeus", 3, 11, decision_kind("place_lens"))
    assert state is not None
    view = state.view(0)
    words = texts(check(board_svg, view))
    terminal = state.render(0)
    for loc in CONTENT.locations:
        assert loc.name in words and loc.name in terminal
    for player in view["body"]["players"]:
        assert player["side"] in words
    for key, cards in view["body"]["displays"].items():
        for card in cards:
            if card is not None:
                assert card in words, f"{key} {card}"
    for spot in view["body"]["garden"]["spots"]:
        assert spot["id"] in words


def test_the_solo_board_shows_the_automa() -> None:
    def automa_played(state: GameState) -> bool:
        on_tools = state.view(None)["body"]["players"][1]["on_tools"]
        return any(card is not None for card in on_tools)

    state = play_until("linnaeus", 1, 12, automa_played)
    assert state is not None
    view = state.view(0)
    words = texts(check(board_svg, view))
    automa = view["body"]["automa"]
    assert f"automa ({automa['difficulty']})" in words
    assert f"{automa['deck']} cards in its deck" in words
    for card in view["body"]["players"][1]["on_tools"]:
        if card is not None:
            assert card in words


def finished(players: int, seed: int) -> GameState:
    states = list(random_states("linnaeus", players, seed, 20_000, every=20_000))
    assert states[-1].is_over
    return states[-1]


@pytest.mark.parametrize("players", range(SPEC.min_players, SPEC.max_players + 1))
def test_a_finished_game_renders_with_its_winners(players: int) -> None:
    state = finished(players, 13)
    for seat in seats(state):
        view = state.view(seat)
        words = texts(check(board_svg, view))
        assert "won by " + " ".join(view["winners"]) in words
        for side, score in zip(view["sides"], view["scores"], strict=True):
            assert f"{side} {int(score)}" in words


@settings(
    max_examples=5, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(
    seed=st.integers(min_value=0, max_value=10_000),
    players=st.integers(min_value=SPEC.min_players, max_value=SPEC.max_players),
)
def test_views_along_random_games_render(seed: int, players: int) -> None:
    for state in random_states("linnaeus", players, seed, 20_000, every=37):
        for seat in seats(state):
            check_placed(board_svg, state.view(seat), has_place, again=False)
