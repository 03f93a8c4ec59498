"""Content: the component data loads into frozen records with the reference's values (S-2,
S-4, S-6, S-7, S-14, S-15, S-16, S-21.1), and broken data is refused naming file and field."""

from __future__ import annotations

import dataclasses
import json
import shutil
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from boardlab.games.scythe.content import (
    CONTENT,
    CONTENT_DIR,
    FACTION_IDS,
    ContentError,
    load_content,
)
from boardlab.games.scythe.options import OPTIONS, RULE_OPTION_NAMES
from boardlab.games.scythe.vocabulary import (
    AT_ENCOUNTER,
    AllOf,
    AnyOf,
    Build,
    Choice,
    Coins,
    CombatCards,
    Deploy,
    Enlist,
    Filter,
    Lead,
    Move,
    Popularity,
    Power,
    Produce,
    ResourceCount,
    Resources,
    StatRange,
    TerritoryCount,
    UnitCount,
    Upgrade,
    Workers,
)


def test_s4_faction_table_home_power_cards_and_start_workers() -> None:
    """S-4 (starting values) and S-15: home base, power, combat cards, start territories."""
    expected = {
        "nordic": ("home_nordic", 4, 1, ("r1c4", "r1c5")),
        "rusviet": ("home_rusviet", 3, 2, ("r3c6", "r4c6")),
        "crimea": ("home_crimea", 5, 0, ("r7c3", "r8c3")),
        "saxony": ("home_saxony", 1, 4, ("r6c0", "r7c1")),
        "polania": ("home_polania", 2, 3, ("r3c1", "r4c0")),
    }
    assert FACTION_IDS == ("nordic", "rusviet", "crimea", "saxony", "polania")
    for faction in CONTENT.factions:
        home, power, cards, workers = expected[faction.id]
        assert faction.home == home
        assert (faction.starting_power, faction.starting_combat_cards) == (power, cards)
        assert sorted(faction.start_workers) == sorted(workers)


def test_s15_faction_and_mech_abilities() -> None:
    """S-15.1-15.5: each faction's ability and its four mech abilities, Riverwalk and Speed
    included; S-21.3-7: the data keeps Polania's published Riverwalk, the seed's beside it."""
    expected = {
        "nordic": ("swim", {"riverwalk", "seaworthy", "artillery", "speed"},
                   ("forest", "mountain")),
        "rusviet": ("relentless", {"riverwalk", "township", "peoples_army", "speed"},
                    ("farm", "village")),
        "crimea": ("coercion", {"riverwalk", "wayfare", "scout", "speed"}, ("farm", "tundra")),
        "saxony": ("dominate", {"riverwalk", "underpass", "disarm", "speed"},
                   ("forest", "mountain")),
        "polania": ("meander", {"riverwalk", "submerge", "camaraderie", "speed"},
                    ("village", "mountain")),
    }
    for faction in CONTENT.factions:
        ability, mechs, walk = expected[faction.id]
        assert faction.ability.id == ability
        assert {mech.id for mech in faction.mechs} == mechs
        assert [mech.slot for mech in faction.mechs] == [0, 1, 2, 3]
        riverwalk = faction.mechs[faction.mech_slot("riverwalk")]
        assert set(riverwalk.riverwalk_terrains) == set(walk)
    polania = CONTENT.faction("polania")
    seed = polania.mechs[polania.mech_slot("riverwalk")].seed_riverwalk_terrains
    assert set(seed) == {"forest", "mountain"}


def test_s4_player_mat_numbers_popularity_coins_objectives() -> None:
    """S-4: mat number, starting popularity, coins and objective cards."""
    expected = {
        "industrial": (1, 2, 4),
        "engineering": (2, 2, 5),
        "patriotic": (3, 2, 6),
        "mechanical": (4, 3, 6),
        "agricultural": (5, 4, 7),
    }
    for mat in CONTENT.mats:
        assert (mat.number, mat.starting_popularity, mat.starting_coins) == expected[mat.id]
        assert mat.starting_objectives == 2


