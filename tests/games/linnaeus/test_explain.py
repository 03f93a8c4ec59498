"""``explain``: every option says what it costs and gives the seat to move (issue 27)."""

from __future__ import annotations

import pytest

import boardlab
from boardlab.engine import Rng
from boardlab.games.linnaeus import SPEC, garden
from boardlab.games.linnaeus.actions import reward_text
from boardlab.games.linnaeus.content import CONTENT, REWARDS, TOOLS
from boardlab.games.linnaeus.options import OPTIONS
from boardlab.games.linnaeus.state import LinnaeusState

from .helpers import blank, ids, loc, new, oid, play, spot, started, with_frames

#: An explanation must add at least this many characters to its option's label.
ADDS_AT_LEAST = 12


def _added(label: str, text: str) -> int:
    rest = text.replace(label, "", 1) if label in text else text
    return len(rest.strip(" :;,.-()"))


@pytest.mark.parametrize("players", [2, 1])
def test_no_explanation_only_repeats_its_label_over_20_random_games(players: int) -> None:
    """Issue 27, deliverable 2: the share of options whose explanation repeats the label or
    adds under 12 characters is 0% (it was 49%)."""
    total, short = 0, []
    for seed in range(20):
        s = boardlab.new("linnaeus", players, seed)
        rng = Rng(seed)
        while not s.is_over:
            options = s.legal_actions()
            for option in options:
                total += 1
                if _added(option.label, s.explain(option)) < ADDS_AT_LEAST:
                    short.append(f"{option.id}: {s.explain(option)}")
            s.apply(options[rng.randbelow(len(options))])
    assert total > 5_000
    assert not short, short[:5]


def _garden(players: int = 3) -> LinnaeusState:
    s = blank(started(players, 1))
    s.spot_owner = [-1] * len(s.spot_owner)
    s.spot_value = [0] * len(s.spot_value)
    s.spot_dark = [0] * len(s.spot_dark)
    return s


def test_planting_the_last_spot_of_a_bed_says_the_top_reward_and_the_rank_vp() -> None:
    """§11.3: completing L3 pays its top reward to everyone there and ranks them."""
    s = _garden()
    l3 = [spot(f"L3-{k}") for k in (1, 2, 3)]
    s.spot_owner[l3[0]], s.spot_value[l3[0]] = 1, 3
    s.spot_owner[l3[1]], s.spot_value[l3[1]] = 2, 1
    tile = CONTENT.bed_tiles[garden.bed_tile(s, CONTENT.spots[l3[0]].bed)]
    with_frames(s, ("cultivate", 0, -2))
    text = s.explain(oid("plant", 2, l3[2]))
    assert "it completes bed L3" in text
    assert f"gains {reward_text(tile.top)}" in text
    assert f"your flowers (2) score {tile.rank_vp[1]} VP" in text


def test_planting_elsewhere_says_the_spot_reward_and_how_full_the_bed_gets() -> None:
    s = _garden()
    x = spot("T1-1")
    with_frames(s, ("cultivate", 0, -2))
    text = s.explain(oid("plant", 3, x))
    reward = reward_text(CONTENT.spots[x].reward)
    assert f"the spot gives {reward}" in text
    assert "bed T1 then has 1 of 6 spots filled, your flowers there worth 3" in text
    assert "(3 3-flowers left)" in text


def test_cultivating_names_the_tool_cost_and_the_row_pond() -> None:
    """§9.4: 2 tools, the flower turns dark (+1), its row's pond reward and sketch."""
    s = _garden()
    x = spot("L1-1")
    s.spot_owner[x], s.spot_value[x] = 0, 2
    s.tools[0] = 2
    with_frames(s, ("cultivate", 0, -2))
    text = s.explain(oid("cultivate", x))
    row = CONTENT.spots[x].row
    assert "pay 2 tools; the flower turns dark and is worth 3" in text
    assert f"the row-{row} pond gives" in text


def test_a_send_lists_every_letter_of_the_column_it_re_triggers() -> None:
    """§9.3: a sent letter joins its colour's column; every letter there pays again."""
    s = _garden()
    red = [i for i, x in enumerate(CONTENT.letters) if x.colour == 0]
    s.sent[0], s.sent_col[0] = (red[0],), (0,)
    s.letters[0] = (red[1],)
    with_frames(s, ("correspond", 0, -2))
    text = s.explain(oid("send", red[1]))
    first, second = CONTENT.letters[red[0]].id, CONTENT.letters[red[1]].id
    assert f"it joins your red column with {first}" in text
    assert text.index(f"oldest first: {first} ") < text.index(f"; {second} ")


def test_an_order_space_says_its_reward_on_the_next_round_tile() -> None:
    """§10: the microscope's space pays the reward printed on the next-round tile."""
    s = _garden()
    with_frames(s, ("order_space", 0))
    reward = CONTENT.order_tiles[s.next_tile][3]
    text = s.explain("space 3")
    assert f"gain {reward_text(reward)} now" in text
    assert f"tile {CONTENT.order_ids[s.next_tile]}" in text
    assert "turn order of the next round" in text


