"""The view, its schema, the terminal picture, copies and saves."""

from __future__ import annotations

import random

import jsonschema
import pytest

import boardlab
from boardlab.engine import Rng
from boardlab.games.linnaeus import SPEC

from .helpers import new, started


def _played(players: int, seed: int, steps: int) -> boardlab.GameState:
    s = new(players, seed)
    rng = Rng(seed)
    for _ in range(steps):
        if s.is_over:
            break
        options = s.legal_actions()
        s.apply(options[rng.randbelow(len(options))])
    return s


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_view_matches_its_schema(players: int) -> None:
    assert SPEC.body_schema is not None
    for steps in (0, 40, 150, 10_000):
        s = _played(players, 2, steps)
        for seat in [None, *range(players)]:
            jsonschema.validate(s.view(seat)["body"], dict(SPEC.body_schema))


def test_render_shows_the_board() -> None:
    s = started(1, 2)
    text = s.render(0)
    assert "Uppsala" in text and "automa" in text and "(you)" in text


def test_clone_is_independent_and_equal() -> None:
    s = _played(3, 4, 60)
    twin = s.clone()
    assert twin == s
    options = twin.legal_actions()
    twin.apply(options[-1])
    assert twin != s and s.history != twin.history


def test_save_and_load_without_replay() -> None:
    s = _played(2, 4, 90)
    text = s.to_json()
    loaded = boardlab.load(text, verify=False)
    assert loaded == s
    assert loaded.legal_actions() == s.legal_actions()
    replayed = boardlab.load(text)
    assert replayed == s


def test_determinize_keeps_the_view() -> None:
    s = _played(4, 4, 120)
    for seat in range(4):
        twin = s.determinize(seat, random.Random(seat))
        assert twin.view(seat) == s.view(seat)


def test_copy_fields_copies_every_field() -> None:
    from boardlab.games.linnaeus.state import LinnaeusState

    s = _played(2, 4, 50)
    twin = s.clone()
    names = LinnaeusState.FIELDS.names
    for name in names:
        assert getattr(twin, name) == getattr(s, name), name
        if isinstance(getattr(s, name), list):
            assert getattr(twin, name) is not getattr(s, name), name
    assert set(names) == set(LinnaeusState.__slots__)


def test_explain_says_what_a_placement_does() -> None:
    s = started(2, 1)
    text = s.explain(s.legal_actions()[0])
    assert "glasses bonus (3 taxonomy steps)" in text and "explore once" in text
