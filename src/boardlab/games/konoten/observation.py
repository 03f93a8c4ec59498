"""Konoten's observation vector for learning environments, built from ``view(seat)`` only.

Seats are counted from the observer: ``seat0`` is the observing seat (seat 0 for a
spectator), ``seat1`` the next seat, and so on; every seat reference inside the vector
(owners, occupants, start player, the deciding seat) uses the same rotation. Counts are raw
numbers (AP, VP, materials...), flags and one-hots are 0/1; ``low``/``high`` bound every
entry (the most the components allow, or a documented cap, ``CAPS``), and the learning
environments clip into them and normalise. The decision fields come from
the body's ``pending`` description (the kind, the lens being declared, the gains and
payments left...) and the envelope's ``to_move``. ``fields()`` names the parts; the package
README lists them.

>>> import boardlab
>>> state = boardlab.new("konoten", players=2, seed=1)
>>> encoder = observation_encoder(2, {})
>>> len(encoder.encode(state.view(1), 1)) == encoder.size
True
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from boardlab.games.konoten.codec import check_players
from boardlab.games.konoten.content import CONTENT, GRID_COLS, GRID_ROWS, MATERIALS, SYMBOLS
from boardlab.games.konoten.flow import PHASE_NAMES
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
    bits,
)
from boardlab.games.konoten.view import DISCARD_FIELDS, GAIN_FIELDS

if TYPE_CHECKING:
    from boardlab.games.konoten.fast_observation import FastKonotenEncoder

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
#: ``decision.gain``: the pending gains of a gain frame, in frame order.
GAIN_NUMBERS = ("ap", "creativity", "vp", *MATERIALS, "growth", "assistant")
#: ``decision.payment``: growth left, assistants left, executor device one-hot, lens one-hot.
PAYMENT_WIDTH = 2 + N_DEVICES + N_FOUNDATIONS
#: ``decision.discard``: the new light, rainbow, sediment, then the excess still to discard.
DISCARD_WIDTH = len(MATERIALS) + 1
#: ``decision.grow_source``: the stock, then each task space.
GROW_SOURCE_WIDTH = 1 + N_TASKS
GRID_CELLS = GRID_ROWS * GRID_COLS
#: A seat's colour tokens (stock, growth, tasks, assistants): the most of any of them.
TOKENS = CONTENT.setup.colour_tokens
#: The largest material capacity a character board reaches.
MAX_CAPACITY = max(passive.capacity for row in PASSIVES for passive in row)
#: The most cards a lens holds: no more than the cells of its grid.
N_CARDS_PER_LENS = GRID_CELLS
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

_SYMBOL = {symbol: i for i, symbol in enumerate(SYMBOLS)}
_CARD = {card: i for i, card in enumerate(CARD_IDS)}
_NODE = {node: i for i, node in enumerate(NODE_IDS)}
_CHARACTER = {character: i for i, character in enumerate(CHARACTER_IDS)}
_TASK = {task: i for i, task in enumerate(CONTENT.tasks)}
_PHASE = {phase: i for i, phase in enumerate(PHASE_NAMES)}
_KIND = {kind: i for i, kind in enumerate(DECISION_KINDS)}
_COST_KEYS = tuple(str(k) for k in COSTS)
_LENS_WIDTH_FIXED = 1 + len(LENS_NUMBERS) + 1  # exists, numbers, occupant_used
_DEVICE = {device: d for d, device in enumerate(DEVICE_IDS)}
Relative = Callable[[int], int]


class KonotenObservationEncoder:
    """A fixed-length vector of one seat's view at one player count (see ``fields()``)."""

    __slots__ = ("_fields", "_lens_width", "_seat_width", "high", "low", "players", "size")

    def __init__(self, players: int) -> None:
        self.players = n = players
        self._lens_width = _LENS_WIDTH_FIXED + 2 * n
        parts: list[tuple[str, int]] = [
            ("round", CONTENT.rounds),
            ("phase", len(PHASE_NAMES)),
            ("start_player", n),
            ("next_start_player", n),
            ("market", N_CARDS),
            ("deck_sizes", 2),
            ("foundations", len(COSTS)),
            ("devices", N_DEVICES * (n + 1)),
            ("cards_in_lenses", N_CARDS),
        ]
        parts += [(f"lens{i}", self._lens_width) for i in range(N_FOUNDATIONS)]
        seat_parts = (
            ("character", N_CHARACTERS),
            ("counters", len(COUNTERS)),
            ("open_tasks", N_TASKS),
            ("growth", N_NODES),
            ("will_used", N_NODES),
            ("hand", N_CARDS),
        )
        self._seat_width = sum(width for _, width in seat_parts)
        for k in range(n):
            parts += [(f"seat{k}.{name}", width) for name, width in seat_parts]
        parts += [
            ("decision.kind", len(DECISION_KINDS)),
            ("decision.seat", n),
            ("decision.abilities_used", N_NODES),
            ("decision.grind_cards", N_CARDS),
            ("decision.grind_turned", N_CARDS),
            ("decision.grind_awaiting", N_CARDS),
            ("decision.grind_marks", GRID_CELLS),
            ("decision.grind_numbers", 2),
            ("decision.follow_up_lens", N_FOUNDATIONS),
            ("decision.payment", PAYMENT_WIDTH),
            ("decision.gain", len(GAIN_NUMBERS)),
            ("decision.discard", DISCARD_WIDTH),
            ("decision.grow_source", GROW_SOURCE_WIDTH),
            ("decision.task", N_TASKS),
        ]
        fields: dict[str, tuple[int, int]] = {}
        start = 0
        for name, width in parts:
            fields[name] = (start, start + width)
            start += width
        self._fields = fields
        self.size = start
        self.low, self.high = self._bounds()

    def _bounds(self) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """Finite bounds of every entry: flags and one-hots in [0, 1]; counts up to the most
        the components allow where there is such a most (deck sizes, foundation piles, a
        seat's 12 colour tokens, material capacity, lenses), else up to a cap well above
        what random games reach (``CAPS``: AP has no cap in the rules, A8). The
        learning environments clip the vector into these bounds and divide each entry by
        its largest magnitude, so a count past its cap reads as the cap."""
        low = [0.0] * self.size
        high = [1.0] * self.size
        f = self._fields
        n = self.players

        def put(name: str, values: tuple[float, ...], lows: tuple[float, ...] = ()) -> None:
            start, _ = f[name]
            high[start : start + len(values)] = values
            for i, value in enumerate(lows):
                low[start + i] = value

        put("deck_sizes", (float(N_CARDS), float(N_CARDS)))
        put("foundations", tuple(float(COST_MASK[k].bit_count()) for k in COSTS))
        tokens = float(TOKENS)
        start, stop = f["devices"]
        for at in range(start, stop, n + 1):
            high[at : at + n] = [tokens] * n
            high[at + n] = tokens * n  # uses this round: at most every assistant
        lens_caps = (
            float(max(COSTS)),  # cost
            *([CAPS["symbol"]] * len(SYMBOLS)),  # input
            CAPS["lens_ap"],  # ap
            *([CAPS["symbol"]] * len(SYMBOLS)),  # output
            CAPS["result"],  # result
            float(N_CARDS_PER_LENS),  # cards
        )
        for i in range(N_FOUNDATIONS):
            at = f[f"lens{i}"][0] + 1 + n
            high[at : at + len(LENS_NUMBERS)] = lens_caps
            low[at + LENS_NUMBERS.index("result")] = -CAPS["result"]
        capacity = float(MAX_CAPACITY)
        counters = (
            CAPS["ap"],
            CAPS["creativity"],
            CAPS["vp"],
            capacity,
            capacity,
            capacity,
            capacity,
            tokens,  # stock
            tokens,  # lobby unused
            tokens,  # lobby used
            float(N_FOUNDATIONS),  # lenses made
            1.0,  # ended
        )
        for k in range(n):
            put(f"seat{k}.counters", counters)
            low[f[f"seat{k}.counters"][0] + COUNTERS.index("vp")] = -CAPS["vp"]  # K-14.1
        put(
            "decision.grind_numbers",
            (float(N_CARDS_PER_LENS), CAPS["difference"]),
            (0.0, -CAPS["difference"]),
        )
        put("decision.payment", (float(N_NODES), tokens))
        put("decision.gain", tuple([CAPS["gain"]] * len(GAIN_NUMBERS)))
        put("decision.discard", (capacity, capacity, capacity, capacity))
        return tuple(low), tuple(high)

    def fields(self) -> dict[str, tuple[int, int]]:
        """Named parts of the vector as ``(start, stop)`` ranges that tile it in order."""
        return dict(self._fields)

    def entries(self) -> tuple[str, ...]:
        """One name per entry, in vector order: its block of ``fields()``, a dot, and what
        the entry holds (``seat1.counters.vp``, ``market.D07``, ``decision.kind.grow_node``)."""
        return _entry_names(self.players)

    def fast(self) -> FastKonotenEncoder:
        """The same vector straight from the state (``fast_observation.py``)."""
        return _fast(self.players)

    def encode(self, view: dict[str, Any], seat: int | None) -> list[float]:
        """The vector of ``view`` (``state.view(seat)``), seats rotated to put ``seat`` first."""
        n = self.players
        me = seat or 0
        f = self._fields
        v = [0.0] * self.size
        body = view["body"]

        def rel(p: int) -> int:
            return (p - me) % n

        v[f["round"][0] + body["round"] - 1] = 1.0
        v[f["phase"][0] + _PHASE[body["phase"]]] = 1.0
        v[f["start_player"][0] + rel(body["start_player"])] = 1.0
        if body["next_start_player"] is not None:
            v[f["next_start_player"][0] + rel(body["next_start_player"])] = 1.0
        at = f["market"][0]
        market = body["market"]
        for card in (*market["normal"], *market["vp"]):
            if card is not None:
                v[at + _CARD[card]] = 1.0
        at = f["deck_sizes"][0]
        v[at] = float(body["deck_sizes"]["normal"])
        v[at + 1] = float(body["deck_sizes"]["vp"])
        at = f["foundations"][0]
        piles = body["foundations"]
        for i, key in enumerate(_COST_KEYS):
            v[at + i] = float(len(piles[key]))
        at = f["devices"][0]
        for device in body["devices"]:
            for p, count in enumerate(device["assistants"]):
                v[at + rel(p)] = float(count)
            v[at + n] = float(device["uses_this_round"])
            at += n + 1
        self._lenses(body["lenses"], v, rel)
        seat_at = f["seat0.character"][0]
        for player in body["players"]:
            self._player(player, v, seat_at + rel(player["seat"]) * self._seat_width)
        pending = body["pending"]
        if pending is not None:
            self._pending(pending, view["to_move"], v, rel)
        return v

    def _lenses(self, lenses: list[dict[str, Any]], v: list[float], rel: Relative) -> None:
        n = self.players
        in_lenses = self._fields["cards_in_lenses"][0]
        lens_at = self._fields["lens0"][0]
        width = self._lens_width
        for lens in lenses:
            at = lens_at + lens["lens"] * width
            v[at] = 1.0
            v[at + 1 + rel(lens["owner"])] = 1.0
            at += 1 + n  # cost, input[8], ap, output[8], result, cards, occupant[n], used
            v[at] = float(lens["cost"])
            for symbol, amount in lens["input"].items():
                v[at + 1 + _SYMBOL[symbol]] = float(amount)
            v[at + 9] = float(lens["ap"])
            for symbol, amount in lens["output"].items():
                v[at + 10 + _SYMBOL[symbol]] = float(amount)
            v[at + 18] = float(lens["result"])
            cards = lens["cards"]
            v[at + 19] = float(len(cards))
            if lens["occupant"] >= 0:
                v[at + 20 + rel(lens["occupant"])] = 1.0
            v[at + 20 + n] = float(lens["occupant_used"])
            for card in cards:
                v[in_lenses + _CARD[card["card"]]] = 1.0

    def _player(self, player: dict[str, Any], v: list[float], at: int) -> None:
        # seat block: character[6], counters[12], open_tasks[3], growth[9], will_used[9], hand
        if player["character"] is not None:
            v[at + _CHARACTER[player["character"]]] = 1.0
        at += N_CHARACTERS
        materials = player["materials"]
        v[at] = float(player["ap"])
        v[at + 1] = float(player["creativity"])
        v[at + 2] = float(player["vp"])
        v[at + 3] = float(materials["light"])
        v[at + 4] = float(materials["rainbow"])
        v[at + 5] = float(materials["sediment"])
        v[at + 6] = float(player["capacity"])
        v[at + 7] = float(player["stock"])
        v[at + 8] = float(player["lobby_unused"])
        v[at + 9] = float(player["lobby_used"])
        v[at + 10] = float(player["lenses_made"])
        v[at + 11] = float(player["ended"])
        at += len(COUNTERS)
        for task in player["open_tasks"]:
            v[at + _TASK[task]] = 1.0
        at += N_TASKS
        for node in player["grown"]:
            v[at + _NODE[node]] = 1.0
        at += N_NODES
        for node in player["will_used"]:
            v[at + _NODE[node]] = 1.0
        at += N_NODES
        for card in player["hand"]:
            v[at + _CARD[card]] = 1.0

    def _pending(
        self, pending: dict[str, Any], to_move: int, v: list[float], rel: Relative
    ) -> None:
        f = self._fields
        v[f["decision.kind"][0] + _KIND[pending["kind"]]] = 1.0
        v[f["decision.seat"][0] + rel(to_move)] = 1.0
        used = pending["abilities_used"]
        if used is not None:
            at = f["decision.abilities_used"][0]
            for node in used:
                v[at + _NODE[node]] = 1.0
        lens = pending["lens"]
        if lens is not None:
            self._lens_in_progress(lens, v)
        if pending["follow_up_lens"] is not None:
            v[f["decision.follow_up_lens"][0] + pending["follow_up_lens"]] = 1.0
        payment = pending["payment"]
        if payment is not None:
            at = f["decision.payment"][0]
            v[at] = float(payment["growths"])
            v[at + 1] = float(payment["assistants"])
            executor = payment["executor"]
            if executor is not None:
                if "device" in executor:
                    v[at + 2 + _DEVICE[executor["device"]]] = 1.0
                else:
                    v[at + 2 + N_DEVICES + executor["lens"]] = 1.0
        gains = pending["gains"]
        if gains is not None:
            at = f["decision.gain"][0]
            for i, name in enumerate(GAIN_FIELDS):
                v[at + i] = float(gains[name])
        discard = pending["discard"]
        if discard is not None:
            at = f["decision.discard"][0]
            for i, name in enumerate(DISCARD_FIELDS):
                v[at + i] = float(discard[name])
        source = pending["grow_source"]
        if source is not None:
            v[f["decision.grow_source"][0] + (0 if source == "stock" else 1 + _TASK[source])] = 1.0
        if pending["task"] is not None:
            v[f["decision.task"][0] + _TASK[pending["task"]]] = 1.0

    def _lens_in_progress(self, lens: dict[str, Any], v: list[float]) -> None:
        f = self._fields
        cards = f["decision.grind_cards"][0]
        turned = f["decision.grind_turned"][0]
        marks = 0
        for placed in lens["cards"]:
            card = _CARD[placed["card"]]
            v[cards + card] = 1.0
            if placed["turned"]:
                v[turned + card] = 1.0
            marks |= CARD_MASK[card][placed["turned"]]
        _bits(v, f["decision.grind_marks"][0], marks)
        at = f["decision.grind_numbers"][0]
        v[at] = float(len(lens["cards"]))
        v[at + 1] = float(lens["difference"])
        if lens["awaiting"] is not None:
            v[f["decision.grind_awaiting"][0] + _CARD[lens["awaiting"]]] = 1.0


