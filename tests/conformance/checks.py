"""The contract checks the conformance tests apply to a state; each failure says where it was.

Failure messages call ``describe(state)`` inside the ``assert`` message, so it only runs
when a check fails.
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Collection, Iterator, Sequence
from typing import Any

from jsonschema.protocols import Validator
from jsonschema.validators import validator_for

from boardlab import Action, GameState
from boardlab.engine import StackState, registry
from boardlab.engine.state import VIEW_VERSION

from .playing import describe

SNAKE_CASE = re.compile(r"[a-z][a-z0-9]*(_[a-z0-9]+)*")
ENVELOPE_KEYS = frozenset(
    {
        "game",
        "version",
        "players",
        "sides",
        "seat",
        "to_move",
        "decision",
        "over",
        "scores",
        "winners",
        "body",
    }
)
LOG_KEYS = frozenset({"n", "seat", "kind", "id", "text"})
# Names under which a view would be showing the engine's own bookkeeping.
FRAME_KEYS = frozenset({"stack", "frames", "_ready"})


def seats(state: GameState) -> list[int | None]:
    """Every seat, and ``None`` for a spectator."""
    return [None, *range(state.players)]


def check_decision(state: GameState) -> None:
    """The pending decision agrees with ``to_move``/``legal_actions`` and its options are sound."""
    decision = state.decision
    if decision is None:
        assert state.is_over and state.to_move is None, describe(state)
        assert state.legal_actions() == [], describe(state)
        return
    assert not state.is_over, describe(state)
    options = state.legal_actions()
    assert options, f"no legal action while the game is not over: {describe(state)}"
    assert len(options) > 1, (
        f"the decision has the single option {options[0].id!r}: the engine plays such a "
        f"decision itself (issue 27): {describe(state)}"
    )
    assert list(decision.options) == options, f"options != legal_actions(): {describe(state)}"
    assert state.to_move == decision.player, describe(state)
    assert decision.player in range(state.players), f"{decision.player}: {describe(state)}"
    assert decision.id == len(state.history), (
        f"decision.id {decision.id} is not the number of decisions answered "
        f"({len(state.history)}): {describe(state)}"
    )
    kind, prompt = decision.kind, decision.prompt
    assert SNAKE_CASE.fullmatch(kind), f"kind {kind!r} is not snake_case: {describe(state)}"
    assert isinstance(prompt, str) and prompt.strip(), f"empty prompt: {describe(state)}"
    assert "\n" not in prompt and "\r" not in prompt, f"{prompt!r} spans lines: {describe(state)}"
    ids = [str(option) for option in options]
    assert all(isinstance(option, Action) for option in options), describe(state)
    assert len(set(ids)) == len(ids), f"repeated option ids {sorted(ids)}: {describe(state)}"
    assert len(set(options)) == len(options), f"options equal by value: {describe(state)}"
    for option, text in zip(options, ids, strict=True):
        assert text and text == text.strip() and "\n" not in text, f"{text!r}: {describe(state)}"
        assert all(
            isinstance(arg, int | str) and not isinstance(arg, bool) for arg in option.args
        ), f"{text!r} has args {option.args!r} (ints and strs only): {describe(state)}"
        assert Action.from_json(option.to_json()) == option, f"{text!r}: {describe(state)}"


def check_str_round_trip(state: GameState, action: Action) -> None:
    """Applying ``str(action)`` to a clone gives the same state as applying ``action``."""
    by_id = state.clone()
    by_id.apply(str(action))
    by_value = state.clone()
    by_value.apply(action)
    assert by_id == by_value, f"apply({str(action)!r}) != apply(action): {describe(state)}"
    assert by_id.history[len(state.history)] == str(action), describe(state)


def check_audit(state: GameState) -> None:
    """``SPEC.audit(state)`` finds no broken conservation invariant."""
    audit = state.SPEC.audit
    if audit is not None:
        problems = audit(state)
        assert problems == [], f"audit problems {problems}: {describe(state)}"


def is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def check_scores(state: GameState) -> None:
    """One finite number per seat and per side; winners by seat and by side, only once over.

    ``sides`` starts with ``"P1"``, ``"P2"``...; ``outcome()`` scores every side and, once
    over, names at least one winner; ``winners()`` are the seats among them.
    """
    scores = state.scores()
    assert len(scores) == state.players, f"scores {scores}: {describe(state)}"
    assert all(map(is_number, scores)), f"scores {scores} are not all numbers: {describe(state)}"
    sides = state.sides
    assert sides[: state.players] == [f"P{seat + 1}" for seat in range(state.players)], sides
    assert len(set(sides)) == len(sides), f"sides {sides} repeat: {describe(state)}"
    outcome = state.outcome()
    assert set(outcome) == {"sides", "scores", "winners"}, f"outcome {outcome}: {describe(state)}"
    assert outcome["sides"] == sides, f"outcome {outcome}: {describe(state)}"
    assert len(outcome["scores"]) == len(sides), f"outcome {outcome}: {describe(state)}"
    assert all(map(is_number, outcome["scores"])), f"outcome {outcome}: {describe(state)}"
    assert list(outcome["scores"][: state.players]) == list(scores), describe(state)
    winners, named = state.winners(), outcome["winners"]
    if state.is_over:
        assert named, f"no winning side once over: {describe(state)}"
        assert len(set(named)) == len(named) and set(named) <= set(sides), describe(state)
        seated = sorted(sides.index(name) for name in named if sides.index(name) < state.players)
        assert sorted(winners) == seated, f"winners {winners} vs {named}: {describe(state)}"
        assert len(set(winners)) == len(winners), f"winners {winners}: {describe(state)}"
    else:
        assert winners == [] and named == [], f"winners before the end: {describe(state)}"
    json.dumps(outcome, allow_nan=False)


def check_breakdown(state: GameState) -> None:
    """``score_breakdown()``: per side, finite points by named source adding up to its score."""
    breakdown = state.score_breakdown()
    totals = state.side_scores()
    assert len(breakdown) == len(state.sides), f"breakdown {breakdown}: {describe(state)}"
    for side, (parts, total) in enumerate(zip(breakdown, totals, strict=True)):
        assert all(isinstance(name, str) and name for name in parts), f"{parts}: {describe(state)}"
        assert all(map(is_number, parts.values())), f"{parts}: {describe(state)}"
        assert math.isclose(sum(parts.values()), total, abs_tol=1e-9), (
            f"side {side}: {parts} add up to {sum(parts.values())}, not {total}: {describe(state)}"
        )
    json.dumps(breakdown, allow_nan=False)


def check_explain(state: GameState) -> None:
    """``explain(option)``: non-empty text for every option, and reading it changes nothing."""
    if state.decision is None:
        return
    before = state.to_json()
    for option in state.legal_actions():
        text = state.explain(option)
        assert isinstance(text, str) and text.strip(), f"explain({option}): {describe(state)}"
    assert state.to_json() == before, f"explain changed the state: {describe(state)}"


def check_render(state: GameState) -> None:
    for seat in seats(state):
        picture = state.render() if seat is None else state.render(seat)
        assert isinstance(picture, str) and picture.strip(), f"render({seat}): {describe(state)}"


# ---------------------------------------------------------------------- views
@functools.cache
def body_validator(game: str) -> Validator:
    """The validator of ``game``'s ``SPEC.body_schema`` (the schema itself checked first)."""
    schema = registry.spec(game).body_schema
    assert schema is not None, f"{game} ships no view body schema (GameSpec.body_schema)"
    plain = json.loads(json.dumps(schema, default=dict))
    cls = validator_for(plain)
    cls.check_schema(plain)
    validator: Validator = cls(plain)
    return validator