def test_a_move_says_the_route_cost_and_the_first_visit_rewards() -> None:
    """§9.1: a difficult route costs coins; a first visit pays a space of the location."""
    s = _garden()
    s.coins[0] = 3
    route = next(r for r in CONTENT.routes if r.cost and loc("falun") in (r.a, r.b))
    s.explorer[0] = route.a + route.b - loc("falun")
    with_frames(s, ("explore", 0, -2))
    text = s.explain(oid("move", loc("falun")))
    assert f"the route costs {route.cost} coin" in text
    falun = s.explain(oid("move", loc("falun")))
    upper = CONTENT.locations[loc("falun")].first_visit[0]
    assert f"upper {reward_text(upper)}" in falun


def test_the_magnifier_choice_is_named_as_players_say_it() -> None:
    """Issue 27, deliverable 8: ``choose tool`` / ``choose container``, not indexes."""
    s = blank(started(2, 0))
    seat = s.to_move
    assert seat is not None
    play(s, "place explore,magnifier")
    assert ids(s) == ["choose tool", "choose container"]
    labels = [a.label for a in s.legal_actions()]
    assert labels == ["take a tool", "take a container"]
    assert "instead of 1 container" in s.explain("choose tool")
    play(s, "choose container")
    assert s.containers[seat] == 1


def test_publishing_says_what_the_book_costs_and_gives() -> None:
    """§14: knowledge and sketches paid, VP and the book's reward gained."""
    s = _garden()
    book = CONTENT.books[s.books[0][0]]
    for entry in book.knowledge:
        s.knowledge[entry] = 2
    with_frames(s, ("publish", 0))
    text = s.explain(oid("publish", s.books[0][0]))
    assert f"gives {book.vp} VP" in text and "links to a voyage card" in text


def test_free_actions_say_their_price_against_what_the_seat_holds() -> None:
    """§8: buying costs 3 coins; the explanation says what the seat has."""
    s = _garden()
    s.coins[0] = 7
    with_frames(s, ("turn_end", 0), ("window", 0))
    assert "pay 3 of your 7 coins; you hold 0 tools now" in s.explain("buy tool")
    assert "end your turn" in s.explain("continue")
    assert "pay 6 of your 7 coins" in s.explain("extra research")


def test_ids_name_cards_by_their_code() -> None:
    """Issue 27, deliverable 8: ``take_book BK25``, not ``take_book 24``."""
    assert oid("take_book", 24) == "take_book BK25"
    assert oid("write", 11) == "write LT12"
    assert oid("place", 0, 2) == f"place explore,{TOOLS[2]}"
    assert oid("move", loc("falun")) == "move falun"
    assert oid("plant", 2, spot("T1-3")) == "plant 2,T1-3"


def test_the_terminal_board_shows_order_spaces_corners_and_display_cards() -> None:
    """Issue 27, deliverable 8: what each order space, specimen corner and card gives."""
    s = new(2, 0)
    board = s.render(0)
    tile = CONTENT.order_tiles[s.next_tile]
    reward = reward_text(tile[1])
    assert f"next-round order tile {CONTENT.order_ids[s.next_tile]}: 1 " in board
    assert f"2 {reward} [-]" in board.replace("\n      ", " ")
    falun = CONTENT.specimens[s.sites[loc("falun")]]
    assert f"corners {garden_corners(falun)}" in board.replace("\n      ", " ")
    letter = CONTENT.letters[s.letter_display[0]]
    assert f"{letter.id} " in board and "letter: write " in board


def garden_corners(spec: object) -> str:
    from boardlab.games.linnaeus.board_text import corners_text

    return corners_text(spec)  # type: ignore[arg-type]


def test_the_header_names_the_seat_picking_an_order_space() -> None:
    """Issue 27: during the round-1 picks the board said '- to play'."""
    s = new(2, 0)
    assert s.active < 0 and s.decision is not None
    seat = s.decision.player
    assert s.view(seat)["body"]["to_decide"] == f"P{seat + 1}"
    assert f"P{seat + 1} to play" in s.render(seat)


def test_a_solo_game_says_it_is_against_the_automa() -> None:
    s = new(1, 0)
    assert "Solo game: P1 against the automa (student)" in s.render(0)
    assert s.view(0)["body"]["opponent"] == "automa"
    assert new(2, 0).view(0)["body"]["opponent"] is None
    assert "automa" in SPEC.summary


def test_option_help_speaks_to_players() -> None:
    """Issue 27, deliverable 8: no rule references in the lobby's help."""
    for option in OPTIONS:
        assert "§" not in option.help and len(option.help) > 40, option.name
    assert REWARDS  # the content is loaded
