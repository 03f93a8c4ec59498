"""Supply and end abilities (K-6.3, K-13.3, K3, K10): optional, each grown one once per phase.

A ``SupplyAbilities`` or ``EndAbilities`` frame (``frames.py``) offers every grown ability
of its kind not used yet in this step (its ``used_nodes`` mask) whose inputs its seat can
pay, and ``done``; with nothing usable the step is skipped. Some abilities repeat once per
lens owned (K-11.5, R5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.engine import Action, Frame
from boardlab.games.konoten import actions as A
from boardlab.games.konoten.effects import can_pay, execute, lenses_owned
from boardlab.games.konoten.tables import (
    ABILITIES,
    END_MASK,
    N_NODES,
    SUPPLY_MASK,
    Effect,
    ability_effect,
)

if TYPE_CHECKING:
    from boardlab.games.konoten.state import KonotenState


def ability_times(s: KonotenState, p: int, node: int) -> int:
    """How many times a supply / end ability repeats (K-11.5, R5)."""
    ability = ABILITIES[s.char[p]][node]
    if ability.times == "lenses_owned":
        times = lenses_owned(s, p)
        return min(times, ability.max_times) if ability.max_times else times
    return 1


_EFFECTS: dict[tuple[int, int, int], Effect] = {}


def node_effect(character: int, node: int, times: int = 1) -> Effect:
    """The effect of a character's ability on ``node``, repeated ``times`` times."""
    key = (character, node, times)
    found = _EFFECTS.get(key)
    if found is None:
        found = _EFFECTS[key] = ability_effect(ABILITIES[character][node], times)
    return found


def _usable(s: KonotenState, p: int, mask: int, used: int) -> list[Action]:
    ch = s.char[p]
    candidates = mask & s.grown[p] & ~used
    found = []
    for node in range(N_NODES):
        if candidates >> node & 1:
            times = ability_times(s, p, node)
            if times <= 0:
                continue
            effect = node_effect(ch, node, times)
            if can_pay(s, p, effect.needs, effect.ap, False):
                found.append(A.USE[node])
    return found


def options_supply(s: KonotenState, f: Frame) -> list[Action]:
    """The usable supply abilities and ``done``; nothing when none is usable (A22)."""
    _, p, used = f
    found = _usable(s, p, SUPPLY_MASK[s.char[p]], used)
    if found:
        found.append(A.DONE)
    return found


def options_end(s: KonotenState, f: Frame) -> list[Action]:
    """The usable end abilities and ``done``; nothing when none is usable (A22)."""
    _, p, used = f
    found = _usable(s, p, END_MASK[s.char[p]], used)
    if found:
        found.append(A.DONE)
    return found


def resolve_ability(s: KonotenState, f: Frame, action: Action) -> None:
    key, p, used = f
    if action.kind == "done":
        s.stack.pop()
        return
    node = A.NODE_INDEX[str(action.args[0])]
    s.stack[-1] = (key, p, used | 1 << node)
    effect = node_effect(s.char[p], node, ability_times(s, p, node))
    execute(s, p, effect.input, effect.ap, effect.output)
