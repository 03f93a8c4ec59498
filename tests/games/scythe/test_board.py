"""The map tables: terrain, rivers, lakes, tunnels, home bases, the Factory (S-3.1, S-3.5,
S-3.6, S-4.11, S-15.6, S-16.2, Appendix A)."""

from __future__ import annotations

import pytest

from boardlab.games.scythe import board as B
from boardlab.games.scythe.content import CONTENT, FACTION_IDS
from boardlab.games.scythe.tables import FOOD, METAL, OIL, WOOD

from .helpers import at


def ids(mask: int) -> list[str]:
    return sorted(B.SPACE_IDS[s] for s in B.bits(mask))


def test_appendix_a_47_territories_by_terrain_and_7_home_bases() -> None:
    """Appendix A: 8 mountains, 8 tundras, 9 villages, 7 farms, 7 forests, 7 lakes, the
    Factory; S-3.1: home bases are not territories."""
    counts = {B.TERRAIN_NAMES[t]: B.TERRAIN_MASK[t].bit_count() for t in range(7)}
    assert counts == {"mountain": 8, "farm": 7, "forest": 7, "tundra": 8, "village": 9,
                      "lake": 7, "factory": 1}
    assert B.N_TERRITORIES == 47 and B.N_SPACES == 54
    assert B.TERRITORIES.bit_count() == 47 and B.HOMES.bit_count() == 7
    assert B.LAND.bit_count() == 40
    assert all(B.TERRAIN[h] == B.HOME_BASE for h in B.HOME)


def test_appendix_a_tunnels_encounters_lakes() -> None:
    """Appendix A: the six tunnels, the 11 encounter symbols, the 7 lakes."""
    assert ids(B.TUNNELS) == ["r2c3", "r3c2", "r3c5", "r5c2", "r5c5", "r6c3"]
    assert ids(B.ENCOUNTER_SPACES) == sorted(
        ["r1c3", "r2c1", "r2c4", "r2c6", "r4c1", "r4c5", "r5c0", "r6c1", "r6c2", "r6c5", "r7c4"]
    )
    assert ids(B.LAKES) == ["r2c0", "r2c2", "r3c4", "r4c2", "r5c4", "r5c6", "r7c2"]
    assert [B.TERRAIN_NAMES[B.TERRAIN[at(h)]] for h in ("r2c3", "r3c2", "r3c5", "r5c2", "r5c5",
                                                       "r6c3")] == [
        "tundra", "mountain", "forest", "farm", "village", "tundra"
    ]


def test_s3_6_the_factory_and_its_neighbours() -> None:
    """S-3.6 / Appendix A: the Factory r4c3 touches forest r3c3, mountain r4c4, tundra r5c3
    and the lakes r3c4, r4c2, r5c4, with no river; it produces nothing."""
    assert at("r4c3") == B.FACTORY
    assert ids(B.NEIGHBOR_MASK[B.FACTORY]) == ["r3c3", "r3c4", "r4c2", "r4c4", "r5c3", "r5c4"]
    assert B.RIVER_MASK[B.FACTORY] == 0
    assert ids(B.NEIGHBOR_MASK[B.FACTORY] & B.LAKES) == ["r3c4", "r4c2", "r5c4"]
    assert B.PRODUCT[B.FACTORY] == B.NO_PRODUCT
    assert B.NAMES[B.FACTORY] == "Factory r4c3"


def test_s3_5_32_river_edges_block_steps_between_touching_territories() -> None:
    """S-3.5: rivers lie along 32 edges; a river neighbour is touching but not a step."""
    edges = {
        tuple(sorted((a, b)))
        for a in range(B.N_SPACES)
        for b in B.bits(B.RIVER_MASK[a])
    }
    assert len(edges) == 32
    assert B.RIVER_MASK[at("r1c3")] & (1 << at("r1c4"))
    assert not B.STEP_MASK[at("r1c3")] & (1 << at("r1c4"))
    assert B.STEP_MASK[at("r1c3")] & (1 << at("r1c2"))
    assert B.STEP_MASK[at("r3c3")] & (1 << B.FACTORY)
    for space in range(B.N_SPACES):
        assert B.STEP_MASK[space] | B.RIVER_MASK[space] == B.NEIGHBOR_MASK[space]
        assert not B.STEP_MASK[space] & B.RIVER_MASK[space]
        for other in B.bits(B.NEIGHBOR_MASK[space]):
            assert B.NEIGHBOR_MASK[other] & (1 << space), "adjacency is symmetric"
            assert bool(B.RIVER_MASK[other] & (1 << space)) == bool(
                B.RIVER_MASK[space] & (1 << other)
            )


def test_s3_5_a_lake_is_never_across_a_river() -> None:
    """S-3.5: lakes block by being lakes, never by rivers."""
    for lake in B.bits(B.LAKES):
        assert B.RIVER_MASK[lake] == 0
        assert not any(B.RIVER_MASK[s] & (1 << lake) for s in range(B.N_SPACES))


def test_named_territory_farm_r2c6() -> None:
    """S-15.6 / Appendix A: farm r2c6 (encounter) touches village r1c6, farm r2c5, village
    r3c6 and the Rusviet home base; rivers separate it from r3c6 and from that home base."""
    farm = at("r2c6")
    assert B.NAMES[farm] == "farm r2c6"
    assert B.ENCOUNTER_SPACES & (1 << farm)
    assert ids(B.NEIGHBOR_MASK[farm]) == ["home_rusviet", "r1c6", "r2c5", "r3c6"]
    assert ids(B.RIVER_MASK[farm]) == ["home_rusviet", "r3c6"]
    assert ids(B.STEP_MASK[farm]) == ["r1c6", "r2c5"]


