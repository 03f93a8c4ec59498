"""Rules a review found departed from the reference: revealing an objective at any point of
one's own turn (S-5, S-12), declining a gain (S-3.7, S-7, S-21.1) and the encounter options'
labels (S-10)."""

from __future__ import annotations

from boardlab.games.scythe import tracks
from boardlab.games.scythe.content import CONTENT, TOP_ACTIONS
from boardlab.games.scythe.encounters import OPTION
from boardlab.games.scythe.state import ScytheState
from boardlab.games.scythe.tables import GOAL_POPULARITY, OBJECTIVES_HELD, SECTION_OF_TOP

from .helpers import character, clear, game, kind, mech, options, play, pose

COINS_20 = 11  # objective 12: 20 coins or more


def holding(s: ScytheState, seat: int, card: int) -> None:
    """``seat`` holds objective ``card`` alone (taken out of the deck)."""
    s.objective_deck = tuple(c for c in s.objective_deck if c != card)
    s.objectives[seat * OBJECTIVES_HELD] = card


def setup() -> ScytheState:
    s = game(("nordic", "rusviet"), mats=("industrial", "engineering"))
    clear(s)
    return s


def top(s: ScytheState, seat: int, action: str) -> ScytheState:
    section = SECTION_OF_TOP[s.mat[seat]][TOP_ACTIONS.index(action)]
    return pose(s, ("stars", seat), ("top", seat, section), active=seat)


# ---------------------------------------------------------------------- S-5, S-12
def test_s5_s12_an_objective_may_be_revealed_in_the_middle_of_a_move() -> None:
    s = setup()
    holding(s, 0, COINS_20)
    s.coins[0] = 20
    pose(s, ("move", 0, 2, 0, 0, 1, 1, ()), active=0)
    assert kind(s) == "move_unit" and "objective 12" in options(s)
    play(s, "objective 12")
    assert s.objective_stars[0] == 1 and kind(s) == "move_unit"  # posed again
    assert "objective 12" not in options(s)


def test_s5_s12_an_unmet_objective_adds_no_option_and_no_decision() -> None:
    s = setup()
    holding(s, 0, COINS_20)
    s.coins[0] = 19
    pose(s, ("move", 0, 2, 0, 0, 1, 1, ()), active=0)
    assert not any(o.startswith("objective") for o in options(s))


def test_s5_s12_an_objective_may_be_revealed_between_a_move_and_its_combats() -> None:
    """Between a move and its combats the mover may reveal a completed objective. Once none
    is left to reveal, the pause is no longer posed (issue 27 item 3): the engine plays its
    only option, ``done``, itself, recorded in the history, and the combat begins."""
    s = setup()
    holding(s, 0, COINS_20)
    s.coins[0] = 20
    mech(s, 0, "riverwalk", "r1c5")
    character(s, 1, "r2c4")
    s.power = [5, 5]
    pose(s, ("move", 0, 1, 0, 0, 1, 1, ()), active=0)
    play(s, "mech r1c5", "to r2c4")
    assert kind(s) == "before_combats" and options(s) == ["objective 12", "done"]
    play(s, "objective 12")
    assert s.objective_stars[0] == 1
    assert s.history[-2:] == ["objective 12", "done"]
    assert kind(s) in ("artillery", "combat_dial")


def test_s12_no_reveal_in_another_seats_decision() -> None:
    s = setup()
    holding(s, 1, COINS_20)
    s.coins[1] = 20
    pose(s, ("move", 1, 2, 0, 0, 1, 1, ()), active=0)  # not seat 1's turn
    assert not any(o.startswith("objective") for o in options(s))


# ---------------------------------------------------------------------- S-3.7, S-7
def test_s3_7_a_gain_that_earns_a_star_may_be_taken_in_part() -> None:
    s = setup()
    s.coins[0] = 5
    s.popularity[0] = 17
    top(s, 0, "trade")
    play(s, "trade popularity")
    assert kind(s) == "take_gain" and options(s) == ["take 1", "take 0"]
    play(s, "take 0")
    assert s.popularity[0] == 17 and not s.star_goals[0] & (1 << GOAL_POPULARITY)


def test_s3_7_part_of_a_gain_stays_below_the_star() -> None:
    s = setup()
    s.coins[0] = 5
    s.power[0] = 14
    top(s, 0, "bolster")
    play(s, "bolster power")
    assert options(s) == ["take 2", "take 1"]  # 1 is the most below 16; less is never better
    play(s, "take 1")
    assert s.power[0] == 15 and s.stars(0) == 0


def test_s3_7_s7_gains_where_declining_cannot_matter_are_taken_whole() -> None:
    """More coins, cards, popularity or power below the star is never worse: no objective of
    the designed deck bounds a track from above, so the coin bonus is paid with no question."""
    assert tracks.CAPPED_BY_OBJECTIVES == 0
    s = setup()
    s.coins[0] = 5
    s.popularity[0] = 10
    top(s, 0, "trade")
    play(s, "trade popularity")
    assert s.popularity[0] == 11 and kind(s) != "take_gain"
    assert tracks.gain_amounts(s, 0, 0, 3) == [3]  # coins


# ---------------------------------------------------------------------- S-10
def test_s10_encounter_options_are_labelled_with_what_they_cost_and_give() -> None:
    row = CONTENT.encounters[0].options
    labels = [action.label for action in OPTION[0]]
    assert labels[0] == "encounter option A: gain 2 popularity"
    assert labels[1] == "encounter option B: pay 2 coins; gain upgrade, 1 power"
    assert labels[2] == "encounter option C: pay 2 popularity; gain 2 workers here, 3 food here"
    assert [a.id for a in OPTION[0]] == [f"option {r.label}" for r in row]
