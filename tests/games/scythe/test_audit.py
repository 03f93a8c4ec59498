"""audit(): no broken invariant along random games at 2-5 players (uniform play and play
drawn to combat, encounters and the Factory), and each kind of planted corruption caught."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from boardlab.games.scythe import SPEC
from boardlab.games.scythe import actions as A
from boardlab.games.scythe.audit import audit
from boardlab.games.scythe.board import BIT, FACTORY, INDEX, LAKES, UNUSED_HOMES, bits
from boardlab.games.scythe.content import FACTION_IDS
from boardlab.games.scythe.control import others_mask
from boardlab.games.scythe.state import ScytheState
from boardlab.games.scythe.tables import (
    GOAL_MECHS,
    GOAL_UPGRADES,
    N_STRUCTURES,
    N_VALUES,
    OFF_BOARD,
    UNITS_PER_SEAT,
    WORKER,
)

from .helpers import new


def _policy(s: ScytheState, rng: random.Random, drawn: bool) -> str:
    """Uniform, or drawn to enemies, encounter tokens and the Factory (so that combat,
    encounters, Factory cards and objectives happen)."""
    decision = s.decision
    assert decision is not None
    options = decision.options
    if drawn and decision.kind == "move_step":
        targets = others_mask(s, decision.player) | s.encounter_tokens | BIT[FACTORY]
        hot = [a for a in options if a.kind == "to" and BIT[A.space_of(a)] & targets]
        if hot and rng.random() < 0.9:
            return rng.choice(hot).id
    if drawn and rng.random() < 0.7:
        active = [a for a in options if a.kind not in ("skip", "done", "end", "stop")]
        if active:
            return rng.choice(active).id
    return rng.choice(options).id


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("drawn", [False, True])
def test_audit_finds_nothing_along_random_games(players: int, drawn: bool) -> None:
    assert SPEC.audit is audit
    for seed in range(2):
        s = new(players, 40 + seed)
        rng = random.Random(seed)
        assert audit(s) == []
        while not s.is_over:
            s.apply(_policy(s, rng, drawn))
            assert audit(s) == [], (seed, len(s.history))


def _mid_game(seed: int = 7) -> ScytheState:
    """A 3-player game after 300 random decisions."""
    s = new(3, seed)
    rng = random.Random(seed)
    for _ in range(300):
        s.apply(_policy(s, rng, True))
    assert not s.is_over and audit(s) == []
    return s


def _first_lake(s: ScytheState) -> int:
    return next(x for x in bits(LAKES) if not BIT[x] & others_mask(s, -1))


Corruption = Callable[[ScytheState], None]


def _card_duplicated(s: ScytheState) -> None:
    s.hand[N_VALUES - 1] += 1


def _card_lost(s: ScytheState) -> None:
    s.combat_deck = s.combat_deck[:-1]


def _objective_lost(s: ScytheState) -> None:
    s.objective_deck = s.objective_deck[1:]


def _objective_twice(s: ScytheState) -> None:
    s.objectives[0] = s.objective_deck[0]


def _objective_star_without_a_card(s: ScytheState) -> None:
    s.objective_stars[1] += 1


def _revealed_objective_still_held(s: ScytheState) -> None:
    s.objective_stars[0] = 1
    s.objectives_revealed[0] = s.objectives[0]


def _encounter_lost(s: ScytheState) -> None:
    s.encounter_deck = s.encounter_deck[:-1]


def _factory_card_twice(s: ScytheState) -> None:
    s.factory_card[0] = s.factory_offer[0]


def _factory_card_lost(s: ScytheState) -> None:
    s.factory_offer = s.factory_offer[1:]


def _token_added(s: ScytheState) -> None:
    s.encounter_tokens |= BIT[FACTORY]  # no token is printed on the Factory


def _power_too_high(s: ScytheState) -> None:
    s.power[1] = 17


def _popularity_negative(s: ScytheState) -> None:
    s.popularity[2] = -1


def _coins_negative(s: ScytheState) -> None:
    s.coins[0] = -2


def _resource_negative(s: ScytheState) -> None:
    s.resources[INDEX["r6c1"] * 4 + 2] = -1


def _resources_on_empty_lake(s: ScytheState) -> None:
    s.resources[_first_lake(s) * 4] = 2


def _character_off_board(s: ScytheState) -> None:
    s.units[UNITS_PER_SEAT] = OFF_BOARD


def _unit_on_unknown_space(s: ScytheState) -> None:
    s.units[UNITS_PER_SEAT + WORKER] = 99


def _unit_on_unused_home(s: ScytheState) -> None:
    s.units[1] = bits(UNUSED_HOMES)[0]


def _worker_alone_on_lake(s: ScytheState) -> None:
    s.units[WORKER + 3] = _first_lake(s)


def _structure_on_lake(s: ScytheState) -> None:
    s.structures[1] = _first_lake(s)


def _structures_share(s: ScytheState) -> None:
    s.structures[0] = INDEX["r6c1"]
    s.structures[N_STRUCTURES + 1] = INDEX["r6c1"]


def _upgrade_without_cube(s: ScytheState) -> None:
    box = next(b for b in range(6) if not s.top_upgrades[0] & (1 << b))
    s.top_upgrades[0] |= 1 << box


def _recruit_without_bonus(s: ScytheState) -> None:
    missing = next(b for b in range(4) if not s.recruits[1] & (1 << b))
    s.recruits[1] |= 1 << missing


def _star_for_goal_not_met(s: ScytheState) -> None:
    s.units[UNITS_PER_SEAT * 2 + 1] = OFF_BOARD
    s.star_goals[2] |= 1 << GOAL_MECHS


def _seven_stars(s: ScytheState) -> None:
    s.combat_stars[0] = 2
    s.objective_stars[0] = 1
    s.star_goals[0] = 0b1111  # upgrades, mechs, structures, recruits: not met either


def _third_combat_star(s: ScytheState) -> None:
    saxony = FACTION_IDS.index("saxony")
    seat = next(x for x in range(s.players) if s.faction[x] != saxony)
    s.combat_stars[seat] = 3


def _upgrade_star_without_upgrades(s: ScytheState) -> None:
    s.star_goals[1] |= 1 << GOAL_UPGRADES


def _turn_order_broken(s: ScytheState) -> None:
    s.order = (0, 0, 1)


def _ended_without_sixth_star(s: ScytheState) -> None:
    s.ended = 1


CORRUPTIONS: dict[str, tuple[Corruption, str]] = {
    "combat card duplicated": (_card_duplicated, "combat cards in play"),
    "combat card lost": (_card_lost, "combat cards in play"),
    "objective lost": (_objective_lost, "objective cards"),
    "objective in two places": (_objective_twice, "objective cards"),
    "objective star without a revealed card": (_objective_star_without_a_card, "revealed"),
    "revealed objective still held": (_revealed_objective_still_held, "not under the deck"),
    "encounter card lost": (_encounter_lost, "encounter deck"),
    "encounter token added": (_token_added, "encounter token"),
    "Factory card kept and on offer": (_factory_card_twice, "Factory cards"),
    "Factory card lost": (_factory_card_lost, "Factory cards"),
    "power above 16": (_power_too_high, "power 17"),
    "popularity below 0": (_popularity_negative, "popularity -1"),
    "coins below 0": (_coins_negative, "-2 coins"),
    "a resource below 0": (_resource_negative, "-1 oil"),
    "resources on an empty lake": (_resources_on_empty_lake, "resources left on the lake"),
    "character off the board": (_character_off_board, "character is off the board"),
    "unit on an unknown space": (_unit_on_unknown_space, "unknown space 99"),
    "unit on an unused home base": (_unit_on_unused_home, "unused home base"),
    "worker alone on a lake": (_worker_alone_on_lake, "a worker on the lake"),
    "structure on a lake": (_structure_on_lake, "not a land territory"),
    "two structures on a territory": (_structures_share, "share r6c1"),
    "upgrade without its cube": (_upgrade_without_cube, "cubes taken from the top row"),
    "recruit without its bonus": (_recruit_without_bonus, "one-time bonuses covered"),
    "mech star with a mech off the board": (_star_for_goal_not_met, "not met"),
    "seven stars": (_seven_stars, "stars placed"),
    "a third combat star": (_third_combat_star, "3 combat stars"),
    "upgrade star without upgrades": (_upgrade_star_without_upgrades, "not met"),
    "turn order broken": (_turn_order_broken, "turn order"),
    "ended with no sixth star": (_ended_without_sixth_star, "sixth star that nobody placed"),
}


@pytest.mark.parametrize("name", list(CORRUPTIONS))
def test_audit_catches_a_planted_corruption(name: str) -> None:
    corrupt, said = CORRUPTIONS[name]
    s = _mid_game()
    corrupt(s)
    problems = audit(s)
    assert problems, name
    assert any(said in problem for problem in problems), problems


def test_audit_catches_a_committed_combat_card_that_left_the_hand() -> None:
    """A committed choice stays in the hand until the reveal (S-9.2): a card committed
    and gone from the hand is a card created at the reveal."""
    s = new(2, 3)
    held = s.hand[:N_VALUES]
    one_more = tuple(held[v] + (v == 0) for v in range(N_VALUES))
    s.stack.append(("combat_fight", 0, INDEX["r6c1"], 1, (), ((0, one_more, ()),)))
    problems = audit(s)
    assert any("committed combat cards it does not hold" in p for p in problems)
