"""Tasks (K-12, K9): a met task gives its token once, as an unused assistant or a growth.

Tasks are checked after every effect (``check_tasks`` frames, A16), in the supply and end
phases too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.engine import Action, Frame
from boardlab.engine.layouts import KEY, PLAYER
from boardlab.games.konoten.content import MATERIALS
from boardlab.games.konoten.effects import FROM_STOCK, lenses_owned
from boardlab.games.konoten.frames import Grow, Task
from boardlab.games.konoten.tables import TASKS

if TYPE_CHECKING:
    from boardlab.games.konoten.state import KonotenState


#: Per task space: the material it counts (-1: lenses owned) and its threshold.
_TASK_ROWS = tuple(
    (-1 if quantity == "lenses" else MATERIALS.index(quantity), threshold)
    for quantity, threshold in TASKS
)


def check_tasks(s: KonotenState, f: Frame) -> None:
    """Replace the frame by a reward frame per newly met task of its seat (first task on top)."""
    p = f[PLAYER]
    stack = s.stack
    stack.pop()
    open_tasks = s.tasks[p]
    if not open_tasks:
        return
    met = []
    for task, (material, threshold) in enumerate(_TASK_ROWS):
        if open_tasks >> task & 1:
            held = lenses_owned(s, p) if material < 0 else s.mats[p * 3 + material]
            if held >= threshold:
                met.append(task)
    if met:
        claimed = set()  # tasks whose token waits on a task frame or the grow frame it became
        for g in stack:
            if g[PLAYER] == p:
                if g[KEY] == Task.key:
                    claimed.add(g[Task.task])
                elif g[KEY] == Grow.key and g[Grow.source] != FROM_STOCK:
                    claimed.add(g[Grow.source])
        for task in reversed(met):
            if task not in claimed:
                stack.append((Task.key, p, task))


def resolve_task(s: KonotenState, f: Frame, action: Action) -> None:
    _, p, task = f
    if action.kind == "grow":
        s.stack[-1] = (Grow.key, p, task)
        return
    s.tasks[p] &= ~(1 << task)
    s.lobby_unused[p] += 1
    s.stack.pop()
