"""Fixtures of the adapter tests: the ``toy_rl`` game, registered only while a module runs."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from adapters import toy_codec


@pytest.fixture(scope="module", autouse=True)
def toy_rl() -> Iterator[str]:
    """``toy_rl`` (the toy game with a codec and an encoder) in the registry, then out again."""
    name = toy_codec.register()
    yield name
    toy_codec.unregister()
