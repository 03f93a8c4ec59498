"""Konoten's observation vector straight from the state: the same numbers as
``observation.KonotenObservationEncoder.encode(state.view(seat), seat)``, without the view.

It reads only what ``view(seat)`` shows (everything but the deck orders: only the decks'
sizes are read) and writes only the non-zero entries into a zeroed buffer, so a learning
environment step costs a few microseconds instead of building and walking the view dict.
``observation.py`` stays the definition; ``tests/adapters/test_fast_observation.py`` checks
the two agree on random positions and along whole playouts.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

from boardlab.engine.layouts import KEY
from boardlab.engine.observe import BlockEncoder, Watched, zeros
from boardlab.games.konoten.content import CONTENT, SYMBOLS
from boardlab.games.konoten.effects import FROM_STOCK, ON_DEVICE, ON_LENS
from boardlab.games.konoten.flow import PHASE_NAMES
from boardlab.games.konoten.frames import FollowUp, Grind, Grow, PayGrowth, Task, used_nodes
from boardlab.games.konoten.lenses import lens_info
from boardlab.games.konoten.observation import (
    _KIND,
    COUNTERS,
    DISCARD_WIDTH,
    GAIN_NUMBERS,
    KonotenObservationEncoder,
)
from boardlab.games.konoten.tables import (
    AP,
    CARD_INPUT,
    CARD_MASK,
    CARD_OUTPUT,
    CARD_RESULT,
    COST_MASK,
    COSTS,
    FOUNDATION_COST,
    N_CARDS,
    N_CHARACTERS,
    N_DEVICES,
    N_FOUNDATIONS,
    N_NODES,
    N_TASKS,
    PASSIVES,
    bits,
)
from boardlab.games.konoten.view import _PART, DISCARD_AT, GAIN_AT

if TYPE_CHECKING:
    from boardlab.engine import Frame, GameState
    from boardlab.engine.observe import Out
    from boardlab.games.konoten._observe import Encoder
    from boardlab.games.konoten.state import KonotenState

_COST_MASKS = tuple(COST_MASK[k] for k in COSTS)
_START_CAPACITY = CONTENT.setup.material_capacity
_TASKS = (1 << N_TASKS) - 1
#: The watched blocks: the market, the devices, the lenses, then each seat's cards.
SEATS = 3
BLOCKS = SEATS + 4
#: The parts of a pending decision in the order ``_observe.c`` numbers them (``_PART``'s).
_NATIVE_PARTS = (
    "abilities_used", "lens", "follow_up_lens", "pay_growth", "pay_assistant", "gains",
    "discard", "grow_source", "task",
)


class FastKonotenEncoder(BlockEncoder):
    """``encode_into`` / ``update`` for one player count (made by ``encoder.fast()``).

    Blocks (each rewritten only when what it reads changed, see ``boardlab.engine.observe``):
    the table (round, phase, start players, market, decks, foundations), the devices, the
    lenses, the seats, and the pending decision (rewritten every time).
    """

    blocks = BLOCKS

    __slots__ = (
        "_at", "_devices", "_lens_width", "_seat_width", "_spans", "_uses", "_zeros", "players",
        "size",
    )

    def __init__(self, encoder: KonotenObservationEncoder) -> None:
        self.players = encoder.players
        self.size = encoder.size
        fields = encoder.fields()
        self._at = {name: span[0] for name, span in fields.items()}
        self._lens_width = encoder._lens_width
        self._seat_width = encoder._seat_width
        n = self.players
        o = self._at["devices"]
        #: Per observer: where each ``dev_occ`` entry (device d, seat p) goes; uses of d.
        self._devices = tuple(
            tuple(o + d * (n + 1) + (p - me) % n for d in range(N_DEVICES) for p in range(n))
            for me in range(n)
        )
        self._uses = tuple(o + d * (n + 1) + n for d in range(N_DEVICES))
        self._spans = (
            (0, fields["market"][0]),
            fields["devices"],
            (fields["cards_in_lenses"][0], fields["seat0.character"][0]),
            (fields["decision.kind"][0], self.size),
            fields["market"],
        )
        self._zeros = zeros(self.size)

    def native(self, scale: object, low: object, high: object) -> Encoder | None:
        """The compiled twin of this encoder (``_observe.c``) normalising with the observer's
        float32 ``scale`` (or None), ``low`` and ``high``; None when it was not built."""
        try:
            from boardlab.games.konoten import _observe
        except ImportError:
            return None
        return _observe.Encoder(*_native_args(self), scale, low, high)

    def _clear(self, out: Out, block: int) -> None:
        a, b = self._spans[block]
        out[a:b] = self._zeros[a:b]

    def update(
        self, state: GameState, seat: int | None, out: Out, watched: list[Watched]
    ) -> None:
        """Rewrite the blocks of ``out`` whose inputs (kept in ``watched``) changed."""
        s: KonotenState = state  # type: ignore[assignment]
        n = self.players
        me = seat or 0
        at = self._at
        self._clear(out, 0)  # round, phase, start players: a few ones, always rewritten
        out[at["round"] + s.round - 1] = 1
        out[at["phase"] + s.phase] = 1
        out[at["start_player"] + (s.start - me) % n] = 1
        if s.next_start >= 0:
            out[at["next_start_player"] + (s.next_start - me) % n] = 1
        o = at["deck_sizes"]
        out[o] = len(s.normal_deck)
        out[o + 1] = len(s.vp_deck)
        if watched[0].changed([s.market, s.found]):
            self._clear(out, 4)
            o = at["market"]
            for card in s.market:
                if card >= 0:
                    out[o + card] = 1
            o = at["foundations"]
            found = s.found
            for i, mask in enumerate(_COST_MASKS):
                out[o + i] = (found & mask).bit_count()
        if watched[1].changed([me, s.dev_occ, s.dev_uses]):
            self._clear(out, 1)
            occ = s.dev_occ
            targets = self._devices[me]
            for k in compress(range(len(occ)), occ):  # the devices with assistants only
                out[targets[k]] = occ[k]
            uses = s.dev_uses
            targets = self._uses
            for d in compress(range(N_DEVICES), uses):
                out[targets[d]] = uses[d]
        if watched[2].changed([me, s.lenses, s.lens_occ, s.lens_used]):
            self._clear(out, 2)
            if s.lenses:
                self._lenses(s, out, me)
        seat_at = at["seat0.character"]
        width = self._seat_width
        lenses = s.lenses
        for p in range(n):
            b = seat_at + (p - me) % n * width
            if watched[SEATS + (p - me) % n].changed([
                s.char[p], s.tasks[p], s.grown[p], s.will_used[p], s.hand[p],
            ]):
                out[b : b + width] = self._zeros[b : b + width]
                self._cards(s, p, out, b)
            owned = sum(1 for lens in lenses if lens[0] == p) if lenses else 0
            self._counters(s, p, owned, out, b + N_CHARACTERS)
        self._clear(out, 3)
        if s.decision is not None:
            self._pending(s, out, me)

    def _lenses(self, s: KonotenState, out: Out, me: int) -> None:
        n = self.players
        in_lenses = self._at["cards_in_lenses"]
        width = self._lens_width
        at = self._at["lens0"]
        occupants, used = s.lens_occ, s.lens_used
        for i, lens in enumerate(s.lenses):
            out[at] = 1
            out[at + 1 + (lens[0] - me) % n] = 1
            b = at + 1 + n
            info = lens_info(lens)
            out[b] = info.cost
            for j, amount in enumerate(info.input):
                if amount:
                    out[b + 1 + j] = amount
            out[b + 9] = info.ap
            for j, amount in enumerate(info.output):
                if amount:
                    out[b + 10 + j] = amount
            out[b + 18] = info.result
            cards = bits(lens[2])
            out[b + 19] = len(cards)
            if occupants[i] >= 0:
                out[b + 20 + (occupants[i] - me) % n] = 1
            out[b + 20 + n] = used[i]
            for card in cards:
                out[in_lenses + card] = 1
            at += width

    @staticmethod
    def _cards(s: KonotenState, p: int, out: Out, at: int) -> None:
        """A seat's character, open tasks, growth, will used and hand (its counters: 0)."""
        ch = s.char[p]
        if ch >= 0:
            out[at + ch] = 1
        at += N_CHARACTERS + 12
        mask = s.tasks[p] & _TASKS
        while mask:
            low = mask & -mask
            out[at + low.bit_length() - 1] = 1
            mask ^= low
        at += N_TASKS
        for mask, width in ((s.grown[p], N_NODES), (s.will_used[p], N_NODES), (s.hand[p], 0)):
            while mask:
                low = mask & -mask
                out[at + low.bit_length() - 1] = 1
                mask ^= low
            at += width

    @staticmethod
    def _counters(s: KonotenState, p: int, lenses: int, out: Out, at: int) -> None:
        """A seat's 12 counters, every one written (0 included)."""
        ch = s.char[p]
        m = p * 3
        mats = s.mats
        out[at] = s.ap[p]
        out[at + 1] = s.creativity[p]
        out[at + 2] = s.vp[p]
        out[at + 3] = mats[m]
        out[at + 4] = mats[m + 1]
        out[at + 5] = mats[m + 2]
        out[at + 6] = PASSIVES[ch][s.grown[p]].capacity if ch >= 0 else _START_CAPACITY
        out[at + 7] = s.stock[p]
        out[at + 8] = s.lobby_unused[p]
        out[at + 9] = s.lobby_used[p]
        out[at + 10] = lenses
        out[at + 11] = s.ended >> p & 1

    def _pending(self, s: KonotenState, out: Out, me: int) -> None:
        n = self.players
        at = self._at
        decision = s.decision
        assert decision is not None
        out[at["decision.kind"] + _KIND[decision.kind]] = 1
        out[at["decision.seat"] + (decision.player - me) % n] = 1
        innermost: dict[str, Frame] = {}
        for frame in reversed(s.stack):
            part = _PART.get(frame[KEY])
            if part is not None and part not in innermost:
                innermost[part] = frame
        get = innermost.get
        steps = get("abilities_used")
        if steps is not None:
            o = at["decision.abilities_used"]
            for node in bits(used_nodes(steps)):
                out[o + node] = 1
        lens = get("lens")
        if lens is not None:
            self._lens_in_progress(lens, out)
        follow_up = get("follow_up_lens")
        if follow_up is not None:
            out[at["decision.follow_up_lens"] + follow_up[FollowUp.lens]] = 1
        growths, assistants = get("pay_growth"), get("pay_assistant")
        if growths is not None or assistants is not None:
            o = at["decision.payment"]
            if growths is not None:
                out[o] = growths[PayGrowth.left]
            if assistants is not None:
                _, _, left, place, index = assistants
                out[o + 1] = left
                if place == ON_DEVICE:
                    out[o + 2 + index] = 1
                elif place == ON_LENS:
                    out[o + 2 + N_DEVICES + index] = 1
        gains = get("gains")
        if gains is not None:
            o = at["decision.gain"]
            for i, field in enumerate(GAIN_AT):
                out[o + i] = gains[field]
        discard = get("discard")
        if discard is not None:
            o = at["decision.discard"]
            for i, field in enumerate(DISCARD_AT):
                out[o + i] = discard[field]
        grow = get("grow_source")
        if grow is not None:
            source = grow[Grow.source]
            out[at["decision.grow_source"] + (0 if source == FROM_STOCK else 1 + source)] = 1
        task = get("task")
        if task is not None:
            out[at["decision.task"] + task[Task.task]] = 1

    def _lens_in_progress(self, f: Frame, out: Out) -> None:
        at = self._at
        cards_at = at["decision.grind_cards"]
        turned_at = at["decision.grind_turned"]
        if f[KEY] == Grind.key:
            _, _, cards, flipped, _, diff, _, awaiting = f
        else:
            _, _, cards, flipped, diff = f
            awaiting = -1
        marks = 0
        placed = bits(cards)
        for card in placed:
            out[cards_at + card] = 1
            turned = flipped >> card & 1
            if turned:
                out[turned_at + card] = 1
            marks |= CARD_MASK[card][turned]
        o = at["decision.grind_marks"]
        for cell in bits(marks):
            out[o + cell] = 1
        o = at["decision.grind_numbers"]
        out[o] = len(placed)
        out[o + 1] = diff
        if awaiting >= 0:
            out[at["decision.grind_awaiting"] + awaiting] = 1


