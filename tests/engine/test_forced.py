"""Issue 27: a decision with a single option is never posed; the engine plays it itself.

The forced move is recorded like any action (history, log, decision ids), replays and
saves written before the engine played them still read back exactly, and stale decision
ids stay refused.
"""

from __future__ import annotations

import pytest
from duel_game import DuelState

import boardlab
from boardlab import GameState, IllegalAction
from boardlab.engine import Rng, registry

SEEDS = (0, 1, 2)


def player_counts(game: str) -> list[int]:
    spec = registry.spec(game)
    return sorted({spec.min_players, min(4, spec.max_players)})


@pytest.mark.parametrize("game", boardlab.games())
def test_random_playouts_never_pose_a_decision_with_one_option(game: str) -> None:
    for players in player_counts(game):
        for seed in SEEDS:
            state = boardlab.new(game, players, seed)
            chooser = Rng(seed)
            while (decision := state.decision) is not None:
                options = decision.options
                assert len(options) > 1, (
                    f"{game} {players}p seed {seed}: decision {decision.id} "
                    f"{decision.kind!r} has the single option {options[0].id!r}"
                )
                state.apply(options[chooser.randbelow(len(options))])


def forcing_apply(game: str, seed: int, **options: object) -> tuple[GameState, GameState]:
    """A random 2-player game up to the first apply after which the engine played a move:
    the state just before that apply, and the state after it."""
    state = boardlab.new(game, 2, seed, **options)
    chooser = Rng(seed)
    while not state.is_over:
        before = state.clone()
        options_now = state.legal_actions()
        state.apply(options_now[chooser.randbelow(len(options_now))])
        if len(state.history) > len(before.history) + 1:
            return before, state
    raise AssertionError(f"no forced move in {game} seed {seed}")


def test_a_forced_move_is_in_the_history_and_the_log_of_its_seat() -> None:
    """The toy's take with one stone left has the single option "take 1"."""
    before, after = forcing_apply("toy", 2)
    forced_step = len(before.history) + 1
    assert after.history[forced_step:] == ["take 1"]
    entry = after.log(None)[-1]
    assert (entry["kind"], entry["id"], entry["seat"]) == ("take", "take 1", after.to_move)
    decision = after.decision
    assert decision is not None and decision.kind == "confirm"
    assert decision.id == len(after.history) == forced_step + 1


def test_a_forced_secret_move_is_a_secret_action_of_its_seat() -> None:
    """The duel's last card in hand is played face down by the engine; the round's reveal
    then shows it (its history step is the one the rules recorded for the pick)."""
    before, after = forcing_apply("duel", 1, rounds=8)
    forced_step = len(before.history) + 1
    actions = [e for e in after.log(0) if e["seat"] is not None]
    assert (actions[forced_step]["seat"], actions[forced_step]["kind"]) == (1, "pick")
    assert after.history[forced_step].startswith("play ")
    assert forced_step in after.revealed_steps()
    assert actions[forced_step]["id"] == after.history[forced_step]


def test_replay_load_and_trusted_load_give_back_a_game_with_forced_moves() -> None:
    _, state = forcing_apply("duel", 1, rounds=8)
    text = state.to_json()
    assert boardlab.replay("duel", 2, 1, state.history, rounds=8) == state
    assert boardlab.load(text) == state
    assert boardlab.load(text, verify=False) == state


def test_an_old_save_waiting_on_a_forced_decision_loads_and_plays_it() -> None:
    """A save as the engine wrote it before issue 27, waiting on a decision with one option
    (there, players answered it and the history recorded it) reads back exactly, then the
    engine plays the forced moves, as a game played now would have."""
    before, after = forcing_apply("duel", 1, rounds=8)
    old = DuelState.unsettled(2, 1, dict(before.options))
    for action in after.history[: len(before.history) + 1]:
        old.apply_raw(action)
    assert old.forced_option() is not None
    text = old.to_json()
    for loaded in (boardlab.load(text), boardlab.load(text, verify=False)):
        assert loaded.history[: len(old.history)] == old.history
        assert loaded == after and loaded.forced_option() is None


def test_a_history_of_the_seats_choices_alone_replays_to_the_same_game() -> None:
    """A list of the seats' own choices (a server's moves, a hand-written script) leaves the
    engine's moves out: replay plays them where an id is not an option of a forced one."""
    before, after = forcing_apply("duel", 1, rounds=8)
    forced_step = len(before.history) + 1
    without = after.history[:forced_step] + after.history[forced_step + 1 :]
    assert boardlab.replay("duel", 2, 1, without, rounds=8) == after
    assert boardlab.replay("duel", 2, 1, after.history, rounds=8) == after


def test_a_history_with_an_id_that_is_no_option_names_its_step() -> None:
    _, after = forcing_apply("duel", 1, rounds=8)
    broken = [*after.history[:3], "no such option"]
    with pytest.raises(IllegalAction, match="history step 3"):
        boardlab.replay("duel", 2, 1, broken, rounds=8)


def test_a_stale_decision_id_is_refused_after_a_forced_move() -> None:
    before, after = forcing_apply("toy", 2)
    forced_id = len(before.history) + 1
    twin = after.clone()
    with pytest.raises(IllegalAction, match="is not the pending one"):
        twin.apply("confirm", expect=forced_id)
    assert twin == after
    twin.apply("confirm", expect=forced_id + 1)
    assert twin.history[-1] == "confirm"


def test_a_clone_plays_its_forced_moves_alone() -> None:
    before, after = forcing_apply("toy", 2)
    original = before.clone()
    twin = before.clone()
    twin.apply(after.history[len(before.history)])
    assert twin == after
    assert before == original and before.log_length() == original.log_length()
    assert before.decision is not None and before.decision.id == len(before.history)


def test_the_search_fast_path_plays_forced_moves_too() -> None:
    before, after = forcing_apply("toy", 2)
    chosen = next(a for a in before.legal_actions() if a.id == after.history[len(before.history)])
    before.apply_unchecked(chosen)
    assert before == after
