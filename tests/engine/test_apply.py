"""Applying actions: by Action or id, legality owned by the options, errors that leave no trace."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from toy_game import SPEC as TOY_SPEC
from toy_game import ToyState

import boardlab
from boardlab import Action, Decision, GameState, IllegalAction
from boardlab.engine import GameSpec

Play = Callable[[GameState, int, int], GameState]


def test_the_first_decision_is_the_first_seats_take(toy: GameState) -> None:
    decision = toy.decision
    assert decision is not None
    assert (decision.player, decision.kind, decision.prompt) == (0, "take", "take stones")
    assert toy.to_move == 0 and not toy.is_over
    assert toy.legal_actions() == [Action("take", (1,)), Action("take", (2,)), Action("take", (3,))]
    assert toy.legal_actions() == list(decision.options)


def test_apply_by_action_or_by_id_gives_the_same_state(toy: GameState) -> None:
    by_action, by_id, by_relabelled, by_padded = (toy.clone() for _ in range(4))
    by_action.apply(Action("take", (2,)))
    by_id.apply("take 2")
    by_relabelled.apply(Action("take", (2,), label="some other label"))
    by_padded.apply("  take 2 ")
    assert by_action == by_id == by_relabelled == by_padded
    assert by_action.history == ["take 2"]
    assert by_action.decision is not None and by_action.decision.kind == "confirm"


def test_a_two_step_turn_moves_the_stones_and_passes_the_turn(toy: GameState) -> None:
    toy.apply("take 2")
    assert toy.to_move == 0 and toy.view(None)["body"]["chosen"] == 2
    toy.apply("confirm")
    assert toy.history == ["take 2", "confirm"]
    assert toy.to_move == 1
    body = toy.view(None)["body"]
    assert body["taken"] == [2, 0]
    assert body["pile"] in (13, 14)  # 15 - 2, plus one stone a quarter of the time


def test_the_returned_option_list_is_a_copy(toy: GameState) -> None:
    toy.legal_actions().clear()
    assert len(toy.legal_actions()) == 3


def test_apply_unchecked_matches_apply_for_legal_actions(toy: GameState) -> None:
    checked = toy.clone()
    checked.apply("take 3")
    toy.apply_unchecked(toy.legal_actions()[2])
    assert toy == checked and toy.log(0) == checked.log(0)


@pytest.mark.parametrize(
    "bad", ["take 4", "take", "pass", "", Action("take", (4,)), Action("confirm")], ids=repr
)
def test_illegal_action_names_the_decision_and_changes_nothing(
    toy: GameState, bad: Action | str
) -> None:
    toy.apply("take 1")
    toy.apply("undo")
    before = toy.to_json()
    decision = toy.decision
    with pytest.raises(IllegalAction) as raised:
        toy.apply(bad)
    message = str(raised.value)
    assert repr(str(bad)) in message
    assert "pending decision 'take' of P1 (seat 0) (take stones)" in message
    assert "options: take 1, take 2, take 3" in message
    assert toy.to_json() == before
    assert toy.decision == decision and toy.history == ["take 1", "undo"]


def test_an_option_of_another_decision_is_illegal(toy: GameState) -> None:
    toy.apply("take 1")
    before = toy.to_json()
    with pytest.raises(IllegalAction, match=r"pending decision 'confirm'.*options: confirm, undo"):
        toy.apply("take 1")
    assert toy.to_json() == before


def test_illegal_action_is_a_value_error(toy: GameState) -> None:
    with pytest.raises(ValueError):
        toy.apply("nonsense")


def test_input_that_is_not_an_action_is_illegal(toy: GameState) -> None:
    before = toy.to_json()
    with pytest.raises(IllegalAction, match="an action is an Action or its id string, got int"):
        toy.apply(2)  # type: ignore[arg-type]
    assert toy.to_json() == before


def test_input_that_is_not_an_action_names_the_decision(toy: GameState) -> None:
    with pytest.raises(IllegalAction, match="'take'"):
        toy.apply(2)  # type: ignore[arg-type]


class WideToy(ToyState):
    """The toy with a first decision of twenty options, to see the message cut them."""

    __slots__ = ()

    def pending(self) -> Decision | None:
        if self.history:
            return super().pending()
        return Decision(0, "pick", "pick a number", tuple(Action("pick", (n,)) for n in range(20)))


WIDE_SPEC = GameSpec(
    name="wide_toy",
    title="Wide toy",
    min_players=2,
    max_players=2,
    state_class=WideToy,
    options=TOY_SPEC.options,
)


def test_a_long_option_list_is_cut_in_the_message() -> None:
    state = WideToy.create(2, 1, WIDE_SPEC.resolve_options({}))
    with pytest.raises(IllegalAction) as raised:
        state.apply("pick 20")
    shown = ", ".join(f"pick {n}" for n in range(12))
    assert str(raised.value).endswith(f"options: {shown}, ... (20 in all)")


def test_apply_after_the_game_is_over(play_random: Play) -> None:
    state = play_random(boardlab.new("toy", players=2, seed=4, pile=5), 1000, 1)
    assert state.is_over and state.to_move is None and state.decision is None
    assert state.legal_actions() == []
    before = state.to_json()
    for action in ("take 1", Action("confirm")):
        with pytest.raises(IllegalAction, match="the toy game is over; no action can be applied"):
            state.apply(action)
    assert state.to_json() == before


def test_scores_and_winners_over_a_whole_game(play_random: Play) -> None:
    state = boardlab.new("toy", players=3, seed=6, pile=10)
    while not state.is_over:
        assert state.winners() == []
        assert len(state.scores()) == 3
        play_random(state, 1, len(state.history))
    scores = state.scores()
    view = state.view(None)
    assert sum(view["body"]["taken"]) >= 10  # every stone of the pile was taken, plus chance stones
    assert state.winners() == [seat for seat in range(3) if scores[seat] == max(scores)]


def test_clone_is_equal_and_independent(toy: GameState, play_random: Play) -> None:
    toy.apply("take 2")
    twin = toy.clone()
    assert twin == toy and twin is not toy
    before = toy.to_json()
    play_random(twin, 20, 5)
    assert toy.to_json() == before
    assert twin.history[:1] == ["take 2"] and len(twin.history) > 1
    twin_before = twin.to_json()
    play_random(toy, 7, 9)
    assert twin.to_json() == twin_before


def test_equality_covers_players_seed_options_history_rng_and_state() -> None:
    base = boardlab.new("toy", players=2, seed=1)
    assert base == boardlab.new("toy", players=2, seed=1)
    assert base != boardlab.new("toy", players=3, seed=1)
    assert base != boardlab.new("toy", players=2, seed=2)
    assert base != boardlab.new("toy", players=2, seed=1, pile=10)
    moved = base.clone()
    moved.apply("take 1")
    assert base != moved
    reseeded = base.clone()
    reseeded.rng.next64()
    assert base != reseeded
    assert base != "toy"


def test_repr_names_game_players_seed_and_moves(toy: GameState) -> None:
    toy.apply("take 1")
    assert repr(toy) == "<toy players=2 seed=1 moves=1 to_move=0>"


def test_expect_names_the_decision_a_client_answers(toy: GameState) -> None:
    toy.apply("take 2", expect=0)
    toy.apply("undo", expect=1)
    toy.apply("take 1", expect=2)
    assert toy.history == ["take 2", "undo", "take 1"]
    assert toy.decision is not None and toy.decision.id == 3


@pytest.mark.parametrize("stale", [0, 2, 5, -1])
def test_a_stale_expect_is_refused_and_changes_nothing(toy: GameState, stale: int) -> None:
    toy.apply("take 2")
    before = toy.to_json()
    with pytest.raises(
        IllegalAction,
        match=rf"decision {stale} is not the pending one: "
        rf"decision 1 \('confirm' of P1 \(seat 0\)\)",
    ):
        toy.apply("confirm", expect=stale)
    assert toy.to_json() == before and toy.history == ["take 2"]
    toy.apply("confirm", expect=1)
    assert toy.history == ["take 2", "confirm"]


def test_expect_after_the_end_says_the_decision_is_gone(play_random: Play) -> None:
    state = play_random(boardlab.new("toy", players=2, seed=4, pile=5), 1000, 1)
    before = state.to_json()
    with pytest.raises(IllegalAction, match=r"decision 3 is gone: the toy game is over"):
        state.apply("take 1", expect=3)
    assert state.to_json() == before


def test_an_illegal_action_with_the_right_expect_is_still_illegal(toy: GameState) -> None:
    with pytest.raises(IllegalAction, match="is not an option of the pending decision 'take'"):
        toy.apply("take 9", expect=0)
    assert toy.history == []
