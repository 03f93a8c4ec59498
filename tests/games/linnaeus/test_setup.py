"""Setup (rules §4, §18, §19.1)."""

from __future__ import annotations

import pytest

from boardlab.games.linnaeus.content import (
    CONTENT,
    SKETCH_SITES,
    SPECIMEN_SITES,
    START,
    STARTING_SPECIMEN,
    WILD,
)
from boardlab.games.linnaeus.state import NEUTRAL

from .helpers import ids, kind, new, oid, play, settle, started


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_r4_1_shared_setup(players: int) -> None:
    s = new(players, seed=3)
    assert all(x >= 0 for x in s.exotic_display + s.voyage_display + s.letter_display)
    assert all(s.sites[loc] >= 0 for loc in SPECIMEN_SITES)
    assert all(s.site_sketch[loc] >= 0 for loc in SKETCH_SITES)
    assert len(s.spec_deck) == 45 - 8
    assert sum(len(x) for x in s.stacks) == 36 - 4 - 3  # sites and ponds
    assert len(s.lens_supply) == 20 and len([x for x in s.lens_display if x >= 0]) == 4
    assert len(s.gold) == 3 and len(s.red) == 4 and not set(s.gold) & set(s.red)
    assert len(s.ponds) == 3 and len(set(s.ponds)) == 3
    assert [CONTENT.bed_tiles[t].shape for t in s.bed_tiles] == [0, 1, 2]
    # 6 order tiles: round-1, next-round, and 4 face down of which the bottom is removed
    assert len({s.current_tile, s.next_tile, *s.order_stack}) == 6


@pytest.mark.parametrize("players", [2, 3, 4])
def test_r4_2_each_player(players: int) -> None:
    s = new(players, seed=5)
    books = set()
    for seat in range(players):
        assert s.taxonomy[seat] == 0 and s.researcher[seat] == 4
        assert s.explorer[seat] == START
        assert s.box[seat] == WILD and WILD not in s.available[seat]
        assert s.available[seat] == CONTENT.basic_lenses
        assert s.flowers[seat * 3 : seat * 3 + 3] == [4, 4, 4]
        (book,) = s.books[seat]
        books.add(book)
        assert CONTENT.books[book].starting
        assert s.library[seat * 4 + 3] == STARTING_SPECIMEN[book]  # slot (1, 1), rotation 0
        assert len(s.voyages[seat]) == 1 and CONTENT.voyages[s.voyages[seat][0]].starting
        assert (s.containers[seat], s.tools[seat]) == (1, 1)
    assert len(books) == players


def test_r4_2_start_resources_before_the_order_rewards() -> None:
    s = new(4, seed=2)
    # nobody has chosen an order space yet: 1 container, 1 tool, 1 coin each
    assert s.coins == [1, 1, 1, 1]


@pytest.mark.parametrize("players", [2, 3])
def test_r4_3_two_and_three_players_use_a_setup_card(players: int) -> None:
    s = new(players, seed=1)
    blocked = s.first_marks.count(NEUTRAL)
    assert blocked == (6 if players == 2 else 3)
    assert s.spot_owner.count(NEUTRAL) == (6 if players == 2 else 3)


def test_r4_3_four_players_use_no_setup_card() -> None:
    s = new(4, seed=1)
    assert NEUTRAL not in s.first_marks and NEUTRAL not in s.spot_owner


def test_r4_4_initial_order_is_picked_in_reverse_seat_order() -> None:
    s = new(3, seed=1)
    assert kind(s) == "initial_order_space" and s.decision is not None
    assert s.decision.player == 2
    play(s, "space 1")
    settle(s, "initial_order_space")
    assert s.decision is not None and s.decision.player == 1
    assert ids(s) == ["space 0", "space 2", "space 3"]
    play(s, "space 3")
    settle(s, "initial_order_space")
    play(s, "space 0")
    settle(s, "place_lens")
    assert s.turn_order == (0, 2, 1)
    assert s.decision is not None and s.decision.kind == "place_lens" and s.decision.player == 0


def test_r4_4_an_order_space_pays_its_reward() -> None:
    s = new(2, seed=1)
    reward = CONTENT.order_tiles[s.current_tile][3]
    before = s.coins[1]
    play(s, "space 3")
    from boardlab.games.linnaeus.content import REWARDS

    assert s.coins[1] >= before + REWARDS[reward].coins


def test_r18_1_characters_give_3_coins_and_an_ability() -> None:
    s = new(3, seed=4, characters=True)
    for seat in range(3):
        assert s.character[seat] >= 0
        assert (s.coins[seat], s.containers[seat], s.tools[seat]) == (3, 0, 0)
    assert len(set(s.character[:3])) == 3


def test_r18_options_are_mutually_exclusive() -> None:
    with pytest.raises(ValueError, match="cannot be combined"):
        new(2, characters=True, start_tiles=True)


def test_r18_2_start_tiles_draw_two_keep_one() -> None:
    s = new(2, seed=4, start_tiles=True)
    assert kind(s) == "choose_start_tile" and s.decision is not None
    assert s.decision.player == 0 and len(ids(s)) == 2
    assert (s.coins[0], s.containers[0], s.tools[0]) == (0, 0, 0)
    play(s, ids(s)[0])
    assert s.decision is not None and s.decision.player == 1


def test_ruling_48_start_tiles_name_their_category() -> None:
    s = new(2, seed=4, start_tiles=True)
    tile = next(i for i, t in enumerate(CONTENT.start_tile_ids) if t == "S07")
    s.stack[-1] = ("start_tile", 0, tile, tile + 1)
    s.refresh()
    play(s, oid("start_tile", tile))
    assert s.knowledge[1] == 1  # behaviour


def test_r19_1_solo_setup() -> None:
    s = new(1, seed=2, difficulty="master")
    automa = s.automa
    assert automa == 1 and s.sides == ["P1", "automa"]
    assert s.coins[automa] >= 3 and len(s.researched[automa]) == 1
    assert len(s.books[automa]) == 1 and len(s.voyages[automa]) == 1
    assert s.green_under[:2] != [-1, -1] and s.green_under[2] == -1
    assert len(s.green_supply) == 4 and len(s.automa_deck) == 20
    assert s.first_spaces[3] == automa  # the rightmost space of the round-1 tile
    assert s.spot_owner.count(NEUTRAL) == 6  # the 2-player side
    assert ids(s) == ["space 0", "space 1", "space 2"]


@pytest.mark.parametrize(("difficulty", "green"), [("student", 0), ("skilled", 1),
                                                    ("master", 2), ("genius", 3)])
def test_r19_1_difficulty_places_green_lenses(difficulty: str, green: int) -> None:
    s = new(1, seed=2, difficulty=difficulty)
    assert sum(x >= 0 for x in s.green_under) == green


def test_r19_1_characters_make_the_automa_at_least_skilled() -> None:
    s = new(1, seed=2, characters=True)
    assert sum(x >= 0 for x in s.green_under) == 1
    assert s.character[s.automa] == -1


def test_ruling_40_the_automa_starting_specimen_is_researched() -> None:
    s = new(1, seed=9)
    book = s.books[1][0]
    assert s.researched[1] == (STARTING_SPECIMEN[book],)


def test_ruling_3_seat_0_is_the_first_player_in_solo() -> None:
    s = started(1, seed=3)
    assert s.turn_order == (0, 1)
    assert s.decision is not None and s.decision.player == 0
