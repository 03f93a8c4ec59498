"""The turn (S-5): sections, top then bottom, paying in full (S-3.7), coin bonuses (S-7),
recruit ongoing bonuses (S-7.4, S-18), taken-but-empty bottom actions (S-7.5, S-21.3-4),
turn order (S-4.12)."""

from __future__ import annotations

import pytest

from boardlab.games.scythe.tables import BUILD, DEPLOY, ENLIST, N_VALUES, UPGRADE

from .helpers import (
    at,
    clear,
    game,
    kind,
    mech,
    options,
    play,
    pose,
    resource,
    tokens,
    turn,
    workers,
)


def test_s5_1_any_section_first_then_never_last_turns() -> None:
    """S-5.1: on the first turn any section; afterwards any but the one used last turn."""
    s = game()
    assert s.to_move == 0 and kind(s) == "choose_section"
    # Industrial: Bolster/Upgrade, Produce/Deploy, Move/Build, Trade/Enlist
    assert options(s) == ["section bolster", "section produce", "section move", "section trade"]
    play(s, "section bolster", "skip")
    # S-12 with no objective to reveal: the engine ends the turn itself (issue 27)
    assert s.history[-1] == "end turn" and s.to_move == 1
    play(s, "section move", "gain coins")
    assert s.to_move == 0
    assert options(s) == ["section produce", "section move", "section trade"]


def test_s15_2_relentless_rusviet_may_repeat_a_section() -> None:
    """S-15.2: Rusviet may choose the same section as last turn."""
    s = game(("nordic", "rusviet"))
    play(s, "section move", "gain coins")
    play(s, "section move", "gain coins")
    assert s.to_move == 0 and "section move" not in options(s)
    play(s, "section trade", "skip")
    assert s.to_move == 1 and "section move" in options(s) and len(options(s)) == 4


@pytest.mark.parametrize("relentless_on_card", [True, False])
def test_s11_s21_2_7_the_factory_card_is_a_fifth_section(relentless_on_card: bool) -> None:
    """S-11: a Factory card is a fifth section, under the same different-section rule;
    S-21.2-7: Rusviet's Relentless covers it unless the option says otherwise."""
    s = game(("nordic", "rusviet"), relentless_applies_to_factory_card=relentless_on_card)
    s.factory_card[0] = 0
    s.factory_card[1] = 1
    s.refresh()
    assert options(s)[-1] == "section factory"
    play(s, "section factory", "skip", "done")  # top row, Move, end
    assert s.last_section[0] == 4 and s.to_move == 1
    play(s, "section factory", "skip", "done")
    assert "section factory" not in options(s)  # Nordic, the turn after
    play(s, "section move", "gain coins")
    assert ("section factory" in options(s)) == relentless_on_card


def test_s5_2_top_before_bottom_and_the_top_gain_pays_the_bottom() -> None:
    """S-5.2-5.3: the top action first; its gains may pay the bottom action's cost."""
    s = game(("nordic", "rusviet"), mats=("mechanical", "industrial"))
    clear(s)
    workers(s, 0, "r1c4")
    workers(s, 0, "r1c5")
    resource(s, "r1c5", "oil", 1)
    turn(s, 0)
    # Mechanical: Trade/Upgrade, the Upgrade costs 3 oil; 1 oil is not enough
    play(s, "section trade", "trade resources", "gain oil")
    assert options(s) == ["at r1c4", "at r1c5"]
    play(s, "at r1c5", "gain oil", "at r1c5")
    assert s.coins[0] == 6 - 1
    assert options(s) == ["upgrade", "skip"]
    play(s, "upgrade")  # the 3 oil come from r1c5, the one place holding oil
    assert tokens(s, "r1c5") == {} and kind(s) == "upgrade_top"
    play(s, "upgrade power", "cube deploy")
    assert s.top_upgrades[0] == 0b1000 and s.bottom_cubes[0 * 4 + DEPLOY] == 1
    assert s.to_move == 1


def test_s3_7_a_bottom_action_is_offered_only_when_its_whole_cost_can_be_paid() -> None:
    """S-3.7: the whole cost is paid first; an action one cannot pay for cannot be taken."""
    s = game(("nordic", "rusviet"), mats=("mechanical", "industrial"))
    clear(s)
    workers(s, 0, "r1c5")
    resource(s, "r1c5", "oil", 2)
    turn(s, 0)
    play(s, "section trade", "trade popularity")
    assert s.to_move == 1  # the Upgrade (3 oil) was not offered: the bottom skipped itself
    assert tokens(s, "r1c5") == {"oil": 2}


def test_s7_coin_bonus_and_paying_from_several_territories() -> None:
    """S-7: a bottom action pays its resource from any controlled territories and gives
    the mat's coin bonus; S-3.4: resources need not be where the action happens."""
    s = game(("nordic", "rusviet"), mats=("industrial", "engineering"))
    clear(s)
    workers(s, 0, "r1c4")
    workers(s, 0, "r2c4")
    resource(s, "r1c4", "wood", 2)
    resource(s, "r2c4", "wood", 2)
    coins = s.coins[0]
    # Industrial: Move/Build, Build costs 3 wood and pays $1
    pose(s, ("bottom", 0, 2), active=0)
    play(s, "build")
    assert options(s) == ["from r1c4", "from r2c4"]
    play(s, "from r1c4", "from r1c4")
    assert kind(s) == "build_structure"  # the third wood can only come from r2c4
    assert tokens(s, "r2c4") == {"wood": 1} and tokens(s, "r1c4") == {}
    play(s, "structure mill", "at r2c4")
    assert s.coins[0] == coins + 1
    assert s.structures[0 * 4 + 1] == at("r2c4")


