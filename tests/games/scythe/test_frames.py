"""Frame layouts (issue 29 item 4): every frame kind of Scythe's stack is declared once in
``frames.py``, and every frame the rules push fits the layout of its key."""

from __future__ import annotations

import random
from typing import Any

from boardlab.engine.layouts import check_frame
from boardlab.games.scythe import flow
from boardlab.games.scythe.frames import LAYOUTS, CombatCards, Move, Path
from boardlab.games.scythe.move import start_move

from .helpers import new
from .test_playouts import drawn_to_action


class CheckedStack(list[tuple[Any, ...]]):
    """A stack that checks each frame put on it against ``LAYOUTS`` and counts its kinds."""

    def __init__(self, frames: list[tuple[Any, ...]]) -> None:
        super().__init__(frames)
        self.kinds: set[str] = set()
        for frame in frames:
            self._check(frame)

    def _check(self, frame: tuple[Any, ...]) -> None:
        problem = check_frame(frame, LAYOUTS)
        assert problem is None, problem
        self.kinds.add(frame[0])

    def append(self, frame: tuple[Any, ...]) -> None:
        self._check(frame)
        super().append(frame)

    def __setitem__(self, index: Any, value: Any) -> None:
        if isinstance(index, slice):
            for frame in value:
                self._check(frame)
        else:
            self._check(value)
        super().__setitem__(index, value)


def _checked_playout(players: int, seed: int) -> set[str]:
    """Play one game drawn to action, every frame pushed checked; the kinds met."""
    s = new(players, seed)
    stack = CheckedStack(s.stack)
    s.stack = stack
    rng = random.Random(seed)
    while not s.is_over:
        s.apply(drawn_to_action(s, rng))
        assert s.stack is stack, "the rules keep working on the one stack"
    return stack.kinds


def test_every_rule_of_the_frame_table_has_a_layout_and_every_layout_a_rule() -> None:
    assert set(flow.RULES) == set(LAYOUTS)
    assert all(type(key) is str for key in LAYOUTS)


def test_layouts_name_the_fields_the_rules_read() -> None:
    """A Move frame as ``move.start_move`` pushes it: its fields read back by name."""
    s = new(2, 1)
    start_move(s, 0, units=2, steps=1, speed_adds=1)
    frame = s.stack[-1]
    assert check_frame(frame, LAYOUTS) is None
    assert (frame[Move.units_left], frame[Move.steps], frame[Move.speed_adds]) == (2, 1, 1)
    assert frame[Move.moved] == 0 and frame[Move.origins] == ()
    assert Path.fields[Path.steps_left] == "steps_left"
    assert CombatCards.fields == ("key", "player", "side", "territory", "dial", "dial_step")


def test_every_frame_pushed_in_20_random_playouts_fits_its_layout() -> None:
    met: set[str] = set()
    for seed in range(20):
        met |= _checked_playout(2 + seed % 4, seed)
    # the playouts reach the turn, Move, combat, encounters and card rows
    for key in ("turn", "top", "bottom", "path", "combat_fight", "combat_cards",
                "encounter_option", "factory_card", "pay"):
        assert key in met, f"no {key!r} frame was pushed"

