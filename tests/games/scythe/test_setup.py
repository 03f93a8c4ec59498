"""Setup (S-4): factions and mats, starting pieces and values, decks, tokens, turn order,
the options (S-19, S-21.3-9) and determinism by seed."""

from __future__ import annotations

from collections import Counter

import pytest

from boardlab.games.scythe import SPEC, board
from boardlab.games.scythe.content import CONTENT, FACTION_IDS
from boardlab.games.scythe.options import MAT_IDS
from boardlab.games.scythe.state import ScytheState
from boardlab.games.scythe.tables import (
    CHARACTER,
    COMBAT_VALUES,
    MECH_PIECES,
    N_VALUES,
    NO_SECTION,
    OBJECTIVES_HELD,
    OFF_BOARD,
    UNITS_PER_SEAT,
    WORKER,
    WORKER_PIECES,
)

from .helpers import at, new


def cards_in_hands(state: ScytheState) -> Counter[int]:
    held: Counter[int] = Counter()
    for seat in range(state.players):
        for v, value in enumerate(COMBAT_VALUES):
            held[value] += state.hand[seat * N_VALUES + v]
    return held


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_s4_8_to_4_11_every_seat_starts_as_its_faction_and_mat_say(players: int, seed: int) -> None:
    """S-4.8-4.11: character on the home base, a worker on each of the two land-joined
    territories, 6 workers on the mat, 4 mechs on the faction mat, 4 structures on the
    player mat; power and combat cards from the faction, popularity and coins from the mat,
    two objective cards; nothing upgraded, enlisted or starred."""
    state = new(players, seed)
    assert len(set(state.faction)) == players and len(set(state.mat)) == players
    for seat in range(players):
        faction = CONTENT.factions[state.faction[seat]]
        mat = CONTENT.mats[state.mat[seat]]
        units = state.seat_units(seat)
        assert units[CHARACTER] == at(faction.home)
        assert [units[p] for p in MECH_PIECES] == [OFF_BOARD] * 4
        workers = [units[p] for p in WORKER_PIECES]
        assert sorted(w for w in workers if w != OFF_BOARD) == sorted(
            at(h) for h in faction.start_workers
        )
        assert workers.count(OFF_BOARD) == 6
        assert state.structures[seat * 4 : seat * 4 + 4] == [OFF_BOARD] * 4
        assert state.power[seat] == faction.starting_power
        assert state.hand_size(seat) == faction.starting_combat_cards
        assert state.popularity[seat] == mat.starting_popularity
        assert state.coins[seat] == mat.starting_coins
        held = state.objectives[seat * OBJECTIVES_HELD : (seat + 1) * OBJECTIVES_HELD]
        assert len(set(held)) == 2 and all(0 <= card < 23 for card in held)
        assert state.stars(seat) == 0 and state.star_goals[seat] == 0
        assert state.top_upgrades[seat] == 0
        assert state.bottom_cubes[seat * 4 : seat * 4 + 4] == [0, 0, 0, 0]
        assert (state.recruits[seat], state.recruit_bonuses[seat]) == (0, 0)
        assert state.last_section[seat] == NO_SECTION and state.factory_card[seat] == -1
    assert len(state.units) == players * UNITS_PER_SEAT


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_s4_1_to_4_5_decks_tokens_and_the_bonus_tile(players: int) -> None:
    """S-4.1-4.5: the combat deck less the cards dealt, players + 1 Factory cards (S-18: 3
    at two players), the full encounter deck, the objective deck less two per player, a
    token on each of the 11 encounter symbols, one structure bonus tile; no resources yet."""
    state = new(players, seed=4)
    held = cards_in_hands(state)
    assert held + Counter(state.combat_deck) == Counter(CONTENT.combat_deck)
    assert state.combat_discard == [0] * N_VALUES
    assert len(state.factory_offer) == players + 1 and len(set(state.factory_offer)) == players + 1
    assert sorted(state.encounter_deck) == list(range(28))
    dealt = [card for card in state.objectives if card >= 0]
    assert sorted(dealt + list(state.objective_deck)) == list(range(23))
    assert len(state.objective_deck) == 23 - 2 * players
    assert state.encounter_tokens == board.ENCOUNTER_SPACES
    assert state.encounter_tokens.bit_count() == 11
    assert 0 <= state.bonus_tile < 6
    assert sum(state.resources) == 0 and len(state.resources) == 54 * 4


