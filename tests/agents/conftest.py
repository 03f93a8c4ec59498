"""Games the agent tests register while they run (never during collection, so the
conformance suite, which lists games when it is collected, does not see them), with their
tunings declared (``boardlab.tuning.declare``) for as long."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from boardlab import tuning
from boardlab.engine import registry

from . import chain_game, fork_game, toy_v2, toy_variants

SPECS = (
    toy_variants.EVAL_SPEC,
    toy_variants.MODEST_SPEC,
    toy_variants.SEALED_SPEC,
    toy_variants.SHY_SPEC,
    toy_variants.TUNED_SPEC,
    toy_variants.MISTUNED_SPEC,
    toy_variants.CLOSING_SPEC,
    *toy_v2.SPECS,
    fork_game.SPEC,
    chain_game.SPEC,
)


@pytest.fixture(autouse=True, scope="package")
def agent_test_games() -> Iterator[None]:
    for spec in SPECS:
        registry.register(spec)
    for name, declared in toy_variants.TUNINGS.items():
        tuning.declare(name, declared)
    yield
    for spec in SPECS:
        registry.unregister(spec.name)
        tuning.forget(spec.name)