def _enlisted(s_recruits: list[int], seats: tuple[int, ...], action: int) -> None:
    for seat in seats:
        s_recruits[seat] |= 1 << action


def test_s7_4_recruit_bonuses_go_to_the_actor_and_both_neighbours_only() -> None:
    """S-7.4: whoever enlisted a bottom action's recruit gains its ongoing bonus when they or
    the player to their left or right takes that bottom action; nobody else does."""
    s = game(("nordic", "rusviet", "crimea", "saxony"))
    clear(s)
    for seat in range(4):
        workers(s, seat, ("r1c4", "r3c6", "r8c3", "r7c1")[seat])
    resource(s, "r1c4", "wood", 3)
    _enlisted(s.recruits, (0, 1, 2, 3), BUILD)  # Build's bonus: +1 popularity
    before = s.popularity[:]
    pose(s, ("bottom", 0, 2), active=0)
    play(s, "build", "structure mine")
    # seat 0 (Nordic) sits between Rusviet (left) and Saxony (right); Crimea is opposite
    assert [s.popularity[x] - before[x] for x in range(4)] == [1, 1, 0, 1]


def test_s7_4_recruit_bonuses_clockwise_from_the_actor() -> None:
    """S-7.4: bonuses from one action are taken clockwise from the active player: active,
    then left neighbour, then right neighbour (seen in who draws which combat card)."""
    s = game(("nordic", "rusviet", "crimea"))
    clear(s)
    workers(s, 1, "r3c6")
    resource(s, "r3c6", "food", 3)
    s.hand = [0] * len(s.hand)
    s.combat_deck = (2, 3, 4, 5)  # the top is the end: 5, then 4, then 3
    _enlisted(s.recruits, (0, 1, 2), ENLIST)  # Enlist's bonus: +1 combat card
    # Engineering (seat 1): Move/Enlist, 3 food
    pose(s, ("bottom", 1, 3), active=1)
    play(s, "enlist", "recruit upgrade", "bonus power")
    value = {5: 3, 4: 2, 3: 1}
    assert s.hand[1 * N_VALUES + value[5]] == 1  # the active player first
    assert s.hand[2 * N_VALUES + value[4]] == 1  # then the left neighbour, Crimea
    assert s.hand[0 * N_VALUES + value[3]] == 1  # then the right neighbour, Nordic


def test_s7_4_s18_two_players_the_bonus_once() -> None:
    """S-18: in a 2-player game the opponent is both neighbours but gains the bonus once."""
    s = game(("nordic", "rusviet"), mats=("industrial", "engineering"))
    clear(s)
    workers(s, 0, "r1c4")
    resource(s, "r1c4", "oil", 3)
    _enlisted(s.recruits, (0, 1), UPGRADE)  # Upgrade's bonus: +1 power
    before = s.power[:]
    pose(s, ("bottom", 0, 0), active=0)
    play(s, "upgrade", "upgrade move", "cube upgrade")
    assert s.power[0] - before[0] == 1 and s.power[1] - before[1] == 1


def test_s7_5_s21_3_4_a_paid_bottom_action_counts_even_with_nothing_left_to_do() -> None:
    """S-7.5, S-21.3-4: with every mech deployed, Deploy may still be paid for: its coin
    bonus and recruit bonuses apply."""
    s = game(("nordic", "rusviet"), mats=("industrial", "engineering"))
    clear(s)
    for ability in ("riverwalk", "seaworthy", "artillery", "speed"):
        mech(s, 0, ability, "r1c4")
    workers(s, 0, "r1c4")
    resource(s, "r1c4", "metal", 3)
    _enlisted(s.recruits, (1,), DEPLOY)  # Deploy's bonus: +1 coin
    coins = s.coins[:]
    # Industrial: Produce/Deploy, 3 metal, $2
    pose(s, ("bottom", 0, 1), active=0)
    play(s, "deploy")
    assert s.to_move == 1 and kind(s) == "choose_section"
    assert tokens(s, "r1c4") == {}
    assert s.coins[0] - coins[0] == 2 and s.coins[1] - coins[1] == 1


def test_s4_12_turns_go_clockwise_from_the_lowest_mat() -> None:
    """S-4.12: the lowest-numbered mat starts; play goes clockwise (by faction seating)."""
    s = game(("nordic", "rusviet", "crimea"), mats=("patriotic", "engineering", "mechanical"))
    assert s.order == (1, 2, 0)
    seen = []
    for _ in range(6):
        seen.append(s.to_move)
        play(s, options(s)[0])
        while kind(s) != "choose_section":
            play(s, options(s)[-1])  # skip, done
    assert seen == [1, 2, 0, 1, 2, 0]


def test_s7_4_recruit_bonuses_that_need_an_answer_are_asked_clockwise() -> None:
    """S-7.4: a bonus that would pass popularity 18 asks how much to take; the questions come
    clockwise from the actor too: Rusviet builds, Crimea (its left) answers before Nordic."""
    s = game(("nordic", "rusviet", "crimea"), mats=("industrial", "engineering", "patriotic"),
             seed=1)
    clear(s)
    workers(s, 1, "r3c6")
    resource(s, "r3c6", "wood", 4)
    s.popularity[0] = s.popularity[2] = 17
    _enlisted(s.recruits, (0, 2), BUILD)  # Build's bonus: +1 popularity, asked at 17
    turn(s, 1)
    play(s, "section bolster", "skip", "build", "structure mine")  # r3c6 is the only place
    asked = []
    while s.decision is not None and s.decision.kind == "take_gain":
        asked.append(s.to_move)
        play(s, options(s)[-1])
    assert asked == [2, 0]
