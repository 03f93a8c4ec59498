"""Rounds, turns, lenses and free actions (rules §5-§8, §10)."""

from __future__ import annotations

from boardlab.engine import Rng
from boardlab.games.linnaeus.content import ADVANCED, CONTENT, WILD

from .helpers import blank, by_id, ids, kind, loc, new, oid, play, settle, started, with_frames


def _random_game(players: int, seed: int) -> list[tuple[int, int, str]]:
    """(round, player, action kind) of every action of a random game."""
    s = started(players, seed)
    rng = Rng(seed)
    seen = []
    while s.decision is not None:
        options = s.legal_actions()
        chosen = options[rng.randbelow(len(options))]
        seen.append((s.round, s.decision.player, chosen.kind))
        s.apply(chosen)
    return seen


def test_r5_five_rounds_of_three_turns_alternating() -> None:
    seen = _random_game(3, 4)
    places = [(r, p) for r, p, k in seen if k == "place"]
    assert len(places) == 5 * 3 * 3
    for r in range(1, 6):
        turns = [p for rr, p in places if rr == r]
        assert turns[:3] == turns[3:6] == turns[6:9]  # A, B, C, A, B, C, A, B, C
        assert sorted(turns[:3]) == [0, 1, 2]


def test_r6_turn_steps_in_order_tool_bonus_before_the_action() -> None:
    s = started(2, 1)
    p = s.to_move
    assert p is not None
    play(s, "place explore,glasses")  # explore lens on the glasses
    assert s.taxonomy[p] == 3  # the glasses' bonus is already paid
    assert kind(s) == "turn_window" and "stop" not in ids(s)  # before the first repeat
    play(s, "continue")
    assert kind(s) == "explore_move"
    settle(s, "publish_book", "turn_window")
    assert s.active == p


def test_r6_1_each_tool_takes_one_lens_a_round() -> None:
    s = started(2, 1)
    p = s.to_move
    play(s, "place voyage,microscope")
    settle(s, "place_lens")
    settle(s, "place_lens")  # the other player's turn
    while s.to_move != p:
        play(s, ids(s)[0])
        settle(s, "place_lens")
    assert all(not i.startswith("place") or not i.endswith(",microscope") for i in ids(s))


def test_r6_2_wild_lens_locked_in_round_1_then_costs_1_coin() -> None:
    s = blank(started(2, 1))
    assert all(WILD not in s.available[p] and s.box[p] == WILD for p in range(2))
    s.available[0] = (*s.available[0], WILD)
    s.coins[0] = 1
    with_frames(s, ("place", 0))
    play(s, oid("place", WILD, 0))
    assert s.coins[0] == 0 and kind(s) == "wild_action"
    play(s, "wild cultivate")
    assert kind(s) == "garden"


def test_r6_2_wild_lens_needs_a_coin() -> None:
    s = blank(started(2, 1))
    s.available[0] = (*s.available[0], WILD)
    with_frames(s, ("place", 0))
    assert not any(i.startswith("place wild,") for i in ids(s))


def test_r6_3_an_emptied_site_refills_at_the_end_of_the_turn_only() -> None:
    s = blank(started(2, 1))
    falun = loc("falun")
    s.explorer[0] = falun
    s.visited[0] |= 1 << falun
    s.containers[0] = 5
    with_frames(s, ("turn_end", 0), ("investigate_choice", 0, falun, -2))
    tile = s.sites[falun]
    play(s, "collect")
    assert s.sites[falun] == -1
    play(s, ids(s)[0])  # place the specimen: the turn ends and the site refills
    assert s.sites[falun] not in (-1, tile)


def test_r7_1_a_lap_gives_one_lens_per_pass() -> None:
    s = started(2, 1)
    s.taxonomy[0] = 11
    from boardlab.games.linnaeus import rewards

    s.stack = []
    rewards.move_taxonomy(s, 0, 13)
    assert s.taxonomy[0] == 0
    assert s.stack == [("lens_pick", 0), ("lens_pick", 0)]


def test_r7_2_the_lens_display_refills_at_once() -> None:
    s = blank(started(2, 1))
    supply = len(s.lens_supply)
    taken = s.lens_display[2]
    with_frames(s, ("lens_pick", 0))
    play(s, oid("lens", taken))
    assert ADVANCED + taken in s.available[0]
    assert s.lens_display[2] >= 0 and len(s.lens_supply) == supply - 1
    assert s.lenses_acquired[0] == 1


def test_r7_2_refresh_the_lens_display_on_your_own_turn() -> None:
    s = blank(started(2, 1))
    s.coins[0] = 2
    old = set(s.lens_display)
    with_frames(s, ("lens_pick", 0), active=0)
    play(s, "refresh_lenses")
    assert s.coins[0] == 1 and not set(s.lens_display) & old
    with_frames(s, ("lens_pick", 0), active=1)
    assert "refresh_lenses" not in ids(s)


def _advanced(name: str) -> int:
    return ADVANCED + by_id(CONTENT.advanced, name)


def test_r7_3_a_gain_ability_applies_once_before_or_after() -> None:
    s = blank(started(2, 1))
    code = _advanced("AL07")  # research, gain 2 coins
    s.available[0] = (code,)
    s.on_tool[0:3] = [-1, -1, -1]
    with_frames(s, ("place", 0))
    play(s, oid("place", code, 2))
    settle(s, "ability_timing")
    play(s, "ability after")
    assert s.coins[0] == 0 or s.coins[0] < 2 + 3  # nothing yet beyond the order space
    before = s.coins[0]
    settle(s, "publish_book", "place_lens")
    assert s.coins[0] >= before + 2


