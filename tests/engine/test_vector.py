"""The declared observation vector (``boardlab.engine.vector``): the layout a declaration
makes, what each op writes in the reference interpreter, and the compiled kernel
(``boardlab._native.vector``) giving the same numbers, its kept derived parts included,
whatever state follows whatever other (issue 29 item 1)."""

from __future__ import annotations

import os
import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from boardlab.engine.vector import (
    VectorDeclaration,
    attr,
    below_field,
    bits,
    derived,
    derived_rows,
    each_seat,
    frame_derived,
    frame_field,
    framed,
    item,
    length,
    lookup,
    members,
    number,
    of_seat,
    onehot,
    part,
    seat,
    seat_bits,
    seat_values,
    total,
    values,
)
from boardlab.engine.vector_encoder import DeclaredEncoder

PLAYERS = 3


@dataclass
class Decision:
    kind: str
    player: int


@dataclass
class Toy:
    """A state with the shapes the rules keep: ints, flat and per-seat lists, masks, a
    decision stack of tuples."""

    players: int = PLAYERS
    round: int = 1
    start: int = 0
    market: list[int] = field(default_factory=lambda: [2, -1, 5])
    deck: list[int] = field(default_factory=lambda: [1, 2, 3])
    coins: list[int] = field(default_factory=lambda: [3, 0, 7])
    goods: list[int] = field(default_factory=lambda: [1, 0, 2, 0, 0, 0, 4, 4, 4])
    hand: list[int] = field(default_factory=lambda: [0b101, 0, 0b11])
    board: list[list[int]] = field(default_factory=lambda: [[0, 1], [2]])
    flags: int = 0b110
    decision: Decision | None = field(default_factory=lambda: Decision("buy", 1))
    stack: list[tuple[Any, ...]] = field(default_factory=list)


CALLS: list[str] = []


def _board_size(s: Any, _seat: int, me: int) -> dict[int, float]:
    """Given as a dict of its entries: the sparse form of a derived part's numbers."""
    CALLS.append("board")
    return {0: float(sum(len(row) for row in s.board)), 1: float(me)}


def _second_row(s: Any, _seat: int, _me: int) -> list[float]:
    CALLS.append("row1")
    return [float(len(s.board[1]))]


def _rich(s: Any, p: int, _me: int) -> tuple[int]:
    return (int(s.coins[p] >= 5),)


def _offer(frame: tuple[Any, ...], me: int) -> list[float]:
    CALLS.append("offer")
    return [float(frame[2]), float((frame[1] - me) % PLAYERS)]


def declaration() -> VectorDeclaration:
    seats = [f"seat{k}" for k in range(PLAYERS)]
    v = VectorDeclaration(PLAYERS)
    v.frames({"offer": "offer", "pay": "pay", "offer_again": "offer"})
    v.add(
        part("round", ("r1", "r2", "r3"), onehot(attr("round"), 3, minus=1)),
        part("start", seats, seat(attr("start"))),
        part("market", [f"c{i}" for i in range(6)], members(attr("market"), 6)),
        part("deck", ("size",), length(attr("deck")), high=10),
        part("flags", ("a", "b", "c"), bits(attr("flags"), 3)),
        part("board", ("cells", "me"), derived(_board_size, ("board",), 2), high=10),
        part("row1", ("len",), derived(_second_row, (item("board", 1),), 1), high=10),
        part("kind", ("buy", "sell"), lookup(attr("decision.kind"), {"buy": 0, "sell": 1})),
        part("to_move", seats, seat(attr("decision.player"))),
        part("second_coin", ("coins",), number(item("coins", 1)), high=10),
        part(
            "shares",
            ("deck", "last_coin", "goods_a", "goods_b"),
            length(attr("deck"), scale=4.0, cap=0.5),
            number(item("coins", 2), at=1, scale=10.0),
            values(attr("goods"), 2, start=6, at=2, scale=3.0),
        ),
        part(
            "coins_by_seat",
            (f"{s}.{what}" for s in seats for what in ("coins", "half")),
            seat_values(attr("coins"), stride=2),
            seat_values(attr("coins"), at=1, stride=2, scale=2.0, cap=3.0),
            high=10,
        ),
        part(
            "each",
            (f"{s}.{what}" for s in seats for what in ("coins", "rich")),
            *each_seat(2, number(of_seat("coins")), derived(_rich, (of_seat("coins"),), 1, at=1)),
            high=10,
        ),
    )
    v.seat_parts(
        part("coins", ("coins",), number(of_seat("coins")), high=10),
        part("goods", ("a", "b", "c"), values(of_seat("goods"), 3), high=10),
        part("hand", ("x", "y", "z"), bits(of_seat("hand"), 3)),
        part("rich", ("rich",), derived(_rich, (of_seat("coins"),), 1)),
    )
    v.add(
        part("offer", ("amount", "from"), frame_derived(_offer, 2), from_frame="offer", high=9),
        part("pay", ("left", "due"), *framed("pay", number(frame_field(2))), high=9),
    )
    return v