@functools.cache
def _entry_names(players: int) -> tuple[str, ...]:
    """The names of ``KonotenObservationEncoder.entries`` (built on first use)."""
    seats = tuple(f"seat{k}" for k in range(players))
    tasks = tuple(CONTENT.tasks)
    names: list[str] = []

    def block(name: str, *parts: Iterable[str]) -> None:
        names.extend(f"{name}.{part}" for entries in parts for part in entries)

    block("round", (f"round{r}" for r in range(1, CONTENT.rounds + 1)))
    block("phase", PHASE_NAMES)
    block("start_player", seats)
    block("next_start_player", seats)
    block("market", CARD_IDS)
    block("deck_sizes", ("normal", "vp"))
    block("foundations", (f"cost{cost}_left" for cost in COSTS))
    for device in DEVICE_IDS:
        block("devices", (f"{device}.assistants.{seat}" for seat in seats))
        block("devices", (f"{device}.uses_this_round",))
    block("cards_in_lenses", CARD_IDS)
    for i in range(N_FOUNDATIONS):
        block(
            f"lens{i}",
            ("exists",),
            (f"owner.{seat}" for seat in seats),
            LENS_NUMBERS,
            (f"occupant.{seat}" for seat in seats),
            ("occupant_used",),
        )
    for seat in seats:
        block(f"{seat}.character", CHARACTER_IDS)
        block(f"{seat}.counters", COUNTERS)
        block(f"{seat}.open_tasks", tasks)
        block(f"{seat}.growth", NODE_IDS)
        block(f"{seat}.will_used", NODE_IDS)
        block(f"{seat}.hand", CARD_IDS)
    block("decision.kind", DECISION_KINDS)
    block("decision.seat", seats)
    block("decision.abilities_used", NODE_IDS)
    block("decision.grind_cards", CARD_IDS)
    block("decision.grind_turned", CARD_IDS)
    block("decision.grind_awaiting", CARD_IDS)
    block("decision.grind_marks", (f"r{r}c{c}" for r in range(GRID_ROWS) for c in range(GRID_COLS)))
    block("decision.grind_numbers", ("cards", "difference"))
    block("decision.follow_up_lens", (f"lens{i}" for i in range(N_FOUNDATIONS)))
    block(
        "decision.payment",
        ("growths_left", "assistants_left"),
        (f"executor.{device}" for device in DEVICE_IDS),
        (f"executor.lens{i}" for i in range(N_FOUNDATIONS)),
    )
    block("decision.gain", GAIN_FIELDS)
    block("decision.discard", DISCARD_FIELDS)
    block("decision.grow_source", ("stock",), (f"task.{task}" for task in tasks))
    block("decision.task", tasks)
    return tuple(names)


def _bits(v: list[float], at: int, mask: int) -> None:
    for i in bits(mask):
        v[at + i] = 1.0


@functools.cache
def _fast(players: int) -> FastKonotenEncoder:
    from boardlab.games.konoten.fast_observation import FastKonotenEncoder

    return FastKonotenEncoder(_encoder(players))


@functools.cache
def _encoder(players: int) -> KonotenObservationEncoder:
    return KonotenObservationEncoder(players)


def observation_encoder(players: int, options: Mapping[str, Any]) -> KonotenObservationEncoder:
    """The (cached) encoder for ``players``; the options do not change the layout."""
    check_players(players)
    return _encoder(players)
