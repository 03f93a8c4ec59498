"""Why the game ended, in words (issue 27, item 5): the last school year was played (K-14)."""

from __future__ import annotations

import boardlab
from boardlab.agents import make
from boardlab.games.konoten.content import CONTENT


def test_the_last_round_is_told_once_over_K_14():
    s = boardlab.new("konoten", 2, 5)
    bot = make("random", seed=2)
    while not s.is_over:
        assert s.end_reason() == ""
        s.apply(bot.choose(s))
    assert s.end_reason().startswith(
        f"The game ended after round {CONTENT.rounds}, the last school year")