def encoder() -> DeclaredEncoder:
    return DeclaredEncoder(declaration().compile())


ROWS: list[int] = []


def _cell(s: Any, row: int, me: int) -> dict[int, float]:
    """A row of ``cells``: the market card at that place, and whether it is the round's."""
    ROWS.append(row)
    return {0: float(s.market[row] + 1), 1: float(s.round == row + 1)}


def _coin_cell(s: Any, row: int, _me: int) -> tuple[float]:
    """The third entry of a row of ``cells``, made by rows of their own."""
    return (float(s.coins[row]),)


def _goods_held(s: Any, p: int, _me: int) -> tuple[float]:
    CALLS.append(f"goods{p}")
    return (float(sum(s.goods[3 * p : 3 * p + 3])),)


def pending_declaration() -> VectorDeclaration:
    """Derived rows, per-seat runs, and the pending decision read from the top frame and the
    one below it (issue 29: Compounded's field and decision context)."""
    seats = [f"seat{k}" for k in range(PLAYERS)]
    v = VectorDeclaration(PLAYERS)
    v.frames({"offer": "offer", "pay": "pay"}, top=True)
    v.add(
        part(
            "cells",
            (f"c{r}.{what}" for r in range(3) for what in ("card", "now", "coins")),
            derived_rows(_cell, 3, 3, ("market",), ("round",), width=2),
            derived_rows(_coin_cell, 3, 3, ("coins",), at=2, width=1),
            high=9,
        ),
        part(
            "goods_total",
            ("all", *seats),
            total(attr("goods"), 9),
            *each_seat(1, total(of_seat("goods"), 3, at=1, scale=2.0)),
            high=40,
        ),
        part(
            "held",
            seats,
            *each_seat(1, derived(_goods_held, (of_seat("goods", 3),), 1)),
            high=20,
        ),
        part("mine", ("start_is_mine",), seat(attr("start"), seats=1)),
        part(
            "offer",
            ("a", "b", "c", "passes", *(f"{w}.{s}" for w in ("from", "passed") for s in seats)),
            *framed("offer", values(frame_field(2), 3), seat_bits(frame_field(1), at=7)),
            *framed("pay", number(below_field(2, "offer"), at=3), seat(frame_field(1), at=4)),
            high=9,
        ),
    )
    return v


def named(enc: DeclaredEncoder, vector: list[float]) -> dict[str, float]:
    return {name: value for name, value in zip(enc.entries(), vector, strict=True) if value}


def test_the_layout_names_every_entry_once_with_seat_parts_repeated_per_seat() -> None:
    enc = encoder()
    fields = enc.fields()
    assert list(fields)[:2] == ["round", "start"]
    assert [name for name in fields if name.startswith("seat")] == [
        f"seat{k}.{p}" for k in range(PLAYERS) for p in ("coins", "goods", "hand", "rich")
    ]
    assert enc.size == len(enc.entries()) == len(enc.low) == len(enc.high)
    assert len(set(enc.entries())) == enc.size
    start, stop = fields["deck"]
    assert (stop - start, enc.high[start]) == (1, 10.0)


