"""Compounded's observation vector straight from the state: the same numbers as
``observation.CompoundedEncoder.encode(state.view(seat), seat)``, without the view.

Everything Compounded shows is public except the deck order, which is read only as its
size (and the Lab Fires seen so far, which every seat saw). The decision's context is read
from the top frames exactly as ``view.decision_context`` reads it. Only the non-zero
entries are written, into a zeroed buffer. ``observation.py`` stays the definition;
``tests/adapters/test_fast_observation.py`` checks the two agree on random positions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from boardlab.engine.layouts import KEY, PLAYER
from boardlab.engine.observe import BlockEncoder, Watched, zeros
from boardlab.games.compounded import frames as F
from boardlab.games.compounded.actions import (
    BUNDLE_NAMES,
    MAX_PLAYERS,
    PLACE_WILD_ITEM,
    POOL_OFFSET,
)
from boardlab.games.compounded.content import CONTENT, ELEMENTS, LAB, RESEARCH
from boardlab.games.compounded.discovery import ASK_AT, EXT_MASK, GIVE_AT
from boardlab.games.compounded.observation import (
    BONUS_SCALE,
    BUNDLE_SCALE,
    CARD_POINTS_SCALE,
    COPIES,
    DECISION_KINDS,
    DECISION_OF,
    DECK_START,
    DISCS_SCALE,
    ELEMENT_TOTAL,
    EQUIP_SCALE,
    EQUIPMENT_BOX,
    EXT_SPACES,
    FIRE_SCALE,
    ITEM_NAMES,
    KIND_OF,
    PILE,
    PLACE_ITEMS,
    PLAYER_WIDTH,
    POINTS_AT,
    POINTS_SCALE,
    POOL_SCALE,
    RESEARCH_TOP,
    SCORED_SCALE,
    SPACE_SCALE,
    SPACES_WIDTH,
    STATIC_CARD,
    STATIC_WIDTH,
    STORAGE_SCALE,
    TRACK_LENGTHS,
    TRACK_START,
    TRACK_TOP_VALUE,
    CompoundedEncoder,
)
from boardlab.games.compounded.workbench import (
    CARDS,
    CRYSTAL,
    EMPTY,
    LAB_FIRE,
    TRACK_LEVELS,
    TRACK_TOP,
    WILD_SLOT,
)

if TYPE_CHECKING:
    from boardlab.engine import GameState
    from boardlab.engine.observe import NativeEncoder, Out
    from boardlab.games.compounded.state import CompoundedState

N_ELEMENTS = len(ELEMENTS)
N_ITEMS = len(ITEM_NAMES)
N_BUNDLE = len(BUNDLE_NAMES)
#: The compound kind of each card code (a Lab Fire has none).
CARD_KIND = tuple(KIND_OF[card.id] for card in CARDS)
#: The non-zero entries of each card's static part: (offset, value), points slot excluded.
STATIC_ENTRIES = tuple(
    tuple(
        (i, value)
        for i, value in enumerate(STATIC_CARD[card.id])
        if value and i != POINTS_AT
    )
    for card in CARDS
)
CAPPED_POINTS = tuple(card.atomic_points / CARD_POINTS_SCALE for card in CARDS)
UNCAPPED_POINTS = tuple(card.uncapped_points / CARD_POINTS_SCALE for card in CARDS)
SPACE_ELEMENTS = tuple(card.space_elements for card in CARDS)
TRACK_VALUE = tuple(
    tuple(level / TRACK_TOP_VALUE[t] for level in TRACK_LEVELS[t]) for t in range(len(TRACK_LEVELS))
)
VALUES_AT = TRACK_START[-1] + TRACK_LENGTHS[-1]
FIRE_CAUSE = {F.BunsenWindow.key: 0, F.Refill.key: 1, F.ResolveItems.key: 2}
#: A code per frame key: ``_observe.c`` compares the keys of frames by these.
FRAME_CODE = {key: code for code, key in enumerate(F.LAYOUTS)}
TRADE_KINDS = ("trade_offer", "trade_build", "trade_reply")
SCORE_THRESHOLD = CONTENT.score_threshold
MAXED_NEEDED = CONTENT.maxed_needed
ROUND_CAP = CONTENT.round_cap
LAB_FIRE_CARDS = CONTENT.lab_fire_cards
#: ``workbench.fire_limit`` by card: a flammable card's limit, else the Bunsen limit if burned.
FLAMMABLE = tuple(card.flammable for card in CARDS)
FIRE_LIMIT = tuple(card.fire_limit for card in CARDS)
BUNSEN_LIMIT = CONTENT.bunsen_fire_limit


#: (card, its items, capped points) -> the card's static and space entries, as _card_entries.
_CARD_ENTRIES: dict[tuple[int, tuple[int, ...], bool], tuple[tuple[int, float], ...]] = {}


def _card_entries(card: int, items: tuple[int, ...], capped: bool) -> tuple[tuple[int, float], ...]:
    """The non-zero entries of a field card's static part, points and spaces (cached)."""
    written: list[tuple[int, float]] = list(STATIC_ENTRIES[card])
    points = (CAPPED_POINTS if capped else UNCAPPED_POINTS)[card]
    if points:
        written.append((POINTS_AT, points))
    counts = [0] * SPACES_WIDTH
    for e, slot in zip(SPACE_ELEMENTS[card], items, strict=True):
        counts[slot * N_ELEMENTS + e] += 1
    written += [(STATIC_WIDTH + i, c / SPACE_SCALE) for i, c in enumerate(counts) if c]
    if len(_CARD_ENTRIES) >= 100_000:
        _CARD_ENTRIES.clear()
    entries = _CARD_ENTRIES[card, items, capped] = tuple(written)
    return entries


