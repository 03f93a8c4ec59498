"""Reading ``--option key=value`` and ``--bots`` specs."""

from __future__ import annotations

from boardlab.cli.options import parse_options, split_agent_specs


def test_option_values_are_json_when_they_parse_else_text() -> None:
    options = parse_options(
        ["pile=10", "fast=true", 'factions=["red","blue"]', "variant=basic", "note=a=b"]
    )
    assert options == {
        "pile": 10,
        "fast": True,
        "factions": ["red", "blue"],
        "variant": "basic",
        "note": "a=b",
    }


def test_agent_specs_keep_their_own_parameters_together() -> None:
    specs = split_agent_specs(["random,mcts:iterations=200,seconds=0.5", "ismcts:c=1.4"])
    assert specs == ["random", "mcts:iterations=200,seconds=0.5", "ismcts:c=1.4"]
