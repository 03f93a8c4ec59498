"""Final scoring (S-14), control (S-3.3) and the structure bonus tiles (S-16.2)."""

from __future__ import annotations

import pytest

from boardlab.games.scythe import scoring
from boardlab.games.scythe.content import BONUS_TILES, CONTENT
from boardlab.games.scythe.control import controlled
from boardlab.games.scythe.state import ScytheState
from boardlab.games.scythe.tables import GOAL_POWER, GOAL_UPGRADES

from .helpers import at, character, clear, game, mech, resource, structure, workers


def setup() -> ScytheState:
    s = game(("nordic", "rusviet"))
    clear(s)
    return s


def test_s3_3_control_by_units_or_by_a_structure_no_unit_contests() -> None:
    s = setup()
    workers(s, 0, "r1c4")
    structure(s, 0, "mill", "r1c5")
    structure(s, 0, "mine", "r2c4")
    workers(s, 1, "r2c4")  # a Rusviet worker on Nordic's Mine: Rusviet controls it
    assert controlled(s, 0) == (1 << at("r1c4")) | (1 << at("r1c5"))
    assert controlled(s, 1) == 1 << at("r2c4")
    s.active = 0
    character(s, 0, "r2c4")  # Nordic on turn moved in: the defender keeps it (21.3 #11)
    assert not controlled(s, 0) & (1 << at("r2c4"))
    assert controlled(s, 1) == 1 << at("r2c4")
    assert at("home_nordic") not in (at("r1c4"),) and not controlled(s, 0) >> 47


def test_s14_final_score_by_popularity_tier() -> None:
    """S-14: coins + stars, territories (the Factory as 3, lakes included) and pairs of
    resources, each at the rate of the popularity tier, + the structure bonus tile."""
    s = setup()
    s.bonus_tile = BONUS_TILES.index("on_farms_tundras")
    s.coins[0] = 10
    s.popularity[0] = 8  # 7-12: 4 per star, 3 per territory, 2 per pair
    s.star_goals[0] = (1 << GOAL_UPGRADES) | (1 << GOAL_POWER)
    workers(s, 0, "r1c4")
    workers(s, 0, "r1c5")
    character(s, 0, "r4c3")
    mech(s, 0, "seaworthy", "r3c4")
    resource(s, "r1c4", "wood", 3)
    resource(s, "r1c5", "oil", 2)
    resource(s, "r2c4", "metal", 7)  # nobody's
    part = scoring.breakdown(s)[0]
    assert part == {
        "coins": 10, "stars": 2, "star_coins": 8, "territories": 6, "territory_coins": 18,
        "resources": 5, "resource_coins": 4, "structure_bonus": 0, "total": 40,
    }
    assert s.scores()[0] == 40.0
    assert s.score_breakdown()[0] == {
        "coins held": 10, "stars": 8, "territories": 18, "resource pairs": 4,
        "structure bonus": 0,
    }


@pytest.mark.parametrize(
    ("popularity", "rates"), [(0, (3, 2, 1)), (6, (3, 2, 1)), (7, (4, 3, 2)), (13, (5, 4, 3)),
                              (18, (5, 4, 3))]
)
def test_s14_popularity_tiers(popularity: int, rates: tuple[int, int, int]) -> None:
    s = setup()
    s.popularity[0] = popularity
    s.coins[0] = 0
    s.star_goals[0] = 1 << GOAL_POWER
    workers(s, 0, "r1c4")
    resource(s, "r1c4", "wood", 2)
    s.bonus_tile = BONUS_TILES.index("on_farms_tundras")
    assert scoring.breakdown(s)[0]["total"] == sum(rates)


@pytest.mark.parametrize(
    ("tile", "places", "count"),
    [
        ("adjacent_tunnels", ("r3c3",), 2),
        ("adjacent_tunnels", ("r2c3",), 0),  # its own tunnel is not next to it
        ("adjacent_tunnels", ("r2c3", "r3c3"), 2),
        ("adjacent_lakes", ("r3c3",), 3),
        ("adjacent_encounters", ("r1c4",), 2),
        ("on_tunnels", ("r2c3", "r3c2", "r1c4"), 2),
        ("in_a_row", ("r1c4", "r1c5", "r3c3"), 2),
        ("in_a_row", ("r1c4", "r2c4", "r3c5"), 3),  # a straight line across a river
        ("in_a_row", ("r1c4", "r2c4", "r3c3"), 2),
        ("on_farms_tundras", ("r1c5", "r1c2", "r1c4"), 2),
    ],
)
def test_s16_2_structure_bonus_tiles(tile: str, places: tuple[str, ...], count: int) -> None:
    s = setup()
    s.bonus_tile = BONUS_TILES.index(tile)
    for name, where in zip(("mine", "mill", "armory", "monument"), places, strict=False):
        structure(s, 0, name, where)
    assert scoring.bonus_count(s, 0) == count
    assert scoring.breakdown(s)[0]["structure_bonus"] == CONTENT.bonus_tiles[s.bonus_tile].coins(
        count
    )


def test_s16_2_structures_count_for_the_bonus_even_when_not_controlled() -> None:
    s = setup()
    s.bonus_tile = BONUS_TILES.index("on_tunnels")
    structure(s, 0, "mine", "r2c3")
    workers(s, 1, "r2c3")
    assert scoring.breakdown(s)[0]["structure_bonus"] == 2


def test_s14_tie_breakers() -> None:
    """S-14: equal coins go to more units and structures on the board, then power, then
    popularity, resources, territories, stars."""
    s = setup()
    s.coins = [0, 0]
    s.popularity = [0, 0]
    s.power = [3, 3]
    s.bonus_tile = BONUS_TILES.index("on_farms_tundras")
    workers(s, 0, "r1c4")
    workers(s, 1, "r4c6")
    s.ended = 1
    s.refresh()
    assert s.is_over and s.scores() == [2.0, 2.0] and s.winners() == [0, 1]
    s.power[1] = 4
    assert s.winners() == [1]
    mech(s, 0, "speed", "home_nordic")  # on the board, though on its home base
    assert s.winners() == [0]


def test_s17_running_scores_are_hidden_from_other_seats() -> None:
    s = setup()
    s.refresh()
    seen = s.scores_seen_by(0)
    assert seen[0] == s.scores()[0] and seen[1] is None
    assert s.scores_seen_by(None) == [None, None]
