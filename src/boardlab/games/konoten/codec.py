"""Konoten's fixed action space for learning environments: one index per action, for ever.

The space is a row of blocks, one per action kind, each a fixed list of the shared actions
of ``actions.py`` (characters, cards, nodes, devices, lens slots, cost piles, materials).
An action has the same index in every decision and at every player count: two options of
one decision are always different actions, so they never share an index. The layout does
not depend on the player count or the options (224 indices).

>>> codec = action_codec(3, {})
>>> codec.encode(A.COLLECT[12]) == codec.blocks()["collect"][0] + 12
True
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from boardlab.engine import Action
from boardlab.engine.codec import BlockCodec
from boardlab.games.konoten import actions as A
from boardlab.games.konoten.content import CONTENT
from boardlab.games.konoten.tables import COSTS

#: The blocks of the action space in index order: (name, actions in local-index order).
BLOCKS: tuple[tuple[str, tuple[Action, ...]], ...] = (
    ("character", A.CHARACTER),  # choose_character: by character
    ("token", (A.TAKE_ASSISTANT, A.TAKE_GROWTH)),  # supply_token, task_reward
    ("use", A.USE),  # supply_ability, end_ability: by node
    ("done", (A.DONE,)),  # supply_ability, end_ability, grind_card
    ("collect", A.COLLECT),  # main_action: by card
    ("will", A.WILL),  # main_action: by node
    ("activate_device", A.ACTIVATE_DEVICE),  # main_action: by device
    ("activate_lens", A.ACTIVATE_LENS),  # main_action, grind_follow_up: by lens slot
    ("persuade", A.PERSUADE),  # main_action: by lens slot
    ("reactivate", A.REACTIVATE),  # main_action: by lens slot
    ("end", (A.END,)),  # main_action
    ("card", A.CARD),  # grind_card: by card
    ("orientation", (A.UPRIGHT, A.FLIP)),  # grind_orientation
    ("foundation", tuple(A.FOUNDATION[k] for k in COSTS)),  # grind_foundation: by cost pile
    ("skip", (A.SKIP,)),  # grind_follow_up
    ("pay_node", A.PAY_NODE),  # pay_growth: by node
    (
        "remove",  # pay_assistant: lobby unused, lobby used, by device, by lens slot
        (A.REMOVE_UNUSED, A.REMOVE_USED, *A.REMOVE_DEVICE, *A.REMOVE_LENS),
    ),
    ("grow", A.GROW),  # grow_node: by node
    ("discard", A.DISCARD),  # discard_material: by material
    ("gain", (A.GAIN_MATERIALS, A.GAIN_GROWTH, A.GAIN_ASSISTANT)),  # gain_order
)


#: Decisions per player allowed for in ``max_game_length`` (OpenSpiel's game length): 3,000
#: random games took at most 154, 195 and 251 decisions at 2, 3 and 4 players (median 90,
#: 134, 177), so 150 per player (300, 450, 600) leaves about twice the longest.
DECISIONS_PER_PLAYER = 150


class KonotenActionCodec(BlockCodec):
    """The Konoten action space: ``encode``/``decode`` one action, ``mask`` the legal ones."""

    __slots__ = ("max_game_length",)

    def __init__(self, players: int) -> None:
        super().__init__("Konoten", players, BLOCKS)
        self.max_game_length = DECISIONS_PER_PLAYER * players


def check_players(players: int) -> None:
    """``ValueError`` unless ``players`` is a supported Konoten player count."""
    if (
        isinstance(players, bool)
        or not isinstance(players, int)
        or not (CONTENT.min_players <= players <= CONTENT.max_players)
    ):
        raise ValueError(
            f"konoten is for {CONTENT.min_players} to {CONTENT.max_players} players, "
            f"got {players!r}"
        )


@functools.cache
def _codec(players: int) -> KonotenActionCodec:
    return KonotenActionCodec(players)


def action_codec(players: int, options: Mapping[str, Any]) -> KonotenActionCodec:
    """The (cached) action codec for ``players``; the options do not change the layout."""
    check_players(players)
    return _codec(players)
