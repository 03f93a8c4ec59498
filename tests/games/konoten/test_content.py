"""Content: the default data loads into frozen records with the documented values."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from boardlab.games.konoten.content import CONTENT, CONTENT_FILE, ContentError, load_content
from boardlab.games.konoten.tables import (
    CARD_DIFF,
    CARD_INPUT,
    CARD_MASK,
    CARD_OUTPUT,
    ELIGIBLE,
    FOUNDATION_COST,
    NODE_IDS,
    PASSIVES,
)

from .helpers import CARD, NODE


def test_component_counts_match_the_public_list() -> None:
    """Section 2: 47 development cards (38 normal + 9 VP), 15 foundations, 6 characters."""
    decks = [card.deck for card in CONTENT.dev_cards]
    assert decks.count("normal") == 38 and decks.count("vp") == 9
    assert len(CONTENT.foundations) == 15
    assert len(CONTENT.characters) == 6
    assert len({c.colour for c in CONTENT.characters}) == 6
    assert len({card.color for card in CONTENT.dev_cards}) == 7


def test_foundation_costs_and_devices_spot_check() -> None:
    """README: costs 0,0,0,1,...,4,4,4; devices and their AP (K-8 table)."""
    assert sorted(FOUNDATION_COST) == [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]
    devices = {d.id: d for d in CONTENT.devices}
    assert devices["grind"].ap == 1 and devices["grind"].special == "make_lens"
    assert devices["collect_light"].input[4] == 1 and devices["collect_light"].output[0] == 1
    assert devices["groundwork"].capacity == 1 and devices["groundwork"].ap == 1
    assert devices["guts"].output[4] == 1 and devices["guts"].output[2] == 1
    assert devices["guts"].ap == 0


def test_setup_values_spot_check() -> None:
    """K-4.3/K-4.4 and the market: 12 tokens split 3/1/4/4, AP 2, 2 of each material."""
    setup = CONTENT.setup
    assert (setup.tokens_on_tasks, setup.tokens_on_growth_start) == (3, 1)
    assert (setup.tokens_in_stock, setup.assistants_in_lobby_unused) == (4, 4)
    assert (setup.ap, setup.creativity, setup.materials) == (2, 0, (2, 2, 2))
    assert setup.material_capacity == 12
    assert (CONTENT.normal_display, CONTENT.vp_display, CONTENT.collect_ap) == (8, 2, 2)
    assert (CONTENT.supply_ap, CONTENT.supply_creativity) == (7, 1)
    assert CONTENT.vp_per_sediment == -2 and CONTENT.owner_bonus_vp == 2


def test_card_d07_cells_numbers_and_rotation() -> None:
    """D07: rainbow at (0,0) in, three light in column 3 out; M 2, R 3; turned M 3, R 2 (A5)."""
    card = CONTENT.card("D07")
    assert (card.material, card.result, card.material_rotated, card.result_rotated) == (2, 3, 3, 2)
    c = CARD["D07"]
    assert CARD_INPUT[c][0] == (0, 1, 0, 0, 0, 0, 0, 0)
    assert CARD_OUTPUT[c][0] == (3, 0, 0, 0, 0, 0, 0, 0)
    assert CARD_INPUT[c][1] == (3, 0, 0, 0, 0, 0, 0, 0)  # turned: the halves swap
    assert CARD_DIFF[c] == (1, -1)
    # (0,0) -> bit 0; turned it sits at (2,3) -> bit 11
    assert CARD_MASK[c][0] & 1 and CARD_MASK[c][1] >> 11 & 1


def test_vp_card_v08_takes_a_growth_and_gives_two_vp() -> None:
    card = CONTENT.card("V08")
    assert card.deck == "vp"
    assert CARD_INPUT[CARD["V08"]][0][6] == 1 and CARD_OUTPUT[CARD["V08"]][0][5] == 2


def test_characters_spot_check() -> None:
    """Data: the workaholic's collect_cost 1 (n12) and the idea machine's n22 per 2 (R4)."""
    workaholic = CONTENT.character("workaholic")
    assert workaholic.abilities[NODE["n12"]].rule == "collect_cost"
    assert workaholic.abilities[NODE["n12"]].value == 1
    idea = CONTENT.character("idea_machine")
    final = idea.abilities[NODE["n22"]]
    assert (final.type, final.count, final.per, final.vp) == ("final", "creativity", 2, 1)
    manager = CONTENT.character("lab_manager")
    n20 = manager.abilities[NODE["n20"]]
    assert (n20.type, n20.times, n20.max_times) == ("end", "lenses_owned", 3)  # R5
    alchemist = CONTENT.character("sediment_alchemist")
    assert alchemist.abilities[NODE["n22"]].equals == 0


def test_issue28_workaholic_final_is_1_vp_per_3_ap() -> None:
    """Rules version 8 (issue 28, item 10): the workaholic's n22 counts AP per 3 (2 before),
    the smallest change that holds every lazy line under 10% of wins against greedy."""
    final = CONTENT.character("workaholic").abilities[NODE["n22"]]
    assert (final.type, final.count, final.per, final.vp) == ("final", "ap", 3, 1)


def test_passive_table_reads_the_grown_nodes() -> None:
    """K-11.4: a passive only counts while its node is grown."""
    workaholic = [c.id for c in CONTENT.characters].index("workaholic")
    assert PASSIVES[workaholic][1].collect_cost == 2
    assert PASSIVES[workaholic][1 | 1 << NODE["n12"]].collect_cost == 1
    rainbow = [c.id for c in CONTENT.characters].index("rainbow_artist")
    assert PASSIVES[rainbow][1 << NODE["n11"]].capacity == 14


def test_growth_template_eligibility() -> None:
    """K-11.2: from n00 alone, n01 and n10 are eligible; from nothing, only the start node."""
    assert ELIGIBLE[1 << NODE["n00"]] == 1 << NODE["n01"] | 1 << NODE["n10"]
    assert ELIGIBLE[0] == 1 << NODE["n00"]
    assert NODE_IDS[0] == "n00"


def test_records_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        CONTENT.dev_cards[0].material = 5  # type: ignore[misc]


def test_broken_corner_numbers_are_rejected(tmp_path: Path) -> None:
    """Validation: corner numbers must equal the worth of the symbols on each half."""
    text = CONTENT_FILE.read_text()
    broken = text.replace(
        'id = "D01"\ndeck = "normal"\ncolor = "yellow"\n'
        'cells = [ { row = 0, col = 2, symbol = "light" } ]\nmaterial = 0\nresult = 1',
        'id = "D01"\ndeck = "normal"\ncolor = "yellow"\n'
        'cells = [ { row = 0, col = 2, symbol = "light" } ]\nmaterial = 0\nresult = 2',
    )
    assert broken != text
    path = tmp_path / "content.toml"
    path.write_text(broken)
    with pytest.raises(ContentError, match="D01"):
        load_content(path)


def test_unknown_passive_rule_is_rejected(tmp_path: Path) -> None:
    """Effects are a closed vocabulary of named kinds: an unknown rule name is an error."""
    text = CONTENT_FILE.read_text()
    broken = text.replace('rule = "collect_cost"', 'rule = "free_lunch"')
    path = tmp_path / "content.toml"
    path.write_text(broken)
    with pytest.raises(ContentError, match="free_lunch"):
        load_content(path)
