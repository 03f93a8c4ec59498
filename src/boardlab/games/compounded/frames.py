"""Frame opcodes of the Compounded decision stack, and the turn-order loop several phases share.

A frame is a flat tuple of ints ``(opcode, player, ...)``; it names things only by id.
Opcodes below ``FIRST_DECISION`` are automatic steps (``Step`` rules: they run and pop,
replace or push frames; ``player`` is -1 unless the step is about one scientist); the
others are decisions of ``player`` (``Ask`` rules). ``flow.RULES`` gives each opcode its
rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from boardlab.games.compounded.state import CompoundedState

PHASES = ("setup", "discovery", "study", "research", "lab", "over")
SETUP, DISCOVERY, STUDY, RESEARCH, LAB, OVER = range(6)

# automatic steps
T_ROUND = 0
T_DRAW = 1
T_CAPACITY = 2
T_CLAIMS = 3
T_RELOCATE = 4
T_RESEARCH = 5
T_GOGGLES = 6
T_BUNSEN = 7
T_LAB = 8
T_SCORE = 9
T_RES_EQUIP = 10
T_RES_REACTION = 11
T_RES_ITEMS = 12
T_HANDLE = 13
T_CYLINDER = 14
T_STUDY_DROP = 15
T_REFILL = 16
T_LAB_FIRE = 17
T_EXT_WINDOW = 18
T_FIRE_PLACE = 19
T_EXPLODE = 20
T_SCATTER = 21
T_LAB_KEY = 22
T_END_ROUND = 23

# decisions
FIRST_DECISION = 32
D_TRADE_TURN = 32
D_TRADE_BUILD = 33
D_TRADE_REPLY = 34
D_RETURN = 35
D_CLAIM = 36
D_RELOCATE = 37
D_RELOCATE_TO = 38
D_GOGGLES = 39
D_BUNSEN = 40
D_EXTINGUISH = 41
D_PLACE_ITEM = 42
D_TAKE = 43
D_PLACE_SPACE = 44
D_SCATTER_ITEM = 45
D_SCATTER_SPACE = 46
D_SCORE = 47
D_EXPERIMENT = 48
D_STABILITY = 49
D_HANDLE_ITEM = 50
D_HANDLE_SPACE = 51
D_PAPER = 52
D_RELEASE = 53
D_CYLINDER = 54
D_LAB_KEY = 55

STEPS = range(T_ROUND, T_END_ROUND + 1)
DECISIONS = range(FIRST_DECISION, D_LAB_KEY + 1)

Frame = tuple[int, ...]


def offer_in_turn_order(
    s: CompoundedState,
    frame: Frame,
    decision_op: int,
    eligible: Callable[[CompoundedState, int], object],
) -> None:
    """One step of a frame ``(op, -1, i)`` that visits the players in turn order from the
    lead: the ``i``-th is offered ``decision_op`` if ``eligible(s, player)``; the frame is
    done once every player has been visited."""
    i = frame[2]
    n = s.players
    if i >= n:
        s.stack.pop()
        return
    player = (s.lead + i) % n
    s.stack[-1] = (frame[0], -1, i + 1)
    if eligible(s, player):
        s.stack.append((decision_op, player))
