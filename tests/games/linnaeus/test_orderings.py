"""Issue 28, items 4-9: the windows and orders in which a player decides (§2.3, §8, §9.2,
§14.1, §21, ruling 23), and the view's automa level and round-1 markers."""

from __future__ import annotations

from boardlab.games.linnaeus.board_text import render_text
from boardlab.games.linnaeus.content import (
    CONTENT,
    ORTHOGONAL,
    POINT_CORNERS,
    REWARDS,
    TAXONOMY_LOOP,
    Reward,
    intern,
)
from boardlab.games.linnaeus.state import LinnaeusState

from .helpers import blank, by_id, cat, ids, kind, new, oid, play, started, with_frames

BOTANY = 0
#: Order tile O5's space 1 (and letter LT12's send): 1 lecture step of your choice, 1 taxonomy.
LECTURE_AND_TAXONOMY = intern(Reward(taxonomy=1, lecture_any=1))


def game() -> LinnaeusState:
    return blank(started(2, 1))


def _on_the_brink_of_a_lap(s: LinnaeusState) -> None:
    s.taxonomy[0] = TAXONOMY_LOOP - 1


def test_ruling_23_window_before_an_advanced_lens_pick_on_the_own_turn() -> None:
    s = game()
    s.tools[0] = s.containers[0] = 1
    _on_the_brink_of_a_lap(s)
    old = list(s.lens_display)
    with_frames(s, ("lens_pick", 0), active=0)
    assert kind(s) == "advanced_lens_pick"
    assert "sell tool" in ids(s) and "refresh_lenses" not in ids(s)
    play(s, "sell tool")
    assert kind(s) == "advanced_lens_pick" and s.coins[0] == 1
    assert "refresh_lenses" in ids(s) and "refresh lenses" not in ids(s)  # offered once
    play(s, "refresh_lenses")
    assert s.coins[0] == 0 and s.lens_display != old


def test_ruling_23_no_window_at_an_advanced_lens_pick_on_another_turn() -> None:
    s = game()
    s.tools[0], s.coins[0] = 1, 1
    with_frames(s, ("lens_pick", 0), active=1)
    assert ids(s) == [oid("lens", x) for x in s.lens_display]


def test_r2_3_the_owner_orders_a_lens_pick_before_a_coin_still_to_come() -> None:
    """Issue 28 item 5: the lap's lens and a lecture step onto a coin space (botany 1)."""
    s = game()
    assert REWARDS[CONTENT.order_tiles[by_id_order("O5")][1]] == REWARDS[LECTURE_AND_TAXONOMY]
    _on_the_brink_of_a_lap(s)
    with_frames(s, ("gain", 0, LECTURE_AND_TAXONOMY), active=0)
    assert kind(s) == "reward_order"
    assert ids(s) == ["lens_order first", "lens_order last"]
    play(s, "lens_order last")
    assert kind(s) == "lecture_step"
    play(s, "track botany")
    assert s.coins[0] == 1 and kind(s) == "advanced_lens_pick"
    assert "refresh_lenses" in ids(s)


def test_r2_3_letter_lt12_orders_its_lap_and_its_botany_coin() -> None:
    """LT12's send: 1 taxonomy and a botany step onto space 1 (1 coin)."""
    s = game()
    _on_the_brink_of_a_lap(s)
    send = CONTENT.letters[by_id(CONTENT.letters, "LT12")].send
    with_frames(s, ("gain", 0, send), active=0)
    play(s, "lens_order last")
    assert s.coins[0] == 1 and s.lecture[BOTANY] == 1
    assert kind(s) == "advanced_lens_pick" and "refresh_lenses" in ids(s)


def test_r2_3_lens_first_keeps_the_fixed_order() -> None:
    s = game()
    _on_the_brink_of_a_lap(s)
    with_frames(s, ("gain", 0, LECTURE_AND_TAXONOMY), active=0)
    play(s, "lens_order first")
    assert kind(s) == "advanced_lens_pick" and "refresh_lenses" not in ids(s)
    play(s, oid("lens", s.lens_display[0]))
    assert kind(s) == "lecture_step"


def test_r2_3_no_order_is_asked_when_no_coin_can_come() -> None:
    """Issue 28 item 8: every lecture space reachable pays nothing, so nothing new is asked."""
    s = game()
    _on_the_brink_of_a_lap(s)
    s.lecture[0:3] = [1, 1, 1]  # space 2 of every track is empty
    with_frames(s, ("gain", 0, LECTURE_AND_TAXONOMY), active=0)
    assert kind(s) == "advanced_lens_pick"


def test_r2_3_no_order_is_asked_off_turn() -> None:
    """Off the owner's turn a lens pick has no window, so coins cannot matter to it."""
    s = game()
    _on_the_brink_of_a_lap(s)
    with_frames(s, ("gain", 0, LECTURE_AND_TAXONOMY), active=1)
    assert kind(s) == "advanced_lens_pick"


