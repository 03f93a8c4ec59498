"""The interpretations of rules §20 not covered by the tests of their sections."""

from __future__ import annotations

from boardlab.games.linnaeus import free, rewards, solo, university
from boardlab.games.linnaeus.content import (
    CONTENT,
    GLASSES_BONUS,
    MAGNIFIER_BONUS,
    REWARDS,
    STARTING_SPECIMEN,
)
from boardlab.games.linnaeus.state import LinnaeusState

from .helpers import blank, by_id, ids, kind, new, oid, play, started, with_frames


def game() -> LinnaeusState:
    return blank(started(2, 1))


def test_ruling_1_the_tool_bonus_is_the_covered_reward() -> None:
    assert REWARDS[GLASSES_BONUS].taxonomy == 3
    assert [REWARDS[c] for c in REWARDS[MAGNIFIER_BONUS].choice] == [
        REWARDS[c] for c in REWARDS[MAGNIFIER_BONUS].choice]
    s = game()
    with_frames(s, ("place", 0))
    play(s, "place explore,magnifier")
    assert kind(s) == "reward_choice"
    play(s, "choose container")
    assert s.containers[0] == 1


def test_ruling_6_an_empty_stack_is_replaced_by_the_fullest() -> None:
    s = game()
    s.stacks = [(), (1, 2), (3, 4, 5)]
    assert rewards.draw_sketch(s, 0) == 5
    s.stacks = [(), (), ()]
    assert rewards.draw_sketch(s, 0) == -1


def test_ruling_7_activation_does_not_use_the_sketch() -> None:
    s = game()
    sk = by_id(CONTENT.sketches, "SK06")  # 2 coins
    s.sketches[0] = (sk,)
    with_frames(s, ("activate", 0, 2))  # one sketch: both activations answered at once
    assert s.coins[0] == 4 and s.sketches[0] == (sk,)


def test_ruling_11_the_starting_specimen_triggers_nothing_at_setup() -> None:
    s = new(4, 2)
    for seat in range(4):
        assert s.covered[seat * 4 + 3] == 0
        spec = CONTENT.specimens[STARTING_SPECIMEN[s.books[seat][0]]]
        assert spec.corners[0] is None


def test_ruling_17_coloured_spaces_hold_no_exotic_or_destination() -> None:
    for card in CONTENT.voyages:
        for cell in card.cells:
            if cell.helm >= 0:
                assert not REWARDS[cell.reward].exotic
        assert card.cells[-1].helm < 0


def test_ruling_21_refills_wait_for_the_end_of_the_turn() -> None:
    s = game()
    with_frames(s, ("turn_end", 0), ("correspond", 0, -2))
    play(s, oid("write", s.letter_display[0]))
    assert s.letter_display[0] >= 0  # refilled by turn_end, which ran at once after


def test_ruling_21_nothing_refills_before() -> None:
    s = game()
    with_frames(s, ("turn_end", 0), ("correspond", 0, -2), ("correspond", 0, -2))
    letter = s.letter_display[0]
    play(s, oid("write", letter))
    assert s.letter_display[0] == -1 and oid("write", letter) not in ids(s)


def test_ruling_22_pond_sketches_refresh_from_and_to_their_stacks() -> None:
    s = game()
    old = s.pond_sketch[:]
    tops = [st[-1] for st in s.stacks]
    free.refresh(s, "ponds")
    assert s.pond_sketch == tops
    for row in range(3):
        assert old[row] in s.stacks[row]


def test_ruling_23_windows_around_an_explore_step() -> None:
    s = game()
    s.coins[0] = 1
    with_frames(s, ("explore", 0, -2), active=0)
    play(s, "stay")
    assert kind(s) == "turn_window"  # between the move and the investigation


def test_ruling_25_a_voyage_card_from_a_reward_links_a_waiting_book() -> None:
    s = game()
    s.waiting[0] = (3,)
    with_frames(s, ("voyage_pick", 0, 1))
    play(s, oid("voyage_card", s.voyage_display[0]))
    assert s.links[0][-1] == 3 and s.waiting[0] == ()


def test_ruling_31_helm_orientations_are_permutations() -> None:
    assert sorted(map(tuple, CONTENT.helm)) == sorted(
        {(a, b, c) for a in (1, 2, 3) for b in (1, 2, 3) for c in (1, 2, 3)
         if len({a, b, c}) == 3})


def test_ruling_32_characters_are_off_by_default() -> None:
    s = new(2, 1)
    assert s.character == [-1, -1]


def test_ruling_33_and_42_the_automa_never_pays() -> None:
    s = blank(started(1, 2))
    paid = next(i for i, r in enumerate(REWARDS) if r.pay)
    s.coins[1] = 10
    rewards.automa_gain(s, 1, REWARDS[paid])
    assert s.coins[1] == 10 and s.vp[1] == 0