def test_s7_mat_sections_costs_minimums_and_coin_bonuses() -> None:
    """S-7: sections left to right, bottom costs start -> minimum, coin bonuses."""
    expected = {  # tops, then (start cost, minimum, coin bonus) of each bottom action
        "industrial": ("bolster produce move trade", ((3, 2, 3), (3, 1, 2), (3, 2, 1), (4, 2, 0))),
        "engineering": ("produce trade bolster move", ((3, 2, 2), (4, 2, 0), (3, 1, 3), (3, 2, 1))),
        "patriotic": ("move bolster trade produce", ((2, 2, 1), (4, 1, 3), (4, 2, 0), (3, 2, 2))),
        "mechanical": ("trade bolster move produce", ((3, 2, 0), (3, 1, 2), (3, 2, 2), (4, 2, 2))),
        "agricultural": ("move trade produce bolster",
                         ((2, 2, 1), (4, 2, 0), (4, 2, 2), (3, 1, 3))),
    }
    for mat in CONTENT.mats:
        tops, costs = expected[mat.id]
        assert " ".join(s.top for s in mat.sections) == tops
        assert [s.bottom for s in mat.sections] == ["upgrade", "deploy", "build", "enlist"]
        assert tuple((s.cost_start, s.cost_min, s.coin_bonus) for s in mat.sections) == costs
        assert sum(s.upgrade_slots for s in mat.sections) == 6
    assert CONTENT.mat("industrial").section_of("move") == 2


def test_s6_top_actions_values_costs_and_structures() -> None:
    """S-6.1-6.4 and S-16.1: values before/after upgrade, costs, the structure of each."""
    rules = CONTENT.mat_rules
    move, trade, bolster, produce = (rules.top(a) for a in ("move", "trade", "bolster", "produce"))
    assert [(c.id, c.base, c.upgraded) for c in move.choices] == [
        ("move_units", 2, 3),
        ("gain_coins", 1, 2),
    ]
    assert move.cost == () and move.structure == "mine"
    assert [(a.track, a.amount) for a in trade.cost] == [("coins", 1)]
    assert [(c.id, c.base, c.upgraded) for c in trade.choices] == [
        ("gain_resources", 2, 2),
        ("gain_popularity", 1, 2),
    ]
    assert trade.structure == "armory"
    assert [(c.id, c.base, c.upgraded) for c in bolster.choices] == [
        ("gain_power", 2, 3),
        ("draw_combat_cards", 1, 2),
    ]
    assert bolster.structure == "monument" and produce.structure == "mill"
    assert (rules.produce_territories.base, rules.produce_territories.upgraded) == (2, 3)
    assert [(c.workers_at_least, c.cost.track) for c in rules.produce_costs] == [
        (4, "power"),
        (6, "popularity"),
        (8, "coins"),
    ]
    assert len(rules.top_upgrade_slots) == 6


def test_s7_bottom_actions_pay_and_recruit_bonuses() -> None:
    """S-7 and S-7.4: what each bottom action pays, its recruit bonus, the enlist bonuses."""
    rules = CONTENT.mat_rules
    assert [(b.id, b.pays, b.recruit_bonus.track, b.recruit_bonus.amount)
            for b in rules.bottom_actions] == [
        ("upgrade", "oil", "power", 1),
        ("deploy", "metal", "coins", 1),
        ("build", "wood", "popularity", 1),
        ("enlist", "food", "combat_cards", 1),
    ]
    assert sorted((b.track, b.amount) for b in rules.enlist_bonuses) == [
        ("coins", 2), ("combat_cards", 2), ("popularity", 2), ("power", 2)
    ]


def test_s2_combat_deck_and_deck_counts() -> None:
    """S-2: 42 combat cards (16x2, 12x3, 8x4, 6x5), 23 objectives, 28 encounters, 12 Factory
    cards, 6 structure bonus tiles, 11 encounter tokens."""
    assert Counter(CONTENT.combat_deck) == {2: 16, 3: 12, 4: 8, 5: 6}
    assert CONTENT.combat_values == (2, 3, 4, 5)
    assert [o.number for o in CONTENT.objectives] == list(range(1, 24))
    assert len(CONTENT.encounters) == 28
    assert all([o.label for o in card.options] == ["A", "B", "C"] for card in CONTENT.encounters)
    assert len(CONTENT.factory_cards) == 12
    assert len(CONTENT.bonus_tiles) == 6
    assert len(CONTENT.board.encounters) == CONTENT.components.encounter_tokens == 11
    assert CONTENT.objectives[11].name == "Get Rich or Cry Trying"


