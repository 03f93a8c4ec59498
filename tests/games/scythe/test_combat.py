"""Combat (S-9): secret dials and cards, the reveal, paying, retreat, stars, every combat
ability (S-15), and the end of the game in a combat (S-21.3-3)."""

from __future__ import annotations

import random

from boardlab.engine.layouts import KEY
from boardlab.games.scythe import flow
from boardlab.games.scythe.board import BIT, HOME, LAND, SPACE_IDS, STEP_MASK, TUNNELS, bits
from boardlab.games.scythe.content import FACTION_IDS
from boardlab.games.scythe.control import controlled
from boardlab.games.scythe.frames import CombatCards, CombatFight
from boardlab.games.scythe.state import ScytheState
from boardlab.games.scythe.tables import (
    GOAL_MECHS,
    GOAL_RECRUITS,
    GOAL_STRUCTURES,
    GOAL_UPGRADES,
    GOAL_WORKERS,
    N_VALUES,
    UNITS_PER_SEAT,
)

from .helpers import (
    at,
    character,
    clear,
    game,
    kind,
    mech,
    options,
    play,
    pose,
    resource,
    structure,
    tokens,
    worker_spaces,
    workers,
)

NORDIC_HOME = HOME[FACTION_IDS.index("nordic")]
RUSVIET_HOME = HOME[FACTION_IDS.index("rusviet")]


def two(factions: tuple[str, str] = ("nordic", "rusviet"), **options: object) -> ScytheState:
    s = game(factions, None, 0, **options)
    clear(s)
    s.hand = [0] * len(s.hand)
    return s


def hand(s: ScytheState, seat: int, *values: int) -> None:
    row = [0] * N_VALUES
    for value in values:
        row[(2, 3, 4, 5).index(value)] += 1
    s.hand[seat * N_VALUES : (seat + 1) * N_VALUES] = row
    s.combat_deck = tuple(sorted(s.combat_deck))  # whatever: only counts matter here


def attack(s: ScytheState, seat: int, *moves: tuple[str, str]) -> ScytheState:
    """``seat`` moves each (unit option, destination) in turn, then the Move ends."""
    pose(s, ("move", seat, len(moves), 0, 0, 1, 1, ()), active=seat)
    for unit, there in moves:
        play(s, unit, f"to {there}")
    return s


def commit(s: ScytheState, seat: int, dial: int, cards: str = "cards none") -> None:
    """``seat`` sets its dial and adds its cards, where it has a choice."""
    if kind(s) == "combat_dial" and s.to_move == seat:
        play(s, f"dial {dial}")
    if kind(s) == "combat_cards" and s.to_move == seat:
        play(s, cards)


def land_step(space_id: str, avoid: int = 0) -> str:
    """A land territory one step (no river) from ``space_id``, not in ``avoid``."""
    return str(SPACE_IDS[bits(STEP_MASK[at(space_id)] & LAND & ~avoid)[0]])


def world(s: ScytheState, seat: int, seed: int) -> ScytheState:
    """``s`` determinized for ``seat``."""
    twin = s.determinize(seat, random.Random(seed))
    assert isinstance(twin, ScytheState)
    return twin


# ---------------------------------------------------------------------- S-9.2-2, S-9.2-3
def test_s9_2_2_the_dial_goes_up_to_the_lower_of_7_and_power() -> None:
    s = two()
    mech(s, 0, "riverwalk", "r1c5")
    character(s, 1, "r2c4")
    s.power = [9, 2]
    attack(s, 0, ("mech r1c5", "r2c4"))
    assert kind(s) == "combat_dial" and s.to_move == 0
    assert options(s) == [f"dial {n}" for n in range(8)]
    commit(s, 0, 7)
    assert options(s) == ["dial 0", "dial 1", "dial 2"]


def test_s9_2_3_one_card_per_character_or_mech_there() -> None:
    s = two()
    mech(s, 0, "riverwalk", "r1c5")
    mech(s, 0, "speed", "r1c5")
    character(s, 1, "r2c4")
    hand(s, 0, 5, 5, 3)
    hand(s, 1, 4, 2)
    attack(s, 0, ("mech r1c5", "r2c4"), ("mech r1c5", "r2c4"))
    play(s, "dial 1")
    assert kind(s) == "combat_cards"
    assert options(s) == ["cards none", "cards 5", "cards 3", "cards 5,5", "cards 5,3"]
    play(s, "cards 5,3")
    play(s, "dial 0")
    assert options(s) == ["cards none", "cards 4", "cards 2"]  # the character alone: one


