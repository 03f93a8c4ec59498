"""The Scythe game state: flat lists of ints and shared tuples; the hooks delegate to the rules.

Spaces are the ints of ``board.py`` (territories 0-46, home bases 47-53). Per seat:

* ``units[seat * UNITS_PER_SEAT + piece]``: where each piece stands. Piece ``CHARACTER``
  (0) is the character; pieces ``MECH + k`` (1-4) are the mechs, mech ``k`` covering mech
  ability slot ``k`` of the faction mat (so a mech ability is unlocked exactly when its
  mech is on the board); pieces ``WORKER + k`` (5-12) are the workers. ``OFF_BOARD`` (-1):
  a mech still on the faction mat, a worker still on the player mat.
* ``structures[seat * 4 + s]``: the space of structure ``s`` (``STRUCTURES`` order: Mine,
  Mill, Armory, Monument) or ``OFF_BOARD`` while on the player mat.
* ``coins``, ``power``, ``popularity``: the tracks.
* ``hand[seat * N_VALUES + v]``: combat cards of value ``COMBAT_VALUES[v]`` held (hidden).
* ``objectives[seat * 2 + k]``: objective card indexes held (hidden), -1 for none.
* ``objectives_revealed[seat * 2 + k]``: the objective cards ``seat`` has revealed, in the
  order it revealed them (public; once revealed a card lies under the deck), -1 for none.
* ``star_goals``: bitmask over ``STAR_GOALS`` of the once-only goals starred (bits of
  ``objective``, ``combat_1`` and ``combat_2`` are never set: ``objective_stars`` and
  ``combat_stars`` count those, since Saxony may exceed the track's limits).
* ``top_upgrades``: bitmask over the 6 top-row upgrade boxes (``MatRules.top_upgrade_slots``)
  whose cube was removed; ``bottom_cubes[seat * 4 + b]``: cubes placed on bottom action
  ``b`` (cost = ``cost_start - cubes``).
* ``recruits``: bitmask over the bottom actions whose recruit was enlisted (ongoing bonus);
  ``recruit_bonuses``: bitmask over the 4 one-time bonus spaces covered.
* ``last_section``: the section used last turn (0-3, ``FACTORY_SECTION`` = 4), -1 before the
  first turn; ``factory_card``: the Factory card index held, -1 for none.

Shared: ``resources[space * 4 + r]`` (tokens of ``RESOURCES[r]`` lying there; a row for
every space, home bases too, though only territories can be controlled), ``encounter_tokens``
(bitmask of territories still holding a token), the decks as tuples (top = end; replaced,
never mutated, so clones share them): ``combat_deck`` (values), ``objective_deck``,
``encounter_deck``, ``factory_offer`` (cards still on the Factory); ``combat_discard[v]``
counts discarded cards by value index; ``bonus_tile``; ``order`` (seats in turn order,
clockwise from the first player), ``active`` (the seat on turn), ``turn`` (turns begun),
``ended`` (0 while playing, 1 once a sixth star was placed, 2 at the turn limit),
``coercion_turn`` (the ``turn`` in which Crimea last spent a card as a resource),
``factory_seen`` (bitmask of the seats that have looked at the Factory cards on offer, so
know which remain there).
``star_pending``: per seat, goals reached during the action in progress whose star is not
placed yet (S-21.3-2). ``faction``, ``mat``, ``order`` and ``riverwalk``
(per seat, the territories Riverwalk crosses rivers into) are fixed at setup.
``stack`` (kept by ``StackState``) holds the pending frames, top last; ``flow.RULES`` says
what each poses.
"""

from __future__ import annotations

from random import Random
from typing import Any

from boardlab.engine import Action, Rng, StackState
from boardlab.engine.fields import Fields
from boardlab.games.scythe import board_text, combat, flow, scoring, setup, view
from boardlab.games.scythe import explain as explaining
from boardlab.games.scythe.tables import N_VALUES, UNITS_PER_SEAT


