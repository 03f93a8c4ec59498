"""Random games always end (rules §16) and every decision is well formed (§21)."""

from __future__ import annotations

import pytest

from boardlab.engine import Rng
from boardlab.games.linnaeus import scoring

from .helpers import new

CASES = [(players, seed, options)
         for players in (1, 2, 3, 4)
         for seed in range(6)
         for options in ({}, {"characters": True}, {"start_tiles": True})]


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_r16_random_games_end_and_every_decision_is_well_formed(
        players: int, seed: int, options: dict[str, object]) -> None:
    s = new(players, seed, **options)
    rng = Rng(seed * 7 + players)
    steps = 0
    while not s.is_over:
        decision = s.decision
        assert decision is not None
        ids = [a.id for a in decision.options]
        assert len(ids) >= 2, decision.kind  # one option is never asked (§21)
        assert len(set(ids)) == len(ids), (decision.kind, ids)
        assert decision.player < players  # the automa never decides
        s.apply(decision.options[rng.randbelow(len(ids))])
        steps += 1
        assert steps < 5000
    assert s.round == 5 and s.final == scoring.scores(s)
    outcome = s.outcome()
    assert outcome["winners"] and len(outcome["scores"]) == players + (players == 1)
    assert all(x >= 0 for x in s.coins + s.containers + s.tools + s.vp)
    assert all(0 <= x <= 2 for x in s.knowledge)


def test_r16_the_same_seed_and_choices_give_the_same_game() -> None:
    games = []
    for _ in range(2):
        s = new(3, 9)
        rng = Rng(1)
        while not s.is_over:
            options = s.legal_actions()
            s.apply(options[rng.randbelow(len(options))])
        games.append(s)
    assert games[0] == games[1]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_audit_holds_through_random_games(players: int) -> None:
    from boardlab.games.linnaeus.audit import audit

    for seed in range(3):
        s = new(players, seed, characters=seed == 1, start_tiles=seed == 2)
        rng = Rng(seed)
        assert audit(s) == []
        while not s.is_over:
            options = s.legal_actions()
            s.apply(options[rng.randbelow(len(options))])
            assert audit(s) == [], (players, seed, len(s.history))


def test_the_audit_catches_a_duplicate() -> None:
    from boardlab.games.linnaeus.audit import audit

    s = new(2, 1)
    s.letters[0] = (s.letter_display[0],)
    assert any("letter" in x for x in audit(s))
