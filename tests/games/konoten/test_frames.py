"""Frame layouts (issue 29 item 4): every frame kind of the stack is declared once in
``frames.py``, and every frame pushed in play fits the layout of its key."""

from __future__ import annotations

import pytest

import boardlab
from boardlab.engine import Rng
from boardlab.engine.layouts import KEY, PLAYER, check_frame
from boardlab.games.konoten import flow
from boardlab.games.konoten.frames import LAYOUTS, Discard
from boardlab.games.konoten.tables import LENS_IDS

from .helpers import add_lens, main_phase, play, refresh


def test_every_rule_key_has_a_layout_and_every_layout_a_rule() -> None:
    """Issue 29 item 4: one layout per frame kind, keyed by the same strings as ``RULES``."""
    assert set(LAYOUTS) == set(flow.RULES)
    assert all(type(key) is str and LAYOUTS[key].key == key for key in LAYOUTS)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_frame_of_random_playouts_fits_its_layout(players: int) -> None:
    """Every frame on the stack between decisions has its key's size and integer fields."""
    seen: set[str] = set()
    for seed in range(20):
        draft = {"assignment": "draft"} if seed % 2 else {}  # the character draft (K1)
        state = boardlab.new("konoten", players=players, seed=seed, **draft)
        chooser = Rng(seed)
        while not state.is_over:
            for frame in state.stack:  # type: ignore[attr-defined]
                problem = check_frame(frame, LAYOUTS)
                assert problem is None, problem
                assert all(type(v) is int for v in frame[PLAYER:]), frame
                assert 0 <= frame[PLAYER] < players
                seen.add(frame[KEY])
            state.apply(chooser.choice(state.legal_actions()))
    assert seen == set(LAYOUTS), f"kinds never met: {set(LAYOUTS) - seen}"


def test_k8_the_discard_frame_holds_the_new_materials_and_the_excess_by_name() -> None:
    """K-10.4/K8: at 11 of 12, light + rainbow + sediment leave 2 to discard, one at a time."""
    state, p = main_phase(["light_prodigy", "workaholic"], 1)
    lens = add_lens(state, p, {"D12": False, "D01": False}, cost=0)
    state.mats[p * 3 : p * 3 + 3] = [5, 3, 3]
    refresh(state)
    play(state, f"activate lens {LENS_IDS[lens]}")
    frame = state.stack[-1]
    assert frame[KEY] == Discard.key and frame[PLAYER] == p
    new = (frame[Discard.light], frame[Discard.rainbow], frame[Discard.sediment])
    assert new == (1, 1, 1) and frame[Discard.excess] == 2
    assert state.decision is not None and state.decision.prompt.endswith("(2 to discard)")
    play(state, "discard sediment")
    frame = state.stack[-1]
    assert frame[Discard.sediment] == 0 and frame[Discard.excess] == 1
    assert state.decision is not None and state.decision.prompt.endswith("(1 to discard)")
