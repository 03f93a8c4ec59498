"""The Linnaeus table in SVG (``board_svg``): drawn from a view only, clickable locations,
cards, lenses, library, garden and tracks under the options' own ids (issue 27: ids name
cards and things as players say them), nothing of the face-down decks, solo and 2-4 players,
random games to the end."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Mapping
from typing import Any

import pytest
from board_svg_checks import (
    actions,
    check,
    check_placed,
    decision_kind,
    mover_view,
    option_ids,
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
from boardlab.games.linnaeus.content import CATEGORIES, CONTENT, TOOLS, TRACKS


def _any(names: Any) -> str:
    return "(" + "|".join(re.escape(name) for name in names) + ")"


_SPOT = _any(spot.id for spot in CONTENT.spots)
#: Options that always have a place when offered: a location, a first-visit space, the
#: specimen, a library slot or point, a garden spot, a lecture track, a sketch stack, a
#: knowledge category, a refresh button.
ALWAYS = re.compile(
    rf"^(move {_any(loc.id for loc in CONTENT.locations)}|stay|collect|investigate reward|"
    rf"first_visit (upper|lower)|slot \d,\d|point \d|plant \d,{_SPOT}|cultivate {_SPOT}|"
    rf"track {_any(TRACKS)}|stack \d|(knowledge|token) {_any(CATEGORIES)}|"
    r"refresh \w+|refresh_lenses)$"
)
#: Options naming a card of a display, and the display's key in the view.
DISPLAY = {
    "write": "letters",
    "exotic": "exotics",
    "lens": "lenses",
    "book": "books",
    "take_book": "books",
    "voyage_card": "voyages",
    "recruit": "voyages",
}
#: Options naming one of the viewer's things, and where the view lists them.
OWN = {
    "send": "letters",
    "publish": "books",
    "link_book": "waiting",
    "sketch": "sketches",
    "activate": "sketches",
    "discard": "lenses",
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
    if verb in DISPLAY:
        return rest in body["displays"][DISPLAY[verb]]
    if verb in OWN:
        return rest in me[OWN[verb]]
    if verb in ("ship", "link", "income"):
        return rest in {v["card"] for v in me["voyages"]}
    if verb == "place":
        lens, _, tool = rest.partition(",")
        return lens in me["lenses"] and me["on_tools"][TOOLS.index(tool)] is None
    return False


#: Options with nothing of their own on the table: going on or stopping, paying, trading,
#: a reward's choice, a lens ability's timing, moving a knowledge token, the wild lens's or
#: an extra action, a start tile, a book's appendix.
PLACELESS = frozenset(
    {
        "continue", "stop", "skip", "pay", "nothing", "ability", "buy", "sell", "choose",
        "move_knowledge", "wild", "extra", "start_tile", "appendix",
    }
)  # fmt: skip


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
    names = {loc.id: loc.name for loc in CONTENT.locations}
    for element in moves:
        where = names[element.get("data-action", "")[5:]]
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
        name, tool = element.get("data-action", "")[6:].split(",")
        assert name[:8] in texts(element)
        first = element.find("{http://www.w3.org/2000/svg}rect")
        assert first is not None
        lefts[TOOLS.index(tool)].append(float(first.get("x", "0")))
    for tool in (1, 2):
        if lefts[tool] and lefts[tool - 1]:
            assert min(lefts[tool]) > max(lefts[tool - 1]), "a tool's chips left of the tool"


@pytest.mark.parametrize("players", [1, 2])
def test_every_clickable_place_is_an_option_and_placed_options_are_clickable(
    players: int,
) -> None:
    """Issue 27 (deliverable 8) renamed the option ids: along random games, every
    ``data-action`` of the mover's board is an option of the pending decision (``check``),
    and the options that name something on the table are clickable there."""
    offered: Counter[str] = Counter()
    clickable: Counter[str] = Counter()
    decisions = 0
    for seed in (1, 2, 3):
        for state in random_states("linnaeus", players, seed, 20_000, every=3):
            if state.is_over:
                continue
            view = mover_view(state)
            placed = set(actions(check(board_svg, view, again=False)))
            decisions += 1
            for option in option_ids(view):
                verb = option.partition(" ")[0]
                if verb not in PLACELESS:
                    offered[verb] += 1
                    clickable[verb] += option in placed
    assert decisions >= 100
    assert len(offered) >= 12, f"too few kinds of options met: {sorted(offered)}"
    share = sum(clickable.values()) / sum(offered.values())
    missed = {verb: f"{clickable[verb]}/{n}" for verb, n in offered.items() if clickable[verb] < n}
    assert share >= 0.95, f"{share:.1%} clickable; missed {missed}"


def test_the_header_names_the_side_picking_an_order_space() -> None:
    """Issue 27: during the order-tile picks no side is active; the header names the side
    that decides instead of "- to play"."""
    state = play_until("linnaeus", 2, 3, decision_kind("initial_order_space"))
    assert state is not None
    view = state.view(None)
    assert view["body"]["active"] is None
    words = texts(check(board_svg, view))
    assert f"{view['body']['to_decide']} to play" in words
    assert "- to play" not in words


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