#: The vector's fields whose starts the compiled twin (``_observe.c``) reads, in its order.
NATIVE_FIELDS = (
    "options", "seat", "round", "phase", "decision_kind", "decision_player", "to_move", "bag",
    "deck", "lab_fires_seen_at", "supply", "wild_tokens_out", "unseen_compounds", "field",
    "players", "extinguishers", "resolving", "scatter", "trade", "claim_passed", "window",
    "fire_window", "placing", "moving_item", "relocate_from", "outcome",
)
#: The decision kinds that have a context block, in ``_observe.c``'s order.
NATIVE_CONTEXTS = (
    *TRADE_KINDS, "claim", "bunsen", "extinguish", "place_item", "place_space",
    "scatter_space", "handle_space", "relocate_target",
)


def native_config(encoder: FastCompoundedEncoder) -> tuple[object, ...]:
    """Everything ``_observe.Encoder`` needs, as the tuples of numbers its ``__init__`` reads
    in this order (the names are ``_observe.c``'s): the layout and this module's tables,
    then ``FRAME_CODE`` (frame keys are strings; the C compares their codes)."""
    n = encoder.players
    at = encoder._at
    # _observe.c's I_* order; 16: the field's positions (``range(16)`` in ``update``)
    ints = (
        encoder.size, n, N_ELEMENTS, len(EQUIPMENT_BOX), len(TRACK_LEVELS), 16, MAX_PLAYERS,
        ROUND_CAP, DECK_START, LAB_FIRE_CARDS, PILE, n * CONTENT.wild_tokens_per_player,
        LAB_FIRE, encoder.field_width, STATIC_WIDTH, SPACES_WIDTH, POINTS_AT, PLAYER_WIDTH,
        VALUES_AT, LAB, RESEARCH, EXT_SPACES, EMPTY, CRYSTAL, WILD_SLOT, N_ITEMS, N_BUNDLE,
        SCORE_THRESHOLD, MAXED_NEEDED, BUNSEN_LIMIT, FRAME_CODE[F.TradeOffer.key],
        FRAME_CODE[F.ResearchPhase.key], GIVE_AT, ASK_AT, EXT_MASK, RESEARCH_TOP,
        PLACE_WILD_ITEM, PLACE_ITEMS, POOL_OFFSET,
    )
    # _observe.c's D_* order
    floats = (
        POINTS_SCALE, BONUS_SCALE, STORAGE_SCALE, POOL_SCALE, SPACE_SCALE, DISCS_SCALE,
        EQUIP_SCALE, SCORED_SCALE, FIRE_SCALE, BUNDLE_SCALE, encoder.offers_scale,
    )
    # per card code: (kind, static entries, capped points, uncapped points, space
    # elements, flammable, fire limit)
    cards = tuple(
        (
            CARD_KIND[c], STATIC_ENTRIES[c], CAPPED_POINTS[c], UNCAPPED_POINTS[c],
            SPACE_ELEMENTS[c], int(FLAMMABLE[c]), FIRE_LIMIT[c],
        )
        for c in range(len(CARDS))
    )
    return (
        tuple(at[name] for name in NATIVE_FIELDS),
        ints,
        floats,
        encoder.option_values,
        DECISION_KINDS,
        tuple(DECISION_OF[kind] for kind in NATIVE_CONTEXTS),
        ELEMENT_TOTAL,
        EQUIPMENT_BOX,
        COPIES,
        TRACK_START,
        TRACK_LENGTHS,
        TRACK_TOP,
        TRACK_VALUE,
        TRACK_LEVELS,
        tuple((FRAME_CODE[key], cause) for key, cause in FIRE_CAUSE.items()),
        cards,
        FRAME_CODE,
    )


