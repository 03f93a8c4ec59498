"""The action codec and the observation encoder of the learning environments."""

from __future__ import annotations

import pytest

from boardlab.engine import Rng
from boardlab.games.linnaeus.codec import action_codec
from boardlab.games.linnaeus.content import CONTENT
from boardlab.games.linnaeus.observation import observation_encoder

from .helpers import new


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_option_has_a_fixed_index_and_the_vector_a_fixed_length(players: int) -> None:
    codec = action_codec(players, {})
    encoder = observation_encoder(players, {})
    for seed, options in ((1, {}), (2, {"characters": True}), (3, {"start_tiles": True})):
        s = new(players, seed, **options)
        rng = Rng(seed)
        while not s.is_over:
            mask = codec.mask(s)
            assert sum(mask) == len(s.legal_actions())
            for seat in range(players):
                vector = encoder.encode(s, seat)
                assert len(vector) == encoder.size
                assert all(-0.01 <= x <= 5 for x in vector)
            options_now = s.legal_actions()
            chosen = options_now[rng.randbelow(len(options_now))]
            assert codec.decode(codec.encode(chosen), s) == chosen
            s.apply(chosen)


def test_the_observation_puts_the_seat_first() -> None:
    s = new(3, 1)
    encoder = observation_encoder(3, {})
    start, stop = encoder.fields()["players"]
    size = (stop - start) // 3
    s.coins[1] = 20
    mine = encoder.encode(s, 1)
    assert mine[start] == 1.0  # seat 1's coins come first in its own vector
    theirs = encoder.encode(s, 0)
    assert theirs[start + size] == 1.0


def test_the_action_space_is_the_same_at_every_count() -> None:
    assert action_codec(1, {}).size == action_codec(4, {}).size


def test_option_ids_name_cards_by_their_code_and_every_id_has_one_index() -> None:
    """Issue 27, deliverable 8: ``publish BK25``, ``choose tool``; the space still maps every
    id to one index, in content order."""
    codec = action_codec(2, {})
    start, stop = codec.blocks()["publish"]
    assert [codec.action(i).id for i in range(start, stop)] == [
        f"publish {book.id}" for book in CONTENT.books]
    start, stop = codec.blocks()["choose"]
    assert [codec.action(i).id for i in range(start, stop)] == ["choose tool",
                                                                "choose container"]
    every = [codec.action(i) for i in range(codec.size)]
    assert len({a.id for a in every}) == codec.size
    assert all(codec.encode(a) == i for i, a in enumerate(every))
    assert not any(a.id.split(" ")[-1].isdigit() for a in every
                   if a.kind in ("write", "book", "ship", "exotic", "lens", "move", "place"))
