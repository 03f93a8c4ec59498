"""The garden (rules §11), lectures and achievements (§13), counters (§17)."""

from __future__ import annotations

from boardlab.games.linnaeus import garden, rewards, university
from boardlab.games.linnaeus.content import CONTENT, REWARDS
from boardlab.games.linnaeus.state import NEUTRAL, LinnaeusState

from .helpers import blank, by_id, ids, kind, oid, play, spot, started, with_frames


def game(players: int = 3) -> LinnaeusState:
    s = blank(started(players, 1))
    s.spot_owner = [-1] * len(s.spot_owner)
    s.spot_value = [0] * len(s.spot_value)
    s.spot_dark = [0] * len(s.spot_dark)
    return s


def test_r11_1_flowers_4_of_each_value_dark_is_plus_one() -> None:
    s = game()
    assert s.flowers[0:3] == [4, 4, 4]
    x = spot("L1-1")
    s.spot_owner[x], s.spot_value[x] = 0, 3
    s.tools[0] = 2
    with_frames(s, ("cultivate", 0, -2))
    play(s, oid("cultivate", x))
    assert s.spot_value[x] == 4


def test_r11_3_completing_a_bed_ranks_and_pays_the_top_reward() -> None:
    s = game()
    l3 = [spot(f"L3-{k}") for k in (1, 2, 3)]
    s.spot_owner[l3[0]], s.spot_value[l3[0]] = 1, 3
    s.spot_owner[l3[1]], s.spot_value[l3[1]] = 2, 1
    tile = CONTENT.bed_tiles[s.bed_tiles[2]]
    with_frames(s, ("cultivate", 0, -2))
    play(s, oid("plant", 2, l3[2]))
    while kind(s) not in ("place_lens", None) and s.decision is not None \
            and s.decision.kind != "turn_window":
        play(s, ids(s)[0])
    assert s.beds_done >> CONTENT.spots[l3[0]].bed & 1
    top = REWARDS[tile.top]
    assert s.vp[1] >= tile.rank_vp[0] + top.vp
    assert s.vp[0] >= tile.rank_vp[1] + top.vp
    assert s.vp[2] >= tile.rank_vp[2] + top.vp


def test_ruling_19_tied_ranks_share_rounded_down() -> None:
    assert garden.rank_vp({0: 5, 1: 5, 2: 3}, (10, 6, 3, 1)) == {0: 8, 1: 8, 2: 3}
    assert garden.rank_vp({0: 2, 1: 2, 2: 2}, (5, 3, 1, 0)) == {0: 3, 1: 3, 2: 3}
    assert garden.rank_vp({0: 4, 1: 2, 2: 2}, (7, 4, 2, 1)) == {0: 7, 1: 3, 2: 3}


def test_ruling_18_neutral_flowers_fill_but_never_rank() -> None:
    s = game()
    l3 = [spot(f"L3-{k}") for k in (1, 2, 3)]
    s.spot_owner[l3[0]], s.spot_value[l3[0]] = NEUTRAL, 3
    s.spot_owner[l3[1]], s.spot_value[l3[1]] = NEUTRAL, 3
    assert garden.flower_sums(s, CONTENT.spots[l3[0]].bed) == {}
    with_frames(s, ("cultivate", 0, -2))
    play(s, oid("plant", 1, l3[2]))
    tile = CONTENT.bed_tiles[s.bed_tiles[2]]
    assert s.vp[0] >= tile.rank_vp[0]


def test_r11_3_a_completed_bed_is_not_scored_again() -> None:
    s = game()
    l3 = [spot(f"L3-{k}") for k in (1, 2, 3)]
    for x in l3:
        s.spot_owner[x], s.spot_value[x] = 0, 1
    s.beds_done |= 1 << CONTENT.spots[l3[0]].bed
    s.tools[0] = 2
    with_frames(s, ("cultivate", 0, -2))
    play(s, oid("cultivate", l3[0]))
    assert s.vp[0] == REWARDS[CONTENT.ponds[s.ponds[0]]].vp


