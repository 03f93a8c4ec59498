"""Setup (K-4), character assignment (K1, A17) and options."""

from __future__ import annotations

import pytest

import boardlab
from boardlab.games.konoten import flow
from boardlab.games.konoten.audit import audit
from boardlab.games.konoten.tables import (
    ALL_FOUNDATIONS,
    ALL_TASKS,
    CHARACTER_IDS,
    IS_VP_CARD,
    N_NORMAL_SLOTS,
    START_BIT,
)

from .helpers import ids, new


@pytest.mark.parametrize("players", [2, 3, 4])
def test_k4_3_k4_4_each_player_starts_with_tokens_counters_and_materials(players: int) -> None:
    """K-4.3/K-4.4: 3 task tokens, growth start, 4 stock, 4 unused assistants; AP 2, cr 0."""
    state = new(players, seed=11)
    assert audit(state) == []
    for p in range(players):
        assert state.tasks[p] == ALL_TASKS
        assert state.grown[p] == START_BIT
        assert state.stock[p] == 4
        assert (state.lobby_unused[p], state.lobby_used[p]) == (4, 0)
        assert state.mats[p * 3 : p * 3 + 3] == [2, 2, 2]
        assert state.vp[p] == 0
        if p != state.start:  # the start player has already received the K-6.1 supply
            assert (state.ap[p], state.creativity[p]) == (2, 0)
    assert (state.ap[state.start], state.creativity[state.start]) == (9, 1)


@pytest.mark.parametrize("players", [2, 4])
def test_k4_2_a25_market_of_8_and_2_and_all_15_foundations(players: int) -> None:
    """K-4.2/A25: 8 normal and 2 VP cards face up; the same 15 foundations at any count."""
    state = new(players, seed=3)
    normal, vp = state.market[:N_NORMAL_SLOTS], state.market[N_NORMAL_SLOTS:]
    assert len(normal) == 8 and len(vp) == 2
    assert not any(IS_VP_CARD[c] for c in normal) and all(IS_VP_CARD[c] for c in vp)
    assert (len(state.normal_deck), len(state.vp_deck)) == (30, 7)
    assert state.found == ALL_FOUNDATIONS
    assert state.view(None)["body"]["foundations"] == {
        "0": ["F01", "F02", "F03"],
        "1": ["F04", "F05", "F06"],
        "2": ["F07", "F08", "F09"],
        "3": ["F10", "F11", "F12"],
        "4": ["F13", "F14", "F15"],
    }


def test_k4_2_decks_are_shuffled_differently_per_seed() -> None:
    assert new(2, seed=1).normal_deck != new(2, seed=2).normal_deck


def test_k4_5_start_player_is_random_but_fixed_by_the_seed() -> None:
    """K-4.5: the start player is drawn from the state's generator."""
    starts = {new(3, seed=seed).start for seed in range(30)}
    assert starts == {0, 1, 2}
    assert new(3, seed=7).start == new(3, seed=7).start


def test_a17_random_assignment_gives_distinct_characters() -> None:
    """A17: random by default, six boards for at most four players, all different."""
    seen = set()
    for seed in range(20):
        state = new(4, seed=seed)
        assert len(set(state.char)) == 4
        seen.update(state.char)
    assert seen == set(range(6))


def test_characters_option_fixes_boards_per_seat() -> None:
    state = new(3, seed=1, characters=["workaholic", "lab_manager", "idea_machine"])
    assert [CHARACTER_IDS[c] for c in state.char] == ["workaholic", "lab_manager", "idea_machine"]


@pytest.mark.parametrize(
    "chosen", [["workaholic"], ["workaholic", "workaholic"], ["workaholic", "nobody"]]
)
def test_characters_option_must_name_one_distinct_board_per_seat(chosen: list[str]) -> None:
    with pytest.raises(ValueError):
        boardlab.new("konoten", players=2, seed=1, characters=chosen)


def test_k1_a17_draft_picks_in_reverse_start_order() -> None:
    """K1/A17 option: boards are drafted in reverse start order before round 1."""
    state = boardlab.new("konoten", players=3, seed=5, assignment="draft")
    start = state.start
    assert state.phase == flow.DRAFT
    order = []
    while state.decision is not None and state.decision.kind == "choose_character":
        order.append(state.to_move)
        options = ids(state)
        assert len(options) == 7 - len(order)  # six boards, minus those already taken
        state.apply(options[-1])
    assert order == [(start + 2) % 3, (start + 1) % 3, start]
    assert state.phase == flow.SUPPLY
    assert [CHARACTER_IDS[c] for c in state.char] == [
        {order[0]: "lab_manager", order[1]: "idea_machine", order[2]: "workaholic"}[p]
        for p in range(3)
    ]
    assert audit(state) == []


@pytest.mark.parametrize("players", [1, 5])
def test_player_count_outside_2_to_4_is_refused(players: int) -> None:
    with pytest.raises(ValueError, match="2 to 4"):
        boardlab.new("konoten", players=players, seed=0)


def test_unknown_option_is_refused() -> None:
    with pytest.raises(ValueError, match="assignment"):
        boardlab.new("konoten", players=2, seed=0, variant="x")


def test_same_arguments_same_game() -> None:
    a, b = new(4, seed=99), new(4, seed=99)
    assert a == b and a.view(0) == b.view(0)


def test_options_survive_a_save_and_load() -> None:
    state = boardlab.new("konoten", players=2, seed=3, characters=["idea_machine", "workaholic"])
    state.apply("assistant")
    assert boardlab.load(state.to_json()) == state
    drafted = boardlab.new("konoten", players=2, seed=3, assignment="draft")
    assert drafted.view(0)["body"]["players"][0]["character"] is None
    assert "(no board yet)" in drafted.render()
    drafted.apply(drafted.legal_actions()[2])
    assert boardlab.load(drafted.to_json()) == drafted