def test_each_op_writes_what_it_reads_with_seats_counted_from_the_observer() -> None:
    state = Toy(stack=[("offer", 2, 4), ("pay", 0, 3), ("offer_again", 0, 6)])
    enc = encoder()
    got = named(enc, enc.encode(state, 2))
    assert got == {
        "round.r1": 1,
        "start.seat1": 1,  # seat 0 seen from seat 2
        "market.c2": 1,
        "market.c5": 1,
        "deck.size": 3,
        "flags.b": 1,
        "flags.c": 1,
        "board.cells": 3,
        "row1.len": 1,
        "shares.deck": 0.5,  # 3 / 4, capped
        "shares.last_coin": 0.7,
        "shares.goods_a": 4 / 3,
        "shares.goods_b": 4 / 3,
        "coins_by_seat.seat0.coins": 7,  # seat 2's, the observer's own first
        "coins_by_seat.seat0.half": 3.0,  # 7 / 2, capped at 3
        "coins_by_seat.seat1.coins": 3,
        "coins_by_seat.seat1.half": 1.5,
        "each.seat0.coins": 7,  # seat 2's, the observer's own first, as in seat_parts
        "each.seat0.rich": 1,
        "each.seat1.coins": 3,
        "board.me": 2,
        "kind.buy": 1,
        "to_move.seat2": 1,
        # the observer's own seat first: seat 2, then 0, then 1
        "seat0.coins.coins": 7,
        "seat0.goods.a": 4,
        "seat0.goods.b": 4,
        "seat0.goods.c": 4,
        "seat0.hand.x": 1,
        "seat0.hand.y": 1,
        "seat0.rich.rich": 1,
        "seat1.coins.coins": 3,
        "seat1.goods.a": 1,
        "seat1.goods.c": 2,
        "seat1.hand.x": 1,
        "seat1.hand.z": 1,
        "offer.amount": 6,  # the innermost frame of the group, from the top of the stack
        "offer.from": 1,
        "pay.left": 3,
    }


def test_a_dotted_name_through_none_writes_nothing_and_a_value_past_its_places_is_refused() -> None:
    enc = encoder()
    over = named(enc, enc.encode(Toy(decision=None), 0))
    assert not any(name.startswith(("kind.", "to_move.")) for name in over)
    with pytest.raises(ValueError, match="past its 3 places"):
        enc.encode(Toy(round=4), 0)
    with pytest.raises(ValueError, match="past its 6 places"):
        enc.encode(Toy(market=[6]), 0)


def test_the_spectator_sees_what_seat_0_sees() -> None:
    enc = encoder()
    assert enc.encode(Toy(), None) == enc.encode(Toy(), 0)


def test_declarations_that_cannot_be_laid_out_are_refused() -> None:
    with pytest.raises(ValueError, match="names an entry twice"):
        part("p", ("a", "a"))
    with pytest.raises(ValueError, match="outside its 2 entries"):
        part("p", ("a", "b"), number(attr("x"), at=2))
    with pytest.raises(ValueError, match="reads no frame"):
        part("p", ("a",), number(frame_field(1)))
    with pytest.raises(ValueError, match="a width within the stride"):
        derived_rows(_cell, 3, 2, ("market",), width=3)
    with pytest.raises(ValueError, match="too few entries for its derived rows"):
        part("p", [f"e{i}" for i in range(6)], derived_rows(_cell, 3, 2, ("market",), at=1))
    with pytest.raises(ValueError, match="total reads a list of the state"):
        total(frame_field(2), 3)
    v = VectorDeclaration(2)
    v.add(part("p", ("a",), number(of_seat("coins"))))
    with pytest.raises(ValueError, match="outside seat_parts"):
        v.compile()


def test_top_frames_are_read_only_when_pending_with_the_frame_below_them() -> None:
    """``frames(top=True)``: a group's frame is read only when it is the top of the stack;
    ``below_field`` reads the frame under it when that one is of the named kind; ``values``
    runs over frame fields and ``seat_bits`` turns a mask of seats around the observer."""
    enc = DeclaredEncoder(pending_declaration().compile())
    offer = ("offer", 0b101, 4, 0, 2)
    got = named(enc, enc.encode(Toy(stack=[offer]), 2))
    assert {k: v for k, v in got.items() if k.startswith("offer.")} == {
        "offer.a": 4,
        "offer.c": 2,
        "offer.passed.seat1": 1,  # seat 0 seen from seat 2
        "offer.passed.seat0": 1,  # seat 2, the observer
    }
    under = named(enc, enc.encode(Toy(stack=[offer, ("pay", 1, 0)]), 0))
    assert {k: v for k, v in under.items() if k.startswith("offer.")} == {
        "offer.passes": 4,  # field 2 of the offer below the pending payment
        "offer.from.seat1": 1,
    }
    elsewhere = Toy(stack=[offer, ("pay", 1, 0), ("other", 0)])
    assert not any(k.startswith("offer.") for k in named(enc, enc.encode(elsewhere, 0)))
    not_an_offer = Toy(stack=[("other", 7, 7), ("pay", 2, 0)])
    assert named(enc, enc.encode(not_an_offer, 0)).get("offer.passes") is None


