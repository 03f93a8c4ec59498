"""A player's turn (rules §6, §10): place a lens on a tool, the tool bonus, the repeats of the
action, publish, the last free actions, then achievements and refills.

Frames (top of the stack first when a turn begins)::

    place -> [wild] -> tool bonus (gain / order_space) -> [ability_timing]
          -> repeat... (each repeat pushes the action's step frame)
          -> publish -> window -> turn_end

``place`` asks ``place_lens`` (lens code, tool); ``wild`` the wild lens's action;
``ability_timing`` before/after for a gain lens; ``repeat`` a ``turn_window`` before each
repeat (``continue``, ``stop`` after the first, free actions); ``order_space`` the
microscope's space on the next-round tile; ``window`` the last free actions; ``turn_end``.
Their fields are declared in ``frames.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.engine import Action, Frame
from boardlab.engine.layouts import PLAYER
from boardlab.games.linnaeus import displays, rewards, university
from boardlab.games.linnaeus.actions import CONTINUE, STOP, act
from boardlab.games.linnaeus.content import (
    ADVANCED,
    CONTENT,
    GLASSES_BONUS,
    MAGNIFIER_BONUS,
    WILD,
)
from boardlab.games.linnaeus.frames import (
    ACTION_STEPS,
    AbilityTiming,
    OrderSpace,
    Place,
    Publish,
    Repeat,
    TurnEnd,
    Wild,
    Window,
)
from boardlab.games.linnaeus.free import free_options, in_window

if TYPE_CHECKING:
    from boardlab.games.linnaeus.state import LinnaeusState

GLASSES, MAGNIFIER, MICROSCOPE = range(3)
WILD_COST = 1
LAST_ROUND = 5
#: The lens field of the steps of a placement whose lens has no ability.
PLAIN = -2


def begin_turn(s: LinnaeusState, seat: int) -> None:
    s.active = seat
    s.ship_sel[seat] = -1
    s.stack.extend([(TurnEnd.key, seat), (Window.key, seat), (Publish.key, seat),
                    (Place.key, seat)])


def lens_action(code: int) -> int:
    return code if code < WILD else CONTENT.advanced[code - ADVANCED].action


# ---------------------------------------------------------------------------- placing a lens
def options_place(s: LinnaeusState, f: Frame) -> list[Action]:
    seat = f[PLAYER]
    tools = [t for t in range(3) if s.on_tool[seat * 3 + t] < 0]
    found: list[Action] = []
    for code in sorted(set(s.available[seat])):
        if code == WILD and s.coins[seat] < WILD_COST:
            continue
        found.extend(act("place", code, t) for t in tools)
    return found


def resolve_place(s: LinnaeusState, f: Frame, a: Action) -> None:
    seat, code, tool = f[PLAYER], int(a.args[0]), int(a.args[1])
    s.stack.pop()
    available = list(s.available[seat])
    available.remove(code)
    s.available[seat] = tuple(available)
    s.on_tool[seat * 3 + tool] = code
    s.ship_sel[seat] = -1
    if code == WILD:
        s.coins[seat] -= WILD_COST
        s.stack.append((Wild.key, seat, tool))
        return
    push_placement(s, seat, code, lens_action(code), tool)


def push_placement(s: LinnaeusState, seat: int, code: int, action: int, tool: int) -> None:
    """The action's repeats (with the ability), then on top the tool bonus (§6 steps 2-3)."""
    count = tool + 1
    lens = code if code >= ADVANCED else PLAIN
    if lens >= 0 and CONTENT.advanced[lens - ADVANCED].gain:
        s.stack.append((AbilityTiming.key, seat, lens, action, count))
    else:
        s.stack.append((Repeat.key, seat, action, count, 0, lens))
    if tool == GLASSES:
        rewards.give(s, seat, GLASSES_BONUS)
    elif tool == MAGNIFIER:
        rewards.give(s, seat, MAGNIFIER_BONUS)
    elif s.round < LAST_ROUND:
        s.stack.append((OrderSpace.key, seat))


def options_wild(s: LinnaeusState, f: Frame) -> list[Action]:
    return [act("wild", a) for a in range(5)]


def resolve_wild(s: LinnaeusState, f: Frame, a: Action) -> None:
    s.stack.pop()
    push_placement(s, f[PLAYER], WILD, int(a.args[0]), f[Wild.tool])


_BEFORE, _AFTER = act("ability", "before"), act("ability", "after")


def options_timing(s: LinnaeusState, f: Frame) -> list[Action]:
    return [_BEFORE, _AFTER]


def resolve_timing(s: LinnaeusState, f: Frame, a: Action) -> None:
    _, seat, lens, action, count = f
    s.stack.pop()
    gain = CONTENT.advanced[lens - ADVANCED].gain
    if a.args[0] == "after":
        rewards.give(s, seat, gain)
        s.stack.append((Repeat.key, seat, action, count, 0, lens))
    else:
        s.stack.append((Repeat.key, seat, action, count, 0, lens))
        rewards.give(s, seat, gain)


# ---------------------------------------------------------------------------- repeats
def options_repeat(s: LinnaeusState, f: Frame) -> list[Action]:
    return [CONTINUE, STOP] if f[Repeat.done] else [CONTINUE]


def resolve_repeat(s: LinnaeusState, f: Frame, a: Action) -> None:
    _, seat, action, left, done, lens = f
    if a.kind == "stop":
        s.stack.pop()
        return
    if left > 1:
        s.stack[-1] = (Repeat.key, seat, action, left - 1, done + 1, lens)
    else:
        s.stack.pop()
    s.stack.append((ACTION_STEPS[action].key, seat, lens))


# ---------------------------------------------------------------------------- order space (§10)
def options_order(s: LinnaeusState, f: Frame) -> list[Action]:
    return [act("space", k) for k in range(4) if s.next_spaces[k] < 0]


def resolve_order(s: LinnaeusState, f: Frame, a: Action) -> None:
    s.stack.pop()
    place_order(s, f[PLAYER], int(a.args[0]))


def place_order(s: LinnaeusState, side: int, space: int) -> None:
    s.next_spaces[space] = side
    reward = CONTENT.order_tiles[s.next_tile][space]
    rewards.grant(s, side, reward)


# ---------------------------------------------------------------------------- windows
def options_window(s: LinnaeusState, f: Frame) -> list[Action]:
    side = f[PLAYER]
    return [CONTINUE, *free_options(s, side)] if in_window(s, side) else [CONTINUE]


def resolve_window(s: LinnaeusState, f: Frame, a: Action) -> None:
    if a.kind == "continue":
        s.stack.pop()
    else:
        from boardlab.games.linnaeus.free import take_free

        take_free(s, f[PLAYER], a)


def run_turn_end(s: LinnaeusState, f: Frame) -> None:
    """§6 steps 5-6: achievements for every side, then every display is refilled."""
    s.stack.pop()
    s.ship_sel[f[PLAYER]] = -1

    university.check_achievements(s)
    displays.refill_all(s)
