"""The pending-work stack: frame opcodes and the tables that give each opcode its code.

A frame is a flat tuple of ints ``(opcode, player, ...)``; it names things only by id.
Opcodes below ``FIRST_DECISION`` are automatic steps (they run and pop or replace
themselves); the others are decisions a player answers. Each rules module fills in the
tables for the opcodes it owns with the ``task`` and ``decision`` decorators.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from boardlab.engine import Action

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
LAST = 56

Frame = tuple[int, ...]
TaskFn = Callable[[Any, Frame], None]
BuildFn = Callable[[Any, Frame], tuple["Action", ...]]
ApplyFn = Callable[[Any, Frame, "Action"], None]
PromptFn = Callable[[Any, Frame], str]

TASKS: list[TaskFn | None] = [None] * LAST
BUILD: list[BuildFn | None] = [None] * LAST
APPLY: list[ApplyFn | None] = [None] * LAST
PROMPT: list[PromptFn | None] = [None] * LAST
KIND: list[str] = [""] * LAST


def task(op: int) -> Callable[[TaskFn], TaskFn]:
    """Register the code of an automatic step."""

    def register(fn: TaskFn) -> TaskFn:
        TASKS[op] = fn
        return fn

    return register


def offer_in_turn_order(
    s: Any, frame: Frame, decision_op: int, eligible: Callable[[Any, int], object]
) -> None:
    """One step of a task frame ``(op, -1, i)`` that visits the players in turn order from
    the lead: the ``i``-th is offered ``decision_op`` if ``eligible(s, player)``; the frame
    is done once every player has been visited."""
    i = frame[2]
    n = s.players
    if i >= n:
        s.stack.pop()
        return
    player = (s.lead + i) % n
    s.stack[-1] = (frame[0], -1, i + 1)
    if eligible(s, player):
        s.stack.append((decision_op, player))


def decision(op: int, kind: str, prompt: PromptFn) -> Callable[[BuildFn], BuildFn]:
    """Register the option builder of a decision, with its kind and prompt."""

    def register(fn: BuildFn) -> BuildFn:
        BUILD[op] = fn
        KIND[op] = kind
        PROMPT[op] = prompt
        return fn

    return register


def applies(op: int) -> Callable[[ApplyFn], ApplyFn]:
    """Register what answering a decision does."""

    def register(fn: ApplyFn) -> ApplyFn:
        APPLY[op] = fn
        return fn

    return register
