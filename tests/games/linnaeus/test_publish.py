"""Publishing (rules §14) and voyage income (§14.5)."""

from __future__ import annotations

from boardlab.games.linnaeus.content import CONTENT
from boardlab.games.linnaeus.state import LinnaeusState

from .helpers import (
    blank,
    by_id,
    cat,
    ids,
    kind,
    knowledge,
    oid,
    options_of,
    play,
    started,
    with_frames,
)


def game() -> LinnaeusState:
    s = blank(started(2, 1))
    s.books[0] = ()
    return s


def book(name: str) -> int:
    return by_id(CONTENT.books, name)


def sketch(name: str) -> int:
    return by_id(CONTENT.sketches, name)


def test_r14_2_a_book_is_offered_only_when_it_can_be_paid() -> None:
    s = game()
    s.books[0] = (book("BK02"),)  # environment + any vertebrate
    s.knowledge[cat("environment")] = 1
    assert options_of(s, "publish", 0) == ["skip"]
    s.knowledge[cat("anatomy")] = 1
    assert options_of(s, "publish", 0) == [oid("publish", book('BK02')), "skip"]


def test_r14_2_wildcards_stay_in_their_domain() -> None:
    s = game()
    s.books[0] = (book("BK02"),)
    s.knowledge[cat("environment")] = 1
    s.knowledge[cat("soil")] = 2
    assert options_of(s, "publish", 0) == ["skip"]


def test_r14_2_pay_knowledge_is_asked_when_the_wildcard_is_ambiguous() -> None:
    s = game()
    s.books[0] = (book("BK02"),)
    s.knowledge[cat("environment")] = 1
    s.knowledge[cat("anatomy")] = 1
    s.knowledge[cat("behaviour")] = 1
    s.voyages[0], s.ships[0], s.links[0] = (0,), (0,), (-1,)
    with_frames(s, ("publish", 0), active=1)
    play(s, oid("publish", book('BK02')))
    assert kind(s) == "pay_knowledge"
    play(s, oid("token", cat('behaviour')))
    assert knowledge(s, 0) == {"anatomy": 1}
    assert s.vp[0] == 3 and s.published[0] == (book("BK02"),)
    assert s.lecture[1] == 1  # the book's reward: zoology
    assert s.links[0] == (book("BK02"),)  # the only free voyage card, linked at once


def test_r14_2_sketches_face_up_give_their_bonus_when_the_colour_matches() -> None:
    s = game()
    b = book("BK08")  # vertebrate; behaviour, environment; a sketch of value 1
    s.books[0] = (b,)
    s.knowledge[cat("behaviour")] = s.knowledge[cat("environment")] = 1
    match, other = sketch("SK03"), sketch("SK14")  # vertebrate (1 tool), plant
    s.sketches[0] = (match, other)
    with_frames(s, ("publish", 0), active=1)
    play(s, oid("publish", b))
    assert kind(s) == "pay_sketch"
    play(s, oid("sketch", match))
    assert s.tools[0] == 1 and s.sketches_paid[0] == (match,)
    s2 = game()
    s2.books[0] = (b,)
    s2.knowledge[cat("behaviour")] = s2.knowledge[cat("environment")] = 1
    s2.sketches[0] = (match, other)
    with_frames(s2, ("publish", 0), active=1)
    play(s2, oid("publish", b), oid("sketch", other))
    assert s2.coins[0] == 2 and s2.tools[0] == 0  # the book's 2 coins, no sketch bonus


def test_r14_2_a_sketch_must_have_the_value() -> None:
    s = game()
    b = book("BK11")  # needs a sketch of value 2
    s.books[0] = (b,)
    for c in ("behaviour", "environment", "morphology"):
        s.knowledge[cat(c)] = 1
    s.sketches[0] = (sketch("SK01"),)  # value 1
    assert options_of(s, "publish", 0) == ["skip"]


