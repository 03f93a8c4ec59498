"""The player's guide (``guide.md``) names what the game has, quotes real option ids and
labels, and its tables and worked example agree with the engine."""

from __future__ import annotations

import re
from importlib import resources

import boardlab
from boardlab.engine import Ask
from boardlab.games.linnaeus import SPEC
from boardlab.games.linnaeus.actions import act
from boardlab.games.linnaeus.codec import action_codec
from boardlab.games.linnaeus.content import ACTIONS, CONTENT, TOOLS
from boardlab.games.linnaeus.flow import RULES
from boardlab.games.linnaeus.free import FREE_KINDS
from boardlab.games.linnaeus.state import LinnaeusState

GUIDE = resources.files("boardlab.games.linnaeus").joinpath("guide.md").read_text(
    encoding="utf-8")
QUOTED = re.findall(r"`([^`\n]+)`", GUIDE)
#: An option id as written: a kind, then at most one argument word (``place 0,1``).
ID = re.compile(r"[a-z_]+(?: [a-z0-9_,]+)?")


def every_id() -> set[str]:
    codec = action_codec(2, {})
    return {codec.action(k).id for k in range(codec.size)}


def test_the_guide_is_the_one_boardlab_rules_shows() -> None:
    assert boardlab.guide("linnaeus") == GUIDE
    assert GUIDE.splitlines()[0] == "# Linnaeus: a player's guide"


def test_the_guide_names_every_option_with_its_values() -> None:
    for option in SPEC.options:
        assert option.name in QUOTED, option.name
        assert f"`{option.name}` | `{str(option.default).lower()}`" in GUIDE
    for level in CONTENT.solo.difficulty:
        assert level in QUOTED, level
    assert "-o difficulty=" in GUIDE and "-o start_tiles=true" in GUIDE


def test_the_guide_names_every_action_free_action_and_decision() -> None:
    for action in ACTIONS:
        assert f"### {action.capitalize()}" in GUIDE, action
    for tool in TOOLS:
        assert f"| {tool} | " in GUIDE, tool
    for kind in FREE_KINDS:
        assert any(q.split(" ")[0] == kind for q in QUOTED), kind
    for rule in RULES.values():
        if isinstance(rule, Ask):
            assert rule.kind in QUOTED, rule.kind


def test_every_option_id_the_guide_quotes_is_a_real_option() -> None:
    """A quoted id whose first word is an option kind must be an option of the game; ids
    with placeholders (``move N``), quoted labels (``move to Gävle``), kind names alone
    (``recruit``), decision kinds and score rows are not option ids."""
    from boardlab.games.linnaeus import scoring

    ids = every_id()
    kinds = {x.split(" ")[0] for x in ids}
    state = boardlab.new("linnaeus", 2, seed=7)
    assert isinstance(state, LinnaeusState)
    names = {r.kind for r in RULES.values() if isinstance(r, Ask)}
    names |= set(scoring.final_parts(state)[0])
    checked = [q for q in QUOTED if ID.fullmatch(q) and q.split(" ")[0] in kinds
               and q not in names and (" " in q or q in ids)]
    assert len(checked) > 100
    wrong = [q for q in checked if q not in ids]
    assert not wrong, wrong


def test_the_id_numbers_the_guide_explains_count_as_the_engine_does() -> None:
    """Issue 27: ids name cards by their code and choices by what they give."""
    assert act("write", 25).id == "write LT26" and "write LT26 " in act("write", 25).label
    assert act("take_book", 24).id == "take_book BK25"
    assert "BK25 " in act("take_book", 24).label
    assert act("recruit", 23).id == "recruit VY18" and "(VY18)" in act("recruit", 23).label
    assert act("place", 17, 0).id == "place AL12,glasses" and "AL12 " in act("place", 17, 0).label
    assert act("lens", 11).label.endswith("AL12 (correspond, gain)")
    assert act("move", 12).id == "move tornio" and act("move", 12).label == "move to Tornio"
    assert act("slot", 1, 1).label == "library slot 0,1, turned 90 degrees"
    assert act("point", 5).label == "researcher to point (1,2)"
    assert act("plant", 3, 10).label == "plant a 3-flower on Q1-2"
    assert act("plant", 3, 10).id == "plant 3,Q1-2"
    assert act("choose", "container").label == "take a container"
    beds = [spot.id.split("-")[0] for spot in CONTENT.spots]
    assert sorted(set(beds), key=beds.index) == ["T1", "L1", "Q1", "L2", "Q2", "T2", "L3"]
    assert "in the order T1, L1, Q1, L2, Q2, T2, L3" in GUIDE and len(beds) == 29
    assert act("start_tile", 5).label.startswith("start tile S06: 6 coins")


