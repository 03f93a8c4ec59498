"""Konoten's probes for balance reports: lines of play that should lose, and the ranking that
steers one of them along the growth chart."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from boardlab.games.konoten.content import CONTENT
from boardlab.tuning import Probe

if TYPE_CHECKING:
    from boardlab.engine import Action, GameState
    from boardlab.games.konoten.state import KonotenState


def _cell(node: str) -> tuple[int, int]:
    """The row and column of a growth-chart node id (``"n12"``: row 1, column 2)."""
    return int(node[1]), int(node[2])


#: Each character's graduation-scoring ("final") node.
FINAL_NODE = tuple(
    next((a.node for a in character.abilities if a.type == "final"), CONTENT.template.start)
    for character in CONTENT.characters
)


def toward_final(state: GameState, option: Action) -> float:
    """How far the node a ``grow`` option grows lies from the seat's final-scoring node."""
    s = cast("KonotenState", state)
    seat = state.to_move
    if option.kind != "grow" or not option.args or seat is None or s.char[seat] < 0:
        return 0.0
    row, col = _cell(str(option.args[0]))
    final_row, final_col = _cell(FINAL_NODE[s.char[seat]])
    return float(abs(row - final_row) + abs(col - final_col))


PROBES = (
    Probe("idle", ("end", "done", "skip"), "ends every main phase at once"),
    Probe(
        "grow-and-idle",
        ("grow", "will", "end", "done", "skip"),
        "grows its chart toward its graduation-scoring node, uses its will abilities, and "
        "otherwise ends its turn: never collects a card, never grinds a lens",
        rank=toward_final,
    ),
)
