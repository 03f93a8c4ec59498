"""Supply phase (K-6): AP and creativity, the token step, supply abilities; order (E6)."""

from __future__ import annotations

from boardlab.games.konoten import flow
from boardlab.games.konoten.tables import ELIGIBLE

from .helpers import NODE, answer_supply, grown_nodes, ids, new, play, set_grown


def test_k6_1_supply_gives_7_ap_and_1_creativity_that_carry_over() -> None:
    """K-6.1: round 1 starts with 9 AP and 1 creativity; unspent AP carries into round 2."""
    state = new(2, seed=4, characters=["light_prodigy", "rainbow_artist"])
    answer_supply(state)
    assert state.phase == flow.MAIN
    assert state.ap == [9, 9] and state.creativity == [1, 1]
    first = state.to_move
    play(state, "end", "end")  # both end at once; end phase and round 2 supply follow
    answer_supply(state)
    assert state.round == 2
    assert state.ap == [16, 16] and state.creativity == [2, 2]
    assert state.to_move == first


def test_e6_supply_runs_player_by_player_in_start_order() -> None:
    """E6: the supply phase is resolved sequentially, start player first."""
    state = new(3, seed=8)
    seen = []
    while state.phase == flow.SUPPLY:
        seen.append(state.to_move)
        state.apply("assistant" if state.decision.kind == "supply_token" else "done")
    start = state.start
    assert seen == [start, (start + 1) % 3, (start + 2) % 3]


def test_k6_2_token_becomes_an_unused_assistant() -> None:
    state = new(2, seed=1)
    p = state.to_move
    assert state.decision.kind == "supply_token"
    assert ids(state) == ["assistant", "grow"]
    play(state, "assistant")
    assert (state.stock[p], state.lobby_unused[p]) == (3, 5)


def test_k6_2_k7_token_grows_along_an_arrow() -> None:
    """K-6.2/K-11.2: growing from n00 offers n01 and n10; the token leaves the stock."""
    state = new(2, seed=1)
    p = state.to_move
    play(state, "grow")
    assert state.decision.kind == "grow_node"
    assert ids(state) == ["grow n01", "grow n10"]
    play(state, "grow n10")
    assert grown_nodes(state, p) == {"n00", "n10"}
    assert state.stock[p] == 3


def test_k6_2_no_eligible_node_forces_an_assistant() -> None:
    """K-6.2: with every node grown the token must become an assistant (no question asked)."""
    state = new(2, seed=1)
    answer_supply(state)
    p = state.start
    play(state, "end")
    # free the task tokens and the lobby into the stock, then grow the whole chart from it
    state.stock[p] += 3 + state.lobby_unused[p]
    state.tasks[p] = 0
    state.lobby_unused[p] = 0
    set_grown(state, p, list(NODE))
    assert ELIGIBLE[state.grown[p]] == 0 and state.stock[p] == 3
    play(state, "end")  # the other player ends: end phase, then round 2 supply
    while state.decision.kind == "end_ability":  # p's chart now holds end abilities
        play(state, "done")
    assert state.round == 2
    assert (state.stock[p], state.lobby_unused[p]) == (2, 1)
    assert state.decision.kind == "supply_ability"  # the next question is about abilities


def test_k6_2_empty_stock_takes_nothing() -> None:
    state = new(2, seed=1)
    p = state.start
    other = 1 - p
    state.stock[other] = 0
    state.lobby_unused[other] += 4
    play(state, "assistant")
    # the other player's supply step is skipped: no supply_token decision for them
    assert state.phase == flow.MAIN
    assert state.lobby_unused[other] == 8 and state.ap[other] == 9


def test_k6_3_a22_supply_ability_is_optional_and_once_per_phase() -> None:
    """K-6.3/A22: a grown supply ability may be used once, or skipped with done."""
    state = new(2, seed=1, characters=["light_prodigy", "workaholic"])
    p = state.start
    set_grown(state, p, ["n00", "n01"])  # light prodigy n01: supply -> 1 light
    play(state, "assistant")
    assert state.decision.kind == "supply_ability" and state.to_move == p
    assert ids(state) == ["use n01", "done"]
    play(state, "use n01")
    assert state.mats[p * 3] == 3
    # once used, the only remaining choice would be done: the frame closes by itself
    assert state.to_move != p or state.decision.kind != "supply_ability"


def test_k6_3_supply_ability_with_an_input_needs_it() -> None:
    """K-10.1 in supply: the alchemist's n11 (1 sediment -> 1 creativity) needs a sediment."""
    state = new(2, seed=1, characters=["sediment_alchemist", "workaholic"])
    p = state.start
    set_grown(state, p, ["n00", "n10", "n11"])
    state.mats[p * 3 + 2] = 0
    play(state, "assistant")
    assert state.to_move != p or state.decision.kind != "supply_ability"
