"""Every non-default option value gives a game that plays to the end within the contract."""

from __future__ import annotations

import pytest

import boardlab
from boardlab import GameState
from boardlab.engine import registry

from .cases import OptionCase
from .checks import check_audit, check_decision
from .playing import SEEDS, random_playout


def check_every_step(state: GameState) -> None:
    check_decision(state)
    check_audit(state)


def test_every_option_value_plays_through(option_case: OptionCase) -> None:
    spec = registry.spec(option_case.game)
    for players in range(spec.min_players, spec.max_players + 1):
        for value in option_case.values_for(players):
            options = {option_case.option: value}
            try:
                boardlab.new(option_case.game, players, SEEDS[0], **options)
            except ValueError:
                continue  # the value may need another player count (a solo variant...)
            state = random_playout(
                option_case.game,
                players,
                SEEDS[0],
                options,
                each_step=check_every_step,
            )
            assert state.options[option_case.option] == value
            assert state.outcome()["winners"]
            return
    pytest.fail(f"{option_case}: no player count accepts this option value")