#: The watched blocks (see ``FastCompoundedEncoder.update``).
TABLE, UNSEEN, FIELD, EXTINGUISHERS, RESOLVING, SCATTER, PLAYERS = range(7)
BLOCKS = PLAYERS + MAX_PLAYERS


class FastCompoundedEncoder(BlockEncoder):
    """``encode_into`` / ``update`` for one player count and option set.

    Blocks: the header (options, seat, round, phase, decision: always rewritten), the table
    (bag, deck, supply), the unseen compounds, the field (per compound: only the changed
    ones are rewritten), the players (always), the extinguishers, the card being resolved,
    the scatter, and the decision's context (always).
    """

    blocks = BLOCKS

    __slots__ = (
        "_at", "_spans", "_zeros", "field_width", "offers_scale", "option_values", "players",
        "size",
    )

    def __init__(self, encoder: CompoundedEncoder) -> None:
        self.players = encoder.players
        self.size = encoder.size
        self.field_width = encoder.field_width
        self.offers_scale = encoder.offers_scale
        self.option_values = encoder.option_values
        fields = encoder.fields()
        self._at = {name: span[0] for name, span in fields.items()}
        self._spans = {
            "header": (0, fields["bag"][0]),
            "table": (fields["bag"][0], fields["unseen_compounds"][0]),
            "unseen": fields["unseen_compounds"],
            "extinguishers": fields["extinguishers"],
            "resolving": fields["resolving"],
            "scatter": fields["scatter"],
            "context": (fields["trade"][0], self.size),
        }
        self._zeros = zeros(self.size)

    def native(self, scale: object, low: object, high: object) -> NativeEncoder | None:
        """The compiled twin (``_observe.c``) writing the vector normalised with ``scale``
        (float32 per entry, or None), ``low`` and ``high``; None if it was not built."""
        try:
            from boardlab.games.compounded import _observe
        except ImportError:
            return None
        return _observe.Encoder(native_config(self), scale, low, high)

    def _clear(self, out: Out, name: str) -> None:
        a, b = self._spans[name]
        out[a:b] = self._zeros[a:b]

    def update(
        self, state: GameState, seat: int | None, out: Out, watched: list[Watched]
    ) -> None:
        """Rewrite the blocks of ``out`` whose inputs (kept in ``watched``) changed."""
        s: CompoundedState = state  # type: ignore[assignment]
        n = self.players
        me = 0 if seat is None else seat
        at = self._at
        self._clear(out, "header")
        o = at["options"]
        for i, value in enumerate(self.option_values):
            if value:
                out[o + i] = value
        if seat is not None:
            out[at["seat"] + seat] = 1
        out[at["round"]] = s.round / ROUND_CAP
        out[at["phase"] + s.phase] = 1
        decision = s.decision
        deciding = -1
        if decision is not None:
            deciding = decision.player
            out[at["decision_kind"] + DECISION_OF[decision.kind]] = 1
            out[at["decision_player"] + (deciding - me) % n] = 1
            if deciding == seat:
                out[at["to_move"]] = 1
        seen_at = s.lab_fires_drawn_at
        if watched[TABLE].changed([
            s.bag, len(s.deck), s.deck_drawn, seen_at, s.lab_fire_this_round, s.deck_ran_out,
            s.supply, s.wild_out,
        ]):
            self._clear(out, "table")
            o = at["bag"]
            for e in range(N_ELEMENTS):
                if s.bag[e]:
                    out[o + e] = s.bag[e] / ELEMENT_TOTAL[e]
            since_fire = s.deck_drawn - (seen_at[-1] + 1 if seen_at else 0)
            o = at["deck"]
            out[o] = len(s.deck) / DECK_START
            out[o + 1] = (LAB_FIRE_CARDS - len(seen_at)) / LAB_FIRE_CARDS
            out[o + 2] = since_fire / PILE
            if s.lab_fire_this_round:
                out[o + 3] = 1
            if s.deck_ran_out:
                out[o + 4] = 1
            o = at["lab_fires_seen_at"]
            for i, drawn in enumerate(seen_at[:LAB_FIRE_CARDS]):
                out[o + i] = (drawn + 1) / DECK_START
            o = at["supply"]
            for k, count in enumerate(s.supply):
                if count:
                    out[o + k] = count / EQUIPMENT_BOX[k]
            out[at["wild_tokens_out"]] = s.wild_out / (n * CONTENT.wild_tokens_per_player)
        if watched[UNSEEN].changed([s.field_card, s.discard, s.scored]):
            self._clear(out, "unseen")
            unseen = list(COPIES)
            for card in s.field_card:
                if card >= 0:
                    unseen[CARD_KIND[card]] -= 1
            for card in s.discard:
                if card != LAB_FIRE:
                    unseen[CARD_KIND[card]] -= 1
            for cards in s.scored:
                for card in cards:
                    unseen[CARD_KIND[card]] -= 1
            o = at["unseen_compounds"]
            for kind, count in enumerate(unseen):
                if count:
                    out[o + kind] = count / COPIES[kind]
        self._field(s, out, at["field"], me, watched[FIELD])
        if decision is None:
            scores = s.side_scores()
            winners = s.side_winners()
        else:
            scores = s.scores_seen_by(seat)  # type: ignore[assignment]
            winners = []
        o = at["players"]
        for p in range(n):
            where = (p - me) % n
            b6, b4 = p * 6, p * 4
            if watched[PLAYERS + where].changed([
                scores[p], s.ap[p], s.bonus[p], s.storage[b6 : b6 + 6], s.pool[b6 : b6 + 6],
                s.track_level[b4 : b4 + 4], s.claim_owner, s.claim_temp, s.reserve[p],
                s.free_discs[p], s.wild[p], s.equip[b6 : b6 + 6], s.equip_this_round[b6 : b6 + 6],
                len(s.scored[p]),
                s.used_cylinder[p], s.used_pipette[p], s.used_swap[p], s.used_goggles[p],
                s.used_paper[p], s.offers[p], s.lead == p, s.next_lead == p, deciding == p,
                p in winners,
            ]):
                b = o + where * PLAYER_WIDTH
                out[b : b + PLAYER_WIDTH] = self._zeros[b : b + PLAYER_WIDTH]
                self._player(s, p, scores[p], winners, out, b, deciding)
        if watched[EXTINGUISHERS].changed([me, s.extinguisher_holder, s.extinguisher_items]):
            self._clear(out, "extinguishers")
            self._extinguishers(s, out, at["extinguishers"], me)
        if watched[RESOLVING].changed([
            me, s.resolving_card, s.resolving_player, s.resolving_items,
        ]):
            self._clear(out, "resolving")
            self._resolving(s, out, at["resolving"], me)
        if watched[SCATTER].changed([me, s.scatter]):
            self._clear(out, "scatter")
            self._scatter(s, out, at["scatter"], me)
        self._clear(out, "context")
        if decision is not None:
            self._context(s, decision.kind, out, me)
        else:
            o = at["outcome"]
            out[o] = 1
            if any(ap >= SCORE_THRESHOLD for ap in s.ap):
                out[o + 1] = 1
            levels = s.track_level
            if any(
                sum(1 for t in range(4) if levels[p * 4 + t] == TRACK_TOP[t]) >= MAXED_NEEDED
                for p in range(n)
            ):
                out[o + 2] = 1
            if s.deck_ran_out:
                out[o + 3] = 1
            if s.round >= ROUND_CAP:
                out[o + 4] = 1

    def _field(self, s: CompoundedState, out: Out, o: int, me: int, watched: Watched) -> None:
        """The field, compound by compound: only the compounds whose inputs changed."""
        n = self.players
        width = self.field_width
        current = s.round
        capped = bool(s.options.get("ap_cap", True))
        now: list[object] = [
            me, capped, current, s.field_card, s.field_items, s.field_open, s.claim_owner,
            s.claim_temp, s.claim_round, s.fire, s.burned,
        ]
        before = watched.values
        if not watched.changed(now):
            return
        compounds: list[tuple[Any, ...]] = list(zip(*now[3:], strict=True))
        changed: Sequence[int] = range(16)
        if before is not None and before[:3] == now[:3]:
            was = list(zip(*before[3:], strict=True))
            changed = [pos for pos in range(16) if compounds[pos] != was[pos]]
        entries = _CARD_ENTRIES
        zero = self._zeros
        for pos in changed:
            card, items, is_open, claimant, temporary, claimed_in, fire, burned = compounds[pos]
            b = o + pos * width
            out[b : b + width] = zero[b : b + width]
            if card < 0:
                continue
            key = (card, items, capped)
            written = entries.get(key)
            if written is None:
                written = _card_entries(*key)
            for i, value in written:
                out[b + i] = value
            b += STATIC_WIDTH + SPACES_WIDTH
            if is_open == 0:
                out[b] = 1
            if claimant >= 0:
                out[b + 1 + (claimant - me) % n] = 1
                if temporary:
                    out[b + 1 + n] = 1
                if claimed_in == current:
                    out[b + 2 + n] = 1
            b += 3 + n
            if fire:
                out[b] = fire / FIRE_SCALE
            limit = FIRE_LIMIT[card] if FLAMMABLE[card] else (BUNSEN_LIMIT if burned else 0)
            if limit:
                out[b + 1] = limit / FIRE_SCALE

    def _player(
        self,
        s: CompoundedState,
        p: int,
        score: float | None,
        winners: list[int],
        out: Out,
        b: int,
        deciding: int,
    ) -> None:
        """Player ``p``'s block, at ``b``."""
        offers_scale = self.offers_scale
        owners, temporary = s.claim_owner, s.claim_temp
        assert score is not None  # every score is public
        out[b] = score / POINTS_SCALE
        out[b + 1] = s.ap[p] / POINTS_SCALE
        out[b + 2] = s.bonus[p] / BONUS_SCALE
        b += 3
        base6 = p * 6
        total = 0
        for e in range(N_ELEMENTS):
            count = s.storage[base6 + e]
            total += count
            if count:
                out[b + e] = count / STORAGE_SCALE
            pooled = s.pool[base6 + e]
            if pooled:
                out[b + 6 + e] = pooled / POOL_SCALE
        b += 12
        out[b] = total / STORAGE_SCALE
        base4 = p * 4
        out[b + 1] = TRACK_LEVELS[LAB][s.track_level[base4 + LAB]] / STORAGE_SCALE
        b += 2
        for t in range(4):
            level = s.track_level[base4 + t]
            out[b + TRACK_START[t] + level] = 1
            out[b + VALUES_AT + t] = TRACK_VALUE[t][level]
        b += VALUES_AT + 4
        permanent = held = 0
        for pos in range(16):
            if owners[pos] == p:
                if temporary[pos]:
                    held += 1
                else:
                    permanent += 1
        out[b] = s.reserve[p] / DISCS_SCALE
        out[b + 1] = s.free_discs[p] / DISCS_SCALE
        out[b + 2] = permanent / DISCS_SCALE
        out[b + 3] = held / DISCS_SCALE
        out[b + 4] = s.wild[p]
        b += 5
        for k in range(6):
            if s.equip[base6 + k]:
                out[b + k] = s.equip[base6 + k] / EQUIP_SCALE
            if s.equip_this_round[base6 + k]:
                out[b + 6 + k] = s.equip_this_round[base6 + k] / EQUIP_SCALE
        b += 12
        out[b] = len(s.scored[p]) / SCORED_SCALE
        out[b + 1] = s.used_cylinder[p] / EQUIP_SCALE
        out[b + 2] = s.used_pipette[p] / EQUIP_SCALE
        if s.used_swap[p]:
            out[b + 3] = 1
        if s.used_goggles[p]:
            out[b + 4] = 1
        out[b + 5] = s.used_paper[p] / EQUIP_SCALE
        out[b + 6] = s.offers[p] / offers_scale
        b += 7
        if p == s.lead:
            out[b] = 1
        if p == s.next_lead:
            out[b + 1] = 1
        if p == deciding:
            out[b + 2] = 1
        if p in winners:
            out[b + 3] = 1

    def _extinguishers(self, s: CompoundedState, out: Out, o: int, me: int) -> None:
        n = self.players
        width = n + 2 + 2 * EXT_SPACES
        held = set()
        for x, holder in enumerate(s.extinguisher_holder):
            if not 0 <= holder < n:
                continue
            held.add(x)
            b = o + x * width
            out[b + (holder - me) % n] = 1
            items = s.extinguisher_items[x]
            if EMPTY not in items:
                out[b + n + 1] = 1
            for i, slot in enumerate(items):
                if slot != EMPTY:
                    out[b + n + 2 + 2 * i + (slot == WILD_SLOT)] = 1
        for x in range(n):
            if x not in held:
                out[o + x * width + n] = 1

    def _resolving(self, s: CompoundedState, out: Out, o: int, me: int) -> None:
        card = s.resolving_card
        if card < 0:
            return
        n = self.players
        out[o] = 1
        out[o + 1 + (s.resolving_player - me) % n] = 1
        out[o + 1 + n + CARD_KIND[card]] = 1
        b = o + 1 + n + len(COPIES)
        counts = [0] * N_ITEMS
        for e, slot in zip(SPACE_ELEMENTS[card], s.resolving_items, strict=True):
            if slot == CRYSTAL:
                counts[e] += 1
            elif slot == WILD_SLOT:
                counts[N_ELEMENTS] += 1
        for i, count in enumerate(counts):
            if count:
                out[b + i] = count / SPACE_SCALE

    def _scatter(self, s: CompoundedState, out: Out, o: int, me: int) -> None:
        scatter = s.scatter
        if not scatter:
            return
        out[o] = len(scatter) / 16
        first = scatter[0]
        out[o + 1 + first[0]] = 1
        out[o + 17 + (first[1] - me) % self.players] = 1
        b = o + 17 + self.players
        counts = [0] * N_ITEMS
        for code in first[2:]:
            counts[code] += 1
        for i, count in enumerate(counts):
            if count:
                out[b + i] = count / SPACE_SCALE

    def _context(self, s: CompoundedState, kind: str, out: Out, me: int) -> None:
        """The pending decision's context, read from the frames as ``decision_context``."""
        n = self.players
        at = self._at
        stack = s.stack
        frame = stack[-1]
        below = stack[-2] if len(stack) > 1 else None
        if kind in TRADE_KINDS:
            o = at["trade"]
            if kind == "trade_offer":
                passes = frame[F.TradeOffer.passes]
            else:
                passes = (
                    below[F.TradeOffer.passes]
                    if below is not None and below[KEY] == F.TradeOffer.key
                    else 0
                )
            if passes:
                out[o] = passes / n
            if kind == "trade_offer":
                return
            proposer, addressee = (
                (frame[PLAYER], frame[F.TradeBuild.addressee])
                if kind == "trade_build"
                else (frame[F.TradeReply.proposer], frame[PLAYER])
            )
            out[o + 1 + (proposer - me) % n] = 1
            out[o + 1 + n + (addressee - me) % n] = 1
            b = o + 1 + 2 * n
            for start in (GIVE_AT, ASK_AT):
                for i in range(N_BUNDLE):
                    count = frame[start + i]
                    if count:
                        out[b + i] = count / BUNDLE_SCALE
                mask = frame[start + EXT_MASK]
                for x in range(MAX_PLAYERS):
                    if mask >> x & 1:
                        out[b + N_BUNDLE + x] = 1
                b += N_BUNDLE + n
        elif kind == "claim":
            o = at["claim_passed"]
            for p in range(n):
                if frame[F.Claim.passed] >> p & 1:
                    out[o + (p - me) % n] = 1
        elif kind == "bunsen":
            o = at["window"]
            declines = frame[F.Bunsen.declines]
            if declines:
                out[o] = declines / n
            following = n
            if below is not None and below[KEY] == F.ResearchPhase.key:
                step = below[F.ResearchPhase.step]
                if step <= 2 * n:
                    following = ((s.lead + (step - 2) // 2) % n - me) % n
            out[o + 1 + following] = 1
        elif kind == "extinguish":
            o = at["window"]
            declines = frame[F.Extinguish.declines]
            if declines:
                out[o] = declines / n
            o = at["fire_window"]
            for pos in range(16):
                if frame[F.Extinguish.targets] >> pos & 1:
                    out[o + pos] = 1
                if frame[F.Extinguish.protected] >> pos & 1:
                    out[o + 16 + pos] = 1
            cause = None if below is None else FIRE_CAUSE.get(below[KEY])
            if cause is not None:
                out[o + 32 + cause] = 1
        elif kind in ("place_item", "place_space"):
            o = at["placing"]
            allowance = TRACK_LEVELS[RESEARCH][s.track_level[frame[PLAYER] * 4 + RESEARCH]]
            placed = frame[F.PlaceItem.placed]  # where a PlaceSpace has it too
            if placed:
                out[o] = placed / RESEARCH_TOP
            if allowance - placed:
                out[o + 1] = (allowance - placed) / RESEARCH_TOP
            if kind == "place_space":
                code = frame[F.PlaceSpace.item]
                if code == PLACE_WILD_ITEM:
                    item = PLACE_ITEMS - 1
                else:
                    item = code // POOL_OFFSET * 6 + code % POOL_OFFSET
                out[o + 2 + item] = 1
        elif kind in ("scatter_space", "handle_space"):
            out[at["moving_item"] + frame[F.ScatterSpace.item]] = 1  # and HandleSpace's
        elif kind == "relocate_target":
            out[at["relocate_from"] + frame[F.RelocateTarget.source]] = 1
