"""Executing effects (K-10): paying inputs, gaining outputs, capacity and discards (K-10.4).

An effect is paid in full at once for AP, creativity, materials and VP; colour-token inputs
(growth, assistant) and the gains are then pushed as frames, because each may ask the
player something (K5, K6, K8, K11). Frames refer to players, nodes, devices and lenses by
index. Each ``prepare_*`` returns True when its frame now waits on a decision, False when
it changed the stack; each ``options_*`` lists the legal actions, ``resolve_*`` applies one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.engine import Action, Frame
from boardlab.engine.layouts import PLAYER
from boardlab.games.konoten import actions as A
from boardlab.games.konoten.content import Vector
from boardlab.games.konoten.frames import CheckTasks, Discard, Gain, Grow, PayAssistant, PayGrowth
from boardlab.games.konoten.tables import (
    ABILITY_VP,
    ASSISTANT,
    CAPACITY_NODES,
    CREATIVITY,
    DEVICE_VP,
    ELIGIBLE,
    GROWTH,
    LENS_INDEX,
    LENS_VP,
    N_DEVICES,
    N_NODES,
    N_VP_SOURCES,
    PASSIVES,
    POPCOUNT,
    VP,
    Needs,
)

if TYPE_CHECKING:
    from boardlab.games.konoten.state import KonotenState

#: Where the assistant executing an effect stands (it can never pay an assistant input).
NO_EXECUTOR, ON_DEVICE, ON_LENS = 0, 1, 2
#: VP_SOURCE[executor]: where an effect's VP symbols are counted (``tables.VP_SOURCES``).
VP_SOURCE = (ABILITY_VP, DEVICE_VP, LENS_VP)
#: A growth frame's token comes from the stock (-1) or from task space 0..2.
FROM_STOCK = -1


# ---------------------------------------------------------------- counting
def total_assistants(s: KonotenState, p: int) -> int:
    """Every assistant of seat ``p``: lobby (both faces), devices and lenses."""
    return (
        s.lobby_unused[p]
        + s.lobby_used[p]
        + s.lens_occ.count(p)
        + sum(s.dev_occ[p :: s.players])
    )


def lenses_owned(s: KonotenState, p: int) -> int:
    """How many lenses seat ``p`` has made (lenses are permanent, A27)."""
    return [lens[0] for lens in s.lenses].count(p)


def holdings(s: KonotenState, p: int, executor: bool) -> list[int]:
    """What ``p`` could pay, per symbol: materials, AP, creativity, VP, grown nodes, assistants.

    With ``executor`` the assistant that will execute the effect is not counted (K-10.2).
    """
    base = p * 3
    mats = s.mats
    assistants = (  # as total_assistants, inlined on this hot path
        s.lobby_unused[p] + s.lobby_used[p] + s.lens_occ.count(p) + sum(s.dev_occ[p :: s.players])
    )
    return [
        mats[base],
        mats[base + 1],
        mats[base + 2],
        s.ap[p],
        s.creativity[p],
        s.vp[p],
        POPCOUNT[s.grown[p]],
        assistants - executor,
    ]


def affordable(have: list[int], needs: Needs, ap_total: int) -> bool:
    """Whether holdings ``have`` cover ``needs`` and ``ap_total`` AP in full (K-10.1, A12, A21)."""
    if have[3] < ap_total:
        return False
    for symbol, amount in needs:  # noqa: SIM110 - a plain loop beats all() on this hot path
        if have[symbol] < amount:
            return False
    return True


def can_pay(s: KonotenState, p: int, needs: Needs, ap_total: int, executor: bool) -> bool:
    """Whether ``p`` can pay an effect's inputs and ``ap_total`` AP in full (K-10.1)."""
    return affordable(holdings(s, p, executor), needs, ap_total)