def test_s15_2_peoples_army_one_more_card_with_a_rusviet_worker_there() -> None:
    s = two()
    mech(s, 0, "riverwalk", "r1c5")
    character(s, 1, "r2c4")
    workers(s, 1, "r2c4")
    hand(s, 1, 4, 2)
    s.power[0] = 0
    attack(s, 0, ("mech r1c5", "r2c4"))
    assert s.to_move == 1 and kind(s) == "combat_dial"
    play(s, "dial 0")
    assert "cards 4,2" not in options(s)  # People's Army needs its mech on the board
    s = two()
    mech(s, 0, "riverwalk", "r1c5")
    character(s, 1, "r2c4")
    workers(s, 1, "r2c4")
    mech(s, 1, "peoples_army", "r3c6")
    hand(s, 1, 4, 2)
    s.power[0] = 0
    attack(s, 0, ("mech r1c5", "r2c4"))
    play(s, "dial 0")
    assert "cards 4,2" in options(s)


# ---------------------------------------------------------------------- secrecy
def test_s9_2_secret_choices_show_in_other_logs_only_after_the_reveal() -> None:
    """S-9.2-2/3 (v2 secret options): another seat's log shows that a dial was set and
    cards chosen, with ``id`` None, until the reveal; then the ids."""
    s = two()
    mech(s, 0, "riverwalk", "r1c5")
    character(s, 1, "r2c4")
    hand(s, 0, 3)
    hand(s, 1, 2)
    attack(s, 0, ("mech r1c5", "r2c4"))
    first = len(s.log(None))
    play(s, "dial 3", "cards 3")
    mine, theirs, spectator = s.log(0)[first:], s.log(1)[first:], s.log(None)[first:]
    assert [e["id"] for e in mine] == ["dial 3", "cards 3"]
    assert [e["id"] for e in theirs] == [None, None] == [e["id"] for e in spectator]
    assert [e["text"] for e in theirs] == ["P1 set a power dial", "P1 chose combat cards"]
    assert s.to_move == 1 and s.decision is not None and "3" not in s.decision.prompt
    play(s, "dial 2", "cards 2")
    for seat in (0, 1, None):
        ids = [e["id"] for e in s.log(seat)[first : first + 4]]
        assert ids == ["dial 3", "cards 3", "dial 2", "cards 2"]
    reveal = s.log(None)[first + 4]
    assert reveal["kind"] == "combat" and reveal["seat"] is None
    assert "dial 3 + cards 3 = 6" in reveal["text"] and "dial 2 + cards 2 = 4" in reveal["text"]


def test_s9_2_a_committed_choice_is_in_no_other_view_and_is_resampled() -> None:
    """Until the reveal nothing of a committed choice leaves the hand or the power track:
    the defender's view is the same before and after the attacker commits; ``determinize``
    for the defender re-samples the attacker's choice, for the attacker keeps it."""
    s = two()
    mech(s, 0, "riverwalk", "r1c5")
    character(s, 1, "r2c4")
    hand(s, 0, 5, 4, 3, 2)
    s.power = [7, 3]
    attack(s, 0, ("mech r1c5", "r2c4"))
    before = s.view(1)["body"]
    play(s, "dial 6", "cards 5")
    after = s.view(1)["body"]
    assert after["combat"]["attacker"] == {"seat": 0, "committed": True}  # public, as the log
    assert {**after, "combat": None} == {**before, "combat": None}
    assert s.view(1)["body"]["players"][0]["combat_cards"] == 4
    seen = set()
    for k in range(40):
        theirs = world(s, 1, k)
        fight = next(f for f in theirs.stack if f[KEY] == CombatFight.key)
        seen.add((fight[5][0][0], fight[5][0][1]))
        assert theirs.view(1) == s.view(1) and theirs.log(1) == s.log(1)
        assert theirs.hand_size(0) == 4
        mine = world(s, 0, k)
        assert next(f for f in mine.stack if f[KEY] == CombatFight.key) == next(
            f for f in s.stack if f[KEY] == CombatFight.key
        )
    assert len(seen) > 5
    # the world plays on to a reveal consistent with its own sample
    sample = world(s, 1, 3)
    play(sample, "dial 0")
    assert sample.combat_stars[0] + sample.combat_stars[1] == 1


