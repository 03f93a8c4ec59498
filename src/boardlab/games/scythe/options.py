"""The options of a Scythe game: the deal, and every rule option of ``rule_options.json``.

Each rule option keeps the id it has in ``rule_options.json`` and its engine default there;
the help texts speak to players (what the option changes, the published game's value where
it differs), the rule references are in README.md's options table. Where only the published
value is known, the option has that one value: it is listed so that a save or a run states
it, not because it can change.

>>> [option.name for option in OPTIONS][:3]
['factions', 'mats', 'banned_combinations']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

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
    # the deal
    OptionSpec(
        "factions",
        [],
        "the faction each seat plays, in seat order; left empty, factions are dealt at random",
        choices=FACTION_IDS,
    ),
    OptionSpec(
        "mats",
        [],
        "the player mat each seat uses, in seat order; left empty, mats are dealt at random",
        choices=MAT_IDS,
    ),
    OptionSpec(
        "banned_combinations",
        False,
        "never deal Rusviet with the Industrial mat nor Crimea with the Patriotic mat, the two "
        "pairings the publisher advises against",
    ),
    # a game always ends (README): random play may never place a sixth star
    OptionSpec(
        "turn_limit",
        TURN_LIMIT,
        "the game ends and is scored once every player has had this many turns (0: no "
        "limit); real games end on a sixth star long before",
    ),
    # rule_options.json, in its order (rule references in README.md)
    OptionSpec(
        "polania_riverwalk_terrains",
        ["forest", "mountain"],
        "the two terrains Polania's Riverwalk mech lets its units cross rivers into "
        "(published game: village and mountain)",
        choices=LAND_TERRAINS,
    ),
    OptionSpec(
        "factory_card_move_distance",
        3,
        "how many territories the Move on a Factory card goes, one more with Speed "
        "(published game: 2)",
        choices=(2, 3),
    ),
    OptionSpec(
        "relentless_applies_to_factory_card",
        True,
        "Rusviet may also use its Factory card two turns in a row (the 2022 printing says no)",
    ),
    OptionSpec(
        "seaworthy_may_retreat_to_adjacent_lake",
        True,
        "Nordic units with Seaworthy that lose a combat may retreat onto a lake next to it "
        "instead of going home",
    ),
    OptionSpec(
        "factory_cards_drawn_at_setup",
        "players+1",
        "Factory cards put on the Factory at the start: one more than the players "
        "(the only value)",
        choices=("players+1",),
    ),
    OptionSpec(
        "combat_deck",
        "published",
        "the combat cards: the published 42 (sixteen 2s, twelve 3s, eight 4s, six 5s; the "
        "only value)",
        choices=("published",),
    ),
    OptionSpec(
        "objective_deck_size",
        len(CONTENT.objectives),
        "how many objective cards are in the deck (the published set; the only value)",
        choices=(len(CONTENT.objectives),),
    ),
    OptionSpec(
        "encounter_deck_size",
        len(CONTENT.encounters),
        "how many encounter cards are in the deck (the published set; the only value)",
        choices=(len(CONTENT.encounters),),
    ),
    OptionSpec(
        "trade_resources_placement",
        "split_allowed",
        "whether Trade's two resources may go on different territories with your workers "
        "(split_allowed, as published) or must go on one",
        choices=("split_allowed", "one_territory"),
    ),
    OptionSpec(
        "submerge_units",
        "character_and_mechs",
        "which of Polania's units Submerge lets cross lakes: the character and the mechs "
        "(as published) or the character only",
        choices=("character_and_mechs", "character"),
    ),
    OptionSpec(
        "disarm_counts_own_mine",
        False,
        "Saxony's Disarm also works in a combat on the territory of its own Mine (the 2022 "
        "printing says yes)",
    ),
    OptionSpec(
        "structure_bonus_tile_set",
        "published",
        "the structure bonus tiles: the six published ones (the only value)",
        choices=("published",),
    ),
    OptionSpec(
        "delay_of_game_variant_popularity_loss",
        0,
        "popularity a player loses for stalling while coins are counted (0: variant off); the "
        "game counts at once, so it never applies",
        choices=(0, CONTENT.scoring.delay_of_game_popularity),
    ),
    OptionSpec(
        "camaraderie_covers_worker_only_territories",
        False,
        "Polania's Camaraderie also spares the popularity lost for moving into territory "
        "held only by enemy workers (published: only after a won combat)",
    ),
    OptionSpec(
        "mill_territory_uses_a_produce_slot",
        True,
        "the Mill produces only when its territory is one of those you choose to Produce on "
        "(off: its territory does not use up one of your Produce territories)",
    ),
    OptionSpec(
        "carried_worker_may_also_move_alone",
        True,
        "a worker carried by a mech may still move on its own in the same Move",
    ),
    OptionSpec(
        "loss_below_zero",
        "down_to_zero_not_blocking",
        "when a popularity or power loss is more than you have: it stops at zero and the "
        "action goes on, or the action may not be taken (blocks_action)",
        choices=("down_to_zero_not_blocking", "blocks_action"),
    ),
)

#: The names of the options that come from ``rule_options.json``.
RULE_OPTION_NAMES: tuple[str, ...] = tuple(option.name for option in OPTIONS[4:])


def riverwalk_terrains(options: Mapping[str, Any]) -> tuple[str, ...]:
    """Polania's Riverwalk terrains from the options (21.3-7): exactly two different ones."""
    terrains = tuple(options.get("polania_riverwalk_terrains", ("forest", "mountain")))
    if len(terrains) != 2 or len(set(terrains)) != 2:
        raise ValueError(
            "option 'polania_riverwalk_terrains' takes two different terrains, "
            f"got {list(terrains)}"
        )
    return terrains
