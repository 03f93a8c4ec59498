"""Why the game ended, in words (issue 27, item 5): who placed the sixth star (S-14), or the
turn limit."""

from __future__ import annotations

from boardlab.agents import make
from boardlab.games.scythe.content import CONTENT
from boardlab.games.scythe.stars import place_combat_star

from .helpers import new


def test_the_sixth_star_names_its_seat_and_faction_S_14():
    s = new(2, seed=4)
    assert s.end_reason() == ""
    s.star_goals[1] = 0b11111  # five stars placed
    assert place_combat_star(s, 1)
    s.advance()  # what the engine does after every action
    s.forget_decision()
    faction = CONTENT.factions[s.faction[1]].name
    assert s.is_over
    assert s.end_reason() == (
        f"P2 ({faction}) placed their sixth star, which ends the game at once.")


def test_the_turn_limit_is_told_with_its_number():
    s = new(2, seed=4, turn_limit=2)
    bot = make("random", seed=1)
    while not s.is_over:
        s.apply(bot.choose(s))
    assert s.end_reason() == (
        "Nobody placed a sixth star within the turn limit (2 turns each), so the game ended "
        "there.")