def test_s9_2_the_attackers_pending_dial_is_resampled_too() -> None:
    s = two()
    mech(s, 0, "riverwalk", "r1c5")
    character(s, 1, "r2c4")
    hand(s, 0, 5)
    s.power = [7, 3]
    attack(s, 0, ("mech r1c5", "r2c4"))
    play(s, "dial 6")
    assert kind(s) == "combat_cards"
    dials = {
        next(f for f in world(s, 1, k).stack if f[KEY] == CombatCards.key)[CombatCards.dial]
        for k in range(30)
    }
    assert len(dials) > 3


# ---------------------------------------------------------------------- S-9.2-4 to S-9.2-7
def test_s9_2_4_the_higher_total_wins_and_a_tie_goes_to_the_attacker() -> None:
    for a_dial, d_dial, winner in ((2, 2, 0), (2, 3, 1), (4, 1, 0)):
        s = two()
        mech(s, 0, "riverwalk", "r1c5")
        character(s, 1, "r2c4")
        s.power = [5, 5]
        attack(s, 0, ("mech r1c5", "r2c4"))
        commit(s, 0, a_dial)
        commit(s, 1, d_dial)
        assert s.combat_stars[winner] == 1 and s.combat_stars[1 - winner] == 0
        loser_home = (NORDIC_HOME, RUSVIET_HOME)[1 - winner]
        assert loser_home in s.units[(1 - winner) * UNITS_PER_SEAT :][:5]


def test_s9_2_5_both_pay_their_dial_and_discard_the_cards_played() -> None:
    s = two()
    mech(s, 0, "riverwalk", "r1c5")
    character(s, 1, "r2c4")
    hand(s, 0, 5, 2)
    hand(s, 1, 4)
    s.power = [6, 4]
    discard = sum(s.combat_discard)
    attack(s, 0, ("mech r1c5", "r2c4"))
    commit(s, 0, 3, "cards 5")
    commit(s, 1, 4, "cards 4")
    assert s.power == [3, 0]
    assert s.hand_size(0) == 1 and s.hand_size(1) == 0 + 1  # the loser's card
    assert sum(s.combat_discard) == discard + 2


def test_s9_2_7_the_loser_retreats_home_leaving_its_resources() -> None:
    s = two()
    mech(s, 0, "riverwalk", "r1c4")
    workers(s, 0, "r1c4")
    resource(s, "r1c4", "oil", 2)
    character(s, 1, "r2c4")
    resource(s, "r2c4", "metal", 3)
    s.power = [1, 3]
    pose(s, ("move", 0, 1, 0, 0, 1, 1, ()), active=0)
    play(s, "mech r1c4", "load worker", "load oil", "load oil", "to r2c4")
    commit(s, 0, 1)
    commit(s, 1, 3)
    # the mech and the worker it carried go home; the oil and metal stay, now Rusviet's
    assert s.units[1] == NORDIC_HOME and worker_spaces(s, 0) == [NORDIC_HOME]
    assert tokens(s, "r2c4") == {"metal": 3, "oil": 2}
    assert s.units[UNITS_PER_SEAT] == at("r2c4")


def test_s9_2_7_a_card_for_the_loser_only_if_it_put_in_power() -> None:
    for dial, drew in ((0, 0), (1, 1)):
        s = two()
        mech(s, 0, "riverwalk", "r1c5")
        character(s, 1, "r2c4")
        s.power = [7, 3]
        attack(s, 0, ("mech r1c5", "r2c4"))
        commit(s, 0, 7)
        commit(s, 1, dial)
        assert s.hand_size(1) == drew and s.hand_size(0) == 0
    s = two()
    mech(s, 0, "riverwalk", "r1c5")
    character(s, 1, "r2c4")
    hand(s, 1, 2)
    s.power = [7, 0]
    attack(s, 0, ("mech r1c5", "r2c4"))
    commit(s, 0, 7)
    commit(s, 1, 0, "cards 2")  # a card alone is putting in power
    assert s.hand_size(1) == 1