def test_r11_4_unfinished_beds_score_ranks_only() -> None:
    s = game()
    t1 = [spot(f"T1-{k}") for k in (1, 2)]
    s.spot_owner[t1[0]], s.spot_value[t1[0]] = 0, 3
    s.spot_owner[t1[1]], s.spot_value[t1[1]] = 1, 2
    tile = CONTENT.bed_tiles[s.bed_tiles[0]]
    vp = garden.unfinished_vp(s)
    assert vp[0] == tile.rank_vp[0] and vp[1] == tile.rank_vp[1] and vp[2] == 0


def test_r13_1_lecture_space_rewards_and_the_x4_end_space() -> None:
    s = game()
    s.stack = []
    for _ in range(8):
        rewards.lecture_step(s, 0, 0)
    assert s.lecture[0] == 8 and s.end_space[0] == 0
    # botany space 1: 1 coin (paid through gain frames pushed)
    assert ("gain", 0, CONTENT.tracks[0].rewards[1]) in s.stack
    for _ in range(8):
        rewards.lecture_step(s, 1, 0)
    assert s.end_space[0] == 0  # the first to arrive keeps it


def test_ruling_52_lecture_steps_past_the_end_are_lost() -> None:
    s = game()
    s.lecture[0] = 8
    with_frames(s, ("turn_end", 0), ("lecture_step", 0, 1))
    assert s.lecture[0:3] != [9, 0, 0]
    assert s.lecture[0] == 8


def test_r13_2_track_scoring() -> None:
    s = game()
    s.gold = (by_id(CONTENT.scoring_tiles, "U1"), by_id(CONTENT.scoring_tiles, "U3"),
              by_id(CONTENT.scoring_tiles, "U4"))
    s.published[0] = (0, 1, 2, 3, 4, 5)  # 6 books: capped at 5 goals
    s.lecture[0:3] = [5, 0, 0]  # multiplier 2 on botany
    assert university.track_vp(s, 0) == 2 * 5
    s.end_space[0] = 0
    assert university.track_vp(s, 0) == 4 * 5


def test_ruling_30_multipliers() -> None:
    assert CONTENT.tracks[0].multipliers == (0, 0, 1, 1, 2, 2, 3, 3, 3)


def test_r13_3_achievements_6_4_2_with_three_players() -> None:
    s = game(3)
    tile = by_id(CONTENT.scoring_tiles, "U1")  # red: 3 published books
    s.red = (tile, *s.red[1:]) if tile not in s.red else s.red
    k = s.red.index(tile)
    for side in range(3):
        s.published[side] = (0, 1, 2)
    s.active = s.turn_order[1]
    university.check_achievements(s)
    assert s.claims[k][0] == s.turn_order[1]  # the active player first (ruling 46)
    assert sorted(s.vp[:3]) == [2, 4, 6]


def test_r13_3_achievements_6_3_with_two_players_once_each() -> None:
    s = game(2)
    tile = by_id(CONTENT.scoring_tiles, "U7")  # red: 5 first visits
    s.red = (tile, *[x for x in s.red if x != tile][:3])
    for side in range(2):
        s.visited[side] = sum(1 << loc for loc in (2, 3, 5, 6, 7))
    s.active = 0
    university.check_achievements(s)
    university.check_achievements(s)
    assert s.vp[:2] == [6, 3]


def test_ruling_28_achievement_values() -> None:
    assert CONTENT.achievement_vp[3] == (6, 4, 2) and CONTENT.achievement_vp[2] == (6, 3)


def test_r17_counters() -> None:
    s = game(2)
    s.sketches[0], s.sketches_paid[0] = (1, 2), (3,)
    assert university.counter(s, 0, "sketches_owned") == 3
    s.visited[0] = (1 << 0) | (1 << 1) | (1 << 2)  # start and a sketch site do not count
    assert university.counter(s, 0, "first_visits") == 1
    s.sent[0] = (0, 10, 11)  # red, blue, blue
    assert university.counter(s, 0, "letter_colours_sent") == 2
    s.spot_owner[0], s.spot_dark[0] = 0, 1
    assert university.counter(s, 0, "cultivated_flowers") == 1
    assert university.counter(s, 0, "flowers_in_garden") == 1
