"""Solo mode (rules §19): the automa is part of the game."""

from __future__ import annotations

import pytest

from boardlab.engine import Rng
from boardlab.games.linnaeus import income, scoring, solo
from boardlab.games.linnaeus.content import CONTENT, DISTANCE, SPECIMEN_SITES, START
from boardlab.games.linnaeus.state import LinnaeusState

from .helpers import blank, by_id, loc, started, with_frames

A = 1


def game(difficulty: str = "student") -> LinnaeusState:
    return blank(started(1, 3, difficulty=difficulty))


def row(s: LinnaeusState, do: str, domain: int = -1, slot: str = "", track: int = -1,
        amount: int = 0) -> bool:
    return solo.ROWS[do](s, A, domain, slot, track, amount)


def test_r19_the_automa_is_a_side() -> None:
    s = game()
    assert s.sides == ["P1", "automa"] and s.other_sides() == ("automa",)
    assert len(s.side_scores()) == 2 and len(s.scores()) == 1


def test_r19_2_human_first_then_alternate() -> None:
    s = started(1, 3)
    rng = Rng(2)
    turns = []
    while not s.is_over:
        options = s.legal_actions()
        assert s.to_move == 0  # the automa never decides
        chosen = options[rng.randbelow(len(options))]
        if chosen.kind == "place":
            turns.append((s.round, len(s.automa_deck)))
        s.apply(chosen)
    # after each human placement the automa drew one card: 15 cards in 5 rounds
    assert len(turns) == 15 and len(s.automa_deck) == 5
    assert [d for r, d in turns if r == 1] == [20, 19, 18]


def test_r19_3_the_card_goes_on_the_first_free_tool_of_its_arrow() -> None:
    s = game()
    rtl = next(i for i, c in enumerate(CONTENT.solo_cards) if not c.ltr)
    s.automa_deck = (*s.automa_deck[:-1], rtl)
    with_frames(s, ("automa_turn", A))
    assert s.on_tool[A * 3 + 2] == rtl  # the microscope
    assert A in s.next_spaces and s.next_spaces[3] == A  # rightmost empty space


def test_r19_3_a_failed_row_gives_3_coins() -> None:
    s = game()
    s.letters[A] = ()
    card = next(i for i, c in enumerate(CONTENT.solo_cards) if c.rows[0].do == "send")
    s.automa_deck = (*s.automa_deck[:-1], card)
    s.on_tool[A * 3 : A * 3 + 3] = [-1, -1, -1]
    coins = s.coins[A]
    s.stack = [("automa_row", A, card, 0)]
    solo.run_row(s, s.stack[-1])
    assert s.coins[A] == coins + 3 and s.stack == []


def test_r19_3_green_lens_under_the_tool_pays() -> None:
    s = game("skilled")
    green = s.green_under[0]
    ltr = next(i for i, c in enumerate(CONTENT.solo_cards) if c.ltr)
    s.automa_deck = (*s.automa_deck[:-1], ltr)
    s.on_tool[A * 3 : A * 3 + 3] = [-1, -1, -1]
    vp = s.vp[A]
    with_frames(s, ("turn_end", A), ("automa_turn", A))
    assert green >= 0
    from boardlab.games.linnaeus.content import REWARDS

    assert s.vp[A] >= vp + REWARDS[CONTENT.green[green]].vp


def test_r19_4_taxonomy_laps_take_green_lenses_then_3_vp() -> None:
    s = game()
    s.green_under = [-1, -1, -1]
    solo.automa_lap(s)
    assert s.green_under[0] >= 0 and s.lenses_acquired[A] == 1
    s.green_under = [0, 1, 2]
    vp = s.vp[A]
    solo.automa_lap(s)
    assert s.vp[A] == vp + 3 and s.lenses_acquired[A] == 1  # ruling 43


def test_r19_5_explore_moves_toward_the_nearest_unvisited_specimen() -> None:
    s = game()
    s.explorer[A] = START
    assert row(s, "explore")
    here = s.explorer[A]
    target = min((x for x in SPECIMEN_SITES if s.visited[A] >> x & 1 or True),
                 key=lambda x: (DISTANCE[START][x], x))
    assert DISTANCE[START][here] == 1
    assert DISTANCE[here][target] == DISTANCE[START][target] - 1


def test_r19_5_explore_takes_the_specimen_for_free() -> None:
    s = game()
    falun = loc("falun")
    s.explorer[A] = falun
    tile = s.sites[falun]
    s.first_marks[falun * 2 : falun * 2 + 2] = [-1, -1]
    s.stack = []
    assert row(s, "explore")
    assert tile in s.researched[A] and s.sites[falun] == -1
    assert s.first_marks[falun * 2] == A  # the first empty of upper, lower


def test_r19_5_research_takes_the_fewest_category() -> None:
    s = game()
    s.knowledge[A * 9 : A * 9 + 9] = [1, 0, 0, 0, 0, 0, 0, 0, 0]
    assert row(s, "research", domain=0)
    assert s.knowledge[A * 9 : A * 9 + 3] == [1, 1, 0]


def test_r19_5_write_left_and_right() -> None:
    s = game()
    left, right = s.letter_display[0], s.letter_display[2]
    assert row(s, "write", slot="left") and row(s, "write", slot="right")
    assert s.letters[A] == (left, right) and s.coins[A] == 0