def test_named_territory_mountain_r7c4() -> None:
    """Appendix A: mountain r7c4 (encounter), rivers to r6c3, r6c4 and r7c5."""
    mountain = at("r7c4")
    assert B.TERRAIN[mountain] == B.MOUNTAIN and B.PRODUCT[mountain] == METAL
    assert ids(B.STEP_MASK[mountain]) == ["r7c3", "r8c3"]
    assert ids(B.RIVER_MASK[mountain]) == ["r6c3", "r6c4", "r7c5"]


def test_s15_6_home_bases_and_what_they_touch() -> None:
    """S-15.6: Rusviet's home touches village r3c6 and mountain r4c6 by land and farm r2c6
    across a river; Polania's touches lake r2c0, Crimea's lake r7c2; every other home base
    touches exactly its two starting territories (S-4.11)."""
    home = dict(zip(FACTION_IDS, B.HOME, strict=True))
    assert ids(B.STEP_MASK[home["rusviet"]]) == ["r3c6", "r4c6"]
    assert ids(B.RIVER_MASK[home["rusviet"]]) == ["r2c6"]
    assert ids(B.NEIGHBOR_MASK[home["polania"]]) == ["r2c0", "r3c1", "r4c0"]
    assert ids(B.NEIGHBOR_MASK[home["crimea"]]) == ["r7c2", "r7c3", "r8c3"]
    for faction in ("nordic", "saxony"):
        assert ids(B.NEIGHBOR_MASK[home[faction]]) == sorted(
            CONTENT.faction(faction).start_workers
        )
    for f, workers in enumerate(B.START_WORKERS):
        assert all(B.STEP_MASK[B.HOME[f]] & (1 << w) for w in workers)
        assert B.HOME_ADJACENT[f] == B.NEIGHBOR_MASK[B.HOME[f]]
    assert B.NAMES[home["nordic"]] == "Nordic home base"


def test_s3_1_albion_and_togawa_are_unused_home_slots() -> None:
    """S-3.1 / S-21.3-8: the two blank slots belong to nobody in the base game."""
    assert ids(B.UNUSED_HOMES) == ["home_albion", "home_togawa"]
    assert all(B.HOME_FACTION[s] == -1 for s in B.bits(B.UNUSED_HOMES))
    assert [B.HOME_FACTION[h] for h in B.HOME] == [0, 1, 2, 3, 4]
    assert B.NAMES[at("home_albion")] == "Albion home base (unused)"


def test_s3_1_products_by_terrain() -> None:
    """S-3.1 / S-6.3: mountain metal, farm food, tundra oil, forest wood, village workers."""
    expected = {B.MOUNTAIN: METAL, B.FARM: FOOD, B.TUNDRA: OIL,
                B.FOREST: WOOD, B.VILLAGE: B.PRODUCES_WORKER, B.LAKE: B.NO_PRODUCT}
    for space in range(B.N_TERRITORIES):
        if B.TERRAIN[space] != B.FACTORY_TERRAIN:
            assert B.PRODUCT[space] == expected[B.TERRAIN[space]]


def test_s16_2_straight_lines_along_the_three_axes() -> None:
    """S-16.2 "in a row": each axis steps to the touching hex in one direction."""
    assert B.LINE_NEXT[0][at("r4c0")] == at("r4c1")
    assert B.LINE_NEXT[0][at("r4c6")] == -1
    for axis in range(3):
        for space in range(B.N_TERRITORIES):
            following = B.LINE_NEXT[axis][space]
            if following >= 0:
                assert B.NEIGHBOR_MASK[space] & (1 << following)
        assert all(B.LINE_NEXT[axis][h] == -1 for h in B.HOME)
    # r3c3 (1, 3) -> (1, 4) is the Factory r4c3 along the second axis
    assert B.LINE_NEXT[1][at("r3c3")] == B.FACTORY


def test_objective_filter_home_distance() -> None:
    """Content README, filter min_home_distance: listed neighbours of the home base are 1
    step, steps are physical (rivers ignored), home bases are not counted."""
    nordic = B.HOME_DISTANCE[0]
    assert nordic[at("r1c4")] == nordic[at("r1c5")] == 1
    assert nordic[at("r1c3")] == 2 and nordic[at("r2c4")] == 2
    assert nordic[B.HOME[0]] == -1
    assert all(d >= 1 for d in nordic[: B.N_TERRITORIES])
    rusviet = B.HOME_DISTANCE[1]
    assert rusviet[at("r2c6")] == 1  # across a river, still listed next to the home base


def test_space_lookup_refuses_unknown_ids() -> None:
    """Appendix A ids: lookups by map id, a clear error for an id not on the map."""
    assert B.space("r3c3") == at("r3c3")
    with pytest.raises(ValueError, match="'r9c9' is not a space of the Scythe map"):
        B.space("r9c9")
    assert B.terrain_mask(["forest", "mountain"]) == B.TERRAIN_MASK[B.FOREST] | B.TERRAIN_MASK[
        B.MOUNTAIN
    ]
