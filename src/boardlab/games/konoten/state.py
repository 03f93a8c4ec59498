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
from boardlab.games.konoten import explain, flow, graduation, setup, view

#: Fields holding one int.
_NUMBERS = (
    "phase",
    "round",
    "start",
    "order_pos",
    "main_next",
    "ended",
    "next_start",
    "found",
)
#: Fields holding a list of ints.
_INT_LISTS = (
    "char",
    "ap",
    "creativity",
    "vp",
    "vp_by_source",
    "stock",
    "tasks",
    "grown",
    "will_used",
    "lobby_unused",
    "lobby_used",
    "hand",
    "mats",
    "dev_occ",
    "dev_uses",
    "normal_deck",
    "vp_deck",
    "market",
    "lens_occ",
    "lens_used",
)


class KonotenState(StackState):
    """A game of Konoten in progress (see the package README for the representation)."""

    __slots__ = (*_NUMBERS, *_INT_LISTS, "lenses")

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
        return graduation.leaders(self) if self.phase == flow.OVER else []

    def score_breakdown(self) -> list[dict[str, float]]:
        return graduation.score_breakdown(self)

    def end_reason(self) -> str:
        return graduation.end_reason(self) if self.phase == flow.OVER else ""

    def explain(self, action: Action | str) -> str:
        return explain.explain(self, action)

    def view_body(self, seat: int | None) -> dict[str, Any]:
        return view.view_body(self, seat)

    def render_text(self, seat: int | None) -> str:
        return view.render_text(self, seat)

    def copy_fields(self, twin: KonotenState) -> None:
        twin.phase = self.phase
        twin.round = self.round
        twin.start = self.start
        twin.order_pos = self.order_pos
        twin.main_next = self.main_next
        twin.ended = self.ended
        twin.next_start = self.next_start
        twin.found = self.found
        twin.char = self.char[:]
        twin.ap = self.ap[:]
        twin.creativity = self.creativity[:]
        twin.vp = self.vp[:]
        twin.vp_by_source = self.vp_by_source[:]
        twin.stock = self.stock[:]
        twin.tasks = self.tasks[:]
        twin.grown = self.grown[:]
        twin.will_used = self.will_used[:]
        twin.lobby_unused = self.lobby_unused[:]
        twin.lobby_used = self.lobby_used[:]
        twin.hand = self.hand[:]
        twin.mats = self.mats[:]
        twin.dev_occ = self.dev_occ[:]
        twin.dev_uses = self.dev_uses[:]
        twin.normal_deck = self.normal_deck[:]
        twin.vp_deck = self.vp_deck[:]
        twin.market = self.market[:]
        twin.lenses = self.lenses[:]
        twin.lens_occ = self.lens_occ[:]
        twin.lens_used = self.lens_used[:]

    def snapshot(self) -> dict[str, Any]:
        data: dict[str, Any] = {name: getattr(self, name) for name in _NUMBERS}
        for name in _INT_LISTS:
            data[name] = getattr(self, name)[:]
        data["lenses"] = [list(lens) for lens in self.lenses]
        data["stack"] = [list(frame) for frame in self.stack]
        return data

    def restore(self, data: dict[str, Any]) -> None:
        for name in _NUMBERS:
            setattr(self, name, int(data[name]))
        for name in _INT_LISTS:
            setattr(self, name, [int(x) for x in data[name]])
        self.lenses = [(int(o), int(f), int(c), int(t)) for o, f, c, t in data["lenses"]]
        self.stack = [tuple(frame) for frame in data["stack"]]

    def resample_hidden(self, seat: int | None, rng: Random | Rng) -> None:
        view.resample_hidden(self, seat, rng)