def execute(
    s: KonotenState,
    p: int,
    inp: Vector,
    ap_total: int,
    out: Vector,
    executor: int = NO_EXECUTOR,
    where: int = -1,
) -> None:
    """Pay an effect's counters now and push its token payments, gains and task check (K-10).

    ``executor`` says where the assistant executing it stands, and so where the effect's VP
    symbols are counted from (``VP_SOURCE``); the gain frame carries that source.
    """
    s.ap[p] -= ap_total
    s.creativity[p] -= inp[CREATIVITY]
    if inp[VP]:
        s.vp[p] -= inp[VP]
        s.vp_by_source[p * N_VP_SOURCES + VP_SOURCE[executor]] -= inp[VP]
    base = p * 3
    mats = s.mats
    mats[base] -= inp[0]
    mats[base + 1] -= inp[1]
    mats[base + 2] -= inp[2]
    stack = s.stack
    stack.append((CheckTasks.key, p))
    if any(out):
        source = VP_SOURCE[executor]
        stack.append(
            (Gain.key, p, out[3], out[4], out[5], out[0], out[1], out[2], out[6], out[7], source)
        )
    if inp[ASSISTANT]:
        stack.append((PayAssistant.key, p, inp[ASSISTANT], executor, where))
    if inp[GROWTH]:
        stack.append((PayGrowth.key, p, inp[GROWTH]))


# ---------------------------------------------------------------- paying a growth (K5)
def options_pay_growth(s: KonotenState, f: Frame) -> list[Action]:
    grown = s.grown[f[PLAYER]]
    return [A.PAY_NODE[n] for n in range(N_NODES) if grown >> n & 1]


def resolve_pay_growth(s: KonotenState, f: Frame, action: Action) -> None:
    _, p, left = f
    node = A.NODE_INDEX[str(action.args[0])]
    s.grown[p] &= ~(1 << node)
    s.stock[p] += 1
    if left > 1:
        s.stack[-1] = (PayGrowth.key, p, left - 1)
    else:
        s.stack.pop()


# ---------------------------------------------------------------- paying an assistant (K6)
def options_pay_assistant(s: KonotenState, f: Frame) -> list[Action]:
    _, p, _, executor, where = f
    n = s.players
    found = []
    if s.lobby_unused[p]:
        found.append(A.REMOVE_UNUSED)
    if s.lobby_used[p]:
        found.append(A.REMOVE_USED)
    for d in range(N_DEVICES):
        if s.dev_occ[d * n + p] - (executor == ON_DEVICE and where == d) > 0:
            found.append(A.REMOVE_DEVICE[d])
    for lens, seat in enumerate(s.lens_occ):
        if seat == p and not (executor == ON_LENS and where == lens):
            found.append(A.REMOVE_LENS[lens])
    return found


def resolve_pay_assistant(s: KonotenState, f: Frame, action: Action) -> None:
    _, p, left, executor, where = f
    place, what = action.args
    if place == "lobby":
        if what == "unused":
            s.lobby_unused[p] -= 1
        else:
            s.lobby_used[p] -= 1
    elif place == "device":
        s.dev_occ[A.DEVICE_INDEX[str(what)] * s.players + p] -= 1
    else:
        lens = LENS_INDEX[str(what)]
        s.lens_occ[lens] = -1
        s.lens_used[lens] = 0
    s.stock[p] += 1
    if left > 1:
        s.stack[-1] = (PayAssistant.key, p, left - 1, executor, where)
    else:
        s.stack.pop()


# ---------------------------------------------------------------- gaining (K-10.3, K11)
def _order_matters(s: KonotenState, p: int, new_mats: int, growth: int, helpers: int) -> bool:
    stock = s.stock[p]
    if growth and helpers and stock < growth + helpers:
        return True
    if growth and new_mats:
        ch, grown = s.char[p], s.grown[p]
        held = s.mats[p * 3] + s.mats[p * 3 + 1] + s.mats[p * 3 + 2]
        if CAPACITY_NODES[ch] & ~grown and held + new_mats > PASSIVES[ch][grown].capacity:
            return True
    return False


def _live_gain(s: KonotenState, f: Frame) -> tuple[int, int, int, int, int, int]:
    """The frame's pending (light, rainbow, sediment, growth, assistant) with lost units dropped."""
    _, p, _, _, _, light, rainbow, sediment, growth, helpers, _ = f
    stock = s.stock[p]
    if growth and (not stock or not ELIGIBLE[s.grown[p]]):
        growth = 0  # A13: no token or no eligible node, the growth is lost
    if helpers and not stock:
        helpers = 0
    return p, light, rainbow, sediment, growth, helpers