def test_r7_3_free_terrain_and_long_stride() -> None:
    s = blank(started(2, 1))
    sarna = loc("sarna")
    s.explorer[0] = loc("falun")
    with_frames(s, ("explore", 0, -2))
    assert oid("move", sarna) not in ids(s)  # a difficult route, no coin
    with_frames(s, ("explore", 0, _advanced("AL01")))
    assert oid("move", sarna) in ids(s)
    s.explorer[0] = loc("uppsala")
    with_frames(s, ("explore", 0, _advanced("AL05")))
    assert oid("move", loc('hudiksvall')) in ids(s)  # two routes away


def test_r7_3_container_discount() -> None:
    s = blank(started(2, 1))
    falun = loc("falun")
    s.explorer[0] = falun
    s.sites[falun] = next(i for i, x in enumerate(CONTENT.specimens) if x.containers == 1)
    with_frames(s, ("investigate_choice", 0, falun, -2))
    assert "collect" not in ids(s)
    with_frames(s, ("investigate_choice", 0, falun, _advanced("AL03")))
    assert "collect" in ids(s)


def test_r7_4_lenses_above_8_are_discarded_at_income() -> None:
    s = blank(started(2, 1))
    extra = tuple(ADVANCED + k for k in range(4))
    s.available[0] = (*s.available[0], *extra, WILD)
    s.on_tool[0:3] = [-1, -1, -1]
    s.box[0] = -1
    with_frames(s, ("income_lenses", 0), active=-1)
    assert kind(s) == "discard_lens"
    assert oid("discard", WILD) not in ids(s)
    play(s, oid("discard", ADVANCED))
    play(s, oid("discard", ADVANCED + 1))
    play(s, oid("discard", ADVANCED + 2))
    assert len(s.available[0]) == 8
    assert (s.vp[0], s.coins[0]) == (6, 3)


def test_r8_free_actions_are_offered_on_your_turn_only() -> None:
    s = blank(started(2, 1))
    s.coins[0] = s.coins[1] = 6
    with_frames(s, ("window", 0), active=0)
    assert {"extra explore", "buy container", "buy tool", "refresh letters"} <= set(ids(s))
    from boardlab.games.linnaeus import turn

    assert [a.id for a in turn.options_window(s, ("window", 1))] == ["continue"]


def test_r8_buy_sell_move_knowledge() -> None:
    s = blank(started(2, 1))
    s.coins[0] = 6
    with_frames(s, ("turn_end", 0), ("window", 0), active=0)
    play(s, "buy container")
    assert (s.coins[0], s.containers[0]) == (3, 1)
    play(s, "sell container")
    assert (s.coins[0], s.containers[0]) == (4, 0)
    s.knowledge[0] = 1
    s.refresh()
    play(s, "move_knowledge anatomy,growth")
    assert s.knowledge[0] == 0 and s.knowledge[4] == 1 and s.coins[0] == 2


def test_r8_extra_action_costs_6_and_has_no_tool_bonus() -> None:
    s = blank(started(2, 1))
    s.coins[0] = 6
    with_frames(s, ("turn_end", 0), ("window", 0), active=0)
    play(s, "extra research")
    assert s.coins[0] == 0 and kind(s) == "research_move" and s.taxonomy[0] == 0


def test_r8_recruit_a_voyage_and_take_a_book() -> None:
    s = blank(started(2, 1))
    s.coins[0], s.containers[0], s.tools[0] = 3, 1, 1
    card = s.voyage_display[1]
    book = s.book_display[0]
    with_frames(s, ("turn_end", 0), ("window", 0), active=0)
    play(s, oid("recruit", card))
    assert s.voyages[0][-1] == card and s.ships[0][-1] == 0
    assert s.voyage_display[1] == -1  # refilled at the end of the turn
    play(s, oid("take_book", book))
    assert book in s.books[0] and s.tools[0] == 0


def test_r8_refresh_a_display() -> None:
    s = blank(started(2, 1))
    s.coins[0] = 1
    old = s.letter_display[:]
    with_frames(s, ("turn_end", 0), ("window", 0), active=0)
    play(s, "refresh letters")
    assert not set(old) & set(s.letter_display)
    assert s.letter_deck[:3] == tuple(old)  # the old ones went to the bottom


def test_r10_the_microscope_places_the_order_marker() -> None:
    s = blank(started(2, 1))
    with_frames(s, ("place", 0))
    play(s, "place research,microscope")
    assert kind(s) == "order_space"
    play(s, "space 2")
    assert s.next_spaces[2] == 0


def test_ruling_2_no_order_placement_in_round_5() -> None:
    s = blank(started(2, 1))
    s.round = 5
    with_frames(s, ("place", 0))
    play(s, "place research,microscope")
    assert kind(s) != "order_space" and s.next_spaces == [-1, -1, -1, -1]


def test_r10_next_round_order_follows_the_markers() -> None:
    s = blank(new(3, 1))
    settle(s, "place_lens")
    s.next_spaces = [2, 0, 1, -1]
    with_frames(s, ("income_order", 0), active=-1)
    assert s.turn_order == (2, 0, 1)
    assert s.next_spaces == [-1, -1, -1, -1]


def test_ruling_41_repeats_may_stop() -> None:
    s = blank(started(2, 1))
    with_frames(s, ("repeat", 0, 1, 2, 1, -2))
    assert ids(s) == ["continue", "stop"]
    play(s, "stop")
    assert s.stack == [] or s.stack[-1][0] != "research"
