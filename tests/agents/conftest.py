"""Games the agent tests register while they run (never during collection, so the
conformance suite, which lists games when it is collected, does not see them)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from boardlab.engine import registry

from . import fork_game, toy_variants

SPECS = (
    toy_variants.EVAL_SPEC,
    toy_variants.MODEST_SPEC,
    toy_variants.SEALED_SPEC,
    toy_variants.SHY_SPEC,
    toy_variants.TUNED_SPEC,
    toy_variants.MISTUNED_SPEC,
    toy_variants.CLOSING_SPEC,
    fork_game.SPEC,
)


@pytest.fixture(autouse=True, scope="package")
def agent_test_games() -> Iterator[None]:
    for spec in SPECS:
        registry.register(spec)
    yield
    for spec in SPECS:
        registry.unregister(spec.name)
