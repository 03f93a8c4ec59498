"""The Konoten game state: plain data in flat lists of ints; every hook delegates to the rules.

Per-player lists are indexed by seat. ``mats[p * 3 + m]`` holds materials (light, rainbow,
sediment); ``dev_occ[d * players + p]`` counts p's assistants on device d. Hands are
bitmasks over card indices; ``found`` is the bitmask of foundations still in the supply.
``lenses[i] = (owner, foundation, cards, flipped)`` with ``lens_occ[i]`` the seat of the
assistant on it (-1 when empty) and ``lens_used[i]`` its face (1 used). ``stack`` holds
the pending frames (tuples of ints and short strings), top last.
"""

from __future__ import annotations

from random import Random
from typing import Any

from boardlab.engine import Action, Decision, GameState, Rng
from boardlab.games.konoten import flow, rules, view

_FIELDS = (
    "phase",
    "round",
    "start",
    "order_pos",
    "main_next",
    "ended",
    "next_start",
    "found",
)
_LISTS = (
    "char",
    "ap",
    "cr",
    "vp",
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
    "lenses",
    "lens_occ",
    "lens_used",
    "stack",
)


class KonotenState(GameState):
    """A game of Konoten in progress (see the package README for the representation)."""

    __slots__ = _FIELDS + _LISTS

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
    cr: list[int]
    vp: list[int]
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
    stack: list[tuple[Any, ...]]

    def setup(self) -> None:
        flow.setup(self)
        rules.advance(self)

    def pending(self) -> Decision | None:
        return rules.pending(self)

    def resolve(self, action: Action) -> None:
        rules.resolve(self, action)

    def scores(self) -> list[float]:
        return list(self.vp)

    def winners(self) -> list[int]:
        return rules.winners(self)

    def view(self, seat: int | None) -> dict[str, Any]:
        return view.view(self, seat)

    def render(self, seat: int | None = None) -> str:
        return view.render(self, seat)

    def copy_fields(self, twin: Any) -> None:
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
        twin.cr = self.cr[:]
        twin.vp = self.vp[:]
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
        twin.stack = self.stack[:]

    def snapshot(self) -> dict[str, Any]:
        data: dict[str, Any] = {name: getattr(self, name) for name in _FIELDS}
        for name in _LISTS:
            data[name] = [list(x) if isinstance(x, tuple) else x for x in getattr(self, name)]
        return data

    def resample_hidden(self, seat: int | None, rng: Random | Rng) -> None:
        view.resample_hidden(self, seat, rng)
