"""The options of a Scythe game: the deal, and every rule option of ``rule_options.json``.

Each rule option keeps the id it has in ``rule_options.json`` and its engine default there
(section 19 of the reference lists the beta-vs-published points, section 21 the rulings).
Where the seed is illegible and only the published value is known, the option has that
one value: it is listed so that a save or a run states it, not because it can change.

>>> [option.name for option in OPTIONS][:3]
['factions', 'mats', 'banned_combinations']
"""

from __future__ import annotations

from boardlab.engine import OptionSpec
from boardlab.games.scythe.content import CONTENT, FACTION_IDS

MAT_IDS: tuple[str, ...] = tuple(mat.id for mat in CONTENT.mats)
#: Terrains a Riverwalk may name (not lakes, not the Factory).
LAND_TERRAINS = ("mountain", "farm", "forest", "tundra", "village")
#: Published banned pairs of faction and player mat (21.3-9), used when the option is on.
BANNED_COMBINATIONS: tuple[tuple[str, str], ...] = (
    ("rusviet", "industrial"),
    ("crimea", "patriotic"),
)

#: Default of option ``turn_limit``: turns per player (a real game lasts about 15-25).
TURN_LIMIT = 100

OPTIONS: tuple[OptionSpec, ...] = (
    # the deal (section 4.7)
    OptionSpec(
        "factions",
        [],
        "one faction per seat, in seat order (default: dealt at random by the seed)",
        choices=FACTION_IDS,
    ),
    OptionSpec(
        "mats",
        [],
        "one player mat per seat, in seat order (default: dealt at random by the seed)",
        choices=MAT_IDS,
    ),
    OptionSpec(
        "banned_combinations",
        False,
        "never pair Rusviet with Industrial nor Crimea with Patriotic (21.3-9)",
    ),
    # a game always ends (README): random play may never place a sixth star
    OptionSpec(
        "turn_limit",
        TURN_LIMIT,
        "the game ends, scored as if a sixth star had just been placed, once every player "
        "has had this many turns (0: no limit); real games end long before",
    ),
    # rule_options.json, in its order
    OptionSpec(
        "polania_riverwalk_terrains",
        ["forest", "mountain"],
        "the two terrains Polania's Riverwalk crosses rivers into (19 #1, 21.2-1: seed "
        "forest+mountain; published village+mountain)",
        choices=LAND_TERRAINS,
    ),
    OptionSpec(
        "factory_card_move_distance",
        3,
        "territories a Factory-card Move may go, one more with Speed (21.2-2; published 2)",
        choices=(2, 3),
    ),
    OptionSpec(
        "relentless_applies_to_factory_card",
        True,
        "Rusviet may use its Factory card on consecutive turns (21.2-7; 2022 printing: no)",
    ),
    OptionSpec(
        "seaworthy_may_retreat_to_adjacent_lake",
        True,
        "a Nordic unit with Seaworthy that loses a combat may retreat onto an adjacent lake "
        "(15.1, 19 #4)",
    ),
    OptionSpec(
        "factory_cards_drawn_at_setup",
        "players+1",
        "Factory cards put on the Factory at setup (4.2; the seed's number is illegible)",
        choices=("players+1",),
    ),
    OptionSpec(
        "combat_deck",
        "published",
        "the 42 published combat cards: 16x2, 12x3, 8x4, 6x5 (19 #6; the seed's is illegible)",
        choices=("published",),
    ),
    OptionSpec(
        "objective_deck_size",
        len(CONTENT.objectives),
        "objective cards in the deck (19 #7; the seed's 20 is a low-confidence reading)",
        choices=(len(CONTENT.objectives),),
    ),
    OptionSpec(
        "encounter_deck_size",
        len(CONTENT.encounters),
        "encounter cards in the deck (19 #7; the seed's 20 is a low-confidence reading)",
        choices=(len(CONTENT.encounters),),
    ),
    OptionSpec(
        "trade_resources_placement",
        "split_allowed",
        "Trade's 2 resources may be split over worker territories, or go on one (19 #8)",
        choices=("split_allowed", "one_territory"),
    ),
    OptionSpec(
        "submerge_units",
        "character_and_mechs",
        "units Polania's Submerge moves over lakes (19 #9; the seed reads 'character')",
        choices=("character_and_mechs", "character"),
    ),
    OptionSpec(
        "disarm_counts_own_mine",
        False,
        "Saxony's Disarm also works on a territory with its own Mine (19 #13; 2022 printing)",
    ),
    OptionSpec(
        "structure_bonus_tile_set",
        "published",
        "the six published structure bonus tiles (16.2, 19 #10; the seed's are illegible)",
        choices=("published",),
    ),
    OptionSpec(
        "delay_of_game_variant_popularity_loss",
        0,
        "popularity lost for stalling over 10 s while counting coins, 0 = variant off (14); "
        "the engine counts at once, so no one ever stalls",
        choices=(0, CONTENT.scoring.delay_of_game_popularity),
    ),
    OptionSpec(
        "camaraderie_covers_worker_only_territories",
        False,
        "Polania's Camaraderie also spares the popularity for moving into workers-only "
        "territory (21.2-5: no)",
    ),
    OptionSpec(
        "mill_territory_uses_a_produce_slot",
        True,
        "the Mill produces only when its territory is one of the chosen Produce territories "
        "(21.2-4)",
    ),
    OptionSpec(
        "carried_worker_may_also_move_alone",
        True,
        "a worker carried by a mech may also move on its own in the same Move (21.2-6)",
    ),
    OptionSpec(
        "loss_below_zero",
        "down_to_zero_not_blocking",
        "a popularity/power loss below zero stops at zero and never blocks the action "
        "(21.2-8), or blocks it",
        choices=("down_to_zero_not_blocking", "blocks_action"),
    ),
)

#: The names of the options that come from ``rule_options.json``.
RULE_OPTION_NAMES: tuple[str, ...] = tuple(option.name for option in OPTIONS[4:])
