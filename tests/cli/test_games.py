"""``boardlab games`` and the help of every command."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from typer.testing import Result

from boardlab.engine import registry

Invoke = Callable[..., Result]


def test_games_lists_title_player_counts_and_options(invoke: Invoke) -> None:
    result = invoke(["games"])
    assert result.exit_code == 0
    toy_row = next(line for line in result.stdout.splitlines() if "│ toy " in line)
    assert "Toy stones" in toy_row
    assert "2-4" in toy_row
    assert "pile = 15: stones in the pile at the start (5, 10, 15, 20)" in toy_row


def test_a_game_that_fails_to_load_is_listed_as_unavailable_without_hiding_others(
    invoke: Invoke,
) -> None:
    registry.declare("broken", "boardlab.games.no_such_package")
    try:
        result = invoke(["games"])
    finally:
        registry.unregister("broken")
    assert result.exit_code == 0
    broken_row = next(line for line in result.stdout.splitlines() if "│ broken " in line)
    assert "declared but cannot be loaded" in broken_row
    assert any("│ toy " in line and "Toy stones" in line for line in result.stdout.splitlines())


@pytest.mark.parametrize("command", ["games", "play", "replay", "simulate", "bench"])
def test_every_command_has_help(invoke: Invoke, command: str) -> None:
    result = invoke([command, "--help"])
    assert result.exit_code == 0
    assert f"boardlab {command}" in result.stdout


def test_no_arguments_shows_the_commands(invoke: Invoke) -> None:
    result = invoke([])
    assert result.exit_code == 0
    for command in ("games", "play", "replay", "simulate", "bench"):
        assert command in result.stdout


def test_unknown_command_is_a_one_line_error(
    invoke: Invoke, one_line_error: Callable[[Result, str], str]
) -> None:
    assert "No such command 'dance'" in one_line_error(invoke(["dance"]), "")
