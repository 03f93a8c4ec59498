"""Setup (C-4.1 to C-4.7), options and the first round (A27)."""

from __future__ import annotations

import pytest

import boardlab
from boardlab.games.compounded import SPEC
from boardlab.games.compounded.setup import first_lead
from boardlab.games.compounded.workbench import CARDS, LAB_FIRE

from .helpers import assert_clean, new_game, set_storage


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bag_and_starting_crystals_C_4_1_C_4_3(players):
    """C-4.1, C-4.3: all crystals start in the bag; each scientist draws 4 at random."""
    s = new_game(players, seed=players)
    assert sum(s.bag) == 100 - 4 * players
    for p in range(players):
        assert sum(s.storage[p * 6 : p * 6 + 6]) == 4
    assert_clean(s)


def test_workbench_start_C_4_2_C_4_4():
    """C-4.2, C-4.4: level 1 everywhere, 2 discs in reserve and 1 available, score 0,
    one wild token and one empty extinguisher each, 3 storage markers on the Lab tube."""
    s = new_game(4, seed=3)
    assert s.track_level == [0] * 16
    assert s.reserve == [2] * 4 and s.free_discs == [1] * 4
    assert s.ap == [0] * 4 and s.wild == [1] * 4
    assert s.extinguisher_holder == [0, 1, 2, 3]
    assert all(items == (0, 0, 0) for items in s.extinguisher_items)
    body = s.view(0)["body"]
    assert body["players"][0]["storage_markers_placed"] == 0
    assert body["players"][0]["capacity"] == 4


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_equipment_supply_C_4_5_A1(players):
    """C-4.5: cylinders, papers, pipettes = players - 1; goggles 4, Lab Keys 2, Bunsens 4.
    A1: two players use the normal rules with one of each limited kind. A40: all goggles,
    Lab Keys and Bunsens are put out."""
    s = new_game(players)
    assert s.supply == [players - 1, players - 1, players - 1, 4, 2, 4]


def test_field_starters_and_deck_piles_C_4_6():
    """C-4.6: 9 starters at random positions, 7 regular cards, then the pile deck: 8 safe
    cards on top, then five piles each topped by a Lab Fire (sizes 9,9,9,9,8 with it)."""
    layouts = set()
    for seed in range(6):
        s = new_game(3, seed=seed)
        starters = [pos for pos in range(16) if CARDS[s.field_card[pos]].starter]
        assert len(starters) == 9
        layouts.add(tuple(starters))
        top_first = list(reversed(s.deck))
        assert len(top_first) == 52
        assert LAB_FIRE not in top_first[:8]
        fires = [i for i, card in enumerate(top_first) if card == LAB_FIRE]
        assert fires[0] == 8
        gaps = sorted(b - a for a, b in zip(fires, [*fires[1:], 52], strict=True))
        assert gaps == [8, 9, 9, 9, 9]
    assert len(layouts) > 1  # starter positions are random


def test_shuffled_deck_option_C_4_6():
    """C-4.6 variant (option shuffled_deck): the 47 cards and 5 Lab Fires are shuffled
    together, so a Lab Fire may lie in the top eight."""
    early = 0
    for seed in range(40):
        s = new_game(3, seed=seed, shuffled_deck=True)
        top_first = list(reversed(s.deck))
        assert top_first.count(LAB_FIRE) == 5 and len(top_first) == 52
        early += LAB_FIRE in top_first[:8]
    assert early > 0


def test_first_lead_holds_the_rarest_crystal_C_4_7():
    """C-4.7: the scientist with the single rarest crystal leads."""
    s = new_game(3, seed=5)
    set_storage(s, 0, H=4)
    set_storage(s, 1, C=2, N=2)
    set_storage(s, 2, H=3, Ca=1)
    assert first_lead(s) == 2
    set_storage(s, 1, S=1, H=3)
    assert first_lead(s) == 1


def test_first_lead_ties_are_a_seeded_draw_A26():
    """A26: equal rarity (C and O are one class) is broken by the seeded generator."""
    winners = set()
    for seed in range(30):
        s = new_game(3, seed=seed)
        set_storage(s, 0, C=1, H=3)
        set_storage(s, 1, O=1, H=3)
        set_storage(s, 2, H=4)
        before = s.rng.state
        lead = first_lead(s)
        assert lead in (0, 1)
        s.rng.state = before
        assert first_lead(s) == lead  # same generator state, same answer
        winners.add(lead)
    assert winners == {0, 1}


def test_round_one_skips_discovery_A27():
    """A27 / C-5: round 1 starts with the Study phase; no draws, no trading."""
    s = new_game(3, seed=2)
    assert s.round == 1 and s.phase_name == "study"
    assert s.decision.kind == "claim" and s.decision.player == s.lead
    assert sum(s.bag) == 100 - 12


def test_options_and_errors():
    assert {o.name for o in SPEC.options} == {"shuffled_deck", "ap_cap", "trade_offers"}
    with pytest.raises(ValueError, match="2 to 5"):
        boardlab.new("compounded", 6)
    with pytest.raises(ValueError, match="no option"):
        boardlab.new("compounded", 3, nobel=True)
    with pytest.raises(ValueError):
        boardlab.new("compounded", 3, trade_offers=7)


def test_same_arguments_same_game():
    a, b = new_game(4, seed=9), new_game(4, seed=9)
    assert a == b and a.deck == b.deck and a.storage == b.storage
    assert new_game(4, seed=10).deck != a.deck
