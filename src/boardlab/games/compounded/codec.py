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
    from boardlab.engine import GameState

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


class CompoundedCodec:
    """Every Compounded action at one player count, each with its own fixed index."""

    __slots__ = ("actions", "index", "max_game_length", "offsets", "players", "size")

    def __init__(self, players: int) -> None:
        self.players = players
        self.offsets: dict[str, tuple[int, int]] = {}
        actions: list[Action] = []
        for name, block in _blocks(players):
            self.offsets[name] = (len(actions), len(actions) + len(block))
            actions.extend(block)
        self.actions: tuple[Action, ...] = tuple(actions)
        self.index: dict[str, int] = {action.id: i for i, action in enumerate(actions)}
        if len(self.index) != len(actions):
            raise AssertionError("two Compounded actions share an id")
        self.size = len(actions)
        self.max_game_length = CONTENT.round_cap * DECISIONS_PER_PLAYER_ROUND * players

    def encode(self, action: Action) -> int:
        """The index of ``action``; ``ValueError`` for an action Compounded never offers."""
        index = self.index.get(action.id)
        if index is None or self.actions[index] != action:
            raise ValueError(
                f"compounded ({self.players} players) has no action {action.id!r} in its codec"
            )
        return index

    def decode(self, index: int, state: GameState) -> Action:
        """The legal action of ``state`` with this index; ``ValueError`` if there is none."""
        decision = state.decision
        if decision is not None and 0 <= index < self.size:
            wanted = self.actions[index]
            for option in decision.options:
                if option is wanted or option == wanted:
                    return option
        raise ValueError(f"index {index} is not a legal compounded action now")

    def mask(self, state: GameState) -> list[int]:
        """One 0/1 entry per index: 1 exactly at the legal actions of ``state``."""
        mask = [0] * self.size
        decision = state.decision
        if decision is not None:
            index = self.index
            for option in decision.options:
                mask[index[option.id]] = 1
        return mask

    def legal_indices(self, state: GameState) -> list[int]:
        """The indices of the legal actions, in the order of the decision's options."""
        decision = state.decision
        if decision is None:
            return []
        index = self.index
        return [index[option.id] for option in decision.options]


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
