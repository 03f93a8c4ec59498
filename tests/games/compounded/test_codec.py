"""The Compounded action codec and observation encoder (learning environments) over random
playouts at 2 to 5 players, the game options, and built situations (decisions D1 to D17)."""

from __future__ import annotations

import itertools
import math
import random

import pytest

import boardlab
from boardlab.agents import make
from boardlab.engine import Action, Ask
from boardlab.engine.vector_encoder import DeclaredEncoder
from boardlab.games.compounded import SPEC
from boardlab.games.compounded import actions as A
from boardlab.games.compounded import frames as F
from boardlab.games.compounded.codec import CompoundedCodec, action_codec
from boardlab.games.compounded.content import CONTENT, ELEMENTS, RESEARCH
from boardlab.games.compounded.discovery import ASK_AT, EXT_MASK, GIVE_AT
from boardlab.games.compounded.flow import RULES
from boardlab.games.compounded.observation import (
    BUNDLE_SCALE,
    COMPOUNDS,
    DECISION_KINDS,
    PLAYER_WIDTH,
    SPACE_SCALE,
    STORAGE_SCALE,
    observation_encoder,
)
from boardlab.games.compounded.workbench import CARDS, LAB_FIRE, TRACK_LEVELS

from .helpers import claim_for, fill, new_game, pos_of, quiet_field, run_frames, set_card, vacate

CASES = [
    (2, 1, {}),
    (2, 2, {"shuffled_deck": True, "trade_offers": 2}),
    (3, 3, {"ap_cap": False}),
    (3, 4, {}),
    (4, 5, {"trade_offers": 1}),
    (4, 6, {"shuffled_deck": True}),
    (5, 7, {"trade_offers": 0}),
    (5, 8, {"ap_cap": False, "shuffled_deck": True}),
]
OBSERVE_EVERY = 3  # decisions between two observation checks in a playout
CONTEXT_KINDS = ("place_space", "trade_reply", "bunsen", "extinguish", "scatter_space")


def _every_action_constant() -> set[Action]:
    """Every Action built in ``actions.py``, nested tables flattened."""
    found: set[Action] = set()
    pending = list(vars(A).values())
    while pending:
        value = pending.pop()
        if isinstance(value, Action):
            found.add(value)
        elif isinstance(value, tuple):
            pending.extend(value)
    return found


def _never_legal(players: int) -> set[Action]:
    """Actions naming a seat or extinguisher beyond the table, or a cylinder move in place."""
    beyond = range(players, A.MAX_PLAYERS)
    never = {A.CYLINDER[t][t] for t in range(4)}
    for x in beyond:
        never |= {A.OFFER[x], A.GIVE_EXT[x], A.ASK_EXT[x], A.APPROVE_SPLIT[x]}
        never |= {*A.EXT_SPACE[x], *A.APPROVE[x]}
    return never


CONTEXT_FIELDS = (
    "trade",
    "claim_passed",
    "window",
    "fire_window",
    "placing",
    "moving_item",
    "relocate_from",
)
FIRE_CAUSES = {
    F.BunsenWindow.key: 0,
    F.Refill.key: 1,
    F.ResolveItems.key: 2,
}  # bunsen, Lab Fire, volatile


