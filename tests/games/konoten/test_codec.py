"""The Konoten action codec and observation encoder over random playouts and fixed positions."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator
from typing import Any

import pytest

import boardlab
from boardlab.agents import make
from boardlab.engine import Action
from boardlab.engine.vector_encoder import DeclaredEncoder
from boardlab.games.konoten import SPEC
from boardlab.games.konoten import actions as A
from boardlab.games.konoten.codec import BLOCKS, KonotenActionCodec, action_codec
from boardlab.games.konoten.observation import (
    COUNTERS,
    DECISION_KINDS,
    observation_encoder,
)
from boardlab.games.konoten.state import KonotenState
from boardlab.games.konoten.tables import CARD_IDS, CHARACTER_IDS, NODE_IDS, bits

from .helpers import CARD, main_turn, new

GRIND_FRAMES = ("grind", "foundation")


def _every_action_constant() -> set[Action]:
    found: set[Action] = set()
    for value in vars(A).values():
        members = (
            value.values()
            if isinstance(value, dict)
            else (value if isinstance(value, tuple) else (value,))
        )
        found.update(member for member in members if isinstance(member, Action))
    return found


def _playout(state: KonotenState, seed: int) -> Iterator[KonotenState]:
    """Every state of one random game, the last one over."""
    agent = make("random", seed=seed)
    while True:
        yield state
        if state.is_over:
            return
        state.apply(agent.choose(state))


def _ones(vector: list[float], field: tuple[int, int]) -> list[int]:
    start, stop = field
    return [i - start for i in range(start, stop) if vector[i]]


def _check_actions(codec: KonotenActionCodec, state: KonotenState) -> None:
    options = state.legal_actions()
    indices = [codec.encode(action) for action in options]
    assert all(0 <= index < codec.size for index in indices)
    assert len(set(indices)) == len(options), f"two options share an index: {options}"
    mask = codec.mask(state)
    assert len(mask) == codec.size and set(mask) <= {0, 1}
    assert [i for i, bit in enumerate(mask) if bit] == sorted(indices)
    for action, index in zip(options, indices, strict=True):
        assert codec.decode(index, state) == action
    illegal = mask.index(0) if 0 in mask else None
    if illegal is not None:
        with pytest.raises(ValueError, match="not a legal action"):
            codec.decode(illegal, state)


def _check_decision_context(
    encoder: DeclaredEncoder, vector: list[float], state: KonotenState, seat: int
) -> None:
    """The decision fields say what the engine waits on, grind context included (K-9.1)."""
    fields = encoder.fields()
    decision = state.decision
    assert decision is not None
    assert _ones(vector, fields["decision.kind"]) == [DECISION_KINDS.index(decision.kind)]
    relative = (decision.player - seat) % state.players
    assert _ones(vector, fields["decision.seat"]) == [relative]
    frame = state.stack[-1]
    if frame[0] in GRIND_FRAMES:
        cards, flipped = frame[2], frame[3]
        assert _ones(vector, fields["decision.grind_cards"]) == bits(cards)
        assert _ones(vector, fields["decision.grind_turned"]) == bits(flipped)
        count, diff = vector[slice(*fields["decision.grind_numbers"])]
        assert (count, diff) == (cards.bit_count(), frame[5] if frame[0] == "grind" else frame[4])
        if frame[0] == "grind":
            assert _ones(vector, fields["decision.grind_marks"]) == bits(frame[4])
            awaiting = [frame[7]] if frame[7] >= 0 else []
            assert _ones(vector, fields["decision.grind_awaiting"]) == awaiting
    if frame[0] == "gain":
        assert vector[slice(*fields["decision.gain"])] == [float(x) for x in frame[2:10]]


def _check_observation(
    encoder: DeclaredEncoder, state: KonotenState, seat: int | None, k: int
) -> list[float]:
    vector = encoder.encode(state, seat)
    assert len(vector) == encoder.size
    assert all(isinstance(x, float) and math.isfinite(x) for x in vector)
    assert all(lo <= x <= hi for lo, x, hi in zip(encoder.low, vector, encoder.high, strict=True))
    twin = state.determinize(seat, random.Random(k))
    assert encoder.encode(twin, seat) == vector
    return vector


PLAYOUTS = [(players, seed, {}) for players in (2, 3, 4) for seed in (1, 2, 3)] + [
    (3, 4, {"assignment": "draft"}),
    (4, 5, {"assignment": "draft"}),
    (2, 6, {"characters": ["workaholic", "lab_manager"]}),
    (4, 7, {"characters": ["idea_machine", "light_prodigy", "rainbow_artist", "lab_manager"]}),
]


@pytest.mark.parametrize(("players", "seed", "options"), PLAYOUTS)
def test_random_playouts_round_trip_mask_and_observe_consistently(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    """Each legal action has its own index and decodes back; the mask marks exactly the legal
    actions; observations have the fixed size, are finite and ignore the deck order (A10: the
    decks are the only hidden information), for the deciding seat and the spectator."""
    state = boardlab.new("konoten", players=players, seed=seed, **options)
    assert isinstance(state, KonotenState)
    codec = SPEC.action_codec(players, state.options)  # type: ignore[misc]
    encoder = SPEC.observation_encoder(players, state.options)  # type: ignore[misc]
    kinds: set[str] = set()
    for step, current in enumerate(_playout(state, seed)):
        _check_actions(codec, current)
        if current.is_over:
            assert not any(codec.mask(current))
            with pytest.raises(ValueError, match="game is over"):
                codec.decode(0, current)
            vector = _check_observation(encoder, current, 0, step)
            assert not any(vector[slice(*encoder.fields()["decision.kind"])])
            break
        seat = current.to_move
        assert seat is not None
        vector = _check_observation(encoder, current, seat, step)
        _check_decision_context(encoder, vector, current, seat)
        if step % 7 == 0:
            _check_observation(encoder, current, None, step)
        kinds.add(current.decision.kind)  # type: ignore[union-attr]
    assert {"main_action", "grind_card", "grind_foundation"} <= kinds
    if options.get("assignment") == "draft":
        assert "choose_character" in kinds


def test_every_konoten_action_has_exactly_one_index() -> None:
    """The blocks list every action of actions.py once; indices never depend on the seats."""
    codec = action_codec(2, {})
    listed = [action for _, members in BLOCKS for action in members]
    assert len(listed) == len(set(listed)) == codec.size == 224
    assert set(listed) == _every_action_constant()
    others = [action_codec(players, {}) for players in (3, 4)]
    for index, action in enumerate(listed):
        assert codec.encode(action) == index
        assert codec.action(index) == action
        assert all(other.encode(action) == index for other in others)
    ranges = list(codec.blocks().values())
    assert ranges[0][0] == 0 and ranges[-1][1] == codec.size
    assert all(a[1] == b[0] for a, b in itertools.pairwise(ranges))


def test_codec_layout_offsets_per_kind_plus_local_index() -> None:
    """An index is its kind's offset plus the card, node, device, lens slot or pile."""
    codec = action_codec(4, {})
    blocks = codec.blocks()
    assert codec.encode(A.COLLECT[CARD["D13"]]) == blocks["collect"][0] + CARD["D13"]
    assert codec.encode(A.CARD[CARD["V02"]]) == blocks["card"][0] + CARD["V02"]
    assert codec.encode(A.PERSUADE[3]) == blocks["persuade"][0] + 3
    assert codec.encode(A.GROW[4]) == blocks["grow"][0] + NODE_IDS.index("n11")
    assert codec.encode(A.REMOVE_LENS[14]) == blocks["remove"][1] - 1
    assert codec.encode(Action("grow")) != codec.encode(A.GROW[0])


