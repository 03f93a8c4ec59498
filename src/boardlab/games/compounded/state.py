"""The Compounded game state: plain data in flat lists; the rules modules act on it.

Per-player lists are flat: ``storage[p * 6 + e]`` (elements H C O N Ca S),
``track_level[p * 4 + t]`` (0-based level of track t: discovery, study, research, lab),
``equip[p * 6 + k]`` (equipment kinds, see ``content.EQUIPMENT``). Field lists have one
entry per position ``row * 4 + col``; ``field_items[pos]`` has one slot per card space
(0 empty, 1 crystal of the space's element, 2 wild token) and ``field_open[pos]`` is the
bitmask of elements with an empty space there (derived from the items, set only by
``workbench.put_items``). The engine's ``stack`` holds the pending frames: their layouts in
``frames``, their rules in ``flow.RULES``.
"""

from __future__ import annotations

from random import Random
from typing import Any

from boardlab.engine import Action, Rng, StackState
from boardlab.engine.fields import Fields
from boardlab.games.compounded import board_text, scoring
from boardlab.games.compounded import explain as explaining
from boardlab.games.compounded import view as views
from boardlab.games.compounded.flow import RULES
from boardlab.games.compounded.frames import PHASES, StartRound, current_key, current_stack
from boardlab.games.compounded.setup import deal

#: Former field names, still read from saves written before the renames.
RENAMED = {
    "end_c": "deck_ran_out",
    "lf_seen": "lab_fires_drawn_at",
    "lf_pending": "lab_fire_waiting",
    "lf_resolved": "lab_fire_this_round",
    "avail": "free_discs",
    "fresh": "equip_this_round",
    "exp": "track_level",
    "ext_holder": "extinguisher_holder",
    "ext_items": "extinguisher_items",
}


class CompoundedState(StackState):
    """A game of Compounded; see the package README for the representation."""

    FIELDS = Fields(
        int_lists=(
            "bag", "storage", "pool", "wild", "track_level", "ap", "bonus", "reserve",
            "free_discs", "equip", "equip_this_round", "supply", "used_cylinder",
            "used_pipette", "used_swap", "used_goggles", "used_paper", "offers",
            "extinguisher_holder", "field_card", "field_open", "claim_owner", "claim_temp",
            "claim_round", "fire", "burned", "deck", "discard", "lab_fires_drawn_at",
        ),
        tuple_lists=("extinguisher_items", "field_items", "scored", "scatter"),
        numbers=(
            "round", "phase", "lead", "next_lead", "wild_out", "lab_fire_waiting",
            "lab_fire_this_round", "deck_ran_out", "deck_drawn", "resolving_card",
            "resolving_player",
        ),
        tuples=("resolving_items",),
        renamed=RENAMED,
        derive=current_stack,  # the int keys of older saves
    )
    __slots__ = FIELDS.names

    RULES = RULES

    bag: list[int]
    storage: list[int]
    pool: list[int]
    wild: list[int]
    track_level: list[int]
    ap: list[int]
    bonus: list[int]
    reserve: list[int]
    free_discs: list[int]
    equip: list[int]
    equip_this_round: list[int]
    supply: list[int]
    used_cylinder: list[int]
    used_pipette: list[int]
    used_swap: list[int]
    used_goggles: list[int]
    used_paper: list[int]
    offers: list[int]
    extinguisher_holder: list[int]
    extinguisher_items: list[tuple[int, ...]]
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
    lab_fires_drawn_at: list[int]
    scatter: list[tuple[int, ...]]
    round: int
    phase: int
    lead: int
    next_lead: int
    wild_out: int
    lab_fire_waiting: int
    lab_fire_this_round: int
    deck_ran_out: int
    deck_drawn: int
    resolving_card: int
    resolving_player: int
    resolving_items: tuple[int, ...]

    @classmethod
    def current_snapshot(cls, data: Any) -> Any:
        """A saved snapshot under today's names: its frames with string keys too."""
        data = super().current_snapshot(data)
        if isinstance(data, dict) and isinstance(data.get("stack"), list):
            data = {**data, "stack": [[current_key(f[0]), *f[1:]] for f in data["stack"]]}
        return data

    # ------------------------------------------------------------------ hooks
    def setup(self) -> None:
        deal(self)
        self.stack = [(StartRound.key, -1)]
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
        return views.view_body(self, seat)

    def render_text(self, seat: int | None) -> str:
        return board_text.render_text(self, seat)

    def resample_hidden(self, seat: int | None, rng: Random | Rng) -> None:
        views.resample_hidden(self, seat, rng)

    def explain(self, action: Action) -> str:
        return explaining.explain(self, action)

    def score_breakdown(self) -> list[dict[str, float]]:
        return [dict(row) for row in scoring.score_breakdown(self)]

    def end_reason(self) -> str:
        return scoring.end_reason(self)

    # ------------------------------------------------------------------ helpers
    @property
    def phase_name(self) -> str:
        return PHASES[self.phase]

    def order(self) -> list[int]:
        """Seats in lead order: the lead scientist first, then clockwise."""
        n = self.players
        return [(self.lead + i) % n for i in range(n)]