def test_ruling_35_resources_are_unlimited() -> None:
    s = game()
    s.coins[0] = 300
    s.stack = []
    for _ in range(100):
        free.take_free(s, 0, free._BUY[0])
    assert s.containers[0] == 100


def test_ruling_36_hidden_information_is_only_deck_order() -> None:
    s = game()
    body = s.view(0)["body"]
    assert body["decks"]["specimens"] == len(s.spec_deck)
    twin = s.determinize(0, __import__("random").Random(3))
    assert twin.view(0) == s.view(0)
    assert sorted(twin.spec_deck) == sorted(s.spec_deck)


def test_ruling_37_start_tiles_in_seat_order_kept_tiles_public() -> None:
    s = new(3, 2, start_tiles=True)
    players = []
    while kind(s) == "choose_start_tile":
        assert s.decision is not None
        players.append(s.decision.player)
        play(s, ids(s)[0])
        while kind(s) not in ("choose_start_tile", "initial_order_space"):
            play(s, ids(s)[0])
    assert players == [0, 1, 2]
    assert s.log(1)[0]["id"] is not None  # seat 1 sees what seat 0 kept


def test_ruling_38_the_map_is_not_refreshable() -> None:
    s = game()
    s.coins[0] = 5
    assert not [a for a in free.free_options(s, 0) if a.kind == "refresh"
                and a.args[0] not in ("letters", "books", "voyages", "exotics", "lenses",
                                      "ponds")]


def test_ruling_39_a_free_action_at_the_end_can_complete_an_achievement() -> None:
    from .helpers import loc, settle

    s = game()
    tile = by_id(CONTENT.scoring_tiles, "U7")  # 5 first visits
    s.red = (tile, *[x for x in s.red if x != tile][:3])
    s.visited[0] = sum(1 << loc(x) for x in ("hudiksvall", "sundsvall", "roros", "umea"))
    s.explorer[0] = loc("uppsala")
    s.coins[0] = 6
    with_frames(s, ("turn_end", 0), ("window", 0), active=0)
    play(s, "extra explore", oid("move", loc('falun')))
    settle(s, "investigate")
    play(s, "nothing")
    assert s.claims[0] == () and kind(s) == "turn_window"
    play(s, "continue")
    assert s.claims[0] == (0,)  # claimed as the turn ended


def test_ruling_44_automa_publish_ties_prefer_its_own_books() -> None:
    s = blank(started(1, 2))
    own = s.book_display[0]
    s.books[1] = (own,)
    s.book_display[0] = -1
    s.book_display[1] = own
    s.knowledge[9:18] = [2] * 9
    before = list(s.book_display)
    assert solo.ROWS["publish"](s, 1, -1, "", -1, 0)
    best = max(CONTENT.books[b].vp for b in (own, *[x for x in before if x >= 0]))
    if CONTENT.books[own].vp == best:
        assert s.published[1] == (own,) and s.book_display == before


def test_ruling_47_a_lens_refresh_draws_what_there_is() -> None:
    s = game()
    s.lens_supply = (1, 2)
    s.lens_display = [3, 4, 5, 6]
    rewards.refresh_lenses(s)
    assert len(s.lens_supply) + sum(x >= 0 for x in s.lens_display) == 6
    assert sum(x >= 0 for x in s.lens_display) == 4


def test_ruling_49_characters_have_designed_abilities() -> None:
    assert {c.id for c in CONTENT.characters} == {"CH1", "CH2", "CH3", "CH4"}
    assert university.GOAL_CAP == 5


def test_ruling_29_seven_goal_and_achievement_pairs() -> None:
    tiles = CONTENT.scoring_tiles
    assert len(tiles) == 7
    s = game()
    for tile in tiles:  # every counter named by the data is one the rules know
        university.counter(s, 0, tile.gold_counter)
        university.met(s, 0, tile.red)


def test_ruling_34_advanced_markers_and_pieces_are_not_state() -> None:
    s = game()
    assert not any("marker" in name for name in s.snapshot())


def test_ruling_43_only_lap_lenses_count_for_the_automa() -> None:
    s = blank(started(1, 2, difficulty="genius"))
    assert s.lenses_acquired[1] == 0  # difficulty lenses do not count
    s.green_under = [-1, 0, 1]
    solo.automa_lap(s)
    assert s.lenses_acquired[1] == 1


def test_ruling_46_simultaneous_claims_active_player_first() -> None:
    s = blank(started(3, 1))
    tile = by_id(CONTENT.scoring_tiles, "U1")
    s.red = (tile, *[x for x in s.red if x != tile][:3])
    for side in range(3):
        s.published[side] = (0, 1, 2)
    s.active = s.turn_order[2]
    university.check_achievements(s)
    assert s.claims[0] == (s.turn_order[2], s.turn_order[0], s.turn_order[1])
