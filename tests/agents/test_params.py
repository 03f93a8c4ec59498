"""Agents are made by name with typed parameters; anything else is refused with a ValueError."""

from __future__ import annotations

import pytest

from boardlab import agents


def test_every_agent_is_listed_and_made_by_name() -> None:
    assert agents.names() == ["greedy", "mcts", "policy", "probe", "random"]
    for name in agents.names():
        assert agents.make(name, seed=3).name == name


@pytest.mark.parametrize(
    ("name", "accepted"),
    [
        ("greedy", "epsilon, samples"),
        ("probe", "play"),
        (
            "mcts",
            "c, depth, epsilon, finish, iterations, prior, reuse, rollout, seconds, stop_early, "
            "win_weight",
        ),
    ],
)
def test_unknown_parameter_names_the_accepted_ones(name: str, accepted: str) -> None:
    with pytest.raises(ValueError, match="no parameter 'budget'") as error:
        agents.make(name, seed=0, budget=5)
    assert accepted in str(error.value)


@pytest.mark.parametrize(
    ("name", "params", "message"),
    [
        ("greedy", {"samples": 0}, "samples must be an integer >= 1"),
        ("greedy", {"samples": 1.5}, "samples must be an integer"),
        ("greedy", {"epsilon": 1.5}, "epsilon must be a number in \\[0, 1\\]"),
        ("greedy", {"epsilon": float("nan")}, "epsilon must be a number"),
        ("mcts", {"iterations": 0}, "iterations must be an integer >= 1"),
        ("mcts", {"iterations": True}, "iterations must be an integer"),
        ("mcts", {"seconds": -1}, "seconds must be a number >= 0"),
        ("mcts", {"seconds": float("inf")}, "seconds must be a number >= 0"),  # issue 30
        ("mcts", {"seconds": float("nan")}, "seconds must be a number >= 0"),
        ("mcts", {"c": "wide"}, "c must be a number"),
        ("mcts", {"rollout": "smart"}, "rollout must be one of random, greedy"),
        ("mcts", {"epsilon": 1.5}, r"epsilon must be a number in \[0, 1\]"),
        ("mcts", {"depth": -2}, "depth must be an integer >= -1"),
        ("mcts", {"win_weight": 2}, r"win_weight must be a number in \[0, 1\]"),
        ("mcts", {"reuse": 1}, "reuse must be one of True, False"),
        ("mcts", {"stop_early": "no"}, "stop_early must be one of True, False"),
        ("mcts", {"finish": "always"}, "finish must be one of none, greedy"),
    ],
)
def test_out_of_range_values_are_refused(name: str, params: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        agents.make(name, seed=0, **params)


def test_command_line_specs_give_typed_parameters() -> None:
    spec = "mcts:iterations=50,c=1,rollout=greedy,epsilon=0.2,reuse=false,stop_early=false"
    bot = agents.from_spec(spec, 4)
    assert bot.iterations == 50 and bot.c == 1.0 and bot.greedy_rollout
    assert bot.epsilon == 0.2 and bot.reuse is False and bot.stop_early is False
    assert agents.from_spec("greedy:samples=3").samples == 3
    with pytest.raises(ValueError, match="accepted parameters: epsilon, samples"):
        agents.from_spec("greedy:depth=2")


def test_seconds_alone_lifts_the_default_iteration_cap() -> None:
    assert agents.make("mcts").iterations == 1000
    assert agents.make("mcts", seconds=0.5).iterations == 0
    assert agents.make("mcts", seconds=0.5, iterations=20).iterations == 20