def test_r14_3_appendix_may_use_what_the_publish_gave() -> None:
    s = game()
    b = book("BK07")  # anatomy + any vertebrate, reward zoology 1; appendix 2 coins -> 2 VP
    s.books[0] = (b,)
    s.knowledge[cat("anatomy")] = 2
    s.voyages[0], s.ships[0], s.links[0] = (0,), (0,), (-1,)
    s.coins[0] = 2
    with_frames(s, ("publish", 0), active=1)
    play(s, oid("publish", b))
    assert kind(s) == "appendix"
    play(s, "appendix")
    assert s.vp[0] == 5 + 2 and s.coins[0] == 0


def test_r14_3_appendix_sketches_go_face_down() -> None:
    s = game()
    b = book("BK09")  # environment, soil; appendix: a sketch of 1 -> 2 VP
    s.books[0] = (b,)
    s.knowledge[cat("environment")] = s.knowledge[cat("soil")] = 1
    s.sketches[0] = (sketch("SK03"),)  # vertebrate: its colour, but paid to the appendix
    s.voyages[0], s.ships[0], s.links[0] = (0,), (0,), (-1,)
    with_frames(s, ("publish", 0), active=1)
    play(s, oid("publish", b), "appendix")
    assert s.tools[0] == 0 and s.vp[0] == 6 + 2 and s.sketches_paid[0] == (sketch("SK03"),)


def test_r14_4_a_book_waits_for_a_voyage_card() -> None:
    s = game()
    b = book("BK01")
    s.books[0] = (b,)
    s.knowledge[cat("anatomy")] = s.knowledge[cat("behaviour")] = 1
    s.voyages[0], s.ships[0], s.links[0] = (0,), (0,), (7,)
    with_frames(s, ("publish", 0), active=1)
    play(s, oid("publish", b))
    assert s.waiting[0] == (b,)
    s.coins[0], s.containers[0] = 3, 1
    with_frames(s, ("window", 0), active=0)
    play(s, oid("recruit", s.voyage_display[0]))
    assert s.links[0][-1] == b and s.waiting[0] == ()


def test_r14_4_the_player_picks_the_voyage_card() -> None:
    s = game()
    b = book("BK01")
    s.books[0] = (b,)
    s.knowledge[cat("anatomy")] = s.knowledge[cat("behaviour")] = 1
    s.voyages[0], s.ships[0], s.links[0] = (0, 6), (0, 0), (-1, -1)
    with_frames(s, ("publish", 0), active=1)
    play(s, oid("publish", b))
    assert kind(s) == "link_voyage" and ids(s) == ["link VS1", "link VY01"]
    play(s, "link VY01")
    assert s.links[0] == (-1, b)


def test_ruling_24_one_book_a_turn() -> None:
    s = started(2, 1)
    from boardlab.games.linnaeus import turn

    s.stack = []
    turn.begin_turn(s, 0)
    assert [f[0] for f in s.stack].count("publish") == 1


def test_r14_5_income_needs_a_complete_linked_voyage() -> None:
    s = game()
    s.voyages[0], s.ships[0], s.links[0] = (0, 1), (3, 2), (book("BK01"), book("BK02"))
    from boardlab.games.linnaeus.income import paying

    assert paying(s, 0) == (0,)
    s.links[0] = (-1, book("BK02"))
    assert paying(s, 0) == ()


def test_ruling_23_free_actions_before_publishing_may_make_a_book_payable() -> None:
    s = game()
    s.books[0] = (book("BK01"),)  # anatomy, behaviour
    s.knowledge[cat("anatomy")] = 1
    s.knowledge[cat("soil")] = 1
    s.coins[0] = 2
    with_frames(s, ("publish", 0), active=0)
    assert kind(s) == "publish_book" and "skip" in ids(s)
    play(s, oid("move_knowledge", cat('soil'), cat('behaviour')))
    assert oid("publish", book('BK01')) in ids(s)