def test_s9_2_6_a_winning_attacker_loses_popularity_per_worker_sent_home() -> None:
    s = two()
    mech(s, 0, "riverwalk", "r1c5")
    character(s, 1, "r2c4")
    workers(s, 1, "r2c4", 2)
    s.popularity = [5, 5]
    attack(s, 0, ("mech r1c5", "r2c4"))
    commit(s, 0, 4)
    commit(s, 1, 0)
    assert s.popularity[0] == 3 and worker_spaces(s, 1) == [RUSVIET_HOME] * 2
    # a winning defender loses nothing for the attacker's workers
    s = two()
    mech(s, 0, "riverwalk", "r1c4")
    workers(s, 0, "r1c4")
    character(s, 1, "r2c4")
    s.popularity = [5, 5]
    pose(s, ("move", 0, 1, 0, 0, 1, 1, ()), active=0)
    play(s, "mech r1c4", "load worker", "to r2c4")
    commit(s, 0, 0)
    commit(s, 1, 1)
    assert s.popularity == [5, 5] and worker_spaces(s, 0) == [NORDIC_HOME]


def test_s15_5_camaraderie_no_popularity_loss_after_winning_as_attacker() -> None:
    s = two(("rusviet", "polania"))
    mech(s, 1, "camaraderie", "r4c1")
    character(s, 0, "r4c0")
    workers(s, 0, "r4c0", 2)
    s.popularity = [5, 5]
    s.power = [0, 3]
    attack(s, 1, ("mech r4c1", "r4c0"))
    commit(s, 1, 1)
    commit(s, 0, 0)
    assert s.combat_stars[1] == 1 and s.popularity[1] == 5
    assert worker_spaces(s, 0) == [HOME[FACTION_IDS.index("rusviet")]] * 2


def test_s9_2_8_workers_aboard_a_losing_mech_on_a_lake_go_home_and_cost_popularity() -> None:
    s = two(("nordic", "polania"))
    mech(s, 0, "seaworthy", "r2c3")
    mech(s, 1, "submerge", "r2c2")
    workers(s, 1, "r2c2", 2)
    s.popularity = [6, 6]
    s.power = [3, 0]
    attack(s, 0, ("mech r2c3", "r2c2"))
    commit(s, 0, 3)
    polania_home = HOME[FACTION_IDS.index("polania")]
    assert s.units[UNITS_PER_SEAT + 2] == polania_home
    assert worker_spaces(s, 1) == [polania_home] * 2 and s.popularity[0] == 4


# ---------------------------------------------------------------------- S-9.3 stars
def test_s9_3_two_combat_stars_at_most_saxony_without_limit() -> None:
    for factions, seat, stars in ((("nordic", "rusviet"), 0, 2), (("rusviet", "saxony"), 1, 3)):
        s = two(factions)
        other = 1 - seat
        there = land_step("r4c4")
        s.combat_stars[seat] = 2
        mech(s, seat, "speed", "r4c4")
        character(s, other, there)
        s.power = [5, 5]
        s.power[other] = 0
        attack(s, seat, ("mech r4c4", there))
        commit(s, seat, 1)
        assert s.combat_stars[seat] == stars and s.units[other * UNITS_PER_SEAT] != at(there)


def test_s9_1_players_who_have_both_combat_stars_may_still_fight() -> None:
    s = two()
    s.combat_stars[0] = 2
    mech(s, 0, "riverwalk", "r1c5")
    character(s, 1, "r2c4")
    attack(s, 0, ("mech r1c5", "r2c4"))
    assert kind(s) == "combat_dial"


# ---------------------------------------------------------------------- S-15 abilities
def test_s15_1_artillery_pays_1_power_and_the_opponent_loses_2() -> None:
    s = two()
    mech(s, 0, "artillery", "r1c5")
    character(s, 1, "r2c4")
    s.power = [3, 3]
    attack(s, 0, ("mech r1c5", "r2c4"))
    assert kind(s) == "artillery" and options(s) == ["artillery", "skip"]
    play(s, "artillery")
    assert s.power == [2, 1]
    s = two()
    mech(s, 0, "artillery", "r1c5")
    character(s, 1, "r2c4")
    s.power = [0, 3]
    attack(s, 0, ("mech r1c5", "r2c4"))
    assert kind(s) == "combat_dial" and s.to_move == 1  # no power to pay: not offered


