"""View, render, audit and the spec hooks; R6 (unlimited materials), E2 (rainbow), A7 round 4."""

from __future__ import annotations

import json

import pytest

import boardlab
from boardlab.engine import registry
from boardlab.games.konoten import SPEC, flow
from boardlab.games.konoten.audit import audit
from boardlab.games.konoten.evaluate import evaluate

from .helpers import add_lens, give_cards, ids, main_phase, main_turn, new, play, refresh


def _main(characters: list[str], seed: int = 1):
    return main_phase(characters, seed)


def test_spec_registers_evaluate_audit_and_options() -> None:
    assert registry.spec("konoten") is SPEC
    assert SPEC.evaluate is evaluate and SPEC.audit is audit
    assert {o.name for o in SPEC.options} == {"assignment", "characters"}
    assert (SPEC.min_players, SPEC.max_players) == (2, 4)


def test_view_is_json_and_lists_the_public_table() -> None:
    """E2: the second material is 'rainbow'; decks appear only as sizes."""
    state, p = _main(["light_prodigy", "workaholic"])
    add_lens(state, p, {"D06": False, "D01": True}, cost=2, occupant=1 - p)
    view = state.view(p)
    json.dumps(view)
    assert view["deck_sizes"] == {"normal": len(state.normal_deck), "vp": len(state.vp_deck)}
    assert set(view["players"][0]["materials"]) == {"light", "rainbow", "sediment"}
    lens = view["lenses"][0]
    assert lens["owner"] == p and lens["occupant"] == 1 - p and lens["occupant_used"]
    assert lens["cards"] == [
        {"card": "D01", "turned": True},
        {"card": "D06", "turned": False},
    ]
    assert lens["ap"] == 2 and lens["input"] == {"light": 2}
    assert view["phase"] == "main" and view["start_player"] == state.start


def test_render_shows_labs_market_devices_and_lenses() -> None:
    state, p = _main(["light_prodigy", "workaholic"])
    add_lens(state, p, {"D06": False, "D01": False}, cost=2)
    give_cards(state, p, ["D13"])
    play(state, "activate device guts")
    text = state.render(p)
    assert "round 1/4, main phase" in text
    assert "light_prodigy" in text and "workaholic" in text
    assert "guts[p" in text and "lens 0 of P" in text and "D13" in text
    assert "[*] n00" in text and "market:" in text


def test_audit_finds_a_lost_token_a_duplicated_card_and_a_foundation_twice() -> None:
    state, p = _main(["light_prodigy", "workaholic"])
    assert audit(state) == []
    state.stock[p] -= 1
    assert any("colour tokens" in problem for problem in audit(state))
    state.stock[p] += 1
    state.hand[p] |= 1 << state.market[0]
    assert any("in 2 places" in problem for problem in audit(state))
    state.hand[p] = 0
    state.lenses.append((p, 0, 0, 0))
    state.lens_occ.append(-1)
    state.lens_used.append(0)
    assert any("foundation F01" in problem for problem in audit(state))


def test_r6_materials_are_an_unlimited_supply() -> None:
    """R6: more light in play than the box holds (25) is fine."""
    state = new(3, seed=2)
    state.mats = [9, 0, 0] * 3
    assert audit(state) == []


def test_a7_groundwork_in_round_4_is_legal_but_changes_nothing() -> None:
    state, p = _main(["light_prodigy", "workaholic"])
    state.round = 4
    main_turn(state, 1 - p)
    assert "activate device groundwork" in ids(state)
    play(state, "activate device groundwork")
    assert state.next_start == 1 - p
    while not state.is_over:
        play(state, "end" if state.decision.kind == "main_action" else "done")
    assert state.phase == flow.OVER and state.round == 4


def test_evaluate_rewards_progress() -> None:
    state, p = _main(["light_prodigy", "workaholic"])
    base = evaluate(state, p)
    give_cards(state, p, ["D13"])
    assert evaluate(state, p) > base
    state.mats[p * 3 + 2] += 2
    refresh(state)
    assert evaluate(state, p) < base + 1


def test_unknown_action_is_rejected_and_the_state_is_unchanged() -> None:
    state, _ = _main(["light_prodigy", "workaholic"])
    before = state.snapshot()
    with pytest.raises(boardlab.IllegalAction, match="main_action"):
        state.apply("collect 999")
    assert state.snapshot() == before