def test_named_ids_keep_the_index_of_each_card_and_lens_slot() -> None:
    """Ids name cards and lenses as the board does; each index still means the same action."""
    codec = action_codec(2, {})
    blocks = codec.blocks()
    assert codec.encode(Action("collect", ("D21",))) == blocks["collect"][0] + 20
    assert codec.action(blocks["card"][0] + 5).id == "card D06"
    assert codec.action(blocks["collect"][0] + 38).id == "collect V01"
    assert codec.action(blocks["activate_lens"][0]).id == "activate lens L1"
    assert codec.action(blocks["persuade"][0] + 3).id == "persuade lens L4"
    assert codec.action(blocks["remove"][1] - 1).id == "remove lens L15"


def test_unknown_actions_and_indices_are_refused() -> None:
    codec = action_codec(3, {})
    state = new(players=3, seed=2)
    with pytest.raises(ValueError, match="not a Konoten action"):
        codec.encode(Action("collect", (99,)))
    with pytest.raises(ValueError, match="not a Konoten action"):
        codec.encode(Action("collect", (12,), id="collect D13"))  # same id, different value
    for index in (-1, codec.size):
        with pytest.raises(ValueError):
            codec.decode(index, state)
        with pytest.raises(ValueError):
            codec.action(index)


def test_factories_are_cached_and_check_the_player_count() -> None:
    assert SPEC.action_codec is action_codec
    assert SPEC.observation_encoder is observation_encoder
    assert action_codec(3, {}) is action_codec(3, {"assignment": "draft"})
    assert observation_encoder(3, {}) is observation_encoder(3, {"characters": []})
    assert observation_encoder(2, {}).size < observation_encoder(4, {}).size
    for players in (1, 5, True):
        with pytest.raises(ValueError, match="2 to 4 players"):
            action_codec(players, {})
        with pytest.raises(ValueError, match="2 to 4 players"):
            observation_encoder(players, {})


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fields_tile_the_vector(players: int) -> None:
    encoder = observation_encoder(players, {})
    position = 0
    for start, stop in encoder.fields().values():
        assert start == position and stop > start
        position = stop
    assert position == encoder.size