def test_r19_5_send_scores_the_column_size() -> None:
    s = game()
    red = [i for i, x in enumerate(CONTENT.letters) if x.colour == 0]
    s.letters[A] = (red[0], red[1])
    assert row(s, "send") and row(s, "send")
    assert s.vp[A] == 1 + 2


def test_r19_5_plant_its_highest_flower_in_the_fullest_bed() -> None:
    s = game()
    s.spot_owner = [-1] * len(s.spot_owner)
    l2 = [i for i, x in enumerate(CONTENT.spots) if x.id.startswith("L2")]
    s.spot_owner[l2[0]], s.spot_value[l2[0]] = 0, 1
    assert row(s, "plant")
    assert s.spot_owner[l2[1]] == A and s.spot_value[l2[1]] == 3


def test_r19_5_cultivate_is_free() -> None:
    s = game()
    x = next(i for i, o in enumerate(s.spot_owner) if o < 0)
    s.spot_owner[x], s.spot_value[x] = A, 2
    s.tools[A] = 0
    assert row(s, "cultivate")
    assert s.spot_dark[x] and s.spot_value[x] == 3
    assert not row(s, "cultivate")


def test_r19_5_voyage_completion_takes_the_leftmost_card() -> None:
    s = game()
    card = s.voyages[A][0]
    s.ships[A] = (len(CONTENT.voyages[card].cells) - 1,)
    left = s.voyage_display[0]
    assert row(s, "voyage")
    assert s.voyages[A] == (card, left)


def test_r19_5_publish_the_best_book_it_can_pay() -> None:
    s = game()
    s.books[A] = (by_id(CONTENT.books, "BK01"),)
    s.knowledge[A * 9 : A * 9 + 9] = [0, 0, 0, 0, 0, 2, 0, 0, 0]
    best = max([s.books[A][0], *s.book_display],
               key=lambda b: (CONTENT.books[b].vp if len(CONTENT.books[b].knowledge) <= 2
                              else -1))
    vp = s.vp[A]
    assert row(s, "publish")
    assert s.published[A] == (best,)
    assert s.vp[A] >= vp + CONTENT.books[best].vp
    assert sum(s.knowledge[A * 9 : A * 9 + 9]) == 2 - len(CONTENT.books[best].knowledge)


def test_r19_5_publish_fails_without_tokens() -> None:
    s = game()
    assert not row(s, "publish")


def test_r19_5_lecture_fails_only_at_the_end() -> None:
    s = game()
    assert row(s, "lecture", track=1, amount=2) and s.lecture[A * 3 + 1] == 2
    s.lecture[A * 3 + 1] = 8
    assert not row(s, "lecture", track=1, amount=1)


def test_r19_6_automa_exotics_score_without_condition_and_no_income() -> None:
    s = game()
    s.exotics[A] = (by_id(CONTENT.exotics, "EX02"),)
    s.ended = 1
    assert scoring.breakdown(s)[A]["exotic specimens"] == 5
    card = s.voyages[A][0]
    s.ships[A], s.links[A] = (len(CONTENT.voyages[card].cells),), (0,)
    s.ended = 0
    vp = s.vp[A]
    s.stack = [("income_voyage", 0)]
    income.run_voyage(s, s.stack[-1])
    assert s.stack == [] and s.vp[A] == vp


def test_ruling_50_solo_winner_ties_go_to_coins() -> None:
    s = game()
    s.ended = 1
    s.final = [30, 30]
    s.coins[0], s.coins[A] = 2, 1
    assert scoring.winners(s) == [0]
    s.coins[A] = 2
    assert scoring.winners(s) == [0, A]


def test_r21_8_an_automa_bed_completion_asks_the_human() -> None:
    s = game()
    s.spot_owner = [-1] * len(s.spot_owner)
    l3 = [i for i, x in enumerate(CONTENT.spots) if x.id.startswith("L3")]
    s.spot_owner[l3[0]], s.spot_value[l3[0]] = 0, 1
    s.spot_owner[l3[1]], s.spot_value[l3[1]] = A, 1
    # a T-bed is bigger; L3 has the fewest empty spots
    card = next(i for i, c in enumerate(CONTENT.solo_cards) if c.rows[1].do == "plant")
    s.bed_tiles = (s.bed_tiles[0], s.bed_tiles[1],
                   by_id(CONTENT.bed_tiles, "GL-A"))  # top reward: 1 coin
    s.automa_deck = (*s.automa_deck[:-1], card)
    s.on_tool[A * 3 : A * 3 + 3] = [-1, -1, -1]
    if CONTENT.solo_cards[card].ltr:
        s.on_tool[A * 3] = 99  # the card goes on the magnifier: rows 1 and 2
    else:
        s.on_tool[A * 3 + 2] = 99
    coins = s.coins[0]
    with_frames(s, ("turn_end", A), ("automa_turn", A), active=A)
    assert s.spot_owner[l3[2]] == A
    assert s.coins[0] == coins + 1


@pytest.mark.parametrize("difficulty", ["student", "skilled", "master", "genius"])
def test_r19_solo_games_end_at_every_difficulty(difficulty: str) -> None:
    s = started(1, 11, difficulty=difficulty)
    rng = Rng(11)
    while not s.is_over:
        options = s.legal_actions()
        s.apply(options[rng.randbelow(len(options))])
    assert s.outcome()["winners"]