def test_s16_2_structure_bonus_payouts() -> None:
    """S-16.2: the payout bands of the six tiles, nothing for a count of 0."""
    tiles = {tile.id: tile for tile in CONTENT.bonus_tiles}
    assert [tiles["adjacent_tunnels"].coins(n) for n in range(7)] == [0, 2, 4, 4, 6, 6, 9]
    assert [tiles["adjacent_lakes"].coins(n) for n in range(8)] == [0, 2, 4, 4, 6, 6, 9, 9]
    assert tiles["adjacent_encounters"].coins(9) == 9
    assert [tiles["on_tunnels"].coins(n) for n in range(5)] == [0, 2, 4, 6, 6]
    assert [tiles["in_a_row"].coins(n) for n in range(5)] == [0, 2, 4, 6, 9]
    assert [tiles["on_farms_tundras"].coins(n) for n in range(5)] == [0, 2, 4, 6, 9]
    assert [s.id for s in CONTENT.structures] == ["mine", "mill", "armory", "monument"]


def test_s14_popularity_tiers_stars_and_tracks() -> None:
    """S-14 and S-17: the three popularity tiers, 6 stars, the track and dial limits."""
    scoring = CONTENT.scoring
    rows = [(t.per_star, t.per_territory, t.per_resource_pair) for t in scoring.tiers]
    assert rows == [(3, 2, 1), (4, 3, 2), (5, 4, 3)]
    assert scoring.tier(6).per_star == 3 and scoring.tier(7).per_star == 4
    assert scoring.tier(12).per_star == 4 and scoring.tier(13).per_star == 5
    assert (scoring.popularity_max, scoring.power_max, scoring.dial_max) == (18, 16, 7)
    assert scoring.stars_per_player == 6 and scoring.factory_territories == 3
    assert scoring.combat_stars_per_player == 2 and scoring.objective_stars_per_player == 1
    assert len(scoring.star_goals) == 10
    assert scoring.tiebreakers[0].startswith("workers + mechs + structures")


def test_s21_1_encounter_options_are_typed_effects() -> None:
    """S-21.1 / S-10: encounter card 1's options as effects; every gain placed at the
    encounter; option A is free."""
    card = CONTENT.encounters[0]
    assert card.title == "Schoolhouse on the hill"
    a, b, c = card.options
    assert (a.cost, a.gain) == ((), (Popularity(2),))
    assert (b.cost, b.gain) == ((Coins(2),), (Upgrade(), Power(1)))
    assert (c.cost, c.gain) == (
        (Popularity(2),),
        (Workers(2, AT_ENCOUNTER), Resources("food", 3, AT_ENCOUNTER)),
    )
    for encounter in CONTENT.encounters:
        assert encounter.options[0].cost == ()
        for option in encounter.options:
            for effect in option.gain:
                assert getattr(effect, "at", AT_ENCOUNTER) == AT_ENCOUNTER
    kinds = Counter(type(e) for card in CONTENT.encounters for o in card.options for e in o.gain)
    assert kinds[Upgrade] == kinds[Deploy] == kinds[Build] == kinds[Enlist] == 7


def test_s21_1_factory_cards_top_rows_and_the_common_move() -> None:
    """S-11 / S-21.1: every bottom row is one Move of 1 unit (distance from the rule option,
    Speed +1); top rows parsed, a choice and a Produce among them."""
    for card in CONTENT.factory_cards:
        assert card.bottom.cost == ()
        assert card.bottom.gain == (Move(1, "factory_card_move_distance", 1),)
    cards = {card.name: card for card in CONTENT.factory_cards}
    exchange = cards["Exchange Hall"].top
    assert exchange.cost == (Coins(1),)
    assert exchange.gain == (
        Choice(((Resources("any", 3, "worker_territories"),), (Popularity(2),))),
    )
    assert cards["Night Shift"].top.gain == (Produce(1),)
    assert cards["Assembly Line"].top.cost == (Resources("metal", 2), Power(1))
    assert cards["Assembly Line"].top.gain == (Deploy("worker_territory"),)
    assert cards["Drill Yard"].top.gain[0] == Choice(
        ((Power(3), CombatCards(1)), (CombatCards(2), Power(1)))
    )


