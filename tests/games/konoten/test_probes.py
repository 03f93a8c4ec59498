"""Konoten's probes (issue 28, item 10): scripted lines that skip the main phase."""

from __future__ import annotations

import boardlab
from boardlab.agents import make
from boardlab.agents.probe import probes

LAZY_LINES = ("idle", "grow-and-idle", "lazy", "lazy-wander", "grow-only", "abilities-only")
#: Main-phase kinds that are real play: collect a card, place an assistant on a device or a
#: lens, persuade or reactivate the assistant on a lens.
REAL_PLAY = {"collect", "activate", "persuade", "reactivate"}


def _play(probe: str, seed: int) -> tuple[boardlab.State, list[tuple[str, str]]]:
    """A game of ``probe`` as the workaholic (seat 0) against greedy; the probe's choices
    as (decision kind, option id)."""
    state = boardlab.new("konoten", 2, seed, characters=["workaholic", "lab_manager"])
    agents = (make("probe", seed=seed, play=probe), make("greedy", seed=seed))
    chosen = []
    while not state.is_over:
        seat = state.to_move
        assert seat is not None and state.decision is not None
        action = agents[seat].choose(state)
        if seat == 0:
            chosen.append((state.decision.kind, str(action)))
        state.apply(action)
    return state, chosen


def test_issue28_every_lazy_line_is_a_probe() -> None:
    names = [probe.name for probe in probes("konoten")]
    assert all(line in names for line in LAZY_LINES)


def test_issue28_lazy_grows_at_every_token_uses_abilities_and_never_plays_a_main_turn() -> None:
    """The lazy line: growth at every supply token, every free ability, otherwise ``end``."""
    _, chosen = _play("lazy", 7000)
    kinds = {kind for kind, _ in chosen}
    assert not {option.split()[0] for _, option in chosen} & REAL_PLAY
    assert [option for kind, option in chosen if kind == "supply_token"] == ["grow"] * 4
    assert any(option.startswith("use ") for _, option in chosen)
    assert any(option.startswith("will ") for _, option in chosen)
    assert "main_action" in kinds


def test_issue28_abilities_only_keeps_its_tokens_and_never_grows() -> None:
    state, chosen = _play("abilities-only", 7001)
    assert not any(option.startswith("grow") for _, option in chosen)
    assert state.grown[0] == 1  # n00 only, the start node
    assert not {option.split()[0] for _, option in chosen} & REAL_PLAY
