"""The contract checks the conformance tests apply to a state; each failure says where it was.

Failure messages call ``describe(state)`` inside the ``assert`` message, so it only runs
when a check fails.
"""

from __future__ import annotations

import json
import math
import re

from boardlab import Action, GameState

from .playing import describe

SNAKE_CASE = re.compile(r"[a-z][a-z0-9]*(_[a-z0-9]+)*")
# A JSON object key (``"name": ``) named like a generator, a seed or a deck order.
SECRET_KEY = re.compile(
    r'"((?:rng|seed|random_state)|[^"]*(?:deck|bag|draw)_?order[^"]*)": ', re.IGNORECASE
)


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
    assert list(decision.options) == options, f"options != legal_actions(): {describe(state)}"
    assert state.to_move == decision.player, describe(state)
    assert decision.player in range(state.players), f"{decision.player}: {describe(state)}"
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


def check_str_round_trip(state: GameState, action: Action) -> None:
    """Applying ``str(action)`` to a clone gives the same state as applying ``action``."""
    by_id = state.clone()
    by_id.apply(str(action))
    by_value = state.clone()
    by_value.apply(action)
    assert by_id == by_value, f"apply({str(action)!r}) != apply(action): {describe(state)}"
    assert by_id.history[-1] == str(action), describe(state)


def check_audit(state: GameState) -> None:
    """``SPEC.audit(state)`` finds no broken conservation invariant."""
    audit = state.SPEC.audit
    if audit is not None:
        problems = audit(state)
        assert problems == [], f"audit problems {problems}: {describe(state)}"


def check_scores(state: GameState) -> None:
    """One finite number per seat; winners empty while playing, a set of seats once over."""
    scores = state.scores()
    assert len(scores) == state.players, f"scores {scores}: {describe(state)}"
    assert all(
        isinstance(score, int | float) and not isinstance(score, bool) and math.isfinite(score)
        for score in scores
    ), f"scores {scores} are not all finite numbers: {describe(state)}"
    winners = state.winners()
    if state.is_over:
        assert winners, f"no winner once over: {describe(state)}"
        assert len(set(winners)) == len(winners), f"winners {winners}: {describe(state)}"
        assert set(winners) <= set(range(state.players)), f"winners {winners}: {describe(state)}"
    else:
        assert winners == [], f"winners {winners} before the end: {describe(state)}"


def check_render(state: GameState) -> None:
    for seat in seats(state):
        picture = state.render() if seat is None else state.render(seat)
        assert isinstance(picture, str) and picture.strip(), f"render({seat}): {describe(state)}"


def secret_keys(view_text: str) -> list[str]:
    """Keys in a JSON text named like a generator, a seed or a deck order."""
    return SECRET_KEY.findall(view_text)


def check_views(state: GameState) -> None:
    """Every seat's view (and the spectator's) is a JSON-able dict with no secret-named key."""
    for seat in seats(state):
        view = state.view(seat)
        assert isinstance(view, dict), f"view({seat}) is not a dict: {describe(state)}"
        try:
            text = json.dumps(view, allow_nan=False)
        except (TypeError, ValueError) as error:
            message = f"view({seat}) is not JSON-able ({error}): {describe(state)}"
            raise AssertionError(message) from None
        found = secret_keys(text)
        assert not found, f"view({seat}) has keys {found}: {describe(state)}"