def prepare_gain(s: KonotenState, f: Frame) -> bool:
    _, p, ap, creativity, vp, _, _, _, _, _, vp_source = f
    if ap or creativity or vp:
        s.ap[p] += ap
        s.creativity[p] += creativity
        if vp:
            s.vp[p] += vp
            s.vp_by_source[p * N_VP_SOURCES + vp_source] += vp
    p, light, rainbow, sediment, growth, helpers = _live_gain(s, f)
    new_mats = light + rainbow + sediment
    kinds = (new_mats > 0) + (growth > 0) + (helpers > 0)
    if not kinds:
        s.stack.pop()
        return False
    frame = (Gain.key, p, 0, 0, 0, light, rainbow, sediment, growth, helpers, vp_source)
    s.stack[-1] = frame
    if kinds > 1 and _order_matters(s, p, new_mats, growth, helpers):
        return True
    if helpers:
        _gain_assistant(s, frame, helpers)
    elif new_mats:
        _gain_materials_of(s, frame)
    else:
        _gain_growth(s, frame)
    return False


def _gain_assistant(s: KonotenState, f: Frame, units: int) -> None:
    _, p, ap, creativity, vp, light, rainbow, sediment, growths, assistants, vp_source = f
    units = min(units, s.stock[p])
    s.stock[p] -= units
    s.lobby_used[p] += units
    left = assistants - units
    s.stack[-1] = (
        Gain.key, p, ap, creativity, vp, light, rainbow, sediment, growths, left, vp_source
    )


def _gain_materials_of(s: KonotenState, f: Frame) -> None:
    _, p, ap, creativity, vp, light, rainbow, sediment, growths, assistants, vp_source = f
    s.stack[-1] = (Gain.key, p, ap, creativity, vp, 0, 0, 0, growths, assistants, vp_source)
    gain_materials(s, p, light, rainbow, sediment)


def _gain_growth(s: KonotenState, f: Frame) -> None:
    _, p, ap, creativity, vp, light, rainbow, sediment, growths, assistants, vp_source = f
    left = growths - 1
    s.stack[-1] = (
        Gain.key, p, ap, creativity, vp, light, rainbow, sediment, left, assistants, vp_source
    )
    s.stack.append((Grow.key, p, FROM_STOCK))


def options_gain(s: KonotenState, f: Frame) -> list[Action]:
    _, light, rainbow, sediment, growth, helpers = _live_gain(s, f)
    found = []
    if light + rainbow + sediment:
        found.append(A.GAIN_MATERIALS)
    if growth:
        found.append(A.GAIN_GROWTH)
    if helpers:
        found.append(A.GAIN_ASSISTANT)
    return found


def resolve_gain(s: KonotenState, f: Frame, action: Action) -> None:
    what = action.args[0]
    if what == "materials":
        _gain_materials_of(s, f)
    elif what == "growth":
        _gain_growth(s, f)
    else:
        _gain_assistant(s, f, 1)


def gain_materials(s: KonotenState, p: int, light: int, rainbow: int, sediment: int) -> None:
    """Add new materials, discarding the excess over capacity among the new ones (K-10.4, R2)."""
    base = p * 3
    mats = s.mats
    held = mats[base] + mats[base + 1] + mats[base + 2]
    room = max(0, PASSIVES[s.char[p]][s.grown[p]].capacity - held)
    new = light + rainbow + sediment
    if new <= room:
        mats[base] += light
        mats[base + 1] += rainbow
        mats[base + 2] += sediment
    elif room == 0:
        return
    elif (light > 0) + (rainbow > 0) + (sediment > 0) == 1:
        mats[base] += min(light, room)
        mats[base + 1] += min(rainbow, room)
        mats[base + 2] += min(sediment, room)
    else:
        s.stack.append((Discard.key, p, light, rainbow, sediment, new - room))


# ---------------------------------------------------------------- discarding (K8)
def prepare_discard(s: KonotenState, f: Frame) -> bool:
    _, p, light, rainbow, sediment, excess = f
    new = [light, rainbow, sediment]
    if excess and sum(1 for v in new if v) > 1:
        return True
    if excess:
        for m in range(3):
            new[m] -= min(new[m], excess)
    s.stack.pop()
    base = p * 3
    for m in range(3):
        s.mats[base + m] += new[m]
    return False


def options_discard(s: KonotenState, f: Frame) -> list[Action]:
    return [A.DISCARD[m] for m in range(3) if f[Discard.light + m]]


def resolve_discard(s: KonotenState, f: Frame, action: Action) -> None:
    m = A.MATERIAL_INDEX[str(action.args[0])]
    frame = list(f)
    frame[Discard.light + m] -= 1
    frame[Discard.excess] -= 1
    s.stack[-1] = tuple(frame)