def test_s21_1_objective_conditions_are_typed_predicates() -> None:
    """S-12 / S-21.1: objective conditions parsed into predicates with filters and bounds."""
    by_number = {o.number: o for o in CONTENT.objectives}
    assert by_number[12].condition == StatRange("coins", 20, None)
    harvest = by_number[3].condition
    assert harvest == AllOf(
        (
            TerritoryCount(Filter(terrains=("farm",)), 3, None),
            ResourceCount(("food",), 5, None),
        )
    )
    northern = by_number[4].condition
    assert isinstance(northern, AllOf)
    north = northern.parts[0]
    assert isinstance(north, TerritoryCount) and north.where.region == "north"
    assert len(north.where.region_hexes) == 19
    monopoly = by_number[21].condition
    assert isinstance(monopoly, AnyOf) and len(monopoly.parts) == 4
    wood = monopoly.parts[0]
    assert isinstance(wood, AllOf)
    assert wood.parts[1] == Lead(ResourceCount(("wood",), None, None), 1)
    pacifist = by_number[18].condition
    assert isinstance(pacifist, AllOf)
    assert pacifist.parts[1] == StatRange("combat_stars", None, 0)
    higher = by_number[1].condition
    assert isinstance(higher, AllOf)
    assert higher.parts[1] == UnitCount(("character", "mech"), Filter(terrains=("mountain",)), 2)


def test_records_are_frozen() -> None:
    """Content is shared by every state: no record can be changed."""
    for record, field in ((CONTENT.factions[0], "starting_power"),
                          (CONTENT.encounters[0].options[0].gain[0], "amount"),
                          (CONTENT.objectives[0], "condition")):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(record, field, 9)


def test_s19_every_rule_option_of_the_data_is_a_game_option_with_its_default() -> None:
    """S-19 / S-21: each entry of rule_options.json is an option of the same name, whose
    default is the data's engine default."""
    assert set(RULE_OPTION_NAMES) == set(CONTENT.rule_options)
    defaults = {option.name: option.default for option in OPTIONS}
    data = {name: option.default for name, option in CONTENT.rule_options.items()}
    assert tuple(defaults["polania_riverwalk_terrains"]) == data["polania_riverwalk_terrains"]
    for name in ("factory_card_move_distance", "relentless_applies_to_factory_card",
                 "seaworthy_may_retreat_to_adjacent_lake", "objective_deck_size",
                 "encounter_deck_size", "camaraderie_covers_worker_only_territories",
                 "mill_territory_uses_a_produce_slot", "carried_worker_may_also_move_alone"):
        assert defaults[name] == data[name], name
    for name in ("trade_resources_placement", "submerge_units", "structure_bonus_tile_set",
                 "loss_below_zero"):
        assert defaults[name] == data[name], name
    # the data states these in words; the option encodes the same default
    assert data["factory_cards_drawn_at_setup"] == "players + 1"
    assert defaults["factory_cards_drawn_at_setup"] == "players+1"
    assert data["disarm_counts_own_mine"] == "tunnel_only"
    assert defaults["disarm_counts_own_mine"] is False
    assert str(data["delay_of_game_variant_popularity_loss"]).startswith("variant off")
    assert defaults["delay_of_game_variant_popularity_loss"] == 0
    assert defaults["combat_deck"] == "published"
    assert dict(data["combat_deck"]) == {"2": 16, "3": 12, "4": 8, "5": 6}  # type: ignore[call-overload]


def test_s21_3_7_polania_riverwalk_default_is_the_seed() -> None:
    """S-21.3-7: the data keeps the published terrains; the option's default is the seed's."""
    option = next(o for o in OPTIONS if o.name == "polania_riverwalk_terrains")
    assert option.default == ["forest", "mountain"]