def test_the_tables_agree_with_the_content() -> None:
    for k, lens in enumerate(CONTENT.advanced):
        assert f"| {lens.id} | {ACTIONS[lens.action]} | " in GUIDE, lens.id
        assert lens.id == f"AL{k + 1:02d}"
    for k, place in enumerate(CONTENT.locations):
        assert f"| {k} | {place.name} | " in GUIDE, place.name
    for level, tools in CONTENT.solo.difficulty.items():
        shown = ", ".join(TOOLS[t] for t in tools) or "none"
        assert f"| `{level}` | {shown} |" in GUIDE, level
    assert CONTENT.solo.characters_min_difficulty == "skilled"
    assert "plays\nat `skilled` or above" in GUIDE
    # "Its glasses and magnifier give it no bonus"
    assert CONTENT.solo.glasses_bonus == 0 and CONTENT.solo.magnifier_bonus == 0
    assert "glasses\nand magnifier give it no bonus" in GUIDE
    assert CONTENT.solo.failed_row_coins == 3 and CONTENT.solo.lap_vp == 3
    assert CONTENT.lens_capacity == 8 and "**8** lenses" in GUIDE
    assert CONTENT.achievement_vp[2] == (6, 3) and CONTENT.achievement_vp[4] == (6, 4, 2)
    for track in CONTENT.tracks:
        assert track.multipliers == (0, 0, 1, 1, 2, 2, 3, 3, 3) and track.end_multiplier == 4
    for tile in CONTENT.scoring_tiles:
        assert f"| {tile.id} | " in GUIDE
    for bed_tile in CONTENT.bed_tiles:
        assert bed_tile.id in GUIDE
        assert ", ".join(map(str, bed_tile.rank_vp)) in GUIDE


def test_the_points_by_source_rows_are_the_engine_s() -> None:
    state = boardlab.new("linnaeus", 2, seed=7)
    assert isinstance(state, LinnaeusState)
    from boardlab.games.linnaeus import scoring

    for source in scoring.final_parts(state)[0]:
        assert f"| `{source}` | " in GUIDE, source


def test_the_worked_example_plays_as_the_guide_tells_it() -> None:
    state = boardlab.new("linnaeus", 2, seed=7)
    assert isinstance(state, LinnaeusState)
    assert CONTENT.books[state.books[0][0]].id == "BK03" and "Twinflower" in state.render(0)
    assert CONTENT.books[state.books[1][0]].id == "BK06" and "Mayfly" in state.render(1)
    assert CONTENT.order_ids[state.current_tile] == "O3"
    assert "Falun; Scots pine (2 containers); first visits neutral" in state.render(0)

    labels = {a.id: a.label for a in state.legal_actions()}
    assert labels["space 3"] == "order space 4 from the left"
    assert "`space 3`\n   (`order space 4 from the left`)" in GUIDE
    for chosen in ("space 0", "space 3", "stack 0"):
        state.apply(chosen)
    assert state.render(0).startswith("Linnaeus, round 1; order P2 P1;")
    assert CONTENT.sketches[state.sketches[0][0]].id == "SK24" and state.coins[0] == 3

    for chosen in ("place research,glasses", "continue", "point 5", "skip", "continue"):
        state.apply(chosen)
    assert state.taxonomy[1] == 3 and "knowledge: nutrition1" in state.render(1)

    placed = next(a for a in state.legal_actions() if a.id == "place explore,magnifier")
    text = state.explain(placed)
    assert text.startswith("put the explore lens on the magnifier: first the magnifier bonus "
                           "(1 tool or 1 container), then explore 2 times")
    state.apply("place explore,magnifier")
    assert [a.id for a in state.legal_actions()] == ["choose tool", "choose container"]
    state.apply("choose container")
    state.apply("continue")
    moves = {a.id: a.label for a in state.legal_actions()}
    assert moves == {"stay": "stay where you are", "move gavle": "move to Gävle",
                     "move falun": "move to Falun"}
    state.apply("move falun")
    state.apply("continue")
    assert (state.vp[0], state.coins[0]) == (1, 4)
    assert [a.id for a in state.legal_actions()] == ["investigate reward", "collect", "nothing"]
    state.apply("collect")
    slots = [a.id for a in state.legal_actions()]
    assert slots[0] == "slot 0,0" and slots[-1] == "slot 2,3" and len(slots) == 12
    state.apply("slot 0,0")
    assert "[0,0] Scots pine 1/3" in state.render(0) and "growth1" in state.render(0)
    assert "`[0,0] Scots pine 1/3`" in GUIDE
    assert "stop" in [a.id for a in state.legal_actions()]
    for chosen in ("continue", "move gavle", "continue"):
        state.apply(chosen)
    assert state.decision is not None and state.decision.kind == "publish_book"
    assert "publish" not in " ".join(a.id for a in state.legal_actions())
    state.apply("skip")
    state.apply("continue")
    board = state.render(0)
    assert "Falun; Common frog (2 containers)" in board
    assert "  Gävle; explorers P1" in board
    assert (state.vp[0], state.coins[0], state.containers[0], state.tools[0]) == (1, 5, 0, 1)
    assert [CONTENT.sketches[k].id for k in state.sketches[0]] == ["SK24", "SK29"]
    assert state.decision is not None and state.decision.player == 1
