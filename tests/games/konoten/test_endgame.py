"""The last round is the endgame (K-5): search plays it out to graduation (K-14) rather
than judging the holdings that ``evaluate`` can only estimate."""

from __future__ import annotations

import pytest

import boardlab
from boardlab.agents import make
from boardlab.agents.mcts import MctsAgent
from boardlab.agents.values import Judge
from boardlab.engine import GameState
from boardlab.games.konoten.content import CONTENT
from boardlab.games.konoten.tuning import TUNING, in_last_round
from boardlab.tuning import tuning

from .helpers import answer_supply, main_turn, new


def test_k5_the_endgame_is_the_last_round_of_a_played_game() -> None:
    state = boardlab.new("konoten", players=2, seed=4)
    bot = make("greedy", seed=4)
    seen: set[tuple[int, bool]] = set()
    while state.decision is not None:
        seen.add((state.round, in_last_round(state)))
        state.apply(bot.choose(state))
    last = CONTENT.rounds
    assert seen == {(r, r == last) for r in range(1, last + 1)}
    assert in_last_round(state)  # graduation is over, still in the last round


def test_the_tuning_asks_mcts_to_finish_the_last_round() -> None:
    assert tuning("konoten") is TUNING
    assert TUNING.endgame is in_last_round
    assert TUNING.search["finish"] == "greedy"


def finished_rollouts(monkeypatch: pytest.MonkeyPatch, state: GameState, **params: object) -> int:
    """How many of the 40 rollouts of one search ended at a finished game."""
    finished = []
    rollout = MctsAgent._rollout

    def watched(self: MctsAgent, world: GameState, judge: Judge) -> GameState:
        end = rollout(self, world, judge)
        finished.append(end.is_over)
        return end

    monkeypatch.setattr(MctsAgent, "_rollout", watched)
    bot = make("mcts", seed=2, iterations=40, **params)
    bot.choose(state)
    assert len(finished) == bot.last_iterations == 40
    return sum(finished)


def main_phase_of_round(round_: int) -> GameState:
    state = new(2, seed=5, characters=["lab_manager", "light_prodigy"])
    answer_supply(state)
    state.round = round_
    return main_turn(state, 0)


def test_k14_every_search_from_the_last_round_reaches_graduation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert finished_rollouts(monkeypatch, main_phase_of_round(CONTENT.rounds)) == 40


def test_earlier_rounds_and_finish_none_judge_by_evaluate(monkeypatch: pytest.MonkeyPatch) -> None:
    assert finished_rollouts(monkeypatch, main_phase_of_round(2)) == 0
    last = main_phase_of_round(CONTENT.rounds)
    assert finished_rollouts(monkeypatch, last, finish="none") == 0
