"""The rulings of the reference's section 21.3 that the audit settled: control while a combat
is pending (#11, with S-3.3 and S-8.6) and Produce taking every worker's output (#10, S-6.3)."""

from __future__ import annotations

from boardlab.games.scythe.control import all_controlled, controlled
from boardlab.games.scythe.state import ScytheState

from .helpers import (
    at,
    character,
    clear,
    game,
    kind,
    options,
    play,
    resource,
    tokens,
    turn,
    worker_spaces,
    workers,
)
from .test_actions import top

MONOPOLIZE_THE_MARKET = 20  # card 21: at least 8 of a resource and more than any opponent
TWENTY_COINS = 11  # card 12


def nordic_moves_into_crimea() -> ScytheState:
    """The audit's case: Nordic's character moves from r6c3 onto Crimea's r5c3, both
    territories holding 8 wood (Nordic's by a worker on r1c4)."""
    s = game(("nordic", "crimea"), mats=("industrial", "engineering"), seed=1)
    clear(s)
    character(s, 0, "r6c3")
    character(s, 1, "r5c3")
    workers(s, 0, "r1c4")
    resource(s, "r1c4", "wood", 8)
    resource(s, "r5c3", "wood", 8)
    s.objectives[0:2] = [MONOPOLIZE_THE_MARKET, TWENTY_COINS]
    turn(s, 0)
    play(s, "section move", "move", "character r6c3", "to r5c3", "done")
    return s


def test_s3_3_s8_6_ruling_21_3_11_the_defender_controls_until_the_combat() -> None:
    s = nordic_moves_into_crimea()
    assert kind(s) == "combat_dial", "the combat is next: nothing else was worth asking"
    assert controlled(s, 1) & (1 << at("r5c3"))
    assert not controlled(s, 0) & (1 << at("r5c3"))
    assert all_controlled(s)[1] & (1 << at("r5c3"))
    spaces = {space["id"]: space for space in s.view(None)["body"]["spaces"]}
    assert spaces["r5c3"]["controlled_by"] == 1


def test_ruling_21_3_11_an_objective_read_before_the_combat_counts_the_defenders_wood() -> None:
    """Nordic's 8 wood do not lead Crimea's 8, which Crimea still controls: card 21 is not
    met between the Move and its combat (it was offered when the shared territory counted
    for nobody)."""
    s = nordic_moves_into_crimea()
    seen: list[str] = []
    while s.decision is not None and s.decision.kind != "combat_dial":
        seen += options(s)
        play(s, options(s)[-1])
    seen += options(s)
    assert "objective 21" not in seen


def test_ruling_21_3_11_the_attacker_takes_control_once_the_defender_retreats() -> None:
    s = nordic_moves_into_crimea()
    s.power[1] = 0
    s.power[0] = 7
    while s.decision is not None and s.decision.kind in {"combat_dial", "combat_cards"}:
        play(s, options(s)[-1] if s.to_move == 0 else options(s)[0])
    assert controlled(s, 0) & (1 << at("r5c3"))
    assert not controlled(s, 1) & (1 << at("r5c3"))


def test_ruling_21_3_10_every_worker_on_a_chosen_territory_produces() -> None:
    s = game(("nordic", "rusviet"), mats=("industrial", "engineering"))
    clear(s)
    workers(s, 0, "r1c4", 3)  # forest: wood
    workers(s, 0, "r2c4", 2)  # mountain: metal
    top(s, 0, "produce")
    play(s, "produce", "produce r1c4", "produce r2c4")
    assert tokens(s, "r1c4") == {"wood": 3}
    assert tokens(s, "r2c4") == {"metal": 2}
    assert worker_spaces(s, 0).count(at("r1c4")) == 3