def _expected_context(encoder: DeclaredEncoder, state, seat) -> dict[str, list[float]]:
    """The decision-context fields of the vector, computed straight from the engine's frames."""
    n = state.players
    me = 0 if seat is None else seat
    spans = encoder.fields()
    out = {name: [0.0] * (spans[name][1] - spans[name][0]) for name in CONTEXT_FIELDS}
    frame = state.stack[-1]
    op = frame[0]
    below = state.stack[-2] if len(state.stack) > 1 else None
    research_top = TRACK_LEVELS[RESEARCH][-1]

    def rel(p: int) -> int:
        return (p - me) % n

    if op == F.TradeOffer.key:
        out["trade"][0] = frame[2] / n
    elif op in (F.TradeBuild.key, F.TradeReply.key):
        proposer, addressee = (frame[1], frame[2]) if op == F.TradeBuild.key else frame[2:0:-1]
        trade = out["trade"]
        trade[0] = below[2] / n
        trade[1 + rel(proposer)] = 1.0
        trade[1 + n + rel(addressee)] = 1.0
        for side, at in enumerate((GIVE_AT, ASK_AT)):
            b = 1 + 2 * n + side * (len(A.BUNDLE_NAMES) + n)
            for i in range(len(A.BUNDLE_NAMES)):
                trade[b + i] = frame[at + i] / BUNDLE_SCALE
            for x in range(n):
                trade[b + len(A.BUNDLE_NAMES) + x] = float(frame[at + EXT_MASK] >> x & 1)
    elif op == F.Claim.key:
        for p in range(n):
            out["claim_passed"][rel(p)] = float(frame[2] >> p & 1)
    elif op == F.Bunsen.key:
        step = below[2]
        out["window"][0] = frame[3] / n
        out["window"][1 + (rel((state.lead + (step - 2) // 2) % n) if step <= 2 * n else n)] = 1.0
    elif op == F.Extinguish.key:
        out["window"][0] = frame[5] / n
        for pos in range(16):
            out["fire_window"][pos] = float(frame[2] >> pos & 1)
            out["fire_window"][16 + pos] = float(frame[3] >> pos & 1)
        out["fire_window"][32 + FIRE_CAUSES[below[0]]] = 1.0
    elif op in (F.PlaceItem.key, F.PlaceSpace.key):
        allowance = TRACK_LEVELS[RESEARCH][state.track_level[frame[1] * 4 + RESEARCH]]
        out["placing"][0] = frame[2] / research_top
        out["placing"][1] = (allowance - frame[2]) / research_top
        if op == F.PlaceSpace.key:
            out["placing"][2 + frame[3]] = 1.0
    elif op in (F.ScatterSpace.key, F.HandleSpace.key):
        out["moving_item"][frame[2]] = 1.0
    elif op == F.RelocateTarget.key:
        out["relocate_from"][frame[2]] = 1.0
    return out


def _check_context(encoder: DeclaredEncoder, state, seat, vector: list[float]) -> None:
    """The vector's decision-context fields say what the pending frame holds."""
    spans = encoder.fields()
    for name, expected in _expected_context(encoder, state, seat).items():
        start, stop = spans[name]
        assert vector[start:stop] == pytest.approx(expected), (name, state.decision.kind)


def _check_actions(codec: CompoundedCodec, state) -> None:
    options = state.legal_actions()
    indices = [codec.encode(action) for action in options]
    assert all(0 <= index < codec.size for index in indices)
    assert len(set(indices)) == len(options), "two options of one decision share an index"
    mask = codec.mask(state)
    assert len(mask) == codec.size and sum(mask) == len(options)
    assert all(mask[index] == 1 for index in indices)
    for action, index in zip(options, indices, strict=True):
        assert codec.decode(index, state) == action
    with pytest.raises(ValueError):
        codec.decode(mask.index(0), state)


def _check_vector(encoder: DeclaredEncoder, vector: list[float]) -> None:
    assert len(vector) == encoder.size
    assert all(isinstance(x, float) and math.isfinite(x) for x in vector)
    assert all(
        low <= x <= top for x, low, top in zip(vector, encoder.low, encoder.high, strict=True)
    )


def _check_unplayed(encoder: DeclaredEncoder, state, vector: list[float]) -> None:
    """The unplayed-compound shares count exactly the compounds in the (hidden) deck and on
    the field: neither discarded nor scored."""
    start, stop = encoder.fields()["unplayed_compounds"]
    unplayed = [0] * COMPOUNDS
    for card in [*state.deck, *state.field_card]:
        if card >= 0 and card != LAB_FIRE:
            unplayed[CARDS[card].index] += 1
    copies = [compound.copies for compound in CONTENT.compounds]
    counted = [round(vector[start + k] * copies[k]) for k in range(stop - start)]
    assert counted == unplayed


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_random_playouts_round_trip_every_decision_D1_to_D17(players, seed, options):
    """Every legal action has an index in range, decodes back to itself, and the mask marks
    exactly the legal actions; observations are finite, fixed-length, carry the decision
    context the engine's frames hold, and do not change when the hidden deck is re-dealt
    (determinize)."""
    state = boardlab.new("compounded", players, seed, **options)
    codec = SPEC.action_codec(players, state.options)
    encoder = SPEC.observation_encoder(players, state.options)
    agent = make("random", seed=seed)
    picker = random.Random(seed)
    checkpoints = set(picker.sample(range(1200 * players), 4))
    steps = 0
    while not state.is_over:
        _check_actions(codec, state)
        decision = state.decision
        if steps % OBSERVE_EVERY == 0 or decision.kind in CONTEXT_KINDS:
            seat = (None, decision.player)[steps % 2]
            vector = encoder.encode(state, seat)
            _check_vector(encoder, vector)
            _check_context(encoder, state, seat, vector)
        if steps in checkpoints:
            for seat in (None, *range(players)):
                vector = encoder.encode(state, seat)
                _check_unplayed(encoder, state, vector)
                for k in range(2):
                    twin = state.determinize(seat, random.Random(k))
                    assert encoder.encode(twin, seat) == vector
                    assert codec.mask(twin) == codec.mask(state)
        state.apply(agent.choose(state))
        steps += 1
    assert not any(codec.mask(state))
    final = encoder.encode(state, 0)
    _check_vector(encoder, final)
    assert final[encoder.fields()["outcome"][0]] == 1.0


def test_the_codec_covers_every_action_the_rules_can_offer_once():
    """Each action of ``actions.py`` that can be legal at this player count has exactly one
    index; the blocks tile the space; nothing else is in it."""
    everything = _every_action_constant()
    for players in range(2, 6):
        codec = action_codec(players, {})
        offerable = everything - _never_legal(players)
        assert set(codec.actions) == offerable and len(codec.actions) == codec.size
        assert [codec.encode(action) for action in codec.actions] == list(range(codec.size))
        spans = sorted(codec.offsets.values())
        assert spans[0][0] == 0 and spans[-1][1] == codec.size
        assert all(a[1] == b[0] for a, b in itertools.pairwise(spans))
        for name, (start, stop) in codec.offsets.items():
            assert stop > start, name


def test_indices_of_seat_free_actions_do_not_depend_on_the_player_count():
    """Only the blocks that name seats or extinguishers grow with the table; they come last."""
    two, five = action_codec(2, {}), action_codec(5, {})
    for action in (A.PASS, A.CLAIM[5], A.SPACE[15][19], A.CYLINDER[3][0], A.GIVE[12]):
        assert two.encode(action) == five.encode(action)
    assert two.encode(A.OFFER[1]) == five.encode(A.OFFER[1])  # the first seat block
    assert two.encode(A.APPROVE[1][0]) != five.encode(A.APPROVE[1][0])
    assert five.size - two.size == 3 * 11  # offer 1 + gifts/asks 2 + ext spaces 3 + approvals 5


def test_actions_the_game_never_offers_are_rejected():
    codec = action_codec(3, {})
    for action in (A.OFFER[3], A.EXT_SPACE[4][0], A.CYLINDER[1][1], Action("claim", (4, 0))):
        with pytest.raises(ValueError):
            codec.encode(action)
    state = new_game(3, seed=2)
    for index in (-1, codec.size):
        with pytest.raises(ValueError):
            codec.decode(index, state)


def test_factories_are_cached_per_player_count_and_options():
    assert SPEC.action_codec(3, {}) is SPEC.action_codec(3, {"ap_cap": False})
    assert SPEC.action_codec(3, {}) is not SPEC.action_codec(4, {})
    options = SPEC.resolve_options({})
    assert SPEC.observation_encoder(3, options) is SPEC.observation_encoder(3, dict(options))
    assert SPEC.observation_encoder(3, options) is not SPEC.observation_encoder(
        3, {**options, "trade_offers": 0}
    )


def test_fields_tile_the_vector_at_every_player_count():
    for players in range(2, 6):
        encoder = observation_encoder(players, {})
        spans = list(encoder.fields().values())
        assert spans[0][0] == 0 and spans[-1][1] == encoder.size
        assert all(a[1] == b[0] and a[0] < a[1] for a, b in itertools.pairwise(spans))
    assert set(DECISION_KINDS) == {rule.kind for rule in RULES.values() if isinstance(rule, Ask)}


def test_workbenches_are_rotated_so_the_observer_comes_first():
    """Seat 1's workbench is the first block for seat 1 and the second for seat 0."""
    state = new_game(3, seed=5)
    encoder = observation_encoder(3, state.options)
    start, _ = encoder.fields()["players"]
    mine = encoder.encode(state, 1)
    theirs = encoder.encode(state, 0)
    assert (
        mine[start : start + PLAYER_WIDTH]
        == theirs[start + PLAYER_WIDTH : start + 2 * PLAYER_WIDTH]
    )
    for e, symbol in enumerate(ELEMENTS):
        assert mine[start + 3 + e] == state.storage[6 + e] / STORAGE_SCALE, symbol
    seat = encoder.fields()["seat"][0]
    assert mine[seat : seat + 3] == [0.0, 1.0, 0.0]
    public = encoder.encode(state, None)
    assert public[seat : seat + 3] == [0.0, 0.0, 0.0] and public[start:] == theirs[start:]


def test_handle_with_care_decisions_encode_C_10_3_D14():
    """D14: the item choice and the space choice round-trip; the card being resolved and its
    items are in the observation."""
    s = new_game(3, seed=21)
    s.lead = 0
    quiet_field(s)
    for pos in range(16):
        if pos not in (pos_of(0, 0), pos_of(1, 1), pos_of(2, 2)):
            vacate(s, pos)
    set_card(s, pos_of(0, 0), "peroxydisulfuric_acid")  # H2 O8 S2, handle with care
    fill(s, pos_of(0, 0))
    claim_for(s, pos_of(0, 0), 0)
    set_card(s, pos_of(1, 1), "sulfuric_acid")  # H2 O4 S: every kind has a destination
    set_card(s, pos_of(2, 2), "water")  # and O has two
    run_frames(s, (F.LabTurns.key, -1, 0))
    s.apply("none")
    assert s.decision.kind == "handle_item"
    codec, encoder = action_codec(3, s.options), observation_encoder(3, s.options)
    _check_actions(codec, s)
    vector = encoder.encode(s, 0)
    start, _ = encoder.fields()["resolving"]
    items = start + 1 + 3 + COMPOUNDS
    assert vector[start] == 1.0 and vector[start + 1] == 1.0  # the observer resolves it
    assert vector[start + 4 + CONTENT.compound("peroxydisulfuric_acid").index] == 1.0
    assert vector[items : items + 7] == [x / SPACE_SCALE for x in (2, 0, 8, 0, 0, 2, 0)]
    kind = encoder.fields()["decision_kind"][0]
    assert vector[kind + DECISION_KINDS.index("handle_item")] == 1.0
    s.apply("item O")
    assert s.decision.kind == "handle_space"
    _check_actions(codec, s)
    vector = encoder.encode(s, 1)
    _check_vector(encoder, vector)
    _check_context(encoder, s, 1, vector)
    moving, _ = encoder.fields()["moving_item"]
    assert vector[moving : moving + 7] == [0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0]  # an O


def test_the_documented_layout_holds():
    """The offsets the package README lists for the action space and observation sizes."""
    documented = {
        "simple": 0, "claim": 9, "relocate": 25, "to": 41, "burn": 57, "protect": 73,
        "score": 89, "release": 105, "return": 121, "swap3": 127, "pipette": 133, "take": 139,
        "keep": 145, "place": 151, "item": 164, "give": 171, "ask": 184, "raise": 197,
        "cylinder": 201, "space": 213, "offer": 533,
    }  # fmt: skip
    for players in range(2, 6):
        codec = action_codec(players, {})
        assert {name: codec.offsets[name][0] for name in documented} == documented
        assert codec.size == 533 + 11 * players
        assert codec.encode(A.SPACE[pos_of(2, 1)][7]) == 213 + 9 * 20 + 7
        assert codec.encode(A.EXT_SPACE[1][2]) == 533 + 3 * players + 3 + 2
        assert codec.encode(A.APPROVE[1][3]) == 533 + 6 * players + 4 + 3
        assert codec.encode(A.APPROVE_SPLIT[1]) == 533 + 10 * players + 1
    sizes = [observation_encoder(players, {}).size for players in range(2, 6)]
    assert sizes == [1963, 2069, 2177, 2287]
