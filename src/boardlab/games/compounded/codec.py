"""A fixed action space for Compounded: one index per distinct action, blocks by action kind.

An index names an action, not a decision: ``decline`` has one index whether it answers a
goggles, a Bunsen or a Lab Key decision, and ``space 1,2,0`` one index whether it places,
scatters or moves an item (the observation says which decision is pending). Blocks that do
not depend on the player count come first, so their indices are the same at 2 to 5 players;
the blocks sized by the player count (seats, extinguisher ids) follow. The README of this
package lists the offsets.

>>> state = boardlab.new("compounded", players=3, seed=7)
>>> codec = action_codec(3, {})
>>> codec.decode(codec.encode(state.legal_actions()[0]), state) == state.legal_actions()[0]
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from boardlab.engine import Action
from boardlab.engine.codec import BlockCodec
from boardlab.games.compounded.actions import (
    ACCEPT,
    APPROVE,
    APPROVE_SPLIT,
    ASK,
    ASK_EXT,
    BURN,
    CANCEL,
    CLAIM,
    CYLINDER,
    DECLINE,
    DONE,
    EXT_SPACE,
    GIVE,
    GIVE_EXT,
    ITEM,
    KEEP,
    NONE,
    OFFER,
    PASS,
    PIPETTE,
    PLACE,
    PLACE_POOL,
    PLACE_WILD,
    PROTECT,
    RAISE,
    RELEASE,
    RELOCATE,
    RELOCATE_TO,
    RETURN,
    SCORE,
    SEND,
    SPACE,
    SWAP3,
    TAKE,
    USE_GOGGLES,
    USE_LAB_KEY,
)
from boardlab.games.compounded.content import CONTENT

if TYPE_CHECKING:
    pass

# Decisions a game can take in practice: random games end within about 1,400 (2 players)
# to 6,000 (5 players) decisions; this leaves room for long trading without a proof.
DECISIONS_PER_PLAYER_ROUND = 200


def _blocks(players: int) -> tuple[tuple[str, tuple[Action, ...]], ...]:
    """The action blocks in index order: fixed blocks, then blocks sized by ``players``."""
    return (
        (
            "simple",
            (PASS, DECLINE, DONE, SEND, CANCEL, ACCEPT, NONE, USE_GOGGLES, USE_LAB_KEY),
        ),
        ("claim", CLAIM),
        ("relocate", RELOCATE),
        ("to", RELOCATE_TO),
        ("burn", BURN),
        ("protect", PROTECT),
        ("score", SCORE),
        ("release", RELEASE),
        ("return", RETURN),
        ("swap3", SWAP3),
        ("pipette", PIPETTE),
        ("take", TAKE),
        ("keep", KEEP),
        ("place", (*PLACE, *PLACE_POOL, PLACE_WILD)),
        ("item", ITEM),
        ("give", GIVE),
        ("ask", ASK),
        ("raise", RAISE),
        ("cylinder", tuple(CYLINDER[lo][hi] for lo in range(4) for hi in range(4) if lo != hi)),
        ("space", tuple(action for row in SPACE for action in row)),
        ("offer", OFFER[:players]),
        ("give_ext", GIVE_EXT[:players]),
        ("ask_ext", ASK_EXT[:players]),
        ("space_ext", tuple(action for row in EXT_SPACE[:players] for action in row)),
        ("approve", tuple(action for row in APPROVE[:players] for action in row)),
        ("approve_split", APPROVE_SPLIT[:players]),
    )


class CompoundedCodec(BlockCodec):
    """Every Compounded action at one player count, each with its own fixed index."""

    __slots__ = ("max_game_length",)

    def __init__(self, players: int) -> None:
        super().__init__("Compounded", players, _blocks(players))
        self.max_game_length = CONTENT.round_cap * DECISIONS_PER_PLAYER_ROUND * players

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action, in index order."""
        return self._actions

    @property
    def offsets(self) -> dict[str, tuple[int, int]]:
        """The ``(start, stop)`` index range of each block (``blocks()``)."""
        return self._blocks


_CODECS: dict[int, CompoundedCodec] = {}


def action_codec(players: int, options: Mapping[str, Any] | None = None) -> CompoundedCodec:
    """The (shared, cached) codec for ``players``; the layout is the same for every option set.

    Options only remove actions (``trade_offers=0`` never offers a trade), so one layout
    serves them all and a policy keeps its meaning across option sets.
    """
    codec = _CODECS.get(players)
    if codec is None:
        codec = _CODECS[players] = CompoundedCodec(players)
    return codec
