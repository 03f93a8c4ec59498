"""Issue 29 item 4: Compounded's frames have declared layouts (``frames.LAYOUTS``), string
keys like every game's, and saves from the days of int opcodes still load."""

from __future__ import annotations

import json
import random
from pathlib import Path

import boardlab
from boardlab.engine import Ask
from boardlab.engine.layouts import KEY, check_frame
from boardlab.games.compounded import flow
from boardlab.games.compounded import frames as F
from boardlab.games.compounded.actions import BUNDLE_NAMES
from boardlab.games.compounded.state import CompoundedState

from .helpers import new_game

OLD_SAVE = Path(__file__).parents[2] / "engine" / "data" / "compounded_save_before_renames.json"


def test_every_rule_has_a_layout_and_an_asks_key_is_its_decision_kind():
    assert set(flow.RULES) == set(F.LAYOUTS)
    for key, rule in flow.RULES.items():
        assert F.LAYOUTS[key].key == key
        if isinstance(rule, Ask):
            assert rule.kind == key


def test_every_frame_of_20_random_playouts_fits_its_layout():
    seen: set[str] = set()
    for game in range(20):
        state = new_game(2 + game % 4, seed=100 + game)
        rng = random.Random(game)
        while not state.is_over:
            for frame in state.stack:
                assert check_frame(frame, F.LAYOUTS) is None
                seen.add(frame[KEY])
            state.apply(rng.choice(state.legal_actions()))
    assert len(seen) > len(F.LAYOUTS) // 2  # the playouts reach most kinds


def test_an_offer_names_one_field_per_bundle_slot_and_a_reply_keeps_their_positions():
    """The bundles follow ``actions.BUNDLE_NAMES`` (then the extinguisher mask), at the same
    positions in an offer being built and in the offer sent (``discovery.trade_build``)."""
    for side in ("give", "ask"):
        names = [f"{side}_{name.lower()}" for name in BUNDLE_NAMES] + [f"{side}_extinguishers"]
        start = getattr(F.TradeBuild, names[0])
        assert F.TradeBuild.fields[start : start + len(names)] == tuple(names)
        assert F.TradeReply.fields[start : start + len(names)] == tuple(names)


def test_the_turn_order_steps_keep_visited_where_offer_in_turn_order_reads_it():
    for layout in (F.RelocationRound, F.GogglesRound, F.HandleRound):
        assert layout.visited == F.RelocationRound.visited


def test_an_old_save_with_int_opcodes_loads_with_string_keys():
    """Saves written before the keys were strings hold opcodes (0.. steps, 32.. decisions)."""
    data = json.loads(OLD_SAVE.read_text())
    assert all(type(frame[0]) is int for frame in data["state"]["stack"])
    assert set(F.OLD_KEYS.values()) == set(F.LAYOUTS)
    state = boardlab.load(OLD_SAVE.read_text(), verify=False)
    assert isinstance(state, CompoundedState)
    assert state.stack and all(check_frame(f, F.LAYOUTS) is None for f in state.stack)
    assert [F.OLD_KEYS[frame[0]] for frame in data["state"]["stack"]] == [
        frame[KEY] for frame in state.stack
    ]
    assert state.decision is not None and state.decision.kind == state.stack[-1][KEY]
