"""The Compounded game state: plain data in flat lists; the rules modules act on it.

Per-player lists are flat: ``storage[p * 6 + e]`` (elements H C O N Ca S),
``exp[p * 4 + t]`` (0-based level of track t: discovery, study, research, lab),
``equip[p * 6 + k]`` (equipment kinds, see ``content.EQUIPMENT``). Field lists have one
entry per position ``row * 4 + col``; ``field_items[pos]`` has one slot per card space
(0 empty, 1 crystal of the space's element, 2 wild token) and ``field_open[pos]`` is the
bitmask of elements with an empty space there (derived from the items, set only by
``workbench.put_items``). ``stack`` holds the pending work frames (see ``frames``).
"""

from __future__ import annotations

from random import Random
from typing import Any

from boardlab.engine import Action, Decision, GameState, Rng
from boardlab.games.compounded import flow
from boardlab.games.compounded import view as views
from boardlab.games.compounded.frames import PHASES
from boardlab.games.compounded.setup import setup as deal

_LIST_FIELDS = (
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
    "ext_items",
    "field_card",
    "field_items",
    "field_open",
    "claim_owner",
    "claim_temp",
    "claim_round",
    "fire",
    "burned",
    "deck",
    "discard",
    "scored",
    "lf_seen",
    "scatter",
    "stack",
)
_INT_FIELDS = (
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
_TUPLE_FIELDS = ("resolving_items",)


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(item) for item in value]
    return value


class CompoundedState(GameState):
    """A game of Compounded; see the package README for the representation."""

    __slots__ = (*_LIST_FIELDS, *_INT_FIELDS, *_TUPLE_FIELDS, "cache")

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
    stack: list[tuple[int, ...]]
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
    cache: tuple[tuple[int, ...], tuple[Action, ...]] | None

    # ------------------------------------------------------------------ hooks
    def setup(self) -> None:
        deal(self)

    def pending(self) -> Decision | None:
        return flow.pending(self)

    def resolve(self, action: Action) -> None:
        flow.resolve(self, action)

    def scores(self) -> list[float]:
        return [float(a + b) for a, b in zip(self.ap, self.bonus, strict=True)]

    def winners(self) -> list[int]:
        if self.stack:
            return []
        scores = self.scores()
        best = max(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    def view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)

    def render(self, seat: int | None = None) -> str:
        return views.render(self, seat)

    def resample_hidden(self, seat: int | None, rng: Random | Rng) -> None:
        views.resample_hidden(self, seat, rng)

    # ------------------------------------------------------------------ copying
    def copy_fields(self, twin: Any) -> None:
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
        twin.stack = self.stack[:]
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
        twin.cache = self.cache

    def snapshot(self) -> dict[str, Any]:
        data: dict[str, Any] = {name: _plain(getattr(self, name)) for name in _LIST_FIELDS}
        for name in _INT_FIELDS:
            data[name] = getattr(self, name)
        data["resolving_items"] = list(self.resolving_items)
        return data

    # ------------------------------------------------------------------ helpers
    def refresh(self) -> None:
        """Re-run automatic steps and forget cached options after fields were set by hand.

        Tests and tools that edit fields directly call this before asking for decisions.
        """
        self.cache = None
        flow.advance(self)
        self.forget_decision()

    @property
    def phase_name(self) -> str:
        return PHASES[self.phase]

    def order(self) -> list[int]:
        """Seats in lead order: the lead scientist first, then clockwise."""
        n = self.players
        return [(self.lead + i) % n for i in range(n)]
