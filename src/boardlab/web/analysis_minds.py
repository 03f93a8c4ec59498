"""Inside a thinking worker (``thinkers``): the analysis of a finished game, shaped for the
replay page, and the hints of a decision. The server never imports this module."""

from __future__ import annotations

import os
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

import boardlab
from boardlab.analysis import analyse, hints
from boardlab.analysis.calibration import result
from boardlab.engine import GameState
from boardlab.web.store import Record
from boardlab.web.thinkers import Task


def serve_forever(connection: Connection, niceness: int = 0) -> None:
    """A worker's life: lower its priority by ``niceness``, then answer each ``Task`` with
    ``("done", answer)`` or ``("failed", why)`` (an analysis first sends ``("progress",
    done, total)`` as it goes) until the pipe closes."""
    os.nice(niceness)
    while True:
        try:
            task = connection.recv()
        except (EOFError, OSError):
            return

        def report(done: int, total: int) -> None:
            connection.send(("progress", done, total))

        try:
            connection.send(("done", answer(task, report)))
        except Exception as error:  # a bug of one game must not end the worker
            connection.send(("failed", f"{type(error).__name__}: {error}"))


def answer(task: Task, report: Callable[[int, int], None]) -> Any:
    """What ``task`` asks for: an analysis (``analysed``) or hints (``hinted``)."""
    if task.kind == "analyse":
        return analysed(task, report)
    if task.kind == "hints":
        return hinted(task)
    raise ValueError(f"unknown task {task.kind!r}")


def rebuilt(task: Task) -> GameState:
    """The game of ``task`` after its actions."""
    from boardlab.web.service import replay

    name, players, seed, options = task.setup
    return replay(Record("", name, players, seed, options, 0.0, "", "", 0, 0, 0),
                  task.actions)


def analysed(task: Task, report: Callable[[int, int], None]) -> dict[str, Any]:
    """``analyse(...).to_json()`` of every seat, each judged move also carrying the replay
    ``step`` it was played at (the number of the game's stored actions before it) and the
    labels of the option played and the one preferred; plus the game's ``steps`` and each
    seat's ``final`` result (1 won, 0 lost, a share for a tie)."""
    state = rebuilt(task)
    if not state.is_over:
        raise ValueError("only a finished game is analysed")
    found = analyse(state, seconds=task.seconds, progress=report).to_json()
    judged = {move["index"]: move for move in found["moves"]}
    name, players, seed, options = task.setup
    walk = boardlab.new(name, players, seed, **options)  # plays forced moves itself
    for step, action in enumerate(task.actions):
        move = judged.get(len(walk.history))
        if move is not None and walk.decision is not None:
            labels = {option.id: option.label for option in walk.decision.options}
            move.update(step=step, played_label=labels.get(move["played"], move["played"]),
                        best_label=labels.get(move["best"], move["best"]))
        walk.apply(action)
    found["steps"] = len(task.actions)
    found["final"] = [round(result(state, seat), 4) for seat in range(state.players)]
    return found


def hinted(task: Task) -> list[dict[str, object]]:
    """The hints of ``task.seat`` at ``task.decision``, best first."""
    state = rebuilt(task)
    pending = state.decision
    if task.seat is None or pending is None or pending.id != task.decision:
        raise ValueError("that decision is no longer pending")
    return [hint.to_json() for hint in hints(state, task.seat)]