def _walk(value: Any) -> Iterator[tuple[str | None, Any]]:
    """Every (key, value) pair of a JSON value, depth first; list items have key ``None``."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield key, item
            yield from _walk(item)
    elif isinstance(value, list):
        for item in value:
            yield None, item
            yield from _walk(item)


def raw_frames(state: GameState, body: Any) -> list[str]:
    """Where ``body`` shows the engine's frame stack: keys named like it, or the stack itself."""
    found = [f"key {key!r}" for key, _ in _walk(body) if key in FRAME_KEYS]
    if isinstance(state, StackState) and state.stack:
        frames = json.loads(json.dumps([list(frame) for frame in state.stack]))
        for key, value in _walk(body):
            if value == frames or value == frames[::-1]:
                found.append(f"the stack under {key!r}")
    return found


def check_view(state: GameState, seat: int | None) -> dict[str, Any]:
    """``view(seat)``: the engine's envelope, right for this state, around a body that
    follows the game's schema and shows no frames. Returns the view."""
    where = f"view({seat}) at {describe(state)}"
    view = state.view(seat)
    assert isinstance(view, dict), where
    assert set(view) == ENVELOPE_KEYS, f"envelope keys {sorted(view)}: {where}"
    try:
        json.dumps(view, allow_nan=False)
    except (TypeError, ValueError) as error:
        raise AssertionError(f"not JSON-able ({error}): {where}") from None
    expected = {
        "game": state.game,
        "version": VIEW_VERSION,
        "players": state.players,
        "sides": state.sides,
        "seat": seat,
        "to_move": state.to_move,
        "over": state.is_over,
    }
    assert {key: view[key] for key in expected} == expected, where
    decision = state.decision
    if decision is not None and seat == decision.player:
        assert view["decision"] == {
            "id": decision.id,
            "kind": decision.kind,
            "prompt": decision.prompt,
            "options": [{"id": option.id, "label": option.label} for option in decision.options],
        }, f"the decision shown differs from state.decision: {where}"
    else:
        assert view["decision"] is None, f"a decision shown to a seat not to move: {where}"
    scores, winners = view["scores"], view["winners"]
    assert len(scores) == len(state.sides), f"scores {scores} are not one per side: {where}"
    outcome = state.outcome()
    if state.is_over:
        assert scores == outcome["scores"], f"final scores {scores} != outcome: {where}"
        assert winners == outcome["winners"], f"winners {winners} != outcome: {where}"
    else:
        assert all(score is None or is_number(score) for score in scores), where
        assert winners == [], f"winners {winners} before the end: {where}"
    errors = sorted(body_validator(state.game).iter_errors(view["body"]), key=str)
    assert not errors, (
        f"the body breaks {state.game}'s schema at {list(errors[0].absolute_path)}: "
        f"{errors[0].message}: {where}"
    )
    frames = raw_frames(state, view["body"])
    assert not frames, f"the body shows the frame stack ({', '.join(frames)}): {where}"
    return view