# ---------------------------------------------------------------------- broken data
def _broken(tmp_path: Path, name: str, edit: Callable[[Any], None]) -> Path:
    directory = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, directory)
    path = directory / name
    data = json.loads(path.read_text(encoding="utf-8"))
    edit(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    return directory


def _set(path: list[Any], value: Any) -> Callable[[Any], None]:
    def edit(data: Any) -> None:
        for key in path[:-1]:
            data = data[key]
        data[path[-1]] = value

    return edit


def test_the_shipped_content_loads_again() -> None:
    """Content validation: the shipped files pass every check and load to equal records."""
    assert load_content(CONTENT_DIR) == CONTENT


@pytest.mark.parametrize(
    ("name", "edit", "message"),
    [
        ("factions.json", _set(["factions", 2, "starting_power"], "five"),
         "factions.json: factions[2].starting_power: expected an integer, got 'five'"),
        ("factions.json", _set(["factions", 0, "faction_ability", "id"], "fly"),
         "factions.json: factions[0].faction_ability.id: 'fly' is not one of"),
        ("player_mats.json", _set(["mats", 1, "sections", 2, "bottom_upgrade_slots"], 5),
         "player_mats.json: mats[1].sections[2].bottom_upgrade_slots: must be start - min = 2"),
        ("board.json", _set(["hexes", 0, "neighbors"], ["home_albion", "r2c0", "r2c1"]),
         "board.json: hexes[0].neighbors: the board spaces must be those touching"),
        ("board.json", _set(["hexes", 3, "terrain"], "swamp"),
         "board.json: hexes[3].terrain: 'swamp' is not one of"),
        ("combat_cards.json", _set(["total"], 40),
         "combat_cards.json: total: the distribution holds 42 cards"),
        ("encounter_cards.json", _set(["cards", 4, "options", 1, "gain", 0, "type"], "teleport"),
         "encounter_cards.json: cards[4].options[1].gain[0].type: 'teleport' is not one of"),
        ("encounter_cards.json", _set(["cards", 0, "options", 2, "gain", 0, "at"], "home"),
         "encounter_cards.json: cards[0].options[2].gain[0].at: 'home' is not one of"),
        ("encounter_cards.json", _set(["cards", 0, "options", 1, "cost", 0, "type"], "upgrade"),
         "encounter_cards.json: cards[0].options[1].cost[0].type: 'upgrade' is not one of"),
        ("objectives.json", _set(["cards", 11, "condition", "stat"], "gold"),
         "objectives.json: cards[11].condition.stat: 'gold' is not one of"),
        ("objectives.json", _set(["cards", 2, "condition", "all", 0, "filter", "terain"], ["farm"]),
         "objectives.json: cards[2].condition.all[0].filter.terain: unknown field"),
        ("objectives.json", _set(["cards", 11, "condition", "min"], None),
         "objectives.json: cards[11].condition.min: expected an integer"),
        ("factory_cards.json", _set(["cards", 0, "bottom", "gain", 0, "units"], 0),
         "factory_cards.json: cards[0].bottom.gain[0].units: expected an integer in [1, ]"),
        ("scoring.json", _set(["popularity_tiers", 1, "popularity_min"], 8),
         "scoring.json: popularity_tiers: tiers must cover 0-18 in order"),
        ("structures.json", _set(["structure_bonus_tiles", 0, "payout", 1, "min"], 3),
         "structures.json: structure_bonus_tiles[0].payout: bands must run on from 2"),
        ("components.json", _set(["base_game", "encounter_cards"], 20),
         "components.json: base_game.encounter_cards: the other files hold 28"),
    ],
)
def test_broken_data_is_refused_naming_file_and_field(
    tmp_path: Path, name: str, edit: Callable[[Any], None], message: str
) -> None:
    """Content validation: one clear error naming the file and the field."""
    directory = _broken(tmp_path, name, edit)
    with pytest.raises(ContentError) as error:
        load_content(directory)
    assert str(error.value).startswith(message), str(error.value)


def test_a_missing_field_and_an_unreadable_file_are_named(tmp_path: Path) -> None:
    """Content validation: a missing field and a file that is not JSON are named."""
    def drop(data: Any) -> None:
        del data["mats"][0]["starting_coins"]

    directory = _broken(tmp_path, "player_mats.json", drop)
    with pytest.raises(ContentError, match=r"player_mats.json: mats\[0\].starting_coins: missing"):
        load_content(directory)
    (directory / "player_mats.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(ContentError, match=r"player_mats\.json: cannot be read as JSON"):
        load_content(directory)