def test_s15_1_s19_4_seaworthy_retreats_onto_an_adjacent_lake() -> None:
    s = two()
    mech(s, 0, "seaworthy", "r2c4")
    workers(s, 0, "r2c4")
    character(s, 1, "r1c5")
    s.power = [0, 3]
    attack(s, 1, ("character r1c5", "r2c4"))
    commit(s, 1, 1)
    assert kind(s) == "retreat" and s.to_move == 0
    assert options(s) == ["retreat home", "retreat r3c4"]
    play(s, "retreat r3c4")
    assert s.units[2] == at("r3c4") and worker_spaces(s, 0) == [at("r3c4")]  # aboard
    s = two(seaworthy_may_retreat_to_adjacent_lake=False)
    mech(s, 0, "seaworthy", "r2c4")
    character(s, 1, "r1c5")
    s.power = [0, 3]
    attack(s, 1, ("character r1c5", "r2c4"))
    commit(s, 1, 1)
    assert s.units[2] == NORDIC_HOME


def test_s15_3_scout_takes_a_random_card_before_the_dials() -> None:
    s = two(("nordic", "crimea"))
    here = "r7c3"
    there = land_step(here)
    mech(s, 1, "scout", here)
    character(s, 0, there)
    hand(s, 0, 5)
    s.power = [0, 3]
    attack(s, 1, (f"mech {here}", there))
    assert s.hand_size(0) == 0 and s.hand[N_VALUES + 3] == 1
    assert any("Scout" in e["text"] for e in s.log(0))


def test_s15_4_s19_13_disarm_on_a_tunnel_and_on_the_own_mine_with_the_option() -> None:
    s = two(("nordic", "saxony"))
    mech(s, 1, "disarm", "r5c5")
    character(s, 0, "r3c5")
    s.power = [4, 0]
    attack(s, 1, ("mech r5c5", "r3c5"))
    assert s.power[0] == 2 and options(s) == ["dial 0", "dial 1", "dial 2"]
    there = land_step("r5c5", TUNNELS)
    for option, loss in ((False, 0), (True, 2)):
        s = two(("nordic", "saxony"), disarm_counts_own_mine=option)
        mech(s, 1, "disarm", "r5c5")
        character(s, 0, there)
        structure(s, 1, "mine", there)
        s.power = [4, 0]
        attack(s, 1, ("mech r5c5", there))
        assert s.power[0] == 4 - loss


def test_s9_2_1_the_attackers_ability_before_the_defenders() -> None:
    # Saxony attacks on a tunnel: Disarm first leaves Nordic no power for Artillery
    s = two(("nordic", "saxony"))
    mech(s, 1, "disarm", "r5c5")
    mech(s, 0, "artillery", "r3c5")
    s.power = [2, 3]
    attack(s, 1, ("mech r5c5", "r3c5"))
    assert s.power == [0, 3] and kind(s) == "combat_dial"
    # Nordic attacks on a tunnel: Artillery first, then Disarm
    s = two(("nordic", "saxony"))
    mech(s, 0, "artillery", "r3c5")
    mech(s, 1, "disarm", "r5c5")
    s.power = [3, 3]
    attack(s, 0, ("mech r3c5", "r5c5"))
    play(s, "artillery")
    assert s.power == [0, 1]


# ---------------------------------------------------------------------- S-9.1, S-21.3-3
def test_s9_1_combats_in_the_attackers_order_then_the_encounter() -> None:
    s = two()
    mech(s, 0, "riverwalk", "r2c5")
    character(s, 0, "r1c5")
    character(s, 1, "r2c4")
    mech(s, 1, "peoples_army", "r1c6")
    s.encounter_tokens = BIT[at("r2c4")]
    s.power = [7, 0]
    pose(s, ("move", 0, 2, 0, 0, 1, 1, ()), active=0)
    play(s, "character r1c5", "to r2c4", "mech r2c5", "to r1c6")
    assert options(s) == ["fight r1c6", "fight r2c4"]
    play(s, "fight r2c4")
    commit(s, 0, 1)
    assert kind(s) == "combat_dial" and s.to_move == 0  # the second combat
    commit(s, 0, 1)
    assert kind(s) == "encounter_option" and s.to_move == 0
    assert s.combat_stars[0] == 2


