"""Konoten's probes for balance reports: lines of play that should lose, and the ranking that
steers the growing ones along the growth chart.

Every probe here skips the main phase: it never collects a card, grinds a lens or places an
assistant, and ends each main phase once its will abilities (if it uses them) are spent.
Issue 28 asks that none of them wins more than 10% against greedy on any board. They choose
among the options of each decision by kind only, so they play the same whether or not the
engine poses a decision that has a single option.
"""

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


#: Kinds that close a decision without doing anything: end the main phase, done, skip.
_IDLE = ("end", "done", "skip")

PROBES = (
    Probe("idle", _IDLE, "ends every main phase at once"),
    Probe(
        "grow-and-idle",
        ("grow", "will", *_IDLE),
        "grows its chart toward its graduation-scoring node, uses its will abilities, and "
        "otherwise ends its turn: never collects a card, never grinds a lens",
        rank=toward_final,
    ),
    Probe(
        "lazy",
        ("grow", "use", "will", *_IDLE),
        "takes growth at every supply token (toward its graduation-scoring node), uses every "
        "supply, end and will ability it can pay for, and otherwise ends its main phase",
        rank=toward_final,
    ),
    Probe(
        "lazy-wander",
        ("grow", "use", "will", *_IDLE),
        "as lazy, but grows a node drawn at random among those it may grow",
    ),
    Probe(
        "grow-only",
        ("grow", *_IDLE),
        "takes growth at every supply token (toward its graduation-scoring node), uses no "
        "ability and ends every main phase at once",
        rank=toward_final,
    ),
    Probe(
        "abilities-only",
        ("use", "will", *_IDLE),
        "keeps every supply token as an assistant it never places, uses every supply, end and "
        "will ability it can pay for, and otherwise ends its main phase",
    ),
)
