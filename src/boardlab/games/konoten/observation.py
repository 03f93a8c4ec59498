"""Konoten's observation vector, declared once (``boardlab.engine.vector``).

Seats are counted from the observer: ``seat0`` is the observing seat (seat 0 for a
spectator), ``seat1`` the next seat, and so on; every seat reference inside the vector
(owners, occupants, start player, the deciding seat) uses the same rotation. Counts are raw
numbers (AP, VP, materials...), flags and one-hots are 0/1; ``low``/``high`` bound every
entry (the most the components allow, or a documented cap, ``CAPS``), and the learning
environments clip into them and normalise. The decision's parts come from the innermost
frame of each sort on the decision stack (the lens being ground, the gains and payments
left...), as the view's ``pending`` shows them. The package README lists every entry.

>>> import boardlab
>>> state = boardlab.new("konoten", players=2, seed=1)
>>> encoder = observation_encoder(2, {})
>>> len(encoder.encode(state, 1)) == encoder.size
True
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from boardlab.engine.layouts import KEY
from boardlab.engine.vector import (
    Part,
    VectorDeclaration,
    attr,
    bits,
    derived,
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
    seat_values,
    values,
)
from boardlab.engine.vector_encoder import DeclaredEncoder
from boardlab.games.konoten.codec import check_players
from boardlab.games.konoten.content import CONTENT, GRID_COLS, GRID_ROWS, MATERIALS, SYMBOLS
from boardlab.games.konoten.effects import FROM_STOCK, ON_DEVICE, ON_LENS
from boardlab.games.konoten.flow import PHASE_NAMES
from boardlab.games.konoten.frames import (
    Discard,
    EndAbilities,
    FollowUp,
    Foundation,
    Gain,
    Grind,
    Grow,
    PayAssistant,
    PayGrowth,
    SupplyAbilities,
    Task,
    used_nodes,
)
from boardlab.games.konoten.lenses import lens_info
from boardlab.games.konoten.tables import (
    CARD_IDS,
    CARD_MASK,
    CHARACTER_IDS,
    COST_MASK,
    COSTS,
    DEVICE_IDS,
    N_CARDS,
    N_CHARACTERS,
    N_DEVICES,
    N_FOUNDATIONS,
    N_NODES,
    N_TASKS,
    NODE_IDS,
    PASSIVES,
)
from boardlab.games.konoten.view import DISCARD_AT, DISCARD_FIELDS, GAIN_AT, GAIN_FIELDS

#: Every decision kind, in the order of the ``decision.kind`` one-hot.
DECISION_KINDS = (
    "choose_character",
    "supply_token",
    "supply_ability",
    "main_action",
    "grind_card",
    "grind_orientation",
    "grind_foundation",
    "grind_follow_up",
    "pay_growth",
    "pay_assistant",
    "grow_node",
    "discard_material",
    "task_reward",
    "end_ability",
    "gain_order",
)
#: The numbers of ``seatK.counters``, in order.
COUNTERS = (
    "ap",
    "creativity",
    "vp",
    *MATERIALS,
    "capacity",
    "stock",
    "lobby_unused",
    "lobby_used",
    "lenses_made",
    "ended",
)
#: The numbers of each ``lensI`` slot after its owner one-hot: cost, input, AP, output, ...
LENS_NUMBERS = (
    "cost",
    *(f"input_{symbol}" for symbol in SYMBOLS),
    "ap",
    *(f"output_{symbol}" for symbol in SYMBOLS),
    "result",
    "cards",
)
GRID_CELLS = GRID_ROWS * GRID_COLS
#: A seat's colour tokens (stock, growth, tasks, assistants): the most of any of them.
TOKENS = float(CONTENT.setup.colour_tokens)
#: The largest material capacity a character board reaches.
MAX_CAPACITY = float(max(passive.capacity for row in PASSIVES for passive in row))
#: Caps of the counts the rules do not bound (random games of 2 to 4 players stay below
#: about half of each: AP 33, VP 28 and -16, creativity 14, a lens result -3 to 9).
CAPS = {
    "ap": 60.0,
    "creativity": 30.0,
    "vp": 60.0,
    "symbol": 12.0,
    "lens_ap": 16.0,
    "result": 20.0,
    "difference": 12.0,
    "gain": 12.0,
}
#: The frame keys whose innermost frame feeds each sort of the decision's parts.
FRAME_GROUPS = {
    SupplyAbilities.key: "abilities_used",
    EndAbilities.key: "abilities_used",
    Grind.key: "lens",
    Foundation.key: "lens",
    FollowUp.key: "follow_up_lens",
    PayGrowth.key: "pay_growth",
    PayAssistant.key: "pay_assistant",
    Gain.key: "gains",
    Discard.key: "discard",
    Grow.key: "grow_source",
    Task.key: "task",
}

_COST_MASKS = tuple(COST_MASK[k] for k in COSTS)
_START_CAPACITY = CONTENT.setup.material_capacity
_KIND = {kind: i for i, kind in enumerate(DECISION_KINDS)}


def declare(players: int) -> VectorDeclaration:
    """The parts of the vector at ``players`` seats, in order."""
    n = players
    seats = tuple(f"seat{k}" for k in range(n))
    tasks = tuple(CONTENT.tasks)
    lens_width = 1 + n + len(LENS_NUMBERS) + n + 1
    v = VectorDeclaration(n)
    v.frames(FRAME_GROUPS)
    v.add(
        part(
            "round",
            (f"round{r}" for r in range(1, CONTENT.rounds + 1)),
            onehot(attr("round"), CONTENT.rounds, minus=1),
        ),
        part("phase", PHASE_NAMES, onehot(attr("phase"), len(PHASE_NAMES))),
        part("start_player", seats, seat(attr("start"))),
        part("next_start_player", seats, seat(attr("next_start"))),
        part("market", CARD_IDS, members(attr("market"), N_CARDS)),
        part(
            "deck_sizes",
            ("normal", "vp"),
            length(attr("normal_deck")),
            length(attr("vp_deck"), at=1),
            high=float(N_CARDS),
        ),
        part(
            "foundations",
            (f"cost{cost}_left" for cost in COSTS),
            derived(_foundations, ("found",), len(COSTS)),
            high=tuple(float(mask.bit_count()) for mask in _COST_MASKS),
        ),
        part(
            "devices",
            (
                f"{device}.{what}"
                for device in DEVICE_IDS
                for what in (*(f"assistants.{s}" for s in seats), "uses_this_round")
            ),
            *(
                op
                for d in range(N_DEVICES)
                for op in (
                    seat_values(attr("dev_occ"), start=d * n, at=d * (n + 1)),
                    number(item("dev_uses", d), at=d * (n + 1) + n),
                )
            ),
            high=(*([TOKENS] * n), TOKENS * n) * N_DEVICES,
        ),
        part(
            "cards_in_lenses",
            CARD_IDS,
            derived(
                _lenses, ("lenses", "lens_occ", "lens_used"), N_CARDS + N_FOUNDATIONS * lens_width
            ),
        ),
        *(_lens_part(i, seats) for i in range(N_FOUNDATIONS)),
    )
    v.seat_parts(
        part("character", CHARACTER_IDS, onehot(of_seat("char"), N_CHARACTERS)),
        part(
            "counters",
            COUNTERS,
            number(of_seat("ap")),
            number(of_seat("creativity"), at=1),
            number(of_seat("vp"), at=2),
            values(of_seat("mats"), len(MATERIALS), at=3),
            derived(_capacity, ("char", "grown"), 1, at=6),
            number(of_seat("stock"), at=7),
            number(of_seat("lobby_unused"), at=8),
            number(of_seat("lobby_used"), at=9),
            derived(_lenses_made, ("lenses",), 1, at=10),
            derived(_ended, ("ended",), 1, at=11),
            low=tuple(-CAPS["vp"] if name == "vp" else 0.0 for name in COUNTERS),  # K-14.1
            high=(
                CAPS["ap"],
                CAPS["creativity"],
                CAPS["vp"],
                *([MAX_CAPACITY] * 4),
                TOKENS,
                TOKENS,
                TOKENS,
                float(N_FOUNDATIONS),
                1.0,
            ),
        ),
        part("open_tasks", tasks, bits(of_seat("tasks"), N_TASKS)),
        part("growth", NODE_IDS, bits(of_seat("grown"), N_NODES)),
        part("will_used", NODE_IDS, bits(of_seat("will_used"), N_NODES)),
        part("hand", CARD_IDS, bits(of_seat("hand"), N_CARDS)),
    )
    v.add(
        part("decision.kind", DECISION_KINDS, lookup(attr("decision.kind"), _KIND)),
        part("decision.seat", seats, seat(attr("decision.player"))),
        part(
            "decision.abilities_used",
            NODE_IDS,
            frame_derived(_abilities_used, N_NODES),
            from_frame="abilities_used",
        ),
        part(
            "decision.grind_cards",
            CARD_IDS,
            frame_derived(_lens_in_progress, 3 * N_CARDS + GRID_CELLS + 2),
            from_frame="lens",
        ),
        part("decision.grind_turned", CARD_IDS),
        part("decision.grind_awaiting", CARD_IDS),
        part(
            "decision.grind_marks",
            (f"r{r}c{c}" for r in range(GRID_ROWS) for c in range(GRID_COLS)),
        ),
        part(
            "decision.grind_numbers",
            ("cards", "difference"),
            low=(0.0, -CAPS["difference"]),
            high=(float(GRID_CELLS), CAPS["difference"]),
        ),
        part(
            "decision.follow_up_lens",
            (f"lens{i}" for i in range(N_FOUNDATIONS)),
            onehot(frame_field(FollowUp.lens), N_FOUNDATIONS),
            from_frame="follow_up_lens",
        ),
        part(
            "decision.payment",
            (
                "growths_left",
                "assistants_left",
                *(f"executor.{d}" for d in DEVICE_IDS),
                *(f"executor.lens{i}" for i in range(N_FOUNDATIONS)),
            ),
            *framed("pay_growth", number(frame_field(PayGrowth.left))),
            *framed(
                "pay_assistant", frame_derived(_pay_assistant, 1 + N_DEVICES + N_FOUNDATIONS, at=1)
            ),
            high=(float(N_NODES), TOKENS, *([1.0] * (N_DEVICES + N_FOUNDATIONS))),
        ),
        part(
            "decision.gain",
            GAIN_FIELDS,
            *(number(frame_field(f), at=i) for i, f in enumerate(GAIN_AT)),
            high=CAPS["gain"],
            from_frame="gains",
        ),
        part(
            "decision.discard",
            DISCARD_FIELDS,
            *(number(frame_field(f), at=i) for i, f in enumerate(DISCARD_AT)),
            high=MAX_CAPACITY,
            from_frame="discard",
        ),
        part(
            "decision.grow_source",
            ("stock", *(f"task.{task}" for task in tasks)),
            frame_derived(_grow_source, 1 + N_TASKS),
            from_frame="grow_source",
        ),
        part("decision.task", tasks, onehot(frame_field(Task.task), N_TASKS), from_frame="task"),
    )
    return v


def _lens_part(i: int, seats: Sequence[str]) -> Part:
    """Lens slot ``i`` (written by ``_lenses``): exists, owner, numbers, occupant, used."""
    lens_caps = (
        float(max(COSTS)),  # cost
        *([CAPS["symbol"]] * len(SYMBOLS)),  # input
        CAPS["lens_ap"],  # ap
        *([CAPS["symbol"]] * len(SYMBOLS)),  # output
        CAPS["result"],  # result
        float(GRID_CELLS),  # cards
    )
    numbers_low = tuple(-CAPS["result"] if name == "result" else 0.0 for name in LENS_NUMBERS)
    n = len(seats)
    return part(
        f"lens{i}",
        (
            "exists",
            *(f"owner.{s}" for s in seats),
            *LENS_NUMBERS,
            *(f"occupant.{s}" for s in seats),
            "occupant_used",
        ),
        low=(0.0, *([0.0] * n), *numbers_low, *([0.0] * n), 0.0),
        high=(1.0, *([1.0] * n), *lens_caps, *([1.0] * n), 1.0),
    )


def _foundations(s: Any, _seat: int, _me: int) -> list[int]:
    found = s.found
    return [(found & mask).bit_count() for mask in _COST_MASKS]


def _lenses(s: Any, _seat: int, me: int) -> list[float]:
    """``cards_in_lenses`` and every lens slot: each lens's effect from its cards
    (``lens_info``), owner, occupant and whether the occupant was used."""
    n = s.players
    width = 1 + n + len(LENS_NUMBERS) + n + 1
    out = [0.0] * (N_CARDS + N_FOUNDATIONS * width)
    occupants, used = s.lens_occ, s.lens_used
    for i, lens in enumerate(s.lenses):
        at = N_CARDS + i * width
        out[at] = 1
        out[at + 1 + (lens[0] - me) % n] = 1
        b = at + 1 + n
        info = lens_info(lens)
        out[b] = info.cost
        out[b + 1 : b + 9] = info.input
        out[b + 9] = info.ap
        out[b + 10 : b + 18] = info.output
        out[b + 18] = info.result
        cards = lens[2]
        out[b + 19] = cards.bit_count()
        if occupants[i] >= 0:
            out[b + 20 + (occupants[i] - me) % n] = 1
        out[b + 20 + n] = used[i]
        while cards:
            low = cards & -cards
            out[low.bit_length() - 1] = 1
            cards ^= low
    return out


def _capacity(s: Any, p: int, _me: int) -> tuple[int]:
    ch = s.char[p]
    return (PASSIVES[ch][s.grown[p]].capacity if ch >= 0 else _START_CAPACITY,)


def _lenses_made(s: Any, p: int, _me: int) -> tuple[int]:
    return (sum(1 for lens in s.lenses if lens[0] == p),)


def _ended(s: Any, p: int, _me: int) -> tuple[int]:
    return (s.ended >> p & 1,)


def _abilities_used(frame: tuple[Any, ...], _me: int) -> list[float]:
    out = [0.0] * N_NODES
    mask = used_nodes(frame)
    for node in range(N_NODES):
        if mask >> node & 1:
            out[node] = 1
    return out


def _lens_in_progress(f: tuple[Any, ...], _me: int) -> list[float]:
    """``grind_cards``, ``grind_turned``, ``grind_awaiting``, ``grind_marks`` and
    ``grind_numbers`` of the lens being ground or declared."""
    if f[KEY] == Grind.key:
        _, _, cards, flipped, _, diff, _, awaiting = f
    else:
        _, _, cards, flipped, diff = f
        awaiting = -1
    out = [0.0] * (3 * N_CARDS + GRID_CELLS + 2)
    marks = 0
    placed = 0
    for card in range(N_CARDS):
        if cards >> card & 1:
            placed += 1
            out[card] = 1
            turned = flipped >> card & 1
            if turned:
                out[N_CARDS + card] = 1
            marks |= CARD_MASK[card][turned]
    if awaiting >= 0:
        out[2 * N_CARDS + awaiting] = 1
    for cell in range(GRID_CELLS):
        if marks >> cell & 1:
            out[3 * N_CARDS + cell] = 1
    out[3 * N_CARDS + GRID_CELLS] = placed
    out[3 * N_CARDS + GRID_CELLS + 1] = diff
    return out


def _pay_assistant(f: tuple[Any, ...], _me: int) -> list[float]:
    """``assistants_left`` and the executor of ``decision.payment`` (from its entry 1)."""
    out = [0.0] * (1 + N_DEVICES + N_FOUNDATIONS)
    _, _, left, place, index = f
    out[0] = left
    if place == ON_DEVICE:
        out[1 + index] = 1
    elif place == ON_LENS:
        out[1 + N_DEVICES + index] = 1
    return out


def _grow_source(f: tuple[Any, ...], _me: int) -> list[float]:
    out = [0.0] * (1 + N_TASKS)
    source = f[Grow.source]
    out[0 if source == FROM_STOCK else 1 + source] = 1
    return out


@functools.cache
def _encoder(players: int) -> DeclaredEncoder:
    return DeclaredEncoder(declare(players).compile())


def observation_encoder(players: int, options: Mapping[str, Any]) -> DeclaredEncoder:
    """The (cached) encoder for ``players``; the options do not change the layout."""
    check_players(players)
    return _encoder(players)