def test_s21_3_3_a_sixth_star_in_combat_ends_the_game_once_that_combat_is_over() -> None:
    """The combat is finished (power paid, retreat, popularity, consolation card), then the
    game ends: the other combat and the encounter are skipped, and the units that moved in
    for that combat go back with what they carried."""
    s = two()
    s.star_goals[0] = (
        (1 << GOAL_UPGRADES) | (1 << GOAL_MECHS) | (1 << GOAL_STRUCTURES)
        | (1 << GOAL_RECRUITS) | (1 << GOAL_WORKERS)
    )
    character(s, 0, "home_nordic")
    mech(s, 0, "riverwalk", "r1c4")
    workers(s, 0, "r1c4")
    resource(s, "r1c4", "oil", 1)
    mech(s, 1, "peoples_army", "r1c5")
    workers(s, 1, "r1c5")
    character(s, 1, "r2c4")
    s.encounter_tokens = BIT[at("r1c5")]
    s.power = [4, 1]
    s.popularity = [5, 5]
    pose(s, ("move", 0, 2, 0, 0, 1, 1, ()), active=0)
    play(s, "character home_nordic", "to r1c5")
    play(s, "mech r1c4", "load worker", "load oil", "to r2c4")
    play(s, "fight r1c5")
    commit(s, 0, 4)
    commit(s, 1, 1)
    assert s.is_over and s.ended == 1 and s.stars(0) == 6
    assert s.power == [0, 0] and s.popularity[0] == 4  # paid; one worker sent home
    assert s.hand_size(1) == 1  # the loser's card
    assert s.units[UNITS_PER_SEAT + 1 + 2] == RUSVIET_HOME  # the People's Army mech
    # the skipped combat: the mech, its worker and the oil are back on r1c4
    assert s.units[1] == at("r1c4") and worker_spaces(s, 0) == [at("r1c4")]
    assert tokens(s, "r1c4") == {"oil": 1} and tokens(s, "r2c4") == {}
    assert s.encounter_tokens == BIT[at("r1c5")]  # no encounter


def test_s21_2_8_artillery_and_disarm_losses_stop_at_zero() -> None:
    s = two()
    mech(s, 0, "artillery", "r1c5")
    character(s, 1, "r2c4")
    s.power = [3, 1]
    attack(s, 0, ("mech r1c5", "r2c4"))
    play(s, "artillery")
    assert s.power == [2, 0]


def test_s21_3_3_a_defenders_sixth_star_ends_the_game_too() -> None:
    s = two()
    s.star_goals[1] = (
        (1 << GOAL_UPGRADES) | (1 << GOAL_MECHS) | (1 << GOAL_STRUCTURES)
        | (1 << GOAL_RECRUITS) | (1 << GOAL_WORKERS)
    )
    mech(s, 0, "riverwalk", "r1c5")
    character(s, 1, "r2c4")
    s.power = [0, 2]
    attack(s, 0, ("mech r1c5", "r2c4"))
    commit(s, 1, 1)
    assert s.is_over and s.ended == 1 and s.stars(1) == 6 and s.winners()
    assert s.units[1] == NORDIC_HOME  # the combat was finished first


def test_s9_2_6_the_winner_controls_the_territory_and_its_resources() -> None:
    s = two()
    mech(s, 0, "riverwalk", "r1c5")
    character(s, 1, "r2c4")
    resource(s, "r2c4", "metal", 2)
    attack(s, 0, ("mech r1c5", "r2c4"))
    assert not controlled(s, 0) & BIT[at("r2c4")]  # contested: nobody's before the combat
    s.power[1] = 0
    commit(s, 0, 1)
    commit(s, 1, 0)
    assert controlled(s, 0) & BIT[at("r2c4")] and tokens(s, "r2c4") == {"metal": 2}


def test_flow_has_no_stub_left() -> None:
    assert flow.NOT_YET_IMPLEMENTED == ()
