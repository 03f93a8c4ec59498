"""What an option would do, in words, for the terminal's ``?`` (``GameState.explain``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.engine import Action
from boardlab.games.linnaeus.actions import reward_text
from boardlab.games.linnaeus.content import (
    ACTIONS,
    ADVANCED,
    CONTENT,
    GLASSES_BONUS,
    MAGNIFIER_BONUS,
    TOOLS,
    WILD,
)

if TYPE_CHECKING:
    from boardlab.games.linnaeus.state import LinnaeusState

_FREE = {
    "extra": "pay 6 coins: do that action once, with no tool bonus and no lens ability",
    "buy": "pay 3 coins",
    "sell": "gain 1 coin",
    "move_knowledge": "pay 2 coins; no knowledge is gained",
    "refresh": "pay 1 coin: new cards or tiles in that display",
    "recruit": "pay 1 container and 3 coins (a waiting book is linked to it)",
    "take_book": "pay 1 tool; the book waits in your hand until you publish it",
}


def explain(s: LinnaeusState, action: Action) -> str:
    kind = action.kind
    if kind == "place":
        code, tool = int(action.args[0]), int(action.args[1])
        bonus = {0: reward_text(GLASSES_BONUS), 1: reward_text(MAGNIFIER_BONUS)}.get(
            tool, "your marker on the next-round order tile, with its reward"
            if s.round < 5 else "nothing in round 5")
        if code == WILD:
            what = "an action of your choice (1 coin)"
        elif code < WILD:
            what = ACTIONS[code]
        else:
            lens = CONTENT.advanced[code - ADVANCED]
            ability = (f"once: {reward_text(lens.gain)}" if lens.gain
                       else f"{lens.modifier.replace('_', ' ')} for this placement")
            what = f"{ACTIONS[lens.action]} ({ability})"
        return (f"{action.label}: first the {TOOLS[tool]} bonus ({bonus}), then "
                f"{what} {tool + 1} time(s)")
    if kind in _FREE:
        return f"{action.label}: a free action; {_FREE[kind]}"
    if kind == "stop":
        return "stop: the remaining repeats of this action are lost"
    return action.label
