"""The Compounded game state: plain data in flat lists; the rules modules act on it.

Per-player lists are flat: ``storage[p * 6 + e]`` (elements H C O N Ca S),
``exp[p * 4 + t]`` (0-based level of track t: discovery, study, research, lab),
``equip[p * 6 + k]`` (equipment kinds, see ``content.EQUIPMENT``). Field lists have one
entry per position ``row * 4 + col``; ``field_items[pos]`` has one slot per card space
(0 empty, 1 crystal of the space's element, 2 wild token) and ``field_open[pos]`` is the
bitmask of elements with an empty space there (derived from the items, set only by
``workbench.put_items``). The engine's ``stack`` holds the pending frames: opcodes in
``frames``, their rules in ``flow.RULES``.
"""

from __future__ import annotations

from random import Random
from typing import Any

from boardlab.engine import Action, Rng, StackState
from boardlab.games.compounded import explain as explaining
from boardlab.games.compounded import rounds
from boardlab.games.compounded import view as views
from boardlab.games.compounded.flow import RULES
from boardlab.games.compounded.frames import PHASES, T_ROUND
from boardlab.games.compounded.setup import setup as deal

# The fields that are lists of ints, lists of tuples of ints, and ints; with
# ``resolving_items`` (a tuple) and the engine's ``stack``, they are the whole game.
_INT_LISTS = (
    "bag",
    "storage",
    "pool",
    "wild",
    "exp",
    "ap",
    "bonus",
    "reserve",
    "avail",
    "equip",
    "fresh",
    "supply",
    "used_cylinder",
    "used_pipette",
    "used_swap",
    "used_goggles",
    "used_paper",
    "offers",
    "ext_holder",
    "field_card",
    "field_open",
    "claim_owner",
    "claim_temp",
    "claim_round",
    "fire",
    "burned",
    "deck",
    "discard",
    "lf_seen",
)
_TUPLE_LISTS = ("ext_items", "field_items", "scored", "scatter")
_INTS = (
    "round",
    "phase",
    "lead",
    "next_lead",
    "wild_out",
    "lf_pending",
    "lf_resolved",
    "end_c",
    "deck_drawn",
    "resolving_card",
    "resolving_player",
)


