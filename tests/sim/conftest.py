"""Fixtures for the simulation tests: small configs of the toy game."""

from __future__ import annotations

import pytest
import toy_game

from boardlab.engine import registry
from boardlab.sim import SimConfig


@pytest.fixture(autouse=True)
def toy_registered() -> None:
    """The toy game is known as ``"toy"`` (the session conftest registers it; tests rely on it)."""
    registry.register(toy_game.SPEC)


@pytest.fixture
def toy_config() -> SimConfig:
    """Twelve 3-player toy games, random against greedy, seats rotated."""
    return SimConfig(
        "toy",
        players=3,
        games=12,
        seed=40,
        agents=("random", "greedy", "random"),
        rotate_seats=True,
    )
