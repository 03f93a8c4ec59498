"""Compounded's declared observation (``observation.py``): the entries the rules derive,
each from a situation built by hand and read back by entry name."""

from __future__ import annotations

import boardlab
from boardlab.agents import make
from boardlab.games.compounded.content import CONTENT
from boardlab.games.compounded.observation import (
    CARD_POINTS_SCALE,
    DISCS_SCALE,
    FIRE_SCALE,
    STORAGE_SCALE,
    observation_encoder,
)
from boardlab.games.compounded.workbench import capacity, fire_limit

from .helpers import claim_for, new_game, pos_of, set_card, set_level, set_storage


def _named(state, seat) -> dict[str, float]:
    encoder = observation_encoder(state.players, state.options)
    return dict(zip(encoder.entries(), encoder.encode(state, seat), strict=True))


def test_a_claim_shows_its_holder_from_each_observer_and_whether_it_is_this_rounds_C_7():
    """C-7: a claim disc on a field compound: its holder counted from the observer, whether it
    is temporary, and whether it was placed this round; each seat's disc counts follow."""
    state = new_game(3, seed=4)
    here = pos_of(1, 2)
    set_card(state, here, "water")
    claim_for(state, here, 2, temporary=True)
    state.round = 3
    state.claim_round[here] = 3
    for seat, rotated in ((0, "seat2"), (1, "seat1"), (2, "seat0")):
        seen = _named(state, seat)
        assert seen[f"field.r1c2.claimant.{rotated}"] == 1.0
        assert seen["field.r1c2.temporary_claim"] == 1.0
        assert seen["field.r1c2.claimed_this_round"] == 1.0
        assert seen[f"players.{rotated}.claims_temporary"] == 1.0 / DISCS_SCALE
        assert seen[f"players.{rotated}.claims_permanent"] == 0.0
    state.round = 4
    assert _named(state, 0)["field.r1c2.claimed_this_round"] == 0.0


def test_a_field_card_shows_its_points_fire_tokens_and_fire_limit_C_8_3_C_11_1():
    """C-11.1 and C-8.3: a card's fire limit is the rules' (flammable, or burned by a Bunsen
    burner); its points follow the AP cap option."""
    for options in ({}, {"ap_cap": False}):
        state = new_game(2, seed=6, **options)
        here = pos_of(0, 1)
        card = set_card(state, here, "water")
        state.fire[here] = 2
        state.burned[here] = 1
        seen = _named(state, 0)
        compound = CONTENT.compound("water")
        want = compound.atomic_points if options.get("ap_cap", True) else compound.uncapped_points
        assert seen["field.r0c1.points"] == want / CARD_POINTS_SCALE, options
        assert seen["field.r0c1.fire_tokens"] == 2 / FIRE_SCALE
        assert seen["field.r0c1.fire_limit"] == fire_limit(state, here) / FIRE_SCALE
        assert seen["field.r0c1.kind.water"] == 1.0 and card >= 0


def test_storage_and_capacity_come_from_the_workbench_C_9_3():
    """C-9.3: capacity is the Lab experiment's value; stored is what the storage holds."""
    state = new_game(2, seed=8)
    set_storage(state, 1, H=3, O=2)
    set_level(state, 1, "lab", 3)
    seen = _named(state, 0)
    assert seen["players.seat1.stored"] == 5 / STORAGE_SCALE
    assert seen["players.seat1.capacity"] == capacity(state, 1) / STORAGE_SCALE
    assert seen["players.seat1.experiment.lab.level3"] == 1.0
    assert seen["players.seat1.experiment.lab.level1"] == 0.0


def test_who_leads_and_who_leads_next_are_seats_from_the_observer_C_9_9():
    """C-9.9: the wooden key's holder leads; the next lead (when set) takes it next round."""
    state = new_game(3, seed=2)
    state.lead, state.next_lead = 1, 2
    seen = _named(state, 1)
    assert seen["lead.seat0"] == 1.0 and seen["next_lead.seat1"] == 1.0
    assert sum(v for name, v in seen.items() if name.startswith("lead.")) == 1.0


def test_the_outcome_names_the_end_conditions_and_the_winners_C_14_1():
    """C-14.1: once the game is over, the end conditions that held and the winners (from
    the observer); nothing of it while the game runs."""
    state = boardlab.new("compounded", 2, 12)
    agent = make("greedy", seed=12)
    early = _named(state, 0)
    assert not any(v for name, v in early.items() if name.startswith("outcome."))
    while not state.is_over:
        state.apply(agent.choose(state))
    for seat in (0, 1):
        seen = _named(state, seat)
        assert seen["outcome.game_over"] == 1.0
        winners = {(p - seat) % 2 for p in state.winners()}
        assert {k for k in (0, 1) if seen[f"outcome.winner.seat{k}"]} == winners
        assert any(v for name, v in seen.items() if name.startswith("outcome.end."))
