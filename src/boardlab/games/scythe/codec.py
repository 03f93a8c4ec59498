"""Scythe's fixed action space for learning environments: one index per action, for ever.

The space is a row of blocks, one per action kind, each a fixed list of the shared actions
of ``actions.py`` (and the ``cards ...`` choices of ``combat.CARDS``): places by space
index, resources, combat card values, boxes, mech abilities, card numbers. An index names
an action, not a decision: ``at r3c3`` has one index whether it places a traded resource,
a deployed mech, a structure or a card's gain, and ``skip`` one index in every decision
that offers it (the observation says which decision is pending). Two options of one
decision are always different actions, so they never share an index. The layout depends
neither on the player count nor on the options (see ``size``); only ``max_game_length``
does.

>>> codec = action_codec(3, {})
>>> codec.encode(A.TO[5]) == codec.blocks()["to"][0] + 5
True
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from boardlab.engine import Action
from boardlab.engine.codec import BlockCodec
from boardlab.games.scythe import actions as A
from boardlab.games.scythe.board import LAKES, bits
from boardlab.games.scythe.combat import CARDS
from boardlab.games.scythe.content import CONTENT
from boardlab.games.scythe.options import TURN_LIMIT

if TYPE_CHECKING:
    pass

#: Mech abilities in first-seen order (several factions share Riverwalk and Speed, and a
#: ``mech speed`` option is one action whichever faction deploys it).
_MECHS = tuple(dict.fromkeys(action for row in A.MECH for action in row))

#: The blocks of the action space in index order: (name, actions in local-index order); the
#: comment names the decisions that offer them.
BLOCKS: tuple[tuple[str, tuple[Action, ...]], ...] = (
    ("skip", (A.SKIP,)),  # top_action, bottom_action, artillery, factory_top, card_* gains
    ("done", (A.DONE,)),  # move_unit, produce, trade, encounter_option, card_place...
    ("stop", (A.STOP,)),  # move_step
    ("section", (*A.SECTION, A.SECTION_FACTORY)),  # choose_section: by top action, Factory
    (
        "top",  # top_action: the forms of the four top actions
        (
            A.MOVE,
            A.GAIN_COINS,
            A.TRADE_RESOURCES,
            A.TRADE_POPULARITY,
            A.BOLSTER_POWER,
            A.BOLSTER_CARDS,
            A.PRODUCE,
        ),
    ),
    ("bottom", A.BOTTOM),  # bottom_action: upgrade, deploy, build, enlist
    ("character", A.UNIT[A.CHARACTER_KIND]),  # move_unit: by space
    ("mech", A.UNIT[A.MECH_KIND]),  # move_unit: by space
    ("worker", A.UNIT[A.WORKER_KIND]),  # move_unit: by space
    ("load", (*A.LOAD, A.LOAD_WORKER, A.LOAD_MOVED_WORKER)),  # move_step: by resource, workers
    ("to", A.TO),  # move_step: by space
    ("fight", A.FIGHT),  # choose_combat: by space
    ("gain", A.GAIN),  # trade_resource, card_resource: by resource
    ("at", A.AT),  # place_resource, deploy_at, build_at, card_place: by space
    ("produce_on", A.PRODUCE_ON),  # produce_territory: by space
    ("from", A.FROM),  # pay_resource: by space
    ("card", A.CARD),  # pay_resource with Coercion: by combat card value
    ("upgrade", A.UPGRADE_TOP),  # upgrade_top: by top-row box
    ("cube", A.CUBE),  # upgrade_bottom: by bottom action
    ("deploy", _MECHS),  # deploy_mech: by mech ability
    ("structure", A.STRUCTURE),  # build_structure: by structure
    ("recruit", A.RECRUIT),  # enlist_recruit: by bottom action
    ("bonus", A.BONUS),  # enlist_bonus: by one-time bonus
    ("artillery", (A.ARTILLERY,)),  # artillery
    ("dial", A.DIAL),  # combat_dial (secret): 0 to 7
    ("cards", tuple(CARDS.values())),  # combat_cards (secret): by counts of each value
    ("retreat", (A.RETREAT_HOME, *(A.RETREAT_TO[lake] for lake in bits(LAKES)))),  # retreat
    ("option", A.ENCOUNTER_OPTION),  # encounter_option: by label
    ("discard", A.DISCARD),  # discard_card: by combat card value
    ("spend", A.SPEND),  # pay_any: by resource
    ("take", A.TAKE),  # card_take: by amount
    ("choose", A.CHOOSE),  # card_choice: by list
    ("factory", (*A.FACTORY_CARD, A.FACTORY_TOP)),  # factory_card: by card; factory_top
    ("objective", A.OBJECTIVE),  # choose_section, bottom_action, turn_end: by card
    ("end_turn", (A.END_TURN,)),  # turn_end
)

#: Decisions per turn allowed for in ``max_game_length``: random games take 3.5 to 4.5 on
#: average and at most 24 in one turn (measured over 48 games at 2-5 players).
DECISIONS_PER_TURN = 12
#: Turns per player assumed when the ``turn_limit`` option is 0 (no limit): random games
#: then reach a sixth star after a median of 180-280 turns per player, rarely 1,000.
UNLIMITED_TURNS = 2_000


class ScytheActionCodec(BlockCodec):
    """The Scythe action space: ``encode``/``decode`` one action, ``mask`` the legal ones."""

    __slots__ = ("max_game_length",)

    def __init__(self, players: int, turn_limit: int) -> None:
        super().__init__("Scythe", players, BLOCKS)
        turns = turn_limit if turn_limit > 0 else UNLIMITED_TURNS
        self.max_game_length = turns * players * DECISIONS_PER_TURN


def check_players(players: int) -> None:
    """``ValueError`` unless ``players`` is a supported Scythe player count."""
    most = len(CONTENT.factions)
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= most:
        raise ValueError(f"scythe is for 2 to {most} players, got {players!r}")


@functools.cache
def _codec(players: int, turn_limit: int) -> ScytheActionCodec:
    return ScytheActionCodec(players, turn_limit)


def action_codec(players: int, options: Mapping[str, Any]) -> ScytheActionCodec:
    """The (cached) action codec for ``players``; of the options only ``turn_limit`` counts,
    for ``max_game_length``."""
    check_players(players)
    return _codec(players, int(options.get("turn_limit", TURN_LIMIT)))
