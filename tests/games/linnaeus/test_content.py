"""The components (rules §2, §3): counts from the seed and the data's own constraints."""

from __future__ import annotations

import pytest

from boardlab.games.linnaeus import content
from boardlab.games.linnaeus.content import (
    CONTENT,
    REWARDS,
    SLOT_POINTS,
    ContentError,
    parse_reward,
)


def test_r2_component_counts_match_the_seed() -> None:
    assert CONTENT.normal_count == 45
    assert len(CONTENT.specimens) - CONTENT.normal_count == 6
    assert len(CONTENT.exotics) == 18
    assert len(CONTENT.sketches) == 36
    assert len(CONTENT.letters) == 40
    assert len(CONTENT.books) == 36
    assert sum(b.starting for b in CONTENT.books) == 6
    assert len(CONTENT.voyages) == 24
    assert sum(v.starting for v in CONTENT.voyages) == 6
    assert len(CONTENT.advanced) == 24
    assert len(CONTENT.green) == 6
    assert len(CONTENT.solo_cards) == 20
    assert len(CONTENT.setup_cards) == 4
    assert len(CONTENT.start_tiles) == 15
    assert len(CONTENT.order_tiles) == 6


def test_r2_2_nine_categories_in_three_domains() -> None:
    assert content.CATEGORIES[3:6] == ("structure", "growth", "soil")
    assert content.DOMAINS == ("vertebrate", "plant", "invertebrate")


def test_r2_3_rewards_are_interned_and_parsed() -> None:
    rid = parse_reward("test", {"coins": 2, "lecture": {"zoology": 1}, "pay": {"tools": 1}})
    reward = REWARDS[rid]
    assert (reward.coins, reward.lecture, reward.pay) == (2, (0, 1, 0), (0, 0, 1))
    assert parse_reward("test", {"coins": 2, "lecture": {"zoology": 1}, "pay": {"tools": 1}}) == rid
    assert reward.unpaid.pay == ()


def test_r2_3_an_unknown_reward_key_names_the_field() -> None:
    with pytest.raises(ContentError, match=r"test\.gold: unknown reward key"):
        parse_reward("test", {"gold": 1})


def test_r2_4_effective_corners_are_the_non_blank_ones() -> None:
    for specimen in CONTENT.specimens:
        assert specimen.effective == sum(c is not None for c in specimen.corners)
        assert 2 <= specimen.effective <= 4


def test_r3_2_library_geometry() -> None:
    # slot (1, 1) is slot 3: NW on the centre point 4, SE on the corner point 8
    assert SLOT_POINTS[3] == (4, 5, 8, 7)
    assert all(4 in points for points in SLOT_POINTS)  # the centre touches every slot
    assert set(CONTENT.globes) == {0, 2, 6, 8}


def test_r3_4_map_has_13_locations_and_19_routes() -> None:
    assert len(CONTENT.locations) == 13
    assert len(CONTENT.routes) == 19
    assert sum(r.cost > 0 for r in CONTENT.routes) == 10
    assert sum(loc.kind == "specimen" for loc in CONTENT.locations) == 8
    assert sum(loc.kind == "sketch" for loc in CONTENT.locations) == 4


def test_r3_4_garden_has_29_spots_in_7_beds() -> None:
    assert len(CONTENT.spots) == 29
    assert sorted(len(b.spots) for b in CONTENT.beds) == [3, 3, 3, 4, 4, 6, 6]


def test_ruling_12_the_sixth_basic_lens_is_a_second_research() -> None:
    assert CONTENT.basic_lenses == (0, 1, 1, 2, 3, 4)


def test_ruling_13_lens_capacity_8() -> None:
    assert CONTENT.lens_capacity == 8