def test_s4_7_factions_and_mats_chosen_by_options() -> None:
    """S-4.7: the options give each seat its faction and mat, in seat order."""
    state = new(3, seed=9, factions=["saxony", "nordic", "crimea"],
                mats=["patriotic", "industrial", "agricultural"])
    assert [FACTION_IDS[f] for f in state.faction] == ["saxony", "nordic", "crimea"]
    assert [MAT_IDS[m] for m in state.mat] == ["patriotic", "industrial", "agricultural"]
    assert state.seat_units(0)[CHARACTER] == at("home_saxony")
    assert (state.power[0], state.hand_size(0)) == (1, 4)
    assert (state.popularity[2], state.coins[2]) == (4, 7)


def test_s4_7_the_seed_deals_every_faction_and_mat() -> None:
    """S-4.7: at random, every faction and every mat reaches every seat over some seeds."""
    factions = {(seat, new(2, seed).faction[seat]) for seed in range(60) for seat in (0, 1)}
    mats = {(seat, new(2, seed).mat[seat]) for seed in range(60) for seat in (0, 1)}
    assert len(factions) == 10 and len(mats) == 10


@pytest.mark.parametrize(
    ("factions", "mats", "order"),
    [
        # clockwise: nordic (seat 1), crimea (seat 2), polania (seat 0); Industrial 1 starts
        (["polania", "nordic", "crimea"], ["industrial", "agricultural", "patriotic"], (0, 1, 2)),
        (["polania", "nordic", "crimea"], ["agricultural", "patriotic", "industrial"], (2, 0, 1)),
        (["polania", "nordic", "crimea"], ["mechanical", "engineering", "agricultural"],
         (1, 2, 0)),
        (["rusviet", "saxony"], ["engineering", "mechanical"], (0, 1)),
        (["saxony", "rusviet"], ["engineering", "mechanical"], (0, 1)),
        (["crimea", "polania", "nordic", "saxony", "rusviet"],
         ["agricultural", "mechanical", "patriotic", "engineering", "industrial"],
         (4, 0, 3, 1, 2)),
    ],
)
def test_s4_12_turn_order_lowest_mat_number_then_clockwise(
    factions: list[str], mats: list[str], order: tuple[int, ...]
) -> None:
    """S-4.7 / S-4.12: factions sit clockwise Nordic, Rusviet, Crimea, Saxony, Polania; the
    lowest mat number goes first, then play goes clockwise."""
    state = new(len(factions), seed=1, factions=factions, mats=mats)
    assert state.order == order
    assert state.active == order[0]


def test_s4_determinism_by_seed() -> None:
    """Contract: the same arguments deal the same game; other seeds deal others."""
    for players in (2, 5):
        assert new(players, 42).snapshot() == new(players, 42).snapshot()
        assert new(players, 42) == new(players, 42)
    assert len({str(new(4, seed).snapshot()) for seed in range(10)}) == 10
    a, b = new(2, 1, factions=["nordic", "crimea"]), new(2, 2, factions=["nordic", "crimea"])
    assert a.combat_deck != b.combat_deck or a.objective_deck != b.objective_deck


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"factions": ["nordic"]}, "option 'factions' needs 2 different ids"),
        ({"factions": ["nordic", "nordic"]}, "option 'factions' needs 2 different ids"),
        ({"factions": ["nordic", "albion"]}, "option 'factions': 'albion' is not one of"),
        ({"mats": ["industrial", "industrial"]}, "option 'mats' needs 2 different ids"),
        ({"mats": ["industrial", "steam"]}, "option 'mats': 'steam' is not one of"),
        ({"mats": "industrial"}, "option 'mats' takes a list"),
        ({"banned_combinations": "yes"}, "option 'banned_combinations' takes true or false"),
        ({"polania_riverwalk_terrains": ["forest"]},
         "option 'polania_riverwalk_terrains' takes two different terrains"),
        ({"polania_riverwalk_terrains": ["forest", "forest"]},
         "option 'polania_riverwalk_terrains' takes two different terrains"),
        ({"polania_riverwalk_terrains": ["lake", "forest"]},
         "option 'polania_riverwalk_terrains': 'lake' is not one of"),
        ({"factory_card_move_distance": 5}, "option 'factory_card_move_distance': 5 is not one of"),
        ({"loss_below_zero": "sometimes"}, "option 'loss_below_zero': 'sometimes' is not one of"),
        ({"turn_limit": -5.5}, "option 'turn_limit' takes an integer"),
        ({"turn_limit": -1}, "option 'turn_limit' takes 0 "),
        ({"round_limit": 5}, "scythe has no option 'round_limit'"),
    ],
)
def test_s19_options_are_validated_with_clear_errors(
    options: dict[str, object], message: str
) -> None:
    """S-19: a bad option value is refused with one error naming the option."""
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        new(2, 0, **options)