class ScytheState(StackState):
    """A game of Scythe in progress (see the module doc and the package README)."""

    FIELDS = Fields(
        numbers=(
            "encounter_tokens", "bonus_tile", "active", "turn", "ended", "coercion_turn",
            "factory_seen",
        ),
        int_lists=(
            "units", "structures", "resources", "coins", "power", "popularity", "hand",
            "objectives", "objectives_revealed", "star_goals", "star_pending", "combat_stars",
            "objective_stars", "top_upgrades", "bottom_cubes", "recruits", "recruit_bonuses",
            "last_section", "factory_card", "combat_discard",
        ),
        tuples=(
            "faction", "mat", "order", "combat_deck", "objective_deck", "encounter_deck",
            "factory_offer",
        ),
        derived=("riverwalk",),
        derive=setup.derive,
    )
    __slots__ = FIELDS.names

    RULES = flow.RULES

    encounter_tokens: int
    bonus_tile: int
    active: int
    turn: int
    ended: int
    coercion_turn: int
    factory_seen: int
    units: list[int]
    structures: list[int]
    resources: list[int]
    coins: list[int]
    power: list[int]
    popularity: list[int]
    hand: list[int]
    objectives: list[int]
    objectives_revealed: list[int]
    star_goals: list[int]
    star_pending: list[int]
    combat_stars: list[int]
    objective_stars: list[int]
    top_upgrades: list[int]
    bottom_cubes: list[int]
    recruits: list[int]
    recruit_bonuses: list[int]
    last_section: list[int]
    factory_card: list[int]
    combat_discard: list[int]
    faction: tuple[int, ...]
    mat: tuple[int, ...]
    order: tuple[int, ...]
    combat_deck: tuple[int, ...]
    objective_deck: tuple[int, ...]
    encounter_deck: tuple[int, ...]
    factory_offer: tuple[int, ...]
    riverwalk: tuple[int, ...]

    # ------------------------------------------------------------------ game hooks
    def setup(self) -> None:
        setup.deal(self)
        self.advance()

    def refill(self) -> bool:
        return flow.refill(self)

    def scores(self) -> list[float]:
        return scoring.final_scores(self)

    def winners(self) -> list[int]:
        return scoring.final_winners(self) if self.is_over else []

    def score_breakdown(self) -> list[dict[str, float]]:
        return scoring.score_breakdown(self)

    def end_reason(self) -> str:
        return scoring.end_reason(self)

    def scores_seen_by(self, seat: int | None) -> list[float | None]:
        # coins are secret (S-4.9, S-17), so is every running score but one's own
        scores: list[float | None] = list(self.scores())
        if not self.is_over:
            for other in range(self.players):
                if other != seat:
                    scores[other] = None
        return scores

    def view_body(self, seat: int | None) -> dict[str, Any]:
        return view.view_body(self, seat)

    def render_text(self, seat: int | None) -> str:
        return board_text.render_text(self, seat)

    def resample_hidden(self, seat: int | None, rng: Random | Rng) -> None:
        view.resample_hidden(self, seat, rng)

    def explain(self, action: Action | str) -> str:
        return explaining.explain(self, action)

    def secret_note(self, kind: str) -> str:
        note = combat.SECRET_NOTES.get(kind)
        return super().secret_note(kind) if note is None else note

    # ------------------------------------------------------------------ read-only helpers
    def seat_units(self, seat: int) -> list[int]:
        """The spaces of ``seat``'s pieces, indexed by piece (a copy)."""
        start = seat * UNITS_PER_SEAT
        return self.units[start : start + UNITS_PER_SEAT]

    def stars(self, seat: int) -> int:
        """Stars ``seat`` has placed."""
        return (
            self.star_goals[seat].bit_count() + self.combat_stars[seat] + self.objective_stars[seat]
        )

    def hand_size(self, seat: int) -> int:
        """Combat cards ``seat`` holds (public; their values are not)."""
        start = seat * N_VALUES
        return sum(self.hand[start : start + N_VALUES])