def check_views(state: GameState) -> None:
    """Every seat's view and the spectator's keep the envelope and the body schema."""
    for seat in seats(state):
        check_view(state, seat)


# ---------------------------------------------------------------------- logs
def check_log(
    state: GameState, secret: Collection[int], movers: Sequence[int] | None = None
) -> None:
    """``log(seat)`` for every seat and the spectator, given the history indexes of secret
    actions (and, when known, the deciding seat of every history step).

    One entry per applied action (plus public events with no seat), numbered from 0, all
    seats' logs aligned entry by entry; an action's id is the history's, except another
    seat's secret action not revealed yet: id ``None`` and a text that does not name it.
    ``log(seat, since)`` is the tail from entry ``since``.
    """
    history = state.history
    revealed = set(state.revealed_steps())
    logs = {seat: state.log(seat) for seat in seats(state)}
    shape = None
    for seat, log in logs.items():
        where = f"log({seat}) at {describe(state)}"
        assert [entry["n"] for entry in log] == list(range(len(log))), f"n not 0, 1, ...: {where}"
        json.dumps(log, allow_nan=False)
        assert all(set(entry) == LOG_KEYS for entry in log), f"entry keys: {where}"
        actions = [entry for entry in log if entry["seat"] is not None]
        assert len(actions) == len(history), (
            f"{len(actions)} action entries for {len(history)} actions: {where}"
        )
        for step, entry in enumerate(actions):
            text, actor = entry["text"], entry["seat"]
            assert actor in range(state.players), f"entry {entry}: {where}"
            if movers is not None:
                assert actor == movers[step], f"entry {entry} names the wrong seat: {where}"
            assert isinstance(text, str) and text.strip(), f"entry {entry}: {where}"
            assert SNAKE_CASE.fullmatch(entry["kind"]), f"entry {entry}: {where}"
            if step in secret and step not in revealed and actor != seat:
                assert entry["id"] is None, f"another seat's secret shows: {entry}: {where}"
                assert history[step] not in text, f"the text names the secret: {entry}: {where}"
            else:
                assert entry["id"] == history[step], f"entry {entry} != {history[step]!r}: {where}"
        for entry in log:
            if entry["seat"] is None:
                assert entry["id"] is None and isinstance(entry["kind"], str), where
                assert isinstance(entry["text"], str) and entry["text"].strip(), where
        outline = [(entry["n"], entry["seat"], entry["kind"]) for entry in log]
        events = [entry for entry in log if entry["seat"] is None]
        if shape is None:
            shape = (outline, events)
        assert (outline, events) == shape, f"the logs of two seats do not line up: {where}"
        for since in sorted({0, 1, len(log) // 2, len(log), len(log) + 3}):
            assert state.log(seat, since) == log[since:], f"log({seat}, {since}): {where}"