class CompoundedState(StackState):
    """A game of Compounded; see the package README for the representation."""

    __slots__ = (*_INT_LISTS, *_TUPLE_LISTS, *_INTS, "resolving_items")

    RULES = RULES

    bag: list[int]
    storage: list[int]
    pool: list[int]
    wild: list[int]
    exp: list[int]
    ap: list[int]
    bonus: list[int]
    reserve: list[int]
    avail: list[int]
    equip: list[int]
    fresh: list[int]
    supply: list[int]
    used_cylinder: list[int]
    used_pipette: list[int]
    used_swap: list[int]
    used_goggles: list[int]
    used_paper: list[int]
    offers: list[int]
    ext_holder: list[int]
    ext_items: list[tuple[int, ...]]
    field_card: list[int]
    field_items: list[tuple[int, ...]]
    field_open: list[int]
    claim_owner: list[int]
    claim_temp: list[int]
    claim_round: list[int]
    fire: list[int]
    burned: list[int]
    deck: list[int]
    discard: list[int]
    scored: list[tuple[int, ...]]
    lf_seen: list[int]
    scatter: list[tuple[int, ...]]
    round: int
    phase: int
    lead: int
    next_lead: int
    wild_out: int
    lf_pending: int
    lf_resolved: int
    end_c: int
    deck_drawn: int
    resolving_card: int
    resolving_player: int
    resolving_items: tuple[int, ...]

    # ------------------------------------------------------------------ hooks
    def setup(self) -> None:
        deal(self)
        self.stack = [(T_ROUND, -1)]
        self.advance()

    def scores(self) -> list[float]:
        return [float(a + b) for a, b in zip(self.ap, self.bonus, strict=True)]

    def winners(self) -> list[int]:
        if self.stack:
            return []
        scores = self.scores()
        best = max(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    def view_body(self, seat: int | None) -> dict[str, Any]:
        return views.body(self, seat)

    def render_text(self, seat: int | None) -> str:
        return views.render(self, seat)

    def resample_hidden(self, seat: int | None, rng: Random | Rng) -> None:
        views.resample_hidden(self, seat, rng)

    def explain(self, action: Action) -> str:
        return explaining.explain(self, action)

    def score_breakdown(self) -> list[dict[str, float]]:
        return [dict(row) for row in rounds.score_breakdown(self)]

    def end_reason(self) -> str:
        return rounds.end_reason(self)

    # ------------------------------------------------------------------ copying and saving
    def copy_fields(self, twin: CompoundedState) -> None:
        twin.bag = self.bag[:]
        twin.storage = self.storage[:]
        twin.pool = self.pool[:]
        twin.wild = self.wild[:]
        twin.exp = self.exp[:]
        twin.ap = self.ap[:]
        twin.bonus = self.bonus[:]
        twin.reserve = self.reserve[:]
        twin.avail = self.avail[:]
        twin.equip = self.equip[:]
        twin.fresh = self.fresh[:]
        twin.supply = self.supply[:]
        twin.used_cylinder = self.used_cylinder[:]
        twin.used_pipette = self.used_pipette[:]
        twin.used_swap = self.used_swap[:]
        twin.used_goggles = self.used_goggles[:]
        twin.used_paper = self.used_paper[:]
        twin.offers = self.offers[:]
        twin.ext_holder = self.ext_holder[:]
        twin.ext_items = self.ext_items[:]
        twin.field_card = self.field_card[:]
        twin.field_items = self.field_items[:]
        twin.field_open = self.field_open[:]
        twin.claim_owner = self.claim_owner[:]
        twin.claim_temp = self.claim_temp[:]
        twin.claim_round = self.claim_round[:]
        twin.fire = self.fire[:]
        twin.burned = self.burned[:]
        twin.deck = self.deck[:]
        twin.discard = self.discard[:]
        twin.scored = self.scored[:]
        twin.lf_seen = self.lf_seen[:]
        twin.scatter = self.scatter[:]
        twin.round = self.round
        twin.phase = self.phase
        twin.lead = self.lead
        twin.next_lead = self.next_lead
        twin.wild_out = self.wild_out
        twin.lf_pending = self.lf_pending
        twin.lf_resolved = self.lf_resolved
        twin.end_c = self.end_c
        twin.deck_drawn = self.deck_drawn
        twin.resolving_card = self.resolving_card
        twin.resolving_player = self.resolving_player
        twin.resolving_items = self.resolving_items

    def snapshot(self) -> dict[str, Any]:
        data: dict[str, Any] = {name: list(getattr(self, name)) for name in _INT_LISTS}
        for name in _TUPLE_LISTS:
            data[name] = [list(item) for item in getattr(self, name)]
        data["stack"] = [list(frame) for frame in self.stack]
        for name in _INTS:
            data[name] = getattr(self, name)
        data["resolving_items"] = list(self.resolving_items)
        return data

    def restore(self, data: dict[str, Any]) -> None:
        for name in _INT_LISTS:
            setattr(self, name, list(data[name]))
        for name in _TUPLE_LISTS:
            setattr(self, name, [tuple(item) for item in data[name]])
        self.stack = [tuple(frame) for frame in data["stack"]]
        for name in _INTS:
            setattr(self, name, int(data[name]))
        self.resolving_items = tuple(data["resolving_items"])

    # ------------------------------------------------------------------ helpers
    @property
    def phase_name(self) -> str:
        return PHASES[self.phase]

    def order(self) -> list[int]:
        """Seats in lead order: the lead scientist first, then clockwise."""
        n = self.players
        return [(self.lead + i) % n for i in range(n)]