def _play_until_lenses(players: int, seed: int, lenses: int) -> KonotenState:
    state = new(players=players, seed=seed)
    agent = make("random", seed=seed)
    while len(state.lenses) < lenses or state.decision.kind != "main_action":  # type: ignore[union-attr]
        assert not state.is_over, "no position with enough lenses in this game"
        state.apply(agent.choose(state))
    return state


def test_seats_are_rotated_so_the_observer_comes_first() -> None:
    """Every seat block, lens owner and occupant is counted from the observing seat."""
    state = _play_until_lenses(players=3, seed=11, lenses=2)
    encoder = observation_encoder(3, {})
    fields = encoder.fields()
    for seat in range(3):
        view = state.view(seat)
        vector = encoder.encode(state, seat)
        for k in range(3):
            player = view["body"]["players"][(seat + k) % 3]
            hand = [CARD_IDS[i] for i in _ones(vector, fields[f"seat{k}.hand"])]
            assert hand == player["hand"]
            character = _ones(vector, fields[f"seat{k}.character"])
            assert [CHARACTER_IDS[i] for i in character] == [player["character"]]
            counters = dict(zip(COUNTERS, vector[slice(*fields[f"seat{k}.counters"])], strict=True))
            assert counters["vp"] == player["vp"] and counters["ap"] == player["ap"]
            assert counters["light"] == player["materials"]["light"]
            grown = [NODE_IDS[i] for i in _ones(vector, fields[f"seat{k}.growth"])]
            assert grown == player["grown"]
        for lens in view["body"]["lenses"]:
            start, _ = fields[f"lens{lens['lens']}"]
            assert vector[start] == 1.0
            assert vector[start + 1 + (lens["owner"] - seat) % 3] == 1.0
            assert sum(vector[start + 1 : start + 4]) == 1.0
        empty_start, _ = fields[f"lens{len(view['body']['lenses'])}"]
        assert vector[empty_start] == 0.0
        in_lenses = {CARD_IDS[i] for i in _ones(vector, fields["cards_in_lenses"])}
        assert in_lenses == {c["card"] for lens in view["body"]["lenses"] for c in lens["cards"]}


def test_the_spectator_is_encoded_from_seat_0() -> None:
    state = new(players=2, seed=3)
    encoder = observation_encoder(2, {})
    assert encoder.encode(state, None) == encoder.encode(state, 0)


def test_main_action_mask_matches_a_built_position() -> None:
    """K-7.2: with the AP to collect, every face-up card's collect index is set, and end."""
    state = new(players=2, seed=5)
    main_turn(state, 0)
    state.ap[0] = 10
    codec = action_codec(2, {})
    mask = codec.mask(state)
    start = codec.blocks()["collect"][0]
    face_up = sorted(card for card in state.market if card >= 0)
    assert [i - start for i in range(start, start + len(CARD_IDS)) if mask[i]] == face_up
    assert mask[codec.encode(A.END)] == 1
    assert codec.decode(start + face_up[0], state) == A.COLLECT[face_up[0]]
