"""The Konoten game state: plain data in flat lists of ints; the hooks delegate to the rules.

Per-player lists are indexed by seat. ``mats[p * 3 + m]`` holds materials (light, rainbow,
sediment); ``dev_occ[d * players + p]`` counts p's assistants on device d;
``vp_by_source[p * N_VP_SOURCES + k]`` the part of ``vp[p]`` that source ``k`` of
``tables.VP_SOURCES`` gave (they add up to ``vp[p]``). Hands are
bitmasks over card indices; ``found`` is the bitmask of foundations still in the supply.
``lenses[i] = (owner, foundation, cards, flipped)`` with ``lens_occ[i]`` the seat of the
assistant on it (-1 when empty) and ``lens_used[i]`` its face (1 used). ``stack`` (kept by
``StackState``) holds the pending frames, top last; ``flow.RULES`` says what each poses.
"""

from __future__ import annotations

from random import Random
from typing import Any

from boardlab.engine import Action, Rng, StackState
from boardlab.engine.fields import Fields
from boardlab.games.konoten import board_text, explain, flow, scoring, setup, view


class KonotenState(StackState):
    """A game of Konoten in progress (see the package README for the representation)."""

    FIELDS = Fields(
        numbers=(
            "phase", "round", "start", "order_pos", "main_next", "ended", "next_start", "found",
        ),
        int_lists=(
            "char", "ap", "creativity", "vp", "vp_by_source", "stock", "tasks", "grown",
            "will_used", "lobby_unused", "lobby_used", "hand", "mats", "dev_occ", "dev_uses",
            "normal_deck", "vp_deck", "market", "lens_occ", "lens_used",
        ),
        tuple_lists=("lenses",),
    )
    __slots__ = FIELDS.names

    RULES = flow.RULES

    phase: int
    round: int
    start: int
    order_pos: int
    main_next: int
    ended: int
    next_start: int
    found: int
    char: list[int]
    ap: list[int]
    creativity: list[int]
    vp: list[int]
    vp_by_source: list[int]
    stock: list[int]
    tasks: list[int]
    grown: list[int]
    will_used: list[int]
    lobby_unused: list[int]
    lobby_used: list[int]
    hand: list[int]
    mats: list[int]
    dev_occ: list[int]
    dev_uses: list[int]
    normal_deck: list[int]
    vp_deck: list[int]
    market: list[int]
    lenses: list[tuple[int, int, int, int]]
    lens_occ: list[int]
    lens_used: list[int]

    def setup(self) -> None:
        setup.deal(self)
        self.advance()

    refill = flow.refill  # the round structure: start the next part when the stack is empty

    def scores(self) -> list[float]:
        return list(self.vp)

    def winners(self) -> list[int]:
        return scoring.leaders(self) if self.phase == flow.OVER else []

    def score_breakdown(self) -> list[dict[str, float]]:
        return scoring.score_breakdown(self)

    def end_reason(self) -> str:
        return scoring.end_reason(self) if self.phase == flow.OVER else ""

    def explain(self, action: Action | str) -> str:
        return explain.explain(self, action)

    def view_body(self, seat: int | None) -> dict[str, Any]:
        return view.view_body(self, seat)

    def render_text(self, seat: int | None) -> str:
        return board_text.render_text(self, seat)

    def resample_hidden(self, seat: int | None, rng: Random | Rng) -> None:
        view.resample_hidden(self, seat, rng)
