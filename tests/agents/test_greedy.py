"""The greedy agent: one decision of lookahead on the game's evaluation."""

from __future__ import annotations

from boardlab import agents

from .play import play_game, wins_of
from .toy_variants import position


def test_greedy_beats_random_on_the_toy_game() -> None:
    """Over 24 seeded games with seats alternating, greedy wins clearly more than half."""
    assert wins_of("toy_eval", "greedy", "random", range(24)) >= 16


def test_greedy_plays_what_the_evaluation_likes_best() -> None:
    taking = position("toy_eval", seed=2, pile=12, taken=[1, 1], bonus=[2, 3])
    for seed in range(4):
        assert str(agents.make("greedy", seed=seed).choose(taking)) == "take 3"
    confirming = position("toy_eval", seed=2, pile=12, taken=[1, 1], bonus=[2, 3], chosen=3)
    assert str(agents.make("greedy", seed=0).choose(confirming)) == "confirm"


def test_ties_are_broken_by_the_agents_own_seed() -> None:
    """The plain toy has no evaluation: its scores ignore stones chosen, so every take ties."""
    state = position("toy", seed=5, pile=12)
    picks = {str(agents.make("greedy", seed=seed).choose(state)) for seed in range(12)}
    assert picks == {"take 1", "take 2", "take 3"}
    again = [str(agents.make("greedy", seed=7).choose(state)) for _ in range(3)]
    assert len(set(again)) == 1


def test_each_option_is_valued_on_every_sample() -> None:
    state = position("toy_eval", seed=1, pile=12)
    bot = agents.make("greedy", seed=1, samples=3)
    bot.choose(state)
    assert bot.last_evaluations == 3 * 3


def test_a_lost_position_does_not_cycle_through_undo() -> None:
    """Confirming the last stone loses, so undo looks better; the agent still ends the game."""
    for spec in ("greedy", "mcts:iterations=60,depth=0"):
        lost = position("toy_eval", seed=3, pile=1, taken=[8, 9], bonus=[0, 1])
        bot = agents.from_spec(spec, seed=1)
        for _ in range(8):
            if lost.is_over:
                break
            lost.apply(bot.choose(lost))
        assert lost.is_over, f"{spec} cycled: {lost.history}"
        assert "undo" in lost.history  # the cycle was really tempting


def test_a_whole_game_between_greedy_agents_ends() -> None:
    assert play_game("toy_eval", ["greedy", "greedy", "greedy"], seed=4).is_over


def test_a_single_option_costs_no_evaluation() -> None:
    state = position("toy_sealed", seed=2, pile=1).seal()
    bot = agents.make("greedy", seed=1)
    assert str(bot.choose(state)) == "take 1"
    assert bot.last_evaluations == 0 and state.determinized == 0


def test_epsilon_plays_that_share_of_choices_at_random() -> None:
    """``greedy:epsilon=E`` leaves the evaluation's best option in about a share E of the
    decisions with a choice (each other option as often), and never at 0."""
    taking = position("toy_eval", seed=2, pile=12, taken=[1, 1], bonus=[2, 3])
    plain = {str(agents.make("greedy", seed=seed).choose(taking)) for seed in range(40)}
    assert plain == {"take 3"}
    picks = [
        str(agents.make("greedy", seed=seed, epsilon=0.6).choose(taking)) for seed in range(300)
    ]
    random_share = 1 - picks.count("take 3") / len(picks)
    # a random pick is "take 3" a third of the time: the best is left in 0.6 * 2/3 = 40%
    assert 0.3 < random_share < 0.5
    assert {"take 1", "take 2"} <= set(picks)
    again = [str(agents.make("greedy", seed=11, epsilon=0.6).choose(taking)) for _ in range(3)]
    assert len(set(again)) == 1


def test_epsilon_greedy_loses_to_greedy_and_beats_random() -> None:
    """A share of random moves makes greedy weaker, and it is still better than random."""
    assert wins_of("toy_eval", "greedy", "greedy:epsilon=0.7", range(24)) >= 14
    assert wins_of("toy_eval", "greedy:epsilon=0.3", "random", range(24)) >= 14
