"""Frame layouts (issue 29 item 4): every frame kind of Linnaeus's stack is declared once in
``frames.py``, and every frame the rules push fits the layout of its key."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, SupportsIndex

from boardlab.engine import Frame, Rng
from boardlab.engine.layouts import KEY, PLAYER, check_frame
from boardlab.games.linnaeus import flow
from boardlab.games.linnaeus.frames import LAYOUTS, Repeat

from .helpers import ids, new, play, started, with_frames


class _RecordingStack(list[Frame]):
    """A stack that keeps every frame put on it, so Steps resolved at once are seen too."""

    def __init__(self, frames: Iterable[Frame], seen: list[Frame]) -> None:
        super().__init__(frames)
        self.seen = seen
        seen.extend(self)

    def append(self, frame: Frame) -> None:
        self.seen.append(frame)
        super().append(frame)

    def extend(self, frames: Iterable[Frame]) -> None:
        frames = list(frames)
        self.seen.extend(frames)
        super().extend(frames)

    def __setitem__(self, index: Any, value: Any) -> None:
        if isinstance(index, slice):
            value = list(value)
            self.seen.extend(value)
        else:
            self.seen.append(value)
        super().__setitem__(index, value)

    def insert(self, index: SupportsIndex, frame: Frame) -> None:
        self.seen.append(frame)
        super().insert(index, frame)


def test_issue29_every_rule_key_has_a_layout_and_every_layout_a_rule() -> None:
    assert set(LAYOUTS) == set(flow.RULES)
    assert all(isinstance(key, str) for key in flow.RULES)


def test_issue29_every_frame_of_20_random_playouts_fits_its_layout() -> None:
    cases = [(players, seed, options)
             for players in (1, 2, 3, 4)
             for seed, options in enumerate(({}, {"characters": True}, {"start_tiles": True},
                                             {"characters": True}, {"start_tiles": True}))]
    assert len(cases) == 20
    kinds: set[str] = set()
    for players, seed, options in cases:
        s = new(players, seed, **options)
        seen: list[Frame] = []
        s.stack = _RecordingStack(s.stack, seen)
        rng = Rng(seed * 11 + players)
        while not s.is_over:
            options_now = s.legal_actions()
            s.apply(options_now[rng.randbelow(len(options_now))])
        misfits = {why for frame in seen if (why := check_frame(frame, LAYOUTS))}
        assert not misfits, (players, seed, options, sorted(misfits)[:5])
        assert all(type(frame[PLAYER]) is int for frame in seen)
        kinds.update(frame[KEY] for frame in seen)
    # the playouts reach nearly every kind: a layout no game pushes would be a stale one
    assert len(kinds) >= len(LAYOUTS) - 6, sorted(set(LAYOUTS) - kinds)


def test_issue29_a_repeat_read_by_name_counts_its_runs_down() -> None:
    """Rules §6 step 3 through the ``Repeat`` layout: each ``continue`` runs the action
    once more, with one run fewer left and one more done."""
    s = started(2, 0)
    side = s.to_move
    assert side is not None
    with_frames(s, ("turn_end", side), Repeat.make(side, 4, 2, 0, -2), active=side)
    assert s.stack[-1][Repeat.left] == 2 and "stop" not in ids(s)
    play(s, "continue")
    # the voyage step (one ship: sailed at once) ran, and the repeat waits with one run left
    assert s.stack[-1] == Repeat.make(side, 4, 1, 1, -2) and "stop" in ids(s)

