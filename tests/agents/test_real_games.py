"""Agents on the real games: hidden deck order is never read, and near-end wins are found.

Skipped, with the reason, when a game package (or its rule-test builders) cannot be imported.
"""

from __future__ import annotations

import importlib
from types import ModuleType

import pytest

import boardlab
from boardlab import agents
from boardlab.engine import Action, GameState

from .hidden import same_choice_when_hidden_information_is_resampled


def game_or_skip(game: str) -> None:
    try:
        boardlab.new(game, players=2, seed=0)
    except (ImportError, ValueError) as error:
        pytest.skip(f"the {game} game cannot be made here: {error}")


def builders_or_skip(game: str) -> ModuleType:
    """The game's own rule-test builders (tests/games/<game>/helpers.py)."""
    game_or_skip(game)
    try:
        return importlib.import_module(f"games.{game}.helpers")
    except ImportError as error:
        pytest.skip(f"the {game} rule-test builders cannot be imported: {error}")


def after_random_steps(game: str, seed: int, steps: int) -> GameState:
    state = boardlab.new(game, players=2, seed=seed)
    bot = agents.make("random", seed=seed)
    for _ in range(steps):
        state.apply(bot.choose(state))
    while len(state.legal_actions()) == 1:
        state.apply(state.legal_actions()[0])
    return state


def wins_outright(state: GameState, action: Action) -> bool:
    """Whether ``action`` ends the game, through forced moves only, with its player alone
    on top."""
    seat = state.to_move
    after = state.clone()
    after.apply(action)
    while not after.is_over and len(after.legal_actions()) == 1:
        after.apply(after.legal_actions()[0])
    return after.is_over and after.winners() == [seat]


def only_winning_move(state: GameState) -> Action:
    winning = [a for a in state.legal_actions() if wins_outright(state, a)]
    assert len(winning) == 1 and len(state.legal_actions()) > 1, "the position is not decisive"
    return winning[0]


@pytest.mark.parametrize(("game", "steps"), [("konoten", (4, 25)), ("compounded", (10, 400))])
def test_choices_ignore_the_hidden_deck_order(game: str, steps: tuple[int, ...]) -> None:
    game_or_skip(game)
    specs = ("greedy", "mcts:iterations=25", "mcts:iterations=15,depth=0",
             "mcts:iterations=15,depth=0,prior=3")
    differed = 0
    for seed, k in enumerate(steps):
        state = after_random_steps(game, seed, k)
        differed += same_choice_when_hidden_information_is_resampled(state, specs, range(2))
    assert differed >= 2  # the deck really was re-dealt


def test_compounded_mcts_ends_the_game_while_ahead() -> None:
    """C-14.1 B: raising Lab to the top gives seat 0 three maxed experiments, so the game ends
    after this Lab phase with seat 0 ahead; declining lets the game go on."""
    helpers = builders_or_skip("compounded")
    state = helpers.new_game(2, seed=41)
    state.lead = 0
    helpers.quiet_field(state)
    for track, level in (("discovery", 5), ("research", 5), ("lab", 3)):
        helpers.set_level(state, 0, track, level)
    helpers.fill(state, helpers.pos_of(0, 0))
    helpers.claim_for(state, helpers.pos_of(0, 0), 0)
    state.ap[0], state.ap[1] = 30, 10
    helpers.start_at(state, "lab")
    while len(state.legal_actions()) == 1:
        state.apply(state.legal_actions()[0])
    assert state.decision.kind == "experiment" and state.to_move == 0
    winning = only_winning_move(state)
    for seed in range(3):
        assert agents.make("mcts", seed=seed, iterations=150).choose(state) == winning
        expert = agents.make("mcts", seed=seed, iterations=150, c=0.1, depth=0, prior=5)
        assert expert.choose(state) == winning


def test_konoten_mcts_uses_the_end_ability_that_breaks_the_tie() -> None:
    """K-13.3 / K-14.3: level on VP in the last End phase, seat 0's end ability (1 rainbow
    -> 1 VP) makes it the sole winner; declining leaves a shared first place."""
    helpers = builders_or_skip("konoten")
    state = helpers.new(2, seed=1, characters=["rainbow_artist", "light_prodigy"])
    helpers.answer_supply(state)
    helpers.set_grown(state, 0, ["n00", "n01", "n02"])
    state.round = 4
    helpers.main_turn(state, state.start)
    while state.decision.kind == "main_action":
        state.apply("end")
    assert state.decision.kind == "end_ability" and state.to_move == 0
    winning = only_winning_move(state)
    for seed in range(3):
        assert agents.make("mcts", seed=seed, iterations=150).choose(state) == winning