def test_r2_3_a_glasses_lap_asks_nothing_new() -> None:
    """The glasses' taxonomy alone: no part can bring a coin, the lens pick comes at once."""
    s = game()
    _on_the_brink_of_a_lap(s)
    with_frames(s, ("place", 0), active=0)
    play(s, "place explore,glasses")
    assert kind(s) == "advanced_lens_pick"


def by_id_order(name: str) -> int:
    return CONTENT.order_ids.index(name)


def _corners_on_one_point(s: LinnaeusState, first: str, second: str,
                          first_corner: int, second_corner: int) -> int:
    """Put specimen ``first`` in a lower slot than ``second`` with their printed corners
    ``first_corner`` and ``second_corner`` on one point; the researcher next to it."""
    s.library[0:4] = [-1, -1, -1, -1]
    s.covered[0:4] = [0, 0, 0, 0]
    for point, corners in enumerate(POINT_CORNERS):
        if len(corners) == 2:
            (a, pos_a), (b, pos_b) = corners
            s.library[a] = by_id(CONTENT.specimens, first)
            s.rotation[a] = (pos_a - first_corner) % 4
            s.library[b], s.rotation[b] = (by_id(CONTENT.specimens, second),
                                           (pos_b - second_corner) % 4)
            s.researcher[0] = ORTHOGONAL[point][0]
            return point
    raise AssertionError("no point touches two slots")


def test_r9_2_2_corners_on_one_point_in_an_order_the_player_chooses() -> None:
    """Issue 28 item 6: SP08's 2 taxonomy (NW) before SP05's 2 coins (NE) in slot order."""
    s = game()
    _on_the_brink_of_a_lap(s)
    point = _corners_on_one_point(s, "SP08", "SP05", 0, 1)
    with_frames(s, ("research", 0, -2), active=0)
    play(s, oid("point", point))
    assert kind(s) == "corner_order"
    assert ids(s) == ["corner SP08", "corner SP05"]
    play(s, "corner SP05")
    assert s.coins[0] == 2 and kind(s) == "advanced_lens_pick"
    assert "refresh_lenses" in ids(s)


def test_r9_2_2_corners_whose_order_cannot_matter_resolve_in_slot_order() -> None:
    """No lap (taxonomy far from space 0): nothing is asked, both corners are gained."""
    s = game()
    point = _corners_on_one_point(s, "SP08", "SP05", 0, 1)
    with_frames(s, ("turn_end", 0), ("research", 0, -2), active=0)
    play(s, oid("point", point))
    assert s.coins[0] == 2 and s.taxonomy[0] == 2 and kind(s) != "corner_order"


def test_ruling_23_a_book_taken_before_the_publish_step_may_be_published_that_turn() -> None:
    """Issue 28 item 7: no book held when the action ends, a tool and a payable book on
    display: the publish step is posed, ``take_book`` there, then ``publish``."""
    s = game()
    bk01 = by_id(CONTENT.books, "BK01")  # anatomy, behaviour
    s.book_display = [bk01, -1, -1]
    s.books[0] = ()
    s.tools[0] = 1
    s.knowledge[cat("anatomy")] = s.knowledge[cat("behaviour")] = 1
    with_frames(s, ("turn_end", 0), ("window", 0), ("publish", 0), active=0)
    assert kind(s) == "publish_book"
    play(s, oid("take_book", bk01))
    assert oid("publish", bk01) in ids(s)
    play(s, oid("publish", bk01))
    assert bk01 in s.published[0]


def test_ruling_23_no_publish_step_when_no_book_could_be_published() -> None:
    """No book held and the display's book cannot be paid: the end window alone."""
    s = game()
    s.book_display = [by_id(CONTENT.books, "BK01"), -1, -1]
    s.books[0] = ()
    s.tools[0] = 1
    with_frames(s, ("turn_end", 0), ("window", 0), ("publish", 0), active=0)
    assert kind(s) == "turn_window"


def test_r19_1_the_view_shows_the_level_the_automa_plays_at() -> None:
    """Issue 28 item 9: with ``characters`` a student automa plays at skilled."""
    s = new(1, 0, characters=True, difficulty="student")
    assert s.view(0)["body"]["automa"]["difficulty"] == "skilled"
    assert "against the automa (skilled)" in render_text(s, 0)


def test_r5_the_round_1_markers_leave_play_with_their_tile() -> None:
    """Issue 28 item 9: ``order.first_spaces`` is empty once the round-1 tile is gone."""
    s = started(2, 3)
    assert any(x is not None for x in s.view(0)["body"]["order"]["first_spaces"])
    while s.round == 1:
        s.apply(s.legal_actions()[0])
    assert s.round == 2
    assert s.view(0)["body"]["order"]["first_spaces"] == [None] * 4
