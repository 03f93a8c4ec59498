"""Web test fixtures: an app on a fresh SQLite file and its client; the quiet duel game."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

from boardlab.engine import registry
from boardlab.web import create_app

from . import quiet_duel
from .support import TestClient

warnings.filterwarnings("ignore", message=".*httpx.*")


@pytest.fixture
def quiet_duel_game() -> Iterator[str]:
    """The quiet duel registered for one test (a reveal that draws no chance); its name."""
    registry.register(quiet_duel.SPEC)
    yield quiet_duel.SPEC.name
    registry.unregister(quiet_duel.SPEC.name)


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    """A fresh SQLite database file."""
    return f"sqlite:///{tmp_path / 'games.db'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    """A client of a server whose bots stay idle (tests play every seat themselves)."""
    with TestClient(create_app(db_url, run_bots=False)) as test_client:
        yield test_client


@pytest.fixture
def bot_client(db_url: str) -> Iterator[TestClient]:
    """A client of a server whose bot seats play in the background."""
    with TestClient(create_app(db_url)) as test_client:
        yield test_client
