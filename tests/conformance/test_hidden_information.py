"""What a seat sees does not depend on what it cannot see: ``view(s)`` and ``log(s)`` survive
determinize, which re-samples the hidden information of every game that has some."""

from __future__ import annotations

import random

import pytest

import boardlab
from boardlab.engine import Rng

from .cases import GameCase
from .checks import check_audit, check_decision, check_views, seats
from .hidden import HIDDEN
from .playing import MAX_STEPS, SEEDS, describe, recorded

DETERMINIZATIONS = 3


def test_every_game_declares_its_hidden_information(loadable_game: str) -> None:
    assert loadable_game in HIDDEN, (
        f"{loadable_game} is not in the table HIDDEN of tests/conformance/hidden.py: add a "
        f"function planting a marker into a hidden field (or None for a game without any)"
    )


@pytest.mark.parametrize("seed", SEEDS)
def test_determinize_keeps_what_the_seat_sees(game_case: GameCase, seed: int) -> None:
    resampled = False
    for checkpoint in recorded(game_case.game, game_case.players, seed).checkpoints:
        state = checkpoint.state
        check_views(state)
        for seat in seats(state):
            for k in range(DETERMINIZATIONS):
                twin = state.determinize(seat, random.Random(k))
                where = f"determinize({seat}, Random({k})) at {describe(state)}"
                assert twin.view(seat) == state.view(seat), f"view({seat}) differs: {where}"
                assert twin.view(None) == state.view(None), f"view(None) differs: {where}"
                assert twin.log(seat) == state.log(seat), f"log({seat}) differs: {where}"
                if seat is not None and seat == state.to_move:
                    assert twin.decision == state.decision, (
                        f"the deciding seat's options depend on what it cannot see: {where}"
                    )
                reposed = boardlab.load(twin.to_json(), verify=False)
                assert twin.legal_actions() == reposed.legal_actions(), (
                    f"the options of the determinization are not those of its own deal: {where}"
                )
                check_decision(twin)
                check_audit(twin)
                resampled = resampled or twin.snapshot() != state.snapshot()
        assert state.to_json() == checkpoint.saved, f"determinize changed it: {describe(state)}"
        assert state.determinize(0, Rng(seed)) == state.determinize(0, Rng(seed)), describe(state)
    if HIDDEN.get(game_case.game) is not None:
        assert resampled, (
            f"{game_case} seed {seed}: the game has hidden information (tests/conformance/"
            f"hidden.py) but determinize re-sampled nothing at any point of the game"
        )


def test_a_determinization_plays_on_to_the_end(game_case: GameCase) -> None:
    game = recorded(game_case.game, game_case.players, SEEDS[0])
    unfinished = game.unfinished()
    if not unfinished:
        pytest.fail(f"{game_case}: the recorded game has no decision at all")
    state = unfinished[len(unfinished) // 2].state
    twin = state.determinize(state.to_move, random.Random(SEEDS[0]))
    assert twin.rng != state.rng, f"determinize kept the real generator: {describe(state)}"
    chooser = Rng(SEEDS[0])
    while not twin.is_over:
        if len(twin.history) >= MAX_STEPS:
            pytest.fail(f"the determinized game does not end: {describe(twin)}")
        options = twin.legal_actions()
        twin.apply(options[chooser.randbelow(len(options))])
        check_decision(twin)
        check_audit(twin)
    assert twin.outcome()["winners"], describe(twin)


@pytest.mark.parametrize("seed", SEEDS[:1])
def test_a_re_deal_depends_only_on_what_the_seat_sees(game_case: GameCase, seed: int) -> None:
    """Two states a seat cannot tell apart re-deal to the same world from the same generator.

    Otherwise a bot's choice, made on determinized copies, could reveal the hidden order.
    """
    for checkpoint in recorded(game_case.game, game_case.players, seed).checkpoints[::3]:
        state = checkpoint.state
        for seat in seats(state):
            lookalike = state.determinize(seat, random.Random(1))
            assert lookalike.view(seat) == state.view(seat)
            world = state.determinize(seat, random.Random(7))
            twin_world = lookalike.determinize(seat, random.Random(7))
            assert world == twin_world, (
                f"determinize({seat}) depends on the hidden order: {describe(state)}"
            )