@pytest.mark.parametrize("players", [1, 6])
def test_s1_two_to_five_players(players: int) -> None:
    """S-1 / S-18: 2 to 5 factions (solo is not covered)."""
    with pytest.raises(ValueError, match="scythe is for 2 to 5 players"):
        new(players, 0)


def test_s21_3_9_banned_combinations_off_by_default() -> None:
    """S-21.3-9: without the option, Rusviet may play Industrial and Crimea Patriotic."""
    state = new(2, 0, factions=["rusviet", "crimea"], mats=["industrial", "patriotic"])
    assert [MAT_IDS[m] for m in state.mat] == ["industrial", "patriotic"]


@pytest.mark.parametrize(
    ("factions", "mats"),
    [
        (["rusviet", "nordic"], ["industrial", "patriotic"]),
        (["nordic", "crimea"], ["industrial", "patriotic"]),
    ],
)
def test_s21_3_9_banned_combinations_refused_when_chosen(
    factions: list[str], mats: list[str]
) -> None:
    """S-21.3-9: with the option, a chosen banned pair is refused, naming it."""
    with pytest.raises(ValueError, match="option 'banned_combinations': seat"):
        new(2, 0, factions=factions, mats=mats, banned_combinations=True)


def test_s21_3_9_banned_combinations_never_dealt() -> None:
    """S-21.3-9: with the option, the seed never deals a banned pair, whether factions,
    mats or both are dealt."""
    banned = {("rusviet", "industrial"), ("crimea", "patriotic")}
    for seed in range(150):
        for options in (
            {},
            {"factions": ["crimea", "rusviet", "nordic", "saxony", "polania"]},
            {"mats": ["industrial", "patriotic", "engineering", "mechanical", "agricultural"]},
        ):
            state = new(5, seed, banned_combinations=True, **options)
            pairs = {(FACTION_IDS[f], MAT_IDS[m]) for f, m in zip(state.faction, state.mat,
                                                                  strict=True)}
            assert not pairs & banned


def test_s21_3_7_riverwalk_terrains_per_seat_follow_the_option() -> None:
    """S-21.3-7: Polania's Riverwalk reaches forests and mountains by default (the seed),
    villages and mountains with the published option; other factions keep theirs."""
    default = new(2, 0, factions=["polania", "rusviet"])
    assert default.riverwalk[0] == board.terrain_mask(["forest", "mountain"])
    assert default.riverwalk[1] == board.terrain_mask(["farm", "village"])
    published = new(2, 0, factions=["polania", "rusviet"],
                    polania_riverwalk_terrains=["village", "mountain"])
    assert published.riverwalk[0] == board.terrain_mask(["village", "mountain"])


def test_every_option_has_a_default_that_validates() -> None:
    """Every option of the spec accepts its own default, and a game deals with all of them."""
    for option in SPEC.options:
        assert option.validate(option.default) == option.default
    assert new(5, 3, **{o.name: o.default for o in SPEC.options}) == new(5, 3)


def test_s4_11_workers_leave_the_mat_in_order() -> None:
    """S-4.11 / S-6.3: the two board workers are the first worker pieces; the rest wait on
    the mat (taken left to right later)."""
    state = new(3, 5)
    for seat in range(3):
        units = state.seat_units(seat)
        assert units[WORKER] != OFF_BOARD and units[WORKER + 1] != OFF_BOARD
        assert units[WORKER + 2 :] == [OFF_BOARD] * 6