def _native_args(
    fast: FastKonotenEncoder,
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...], dict[str, int], dict[str, int], str]:
    """What ``_observe.Encoder`` takes before the normalisation, every number from here.

    ``layout``: the players, the size, the field offsets, then widths and counts, then rule
    constants, in the order of the C file's ``L_*``; ``tables`` (flat tuples, ``T_*``):
    the foundation masks per cost, each character's capacity per growth mask, the cards'
    input / output symbols and result per orientation (what ``lens_info`` sums), the card
    marks, the foundation costs, ``_devices`` and ``_uses``; the decision kinds' indices,
    the frame names' parts (``_NATIVE_PARTS``) and the name of a lens being declared.
    """
    at = fast._at
    layout = (
        fast.players,
        fast.size,
        *(
            at[name]
            for name in (
                "round", "phase", "start_player", "next_start_player", "market",
                "deck_sizes", "foundations", "cards_in_lenses", "lens0", "seat0.character",
                "decision.kind", "decision.seat", "decision.abilities_used",
                "decision.grind_cards", "decision.grind_turned", "decision.grind_awaiting",
                "decision.grind_marks", "decision.grind_numbers", "decision.follow_up_lens",
                "decision.payment", "decision.gain", "decision.discard",
                "decision.grow_source", "decision.task",
            )
        ),
        CONTENT.rounds,
        len(PHASE_NAMES),
        fast._lens_width,
        N_FOUNDATIONS,
        fast._seat_width,
        N_CHARACTERS,
        len(COUNTERS),
        N_TASKS,
        N_NODES,
        N_DEVICES,
        N_CARDS,
        len(SYMBOLS),
        len(GAIN_NUMBERS),
        DISCARD_WIDTH,
        AP,
        _START_CAPACITY,
        _TASKS,
        FROM_STOCK,
        ON_DEVICE,
        ON_LENS,
    )
    tables = (
        _COST_MASKS,
        tuple(passive.capacity for row in PASSIVES for passive in row),
        tuple(v for card in CARD_INPUT for side in card for v in side),
        tuple(v for card in CARD_OUTPUT for side in card for v in side),
        tuple(v for card in CARD_RESULT for v in card),
        tuple(v for card in CARD_MASK for v in card),
        FOUNDATION_COST,
        tuple(k for targets in fast._devices for k in targets),
        fast._uses,
    )
    parts = {frame: _NATIVE_PARTS.index(part) for frame, part in _PART.items()}
    return layout, tables, dict(_KIND), parts, Grind.key