def test_derived_rows_remake_only_the_rows_whose_items_changed() -> None:
    """One instruction for a board's places: a row is made again when its item changed, every
    row when a whole input did (issue 29: Compounded's 16 field positions)."""
    enc = DeclaredEncoder(pending_declaration().compile())
    state = Toy(round=2)
    got = named(enc, enc.encode(state, 0))
    assert {k: v for k, v in got.items() if k.startswith("cells.")} == {
        "cells.c0.card": 3,
        "cells.c2.card": 6,
        "cells.c1.now": 1,
        "cells.c0.coins": 3,  # rows of their own, each row's third entry
        "cells.c2.coins": 7,
    }
    assert {k: v for k, v in got.items() if k.startswith("goods_total.")} == {
        "goods_total.all": 15,
        "goods_total.seat0": 1.5,  # seat 0's run (1, 0, 2) halved
        "goods_total.seat2": 6,  # seat 2's (4, 4, 4)
    }
    program = enc.native(None, np.asarray(enc.low, np.float32), np.asarray(enc.high, np.float32))
    if program is None:
        return
    out = np.empty(enc.size, np.float32)
    ROWS.clear()
    program.encode(state, 0, out)
    program.encode(state, 0, out)
    assert ROWS == [0, 1, 2]
    state.market[1] = 4
    program.encode(state, 0, out)
    assert ROWS == [0, 1, 2, 1]
    state.round = 3
    program.encode(state, 0, out)
    assert ROWS == [0, 1, 2, 1, 0, 1, 2]


def test_a_seats_run_of_a_flat_list_keeps_the_other_seats_parts() -> None:
    """``of_seat(name, run)`` as an input: a seat's part is made again only when its own run
    of the flat list changed, and ``seat(..., seats=1)`` marks the observer alone."""
    enc = DeclaredEncoder(pending_declaration().compile())
    state = Toy(start=1)
    got = named(enc, enc.encode(state, 1))
    assert {k: v for k, v in got.items() if k.startswith("held.")} == {
        "held.seat1": 12,  # seat 2's, after the observer's own (seat 1 holds none)
        "held.seat2": 3,
    }
    assert got["mine.start_is_mine"] == 1
    assert "mine.start_is_mine" not in named(enc, enc.encode(state, 0))
    program = enc.native(None, np.asarray(enc.low, np.float32), np.asarray(enc.high, np.float32))
    if program is None:
        return
    out = np.empty(enc.size, np.float32)
    program.encode(state, 0, out)
    CALLS.clear()
    state.goods[7] = 0  # seat 2's run
    program.encode(state, 0, out)
    assert CALLS == ["goods2"]


def _random_toy(rng: random.Random) -> Toy:
    frames = [
        ("offer", rng.randrange(8), rng.randrange(9), rng.randrange(3), rng.randrange(3)),
        ("pay", rng.randrange(3), rng.randrange(9)),
        ("other", 0, 0),
    ]
    return Toy(
        round=rng.randint(1, 3),
        start=rng.randrange(3),
        market=[rng.randrange(-1, 6) for _ in range(3)],
        deck=[0] * rng.randrange(5),
        coins=[rng.randrange(10) for _ in range(3)],
        goods=[rng.randrange(4) for _ in range(9)],
        hand=[rng.randrange(8) for _ in range(3)],
        board=[[0] * rng.randrange(3) for _ in range(2)],
        flags=rng.randrange(8),
        decision=rng.choice([None, Decision("sell", rng.randrange(3))]),
        stack=rng.sample(frames, rng.randrange(4)),
    )


kernel = pytest.importorskip("boardlab._native.vector", reason="built without a C compiler")
np = pytest.importorskip("numpy")


@pytest.mark.skipif(os.environ.get("BOARDLAB_NO_NATIVE") == "1", reason="BOARDLAB_NO_NATIVE=1")
@pytest.mark.parametrize("declare", [declaration, pending_declaration])
def test_the_kernel_gives_the_interpreters_numbers_whatever_state_follows_whatever(
    declare: Any,
) -> None:
    """One compiled program serves states that change in place and states that alternate:
    a kept derived part is written again only while what it read is equal."""
    enc = DeclaredEncoder(declare().compile())
    low = np.asarray(enc.low, np.float32)
    high = np.asarray(enc.high, np.float32)
    program = enc.native(None, low, high)
    assert program is not None
    rng = random.Random(5)
    live = _random_toy(rng)
    for step in range(400):
        if step % 3 == 0:
            live.board[0].append(1)  # changed in place: the kept copy must not follow
            live.coins[rng.randrange(3)] = rng.randrange(10)
            live.goods[rng.randrange(9)] = rng.randrange(4)
            live.market[rng.randrange(3)] = rng.randrange(-1, 6)
        state = live if step % 2 else _random_toy(rng)
        for observer in (None, 0, 1, 2):
            got = np.empty(enc.size, np.float32)
            program.encode(state, observer, got)
            wanted = np.clip(np.asarray(enc.encode(state, observer), np.float32), low, high)
            assert np.array_equal(got, wanted), (step, observer)


