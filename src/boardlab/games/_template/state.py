"""The state as plain data: every field declared once in ``FIELDS`` (``engine.fields``),
which gives the slots, copying, saving and restoring; the hooks only delegate to the role
modules. No rules here. Follow ``games/konoten/state.py``.
"""

from __future__ import annotations

from random import Random
from typing import Any

from boardlab.engine import StackState
from boardlab.engine.fields import Fields
from boardlab.engine.rng import Rng
from boardlab.games._template import board_text, flow, scoring, setup, view


class TemplateState(StackState):
    """A game in progress: a round counter and each seat's points."""

    FIELDS = Fields(numbers=("round",), int_lists=("points",))
    __slots__ = FIELDS.names

    RULES = flow.RULES

    round: int
    points: list[int]

    def setup(self) -> None:
        setup.deal(self)
        self.advance()

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def winners(self) -> list[int]:
        return scoring.winners(self)

    def score_breakdown(self) -> list[dict[str, float]]:
        return scoring.score_breakdown(self)

    def end_reason(self) -> str:
        return scoring.end_reason(self)

    def view_body(self, seat: int | None) -> dict[str, Any]:
        return view.view_body(self, seat)

    def render_text(self, seat: int | None) -> str:
        return board_text.render_text(self, seat)

    def resample_hidden(self, seat: int | None, rng: Random | Rng) -> None:
        view.resample_hidden(self, seat, rng)
