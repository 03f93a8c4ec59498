"""Content: known values from content.toml, validated once into frozen records."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from boardlab.games.compounded.content import (
    CONTENT,
    CONTENT_FILE,
    ELEMENTS,
    ContentError,
    load,
)


def test_crystals_total_100_with_nitrogen_15_E2():
    """E2: N is 15 so the crystals total 100; the seed's 20 is kept only as a note."""
    counts = {e.symbol: e.count for e in CONTENT.elements}
    assert counts == {"H": 30, "C": 20, "O": 20, "N": 15, "Ca": 10, "S": 5}
    assert CONTENT.total_crystals == 100
    assert "count_as_printed_in_seed = 20" in CONTENT_FILE.read_text()


def test_rarity_ranks_follow_bag_counts_C_4_7():
    ranks = {e.symbol: e.rarity_rank for e in CONTENT.elements}
    assert ranks["S"] < ranks["Ca"] < ranks["N"] < ranks["C"] == ranks["O"] < ranks["H"]


def test_cards_63_with_9_starters():
    assert len(CONTENT.cards) == 63
    starters = [c.id for c in CONTENT.cards if c.starter]
    assert sorted(starters) == sorted(["nitrous_oxide", "water", "calcium_oxide"] * 3)


def test_known_compounds():
    """Spot checks; A36: nitroglycerin has fire limit 2 in the default data."""
    water = CONTENT.compound("water")
    assert (water.formula, water.atomic_points, water.state) == ("H2O", 3, "liquid")
    assert [ELEMENTS[e] for e in water.space_elements] == ["H", "H", "O"]
    nitro = CONTENT.compound("nitroglycerin")
    assert nitro.spaces == 20 and nitro.fire_limit == 2 and nitro.flammable  # A36
    assert nitro.atomic_points == 8 and nitro.uncapped_points == 16
    assert CONTENT.compound("hydrazoic_acid").fire_limit == 1
    assert CONTENT.compound("peroxydisulfuric_acid").uncapped_points == 14


def test_equipment_and_reaction_sources_E7():
    """E7 and C-13: each equipment and reaction sits on the compound the seed names."""
    sources = {
        c.id: (c.equipment, c.reaction)
        for c in CONTENT.compounds
        if c.equipment >= 0 or c.reaction >= 0
    }
    eq = {k.key: k.index for k in CONTENT.equipment}
    assert sources["calcium_cyanamide"][0] == eq["safety_goggles"]
    assert sources["hydroxylamine"][0] == eq["lab_key"]
    assert sources["hydrazoic_acid"][0] == eq["pipette"]
    assert sources["calcium_carbide"][0] == eq["graduated_cylinder"]
    assert sources["carbonyl_sulfide"][0] == eq["bunsen_burner"]
    reactions = {cid: r for cid, (_, r) in sources.items() if r >= 0}
    assert set(reactions) == {
        "hydrogen_peroxide",
        "acetylene",
        "peroxydisulfuric_acid",
        "sulfuric_acid",
        "nitroglycerin",
    }


def test_points_follow_the_data_rule_A32():
    """A32: AP = clamp(1 + round_half_up(W / 2), 3, 8), W the rarity weight sum."""
    for c in CONTENT.compounds:
        weight = sum(n * e.rarity_weight for n, e in zip(c.counts, CONTENT.elements, strict=True))
        raw = 1 + int(weight / 2 + 0.5)
        assert c.atomic_points == min(8, max(3, raw))
        assert 3 <= c.atomic_points <= 8


def test_state_maps_to_experiment_A5():
    """A5: gas -> discovery (0), solid -> study (1), liquid -> research (2)."""
    for c in CONTENT.compounds:
        assert c.experiment == {"gas": 0, "solid": 1, "liquid": 2}[c.state]
    assert sum(c.copies for c in CONTENT.compounds if c.flammable) == 29


def test_tracks_and_extinguisher_A3_A4():
    """A4 track tables; A3 the extinguisher is CO2 (1 C, 2 O)."""
    assert [t.levels for t in CONTENT.tracks] == [
        (2, 3, 3, 4, 5),
        (1, 2, 2, 3, 3),
        (2, 3, 3, 4, 5),
        (4, 5, 6, 7),
    ]
    assert CONTENT.paper_study_level == 4
    assert [ELEMENTS[e] for e in CONTENT.extinguisher_elements] == ["C", "O", "O"]
    assert CONTENT.extinguisher_points == 4


def test_deck_and_caps():
    assert CONTENT.pile_sizes == (8, 8, 8, 8, 8, 7)
    assert CONTENT.lab_fire_cards == 5
    assert CONTENT.proposals_per_phase == 3  # A33
    assert CONTENT.round_cap == 50  # A34
    assert CONTENT.bunsen_fire_limit == 2


def test_records_are_frozen_and_shared():
    with pytest.raises(dataclasses.FrozenInstanceError):
        CONTENT.compound("water").atomic_points = 9  # type: ignore[misc]
    assert CONTENT.cards[0] is CONTENT.cards[1]  # copies share one record


def test_broken_content_is_refused(tmp_path: Path):
    water = "atomic_points = 3\nrarity_weight_sum = 3.5"
    text = CONTENT_FILE.read_text().replace(water, water.replace("3\n", "5\n"), 1)
    broken = tmp_path / "content.toml"
    broken.write_text(text)
    with pytest.raises(ContentError, match="atomic_points"):
        load(broken)
    broken.write_text(CONTENT_FILE.read_text().replace("count = 15", "count = 20", 1))
    with pytest.raises(ContentError):
        load(broken)
