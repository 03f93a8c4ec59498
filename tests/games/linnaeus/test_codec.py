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
        f"publish {book.id}" for book in CONTENT.books
    ]
    start, stop = codec.blocks()["choose"]
    assert [codec.action(i).id for i in range(start, stop)] == ["choose tool", "choose container"]
    every = [codec.action(i) for i in range(codec.size)]
    assert len({a.id for a in every}) == codec.size
    assert all(codec.encode(a) == i for i, a in enumerate(every))
    assert not any(
        a.id.split(" ")[-1].isdigit()
        for a in every
        if a.kind in ("write", "book", "ship", "exotic", "lens", "move", "place")
    )


def _side(name: str, first: int, players: int) -> str:
    """The vector's name of the view's side ``name`` (``P2``, ``automa``) seen by ``first``."""
    return "automa" if name == "automa" else f"seat{(int(name[1:]) - 1 - first) % players}"


@pytest.mark.parametrize("players", [1, 2, 3])
def test_the_vector_holds_what_the_view_shows(players: int) -> None:
    """The declared vector against ``view(seat)``: each side's counts, explorer, visits,
    books and character, the map's explorers, the displays and whose turn it is."""
    encoder = observation_encoder(players, {})
    names = encoder.entries()
    s = new(players, 4, characters=True)
    rng = Rng(4)
    while not s.is_over:
        for seat in (*range(players), None):
            vector = dict(zip(names, encoder.encode(s, seat), strict=True))
            body = s.view(seat)["body"]
            first = seat or 0

            for p in body["players"]:
                at = f"players.{_side(p['side'], first, players)}."
                assert vector[at + "coins"] == min(1.0, p["coins"] / 20)
                assert vector[at + "vp"] == min(1.0, p["vp"] / 100)
                assert vector[at + f"explorer.{p['explorer']}"] == 1.0
                visited = {n for n, v in vector.items() if n.startswith(at + "visited.") and v}
                assert visited == {at + f"visited.{x}" for x in p["visited"]}
                held = {n for n, v in vector.items() if n.startswith(at + "books.") and v}
                assert held == {at + f"books.{x}" for x in p["books"]}
                if p["character"] is not None:
                    assert vector[at + f"character.{p['character']}"] == 1.0
            for place in body["map"]:
                for name in place["explorers"]:
                    assert (
                        vector[f"map.{place['id']}.explorers.{_side(name, first, players)}"] == 1.0
                    )
            for display, shown in body["displays"].items():
                on = {n for n, v in vector.items() if n.startswith(f"{display}.") and v}
                assert on == {f"{display}.on_display.{x}" for x in shown if x is not None}
            if body["active"] is not None:
                assert vector[f"active.{_side(body['active'], first, players)}"] == 1.0
        options_now = s.legal_actions()
        s.apply(options_now[rng.randbelow(len(options_now))])