def test_a_kept_derived_part_is_not_recomputed_while_its_inputs_are_equal() -> None:
    enc = encoder()
    program = enc.native(None, np.asarray(enc.low, np.float32), np.asarray(enc.high, np.float32))
    assert program is not None
    state = Toy(stack=[("offer", 1, 2)])
    out = np.empty(enc.size, np.float32)
    CALLS.clear()
    for _ in range(3):
        program.encode(state, 0, out)
    assert CALLS == ["board", "row1", "offer"]
    state.board[1].append(5)
    program.encode(state, 0, out)
    program.encode(state, 1, out)  # another observer: computed again
    assert CALLS == ["board", "row1", "offer", "board", "row1", "board", "row1", "offer"]
    CALLS.clear()
    state.board[0].append(5)  # not the item ``row1`` reads
    program.encode(state, 1, out)
    assert CALLS == ["board"]


def test_a_derived_part_writing_outside_its_width_is_refused_on_every_path() -> None:
    v = VectorDeclaration(2)
    v.add(part("p", ("a", "b"), derived(lambda *_: {2: 1.0}, (), 2)))
    enc = DeclaredEncoder(v.compile())
    with pytest.raises(ValueError, match="entry 2 of 2"):
        enc.encode(Toy(players=2), 0)
    low, high = np.asarray(enc.low, np.float32), np.asarray(enc.high, np.float32)
    program = enc.native(None, low, high)
    if program is not None:
        with pytest.raises(ValueError, match="entry 2 of 2"):
            program.encode(Toy(players=2), 0, np.empty(enc.size, np.float32))


def test_a_derived_input_is_a_name_or_one_item_and_a_seats_item_needs_seat_parts() -> None:
    """Inputs naming one item (``item``, ``of_seat``) keep a part while other items change
    (issue 29: per-position and per-seat parts of a large attribute)."""
    with pytest.raises(ValueError, match="an attribute or an item"):
        derived(_rich, (frame_field(1),), 1)
    with pytest.raises(ValueError, match="an attribute or an item"):
        derived(_rich, ("decision.kind",), 1)
    v = VectorDeclaration(2)
    v.add(part("p", ("a",), derived(_rich, (of_seat("coins"),), 1)))
    with pytest.raises(ValueError, match="outside seat_parts"):
        v.compile()
    v = VectorDeclaration(3)
    v.add(part("p", ("a", "b"), *each_seat(1, number(of_seat("coins")))))
    with pytest.raises(ValueError, match="too few entries for each seat"):
        v.compile()


def test_a_spectator_declaration_runs_for_the_spectator_only_and_must_share_the_layout() -> None:
    """A game whose spectator sees less than seat 0 gives it its own program."""
    seated = declaration().compile()
    fewer = VectorDeclaration(PLAYERS)
    fewer.add(part("round", ("r1", "r2", "r3"), onehot(attr("round"), 3, minus=1)))
    with pytest.raises(ValueError, match="layout"):
        DeclaredEncoder(seated, fewer.compile())
    hidden = declaration()
    hidden._parts = [
        (part(p.name, p.entries, low=p.low, high=p.high), g) if p.name == "kind" else (p, g)
        for p, g in hidden._parts
    ]
    enc = DeclaredEncoder(seated, hidden.compile())
    assert "kind.buy" in named(enc, enc.encode(Toy(), 0))
    assert "kind.buy" not in named(enc, enc.encode(Toy(), None))
    low, high = np.asarray(enc.low, np.float32), np.asarray(enc.high, np.float32)
    program = enc.native(None, low, high)
    if program is not None:
        out = np.empty(enc.size, np.float32)
        program.encode(Toy(), None, out)
        wanted = np.clip(np.asarray(enc.encode(Toy(), None), np.float32), low, high)
        assert np.array_equal(out, wanted)
