"""View, render, audit and the spec hooks; R6 (unlimited materials), E2 (rainbow), A7 round 4."""

from __future__ import annotations

import json

import pytest

import boardlab
from boardlab.agents import make
from boardlab.engine import registry
from boardlab.games.konoten import SPEC, flow
from boardlab.games.konoten.audit import audit
from boardlab.games.konoten.content import CONTENT, SYMBOLS
from boardlab.games.konoten.evaluate import evaluate
from boardlab.games.konoten.tables import (
    CARD_IDS,
    CHARACTER_IDS,
    DEVICE_IDS,
    FOUNDATION_IDS,
    LENS_IDS,
    NODE_IDS,
    VP_SOURCES,
)

from .helpers import (
    add_lens,
    give_cards,
    ids,
    main_phase,
    main_turn,
    new,
    play,
    refresh,
)

#: Envelope fields (``players``, the seat count, is also the body's list of player boards).
ENVELOPE = ("game", "version", "sides", "seat", "to_move", "decision", "over", "scores", "winners")


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
    view = state.view(p)["body"]
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
    assert "round 1 of 4, main phase" in text
    assert "light_prodigy" in text and "workaholic" in text
    assert f"guts[P{p + 1}x1]" in text and f"L1 of P{p + 1} [D01 D06] on F07, cost 2" in text
    assert "D13" in text and "[*] n00" in text and "market:" in text


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


def test_a7_groundwork_in_round_4_is_legal_but_changes_no_start_player() -> None:
    """A7: in the last round Groundwork still pays its creativity (A23); no round follows."""
    state, p = _main(["light_prodigy", "workaholic"])
    state.round = 4
    main_turn(state, 1 - p)
    assert "activate device groundwork" in ids(state)
    creativity = state.creativity[1 - p]
    play(state, "activate device groundwork")
    assert state.next_start == 1 - p and state.creativity[1 - p] == creativity + 1
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


def _bodies(players: int, seed: int, **options: object):
    """(seat, body, state) for every seat and the spectator along one random game."""
    state = boardlab.new("konoten", players=players, seed=seed, **options)
    agent = make("random", seed=seed)
    while True:
        for seat in (None, *range(players)):
            yield seat, state.view(seat)["body"], state
        if state.is_over:
            return
        state.apply(agent.choose(state))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_views_of_random_games_fit_the_body_schema(players: int) -> None:
    """Every body of every seat and the spectator is valid against view.schema.json."""
    jsonschema = pytest.importorskip("jsonschema")
    schema = dict(SPEC.body_schema or {})
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    parts: set[str] = set()
    for seed in range(3):
        options = {"assignment": "draft"} if seed == 0 else {}
        for _, body, _ in _bodies(players, seed, **options):
            validator.validate(json.loads(json.dumps(body)))
            if body["pending"] is not None:
                parts |= {name for name, part in body["pending"].items() if part is not None}
    assert {"kind", "lens", "abilities_used"} <= parts


def test_the_schema_names_exactly_the_content_ids() -> None:
    defs = dict(SPEC.body_schema or {})["$defs"]
    assert defs["card"]["enum"] == list(CARD_IDS)
    assert defs["lens"]["enum"] == list(LENS_IDS)
    player = dict(SPEC.body_schema or {})["properties"]["players"]["items"]["properties"]
    assert player["vp_by_source"]["required"] == list(VP_SOURCES)
    assert defs["foundation"]["enum"] == list(FOUNDATION_IDS)
    assert defs["node"]["enum"] == list(NODE_IDS)
    assert defs["device"]["enum"] == list(DEVICE_IDS)
    assert defs["character"]["enum"] == list(CHARACTER_IDS)
    assert defs["task"]["enum"] == list(CONTENT.tasks)
    assert defs["symbol"]["enum"] == list(SYMBOLS)
    properties = dict(SPEC.body_schema or {})["properties"]
    assert properties["phase"]["enum"] == list(flow.PHASE_NAMES)


def _lists(value: object):
    if isinstance(value, list):
        yield value
        for item in value:
            yield from _lists(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _lists(item)


def test_the_body_holds_no_raw_frames_and_nothing_the_envelope_carries() -> None:
    frames = 0
    for _, body, state in _bodies(3, 5):
        assert not set(body) & {*ENVELOPE, "you", "stack"}
        raw = [list(frame) for frame in state.stack]
        frames += len(raw)
        for found in _lists(body):
            assert found not in raw
            assert not (
                len(found) >= 2 and isinstance(found[0], str) and found[0] in flow.RULES
            ), found
    assert frames > 0


def test_pending_names_the_payment_and_the_gains_of_an_effect() -> None:
    """K-10.2: the assistant on the lens executes and cannot pay; the gains wait meanwhile."""
    state, p = _main(["light_prodigy", "workaholic"])
    lens = add_lens(state, p, {"D34": True, "D01": False}, cost=0)  # assistant in
    state.lobby_used[p] += 1
    state.lobby_unused[p] -= 1
    refresh(state)
    play(state, f"activate lens {LENS_IDS[lens]}")
    assert state.decision is not None and state.decision.kind == "pay_assistant"
    pending = state.view(None)["body"]["pending"]
    assert pending["kind"] == "pay_assistant"
    assert pending["payment"] == {"growths": 0, "assistants": 1, "executor": {"lens": lens}}
    assert pending["gains"] == {
        "ap": 0, "creativity": 0, "vp": 0, "light": 1, "rainbow": 1, "sediment": 0,
        "growth": 0, "assistant": 0,
    }
    assert pending["lens"] is None and pending["task"] is None


def test_pending_names_the_lens_being_declared() -> None:
    """K-9.1: the cards so far, the card waiting for its orientation and R - M."""
    state, p = _main(["light_prodigy", "workaholic"])
    state.hand = [0] * state.players
    give_cards(state, p, ["D17", "D01", "D06"])
    play(state, "activate device grind", "card D17")
    lens = state.view(1 - p)["body"]["pending"]["lens"]
    assert lens == {"cards": [], "awaiting": "D17", "difference": 0, "choosing_foundation": False}
    play(state, "upright")
    pending = state.view(p)["body"]["pending"]
    assert pending["kind"] == "grind_card"
    assert pending["lens"]["cards"] == [{"card": "D17", "turned": False}]
    assert pending["lens"]["awaiting"] is None
