"""Why the game ended, in words (issue 27, item 5): round 5's income phase ends it (§16); a
solo game says the automa scored as a side."""

from __future__ import annotations

import boardlab
from boardlab.agents import make


def finished(players: int) -> boardlab.GameState:
    s = boardlab.new("linnaeus", players, 6)
    bot = make("random", seed=3)
    while not s.is_over:
        assert s.end_reason() == ""
        s.apply(bot.choose(s))
    return s


def test_the_last_income_phase_is_told_in_a_two_player_game_16():
    reason = finished(2).end_reason()
    assert reason.startswith("The game ended after round 5's income phase, the last round")
    assert "automa" not in reason


def test_a_solo_game_names_the_automa_19():
    assert "The automa scored as a side of its own." in finished(1).end_reason()
