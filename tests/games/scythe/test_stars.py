"""Stars (S-13), their timing (S-21.3-2) and the end of the game on a sixth star (S-14,
S-21.3-3); the turn limit that makes every game end (README)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from boardlab.games.scythe import stars, tracks
from boardlab.games.scythe.state import ScytheState
from boardlab.games.scythe.tables import (
    BUILD,
    DEPLOY,
    GOAL_MECHS,
    GOAL_POPULARITY,
    GOAL_POWER,
    GOAL_RECRUITS,
    GOAL_STRUCTURES,
    GOAL_UPGRADES,
    GOAL_WORKERS,
)

from .helpers import clear, game, kind, mech, options, play, pose, resource, structure, workers

#: Five stars, neither for power nor for popularity.
FIVE_STARS = (
    (1 << GOAL_UPGRADES)
    | (1 << GOAL_MECHS)
    | (1 << GOAL_STRUCTURES)
    | (1 << GOAL_RECRUITS)
    | (1 << GOAL_WORKERS)
)


def setup(players: int = 2) -> ScytheState:
    factions = ("nordic", "rusviet", "crimea", "saxony", "polania")[:players]
    s = game(factions)
    clear(s)
    return s


def _upgrades(s: ScytheState) -> list[str]:
    s.top_upgrades[0] = 0b011111
    return ["cube deploy"]  # the one top box left is uncovered at once


def _mechs(s: ScytheState) -> list[str]:
    for ability in ("riverwalk", "seaworthy", "artillery"):
        mech(s, 0, ability, "r1c4")
    return []  # the one mech left goes on the one worker territory


def _structures(s: ScytheState) -> list[str]:
    for name, where in (("mine", "r2c4"), ("mill", "r1c5"), ("armory", "r2c3")):
        structure(s, 0, name, where)
    return []


def _recruits(s: ScytheState) -> list[str]:
    s.recruits[0] = 0b0111
    s.recruit_bonuses[0] = 0b0111
    return []


GOALS: dict[int, tuple[tuple[str | int, ...], Callable[[ScytheState], list[str]]]] = {
    GOAL_UPGRADES: (("upgrade",), _upgrades),
    GOAL_MECHS: (("deploy", -1), _mechs),
    GOAL_STRUCTURES: (("build", -1), _structures),
    GOAL_RECRUITS: (("enlist",), _recruits),
}


@pytest.mark.parametrize("goal", sorted(GOALS))
def test_s13_a_star_for_completing_a_row_of_the_mats(goal: int) -> None:
    """S-13: all upgrades, all mechs, all structures, all recruits each place a star when
    the action that completes them ends."""
    s = setup()
    workers(s, 0, "r1c4")
    effect, prepare = GOALS[goal]
    ids = prepare(s)
    pose(s, ("stars", 0), (str(effect[0]), 0, *effect[1:]), active=0)
    play(s, *ids)
    assert s.star_goals[0] == 1 << goal and s.stars(0) == 1


def test_s13_stars_for_8_workers_18_popularity_16_power() -> None:
    s = setup()
    workers(s, 0, "r1c3", 7)
    s.coins[0] = 5
    # Industrial: Produce/Deploy (the village makes the 8th worker), then Trade, Bolster
    pose(s, ("stars", 0), ("top", 0, 1), active=0)
    play(s, "produce", "produce r1c3")
    assert s.star_goals[0] == 1 << GOAL_WORKERS
    s.popularity[0] = 17
    s.power[0] = 15
    pose(s, ("stars", 0), ("top", 0, 3), active=0)
    play(s, "trade popularity", "take 1")
    pose(s, ("stars", 0), ("top", 0, 0), active=0)
    play(s, "bolster power", "take 2")
    assert s.stars(0) == 3
    assert s.star_goals[0] == (1 << GOAL_WORKERS) | (1 << GOAL_POPULARITY) | (1 << GOAL_POWER)


def test_s21_3_2_a_goal_reached_at_any_moment_of_the_action_earns_its_star() -> None:
    """S-21.3-2: 18 popularity reached, then lost, within one action still earns the star,
    placed when the action ends."""
    s = setup()
    s.popularity[0] = 17
    tracks.gain_popularity(s, 0, 2)
    tracks.lose_popularity(s, 0, 3)
    assert s.stars(0) == 0
    pose(s, ("stars", 0), active=0)
    assert s.star_goals[0] == 1 << GOAL_POPULARITY and s.popularity[0] == 15


def test_s13_each_goal_once() -> None:
    s = setup()
    s.power[0] = 16
    pose(s, ("stars", 0), active=0)
    pose(s, ("stars", 0), active=0)
    assert s.stars(0) == 1


def test_s14_the_sixth_star_ends_the_game_at_once_before_the_bottom_action() -> None:
    """S-14: a sixth star from the top action ends the game before the bottom action."""
    s = setup()
    s.star_goals[0] = FIVE_STARS
    assert s.stars(0) == 5
    s.power[0] = 14
    workers(s, 0, "r1c4")
    resource(s, "r1c4", "oil", 5)
    s.turn += 1
    pose(s, ("turn", 0), active=0)
    play(s, "section bolster", "bolster power", "take 2")
    assert s.is_over and s.ended == stars.SIXTH_STAR and s.stars(0) == 6
    assert s.stack == [] and s.winners() != []


def test_s14_a_bottom_actions_sixth_star_comes_after_its_coins_and_recruit_bonuses() -> None:
    s = setup()
    s.star_goals[0] = FIVE_STARS & ~(1 << GOAL_MECHS) | (1 << GOAL_POWER)
    assert s.stars(0) == 5
    for ability in ("riverwalk", "seaworthy", "artillery"):
        mech(s, 0, ability, "r1c4")
    workers(s, 0, "r1c4")
    resource(s, "r1c4", "metal", 3)
    s.recruits[1] = 1 << DEPLOY
    coins = s.coins[:]
    pose(s, ("bottom", 0, 1), active=0)  # Industrial: Deploy, 3 metal, $2
    play(s, "deploy")
    assert s.is_over and s.stars(0) == 6
    assert s.coins[0] == coins[0] + 2 and s.coins[1] == coins[1] + 1


def test_s21_3_2_recruit_bonus_stars_placed_clockwise_after_the_active_player() -> None:
    """S-14, S-21.3-2: stars others earn by recruit bonuses are placed after the active
    player's action, clockwise; once a sixth star ends the game, no more are placed. The
    questions whether to take each bonus come clockwise too (S-7.4), left neighbour first."""
    s = setup(3)
    workers(s, 0, "r1c4")
    resource(s, "r1c4", "wood", 3)
    for seat in (1, 2):
        s.recruits[seat] = 1 << BUILD  # Build's bonus: +1 popularity
        s.popularity[seat] = 17
    s.star_goals[1] = FIVE_STARS  # Rusviet, the left neighbour
    pose(s, ("bottom", 0, 2), active=0)
    play(s, "build", "structure mill")
    # each neighbour's bonus would earn its popularity star: each may decline it (S-3.7)
    assert kind(s) == "take_gain" and s.to_move == 1 and options(s) == ["take 1", "take 0"]
    play(s, "take 1")
    assert not s.is_over and s.stars(1) == 5  # placed once the action is over
    assert kind(s) == "take_gain" and s.to_move == 2 and options(s) == ["take 1", "take 0"]
    play(s, "take 1")
    assert s.is_over and s.stars(1) == 6
    assert s.popularity[2] == 18 and s.stars(2) == 0  # Crimea's star never placed


def test_turn_limit_ends_every_game() -> None:
    """README: the option ``turn_limit`` ends the game once every player has had that many
    turns, scored as it stands."""
    s = game(("nordic", "rusviet"), turn_limit=2)
    for _ in range(4):
        assert kind(s) == "choose_section"
        play(s, options(s)[0])
        while kind(s) not in ("choose_section", None):
            play(s, options(s)[-1])
    assert s.is_over and s.ended == stars.TURN_LIMIT and s.turn == 4
    assert len(s.winners()) >= 1
