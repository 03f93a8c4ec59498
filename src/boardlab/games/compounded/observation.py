"""A fixed-length vector of what one seat sees in Compounded, built from ``view(seat)`` only.

Seats are rotated: in every per-seat block the observing seat comes first, then the next
seat clockwise (a public observer, seat ``None``, sees seat 0 first). Things that actions
name by absolute number (extinguisher ids, the observer's own seat) stay absolute. Counts
are divided by a fixed scale so that most values lie in [0, 1]; every value is >= ``low``
(0) and <= its entry of ``high``, the most the components allow.

The envelope gives who is to move, the scores and the winners; the body (``view["body"]``)
the table, the pending decision's kind and its context (the trade being built, who has
passed, the item being placed or moved, what a fire window is about), read from
``body["decision_kind"]`` and ``body["decision_context"]``: every seat sees them. See the
package README for the layout.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from boardlab.games.compounded.actions import BUNDLE_NAMES, MAX_PLAYERS
from boardlab.games.compounded.content import (
    CONTENT,
    ELEMENTS,
    EQUIPMENT_SHORT,
    REACTIONS,
    STATE_TO_TRACK,
    TRACKS,
)
from boardlab.games.compounded.frames import PHASES

if TYPE_CHECKING:
    from boardlab.engine import GameState
    from boardlab.games.compounded.fast_observation import FastCompoundedEncoder

DECISION_KINDS = (
    "trade_offer",
    "trade_build",
    "trade_reply",
    "return_excess",
    "claim",
    "relocate",
    "relocate_target",
    "goggles",
    "bunsen",
    "extinguish",
    "place_item",
    "exchange_take",
    "place_space",
    "scatter_item",
    "scatter_space",
    "score",
    "experiment",
    "stability",
    "handle_item",
    "handle_space",
    "paper",
    "release_claim",
    "cylinder",
    "lab_key",
)
END_CONDITIONS = ("A", "B", "C", "round cap")
STATES = tuple(sorted(STATE_TO_TRACK, key=STATE_TO_TRACK.__getitem__))  # gas, solid, liquid
ITEM_NAMES = (*ELEMENTS, "wild")
PLACE_ITEMS = 2 * len(ELEMENTS) + 1  # storage and goggles-pool crystal per element, wild
PLACE_SOURCES = ("storage", "goggles_pool", "wild")
FIRE_CAUSES = ("bunsen", "lab_fire", "volatile")
#: ``options``: the option values the vector carries.
OPTION_ENTRIES = ("shuffled_deck", "ap_cap", "trade_offers_share")
#: ``deck``: what the draw deck shows.
DECK_ENTRIES = (
    "size_share", "lab_fires_left", "draws_since_lab_fire", "lab_fire_this_round",
    "field_not_refilled",
)
#: A seat's claim discs (reserve, available, on permanent and temporary claims).
CLAIM_ENTRIES = ("discs_reserve", "discs_available", "claims_permanent", "claims_temporary")
#: A seat's uses of this round.
USES_THIS_ROUND = ("cylinder", "pipette", "three_for_one", "goggles", "paper", "offers")
#: A seat's roles: the lead, the next lead, the seat deciding now, a winner.
ROLE_ENTRIES = ("is_lead", "is_next_lead", "is_deciding", "is_winner")

KIND_OF = {compound.id: compound.index for compound in CONTENT.compounds}
COPIES = tuple(compound.copies for compound in CONTENT.compounds)
COMPOUNDS = len(CONTENT.compounds)
ELEMENT_OF = {symbol: e for e, symbol in enumerate(ELEMENTS)}
ITEM_OF = {name: i for i, name in enumerate(ITEM_NAMES)}
EQUIPMENT_OF = {short: k for k, short in enumerate(EQUIPMENT_SHORT)}
REACTION_OF = {name: r for r, name in enumerate(REACTIONS)}
STATE_OF = {name: i for i, name in enumerate(STATES)}
PHASE_OF = {name: i for i, name in enumerate(PHASES)}
DECISION_OF = {kind: i for i, kind in enumerate(DECISION_KINDS)}
BUNDLE_OF = {name: i for i, name in enumerate(BUNDLE_NAMES)}
TRACK_LENGTHS = tuple(len(track.levels) for track in CONTENT.tracks)
TRACK_START = tuple(sum(TRACK_LENGTHS[:t]) for t in range(len(TRACKS)))
TRACK_TOP_VALUE = tuple(track.levels[-1] for track in CONTENT.tracks)
RESEARCH_TOP = TRACK_TOP_VALUE[TRACKS.index("research")]
ELEMENT_TOTAL = tuple(element.count for element in CONTENT.elements)
EQUIPMENT_BOX = tuple(kind.box_count for kind in CONTENT.equipment)
EXT_SPACES = len(CONTENT.extinguisher_elements)
DECK_START = len(CONTENT.cards) - 16 + CONTENT.lab_fire_cards  # the deck after the first field
PILE = CONTENT.safe_top_pile_size

# fixed scales: a count divided by its scale is usually at most 1
POINTS_SCALE = float(CONTENT.score_threshold)
CARD_POINTS_SCALE = 8.0
BONUS_SCALE = 20.0
STORAGE_SCALE = 10.0
POOL_SCALE = 5.0
SPACE_SCALE = 4.0
DISCS_SCALE = float(CONTENT.claim_discs)
EQUIP_SCALE = 4.0
SCORED_SCALE = 16.0
FIRE_SCALE = 4.0
BUNDLE_SCALE = 4.0

SLOT_OFFSET = {"empty": 0, "crystal": len(ELEMENTS), "wild": 2 * len(ELEMENTS)}
SPACES_WIDTH = 3 * len(ELEMENTS)
POINTS_AT = 1 + COMPOUNDS


def _static_card(index: int) -> list[float]:
    """What a field card shows by its kind alone: present, kind, (points), state, equipment,
    reaction; the points slot is filled from the view."""
    compound = CONTENT.compounds[index]
    vector = [0.0] * (POINTS_AT + 1 + len(STATES) + len(EQUIPMENT_SHORT) + len(REACTIONS))
    vector[0] = 1.0
    vector[1 + index] = 1.0
    b = POINTS_AT + 1
    vector[b + STATES.index(compound.state)] = 1.0
    b += len(STATES)
    if compound.equipment >= 0:
        vector[b + compound.equipment] = 1.0
    b += len(EQUIPMENT_SHORT)
    if compound.reaction >= 0:
        vector[b + compound.reaction] = 1.0
    return vector


STATIC_CARD = {compound.id: _static_card(compound.index) for compound in CONTENT.compounds}
STATIC_WIDTH = len(STATIC_CARD[CONTENT.compounds[0].id])

MAX_CARD_POINTS = max(max(c.atomic_points, c.uncapped_points) for c in CONTENT.compounds)
MAX_TOTAL_POINTS = sum(max(c.atomic_points, c.uncapped_points) for c in CONTENT.cards)
MAX_SPACES_OF = tuple(max(c.counts[e] for c in CONTENT.compounds) for e in range(len(ELEMENTS)))

FIELD_WIDTH_FIXED = (
    1  # a card is there
    + COMPOUNDS  # compound kind
    + 1  # atomic points
    + len(STATES)
    + len(EQUIPMENT_SHORT)
    + len(REACTIONS)
    + 3 * len(ELEMENTS)  # empty, crystal, wild spaces per element
    + 1  # complete
    + 1  # temporary claim
    + 1  # claimed this round
    + 2  # fire tokens, fire limit
)
PLAYER_WIDTH = (
    3  # score, atomic points, final bonus
    + 2 * len(ELEMENTS)  # storage, goggles pool
    + 2  # stored, capacity
    + sum(TRACK_LENGTHS)  # experiment levels, one-hot per track
    + len(TRACKS)  # experiment values
    + len(CLAIM_ENTRIES)
    + 1  # wild tokens
    + 2 * len(EQUIPMENT_SHORT)  # equipment held, taken this round
    + 1  # compounds scored
    + len(USES_THIS_ROUND)
    + len(ROLE_ENTRIES)
)


def _position(text: str) -> int:
    row, _, col = text.partition(",")
    return int(row) * 4 + int(col)


class CompoundedEncoder:
    """The observation vector of Compounded at one player count and option set."""

    __slots__ = (
        "_at",
        "_fast",
        "_fields",
        "field_width",
        "high",
        "offers_scale",
        "option_values",
        "players",
        "size",
    )

    low = 0.0

    def __init__(self, players: int, options: Mapping[str, Any]) -> None:
        if not 2 <= players <= MAX_PLAYERS:
            raise ValueError(f"compounded is for 2 to {MAX_PLAYERS} players, got {players}")
        self.players = players
        self._fast: FastCompoundedEncoder | None = None
        offers = int(options.get("trade_offers", CONTENT.proposals_per_phase))
        self.offers_scale = float(max(offers, 1))
        self.option_values = (
            float(bool(options.get("shuffled_deck", False))),
            float(bool(options.get("ap_cap", True))),
            offers / CONTENT.proposals_per_phase,
        )
        self.field_width = FIELD_WIDTH_FIXED + players
        n = players
        widths = (
            ("options", len(OPTION_ENTRIES)),
            ("seat", n),
            ("round", 1),
            ("phase", len(PHASES)),
            ("decision_kind", len(DECISION_KINDS)),
            ("decision_player", n),
            ("to_move", 1),
            ("bag", len(ELEMENTS)),
            ("deck", len(DECK_ENTRIES)),
            ("lab_fires_seen_at", CONTENT.lab_fire_cards),
            ("supply", len(EQUIPMENT_SHORT)),
            ("wild_tokens_out", 1),
            ("unseen_compounds", COMPOUNDS),
            ("field", 16 * self.field_width),
            ("players", n * PLAYER_WIDTH),
            ("extinguishers", n * (n + 2 + 2 * EXT_SPACES)),
            ("resolving", 1 + n + COMPOUNDS + len(ITEM_NAMES)),
            ("scatter", 1 + 16 + n + len(ITEM_NAMES)),
            ("trade", 1 + 2 * n + 2 * (len(BUNDLE_NAMES) + n)),
            ("claim_passed", n),
            ("window", 1 + n + 1),
            ("fire_window", 16 + 16 + len(FIRE_CAUSES)),
            ("placing", 2 + PLACE_ITEMS),
            ("moving_item", len(ITEM_NAMES)),
            ("relocate_from", 16),
            ("outcome", 1 + len(END_CONDITIONS)),
        )
        self._fields: dict[str, tuple[int, int]] = {}
        start = 0
        for name, width in widths:
            self._fields[name] = (start, start + width)
            start += width
        self.size = start
        self._at = {name: span[0] for name, span in self._fields.items()}
        self.high = self._bounds()

    def _bounds(self) -> list[float]:
        """Per entry, the largest value the components allow (most are 1: flags, shares)."""
        n = self.players
        high = [1.0] * self.size
        at = self._at
        total_wild = n * CONTENT.wild_tokens_per_player
        high[at["deck"] + 2] = DECK_START / PILE
        for pos in range(16):
            b = at["field"] + pos * self.field_width
            high[b + POINTS_AT] = MAX_CARD_POINTS / CARD_POINTS_SCALE
            for slot in range(3):
                for e in range(len(ELEMENTS)):
                    high[b + STATIC_WIDTH + slot * len(ELEMENTS) + e] = (
                        MAX_SPACES_OF[e] / SPACE_SCALE
                    )
        bonus = (
            CONTENT.end_per_item_on_claim * (CONTENT.total_crystals + total_wild)
            + CONTENT.total_crystals // CONTENT.end_storage_per_point
            + n * CONTENT.extinguisher_points
            + total_wild * CONTENT.end_per_wild
        )
        for seat in range(n):
            b = at["players"] + seat * PLAYER_WIDTH
            high[b : b + 3] = [
                (MAX_TOTAL_POINTS + bonus) / POINTS_SCALE,
                MAX_TOTAL_POINTS / POINTS_SCALE,
                bonus / BONUS_SCALE,
            ]
            for e in range(len(ELEMENTS)):
                high[b + 3 + e] = ELEMENT_TOTAL[e] / STORAGE_SCALE
                high[b + 9 + e] = ELEMENT_TOTAL[e] / POOL_SCALE
            high[b + 15] = CONTENT.total_crystals / STORAGE_SCALE
            claims = b + 17 + sum(TRACK_LENGTHS) + len(TRACKS)
            high[claims + 4] = float(total_wild)
            high[claims + 5 + 2 * len(EQUIPMENT_SHORT)] = len(CONTENT.cards) / SCORED_SCALE
        for start in (at["resolving"] + 1 + n + COMPOUNDS, at["scatter"] + 17 + n):
            for e in range(len(ELEMENTS)):
                high[start + e] = MAX_SPACES_OF[e] / SPACE_SCALE
            high[start + len(ELEMENTS)] = total_wild / SPACE_SCALE
        b = at["trade"] + 1 + 2 * n
        for _side in range(2):
            for e in range(len(ELEMENTS)):
                high[b + e] = ELEMENT_TOTAL[e] / BUNDLE_SCALE
            high[b + len(ELEMENTS)] = total_wild / BUNDLE_SCALE
            b += len(BUNDLE_NAMES) + n
        return high

    def fields(self) -> dict[str, tuple[int, int]]:
        """Named parts of the vector as ``(start, stop)``; they tile ``[0, size)`` in order."""
        return dict(self._fields)

    def entries(self) -> tuple[str, ...]:
        """One name per entry, in vector order: its block of ``fields()``, a dot, and what
        the entry holds (``players.seat1.storage.O``, ``field.r2c3.fire_tokens``)."""
        return _entry_names(self.players)

    def fast(self) -> FastCompoundedEncoder:
        """The same vector straight from the state (``fast_observation.py``)."""
        from boardlab.games.compounded.fast_observation import FastCompoundedEncoder

        if self._fast is None:
            self._fast = FastCompoundedEncoder(self)
        return self._fast

    def encode(self, state: GameState, seat: int | None) -> list[float]:
        """The vector of what ``seat`` (None: a spectator) sees in ``state``: its view's."""
        return self.encode_view(state.view(seat), seat)

    def encode_view(self, view: dict[str, Any], seat: int | None) -> list[float]:
        """The vector of ``view`` (the output of ``state.view(seat)``) for ``seat``."""
        n = self.players
        me = 0 if seat is None else seat
        out = [0.0] * self.size
        at = self._at
        body = view["body"]

        def rel(p: int) -> int:
            return (p - me) % n

        o = at["options"]
        out[o : o + 3] = self.option_values
        if seat is not None:
            out[at["seat"] + seat] = 1.0
        out[at["round"]] = body["round"] / CONTENT.round_cap
        out[at["phase"] + PHASE_OF[body["phase"]]] = 1.0

        kind = body["decision_kind"]
        deciding = -1
        if kind is not None:
            deciding = view["to_move"]
            out[at["decision_kind"] + DECISION_OF[kind]] = 1.0
            out[at["decision_player"] + rel(deciding)] = 1.0
            out[at["to_move"]] = float(seat is not None and deciding == seat)

        o = at["bag"]
        for e, symbol in enumerate(ELEMENTS):
            out[o + e] = body["bag"][symbol] / ELEMENT_TOTAL[e]
        seen_at = body["lab_fires_seen_at"]
        since_fire = body["deck_drawn"] - (seen_at[-1] + 1 if seen_at else 0)
        o = at["deck"]
        out[o] = body["deck_size"] / DECK_START
        out[o + 1] = body["lab_fires_in_deck"] / CONTENT.lab_fire_cards
        out[o + 2] = since_fire / PILE
        out[o + 3] = float(body["lab_fire_resolved_this_round"])
        out[o + 4] = float(body["field_could_not_be_refilled"])
        o = at["lab_fires_seen_at"]
        for i, drawn in enumerate(seen_at[: CONTENT.lab_fire_cards]):
            out[o + i] = (drawn + 1) / DECK_START
        o = at["supply"]
        for k, short in enumerate(EQUIPMENT_SHORT):
            out[o + k] = body["supply"][short] / EQUIPMENT_BOX[k]
        out[at["wild_tokens_out"]] = body["wild_tokens_out"] / (n * CONTENT.wild_tokens_per_player)

        unseen = list(COPIES)
        self._field(body, out, at["field"], rel, unseen)
        for card in body["discard"]:
            if card != "lab_fire":
                unseen[KIND_OF[card]] -= 1
        for player in body["players"]:
            for card in player["scored"]:
                unseen[KIND_OF[card]] -= 1
        o = at["unseen_compounds"]
        for compound, count in enumerate(unseen):
            out[o + compound] = count / COPIES[compound]

        sides = view["sides"]
        winners = [sides.index(side) for side in view["winners"]]
        self._players(body, view["scores"], winners, out, at["players"], rel, deciding)
        self._extinguishers(body, out, at["extinguishers"], rel)
        self._resolving(body, out, at["resolving"], rel)
        self._scatter(body, out, at["scatter"], rel)
        if kind is not None:
            self._context(kind, body["decision_context"], out, at, rel)

        o = at["outcome"]
        out[o] = float(view["over"])
        for condition in body["end_conditions"]:
            out[o + 1 + END_CONDITIONS.index(condition)] = 1.0
        return out

    # ------------------------------------------------------------------ blocks
    def _field(
        self, body: dict[str, Any], out: list[float], o: int, rel: Any, unseen: list[int]
    ) -> None:
        width = self.field_width
        current = body["round"]
        n = self.players
        static, slot_offset, element_of = STATIC_CARD, SLOT_OFFSET, ELEMENT_OF
        quarter = 1.0 / SPACE_SCALE
        for pos, entry in enumerate(body["field"]):
            if entry is None:
                continue
            b = o + pos * width
            compound = entry["compound"]
            unseen[KIND_OF[compound]] -= 1
            out[b : b + STATIC_WIDTH] = static[compound]
            out[b + POINTS_AT] = entry["points"] / CARD_POINTS_SCALE
            b += STATIC_WIDTH
            for symbol, slot in entry["spaces"]:
                out[b + slot_offset[slot] + element_of[symbol]] += quarter
            b += SPACES_WIDTH
            out[b] = float(entry["complete"])
            claimant = entry["claimant"]
            if claimant >= 0:
                out[b + 1 + rel(claimant)] = 1.0
                out[b + 1 + n] = float(entry["temporary"])
                out[b + 2 + n] = float(entry["claimed_in_round"] == current)
            b += 3 + n
            out[b] = entry["fire_tokens"] / FIRE_SCALE
            out[b + 1] = entry["fire_limit"] / FIRE_SCALE

    def _players(
        self,
        body: dict[str, Any],
        scores: list[float],
        winners: list[int],
        out: list[float],
        o: int,
        rel: Any,
        deciding: int,
    ) -> None:
        lead, next_lead = body["lead"], body["next_lead"]
        offers_scale = self.offers_scale
        for player in body["players"]:
            p = player["seat"]
            b = o + rel(p) * PLAYER_WIDTH
            out[b] = scores[p] / POINTS_SCALE
            out[b + 1] = player["atomic_points"] / POINTS_SCALE
            out[b + 2] = player["final_bonus"] / BONUS_SCALE
            b += 3
            storage, pool = player["storage"], player["goggles_pool"]
            for e, symbol in enumerate(ELEMENTS):
                out[b + e] = storage[symbol] / STORAGE_SCALE
                out[b + 6 + e] = pool[symbol] / POOL_SCALE
            b += 12
            out[b] = player["stored"] / STORAGE_SCALE
            out[b + 1] = player["capacity"] / STORAGE_SCALE
            b += 2
            experiments = player["experiments"]
            for t, track in enumerate(TRACKS):
                entry = experiments[track]
                out[b + TRACK_START[t] + entry["level"] - 1] = 1.0
                out[b + TRACK_START[-1] + TRACK_LENGTHS[-1] + t] = (
                    entry["value"] / TRACK_TOP_VALUE[t]
                )
            b += TRACK_START[-1] + TRACK_LENGTHS[-1] + len(TRACKS)
            claims = player["claims"]
            out[b] = claims["reserve"] / DISCS_SCALE
            out[b + 1] = claims["available"] / DISCS_SCALE
            out[b + 2] = len(claims["permanent"]) / DISCS_SCALE
            out[b + 3] = len(claims["temporary"]) / DISCS_SCALE
            out[b + 4] = float(player["wild_tokens"])
            b += 5
            held, fresh = player["equipment"], player["equipment_new_this_round"]
            for k, short in enumerate(EQUIPMENT_SHORT):
                out[b + k] = held[short] / EQUIP_SCALE
                out[b + 6 + k] = fresh[short] / EQUIP_SCALE
            b += 12
            out[b] = len(player["scored"]) / SCORED_SCALE
            used = player["used_this_round"]
            out[b + 1] = used["cylinder"] / EQUIP_SCALE
            out[b + 2] = used["pipette"] / EQUIP_SCALE
            out[b + 3] = float(used["three_for_one"])
            out[b + 4] = float(used["goggles"])
            out[b + 5] = used["paper"] / EQUIP_SCALE
            out[b + 6] = used["offers"] / offers_scale
            b += 7
            out[b] = float(p == lead)
            out[b + 1] = float(p == next_lead)
            out[b + 2] = float(p == deciding)
            out[b + 3] = float(p in winners)

    def _extinguishers(self, body: dict[str, Any], out: list[float], o: int, rel: Any) -> None:
        n = self.players
        width = n + 2 + 2 * EXT_SPACES
        held = set()
        for player in body["players"]:
            for ext in player["extinguishers"]:
                x = ext["id"]
                held.add(x)
                b = o + x * width
                out[b + rel(player["seat"])] = 1.0
                out[b + n + 1] = float(ext["complete"])
                for i, (_, slot) in enumerate(ext["spaces"]):
                    if slot != "empty":
                        out[b + n + 2 + 2 * i + (slot == "wild")] = 1.0
        for x in range(n):
            if x not in held:
                out[o + x * width + n] = 1.0  # discarded

    def _resolving(self, body: dict[str, Any], out: list[float], o: int, rel: Any) -> None:
        resolving = body["resolving"]
        if resolving is None:
            return
        n = self.players
        out[o] = 1.0
        out[o + 1 + rel(resolving["player"])] = 1.0
        out[o + 1 + n + KIND_OF[resolving["compound"]]] = 1.0
        b = o + 1 + n + COMPOUNDS
        for symbol, slot in resolving["spaces"]:
            if slot == "crystal":
                out[b + ELEMENT_OF[symbol]] += 1.0 / SPACE_SCALE
            elif slot == "wild":
                out[b + len(ELEMENTS)] += 1.0 / SPACE_SCALE

    def _scatter(self, body: dict[str, Any], out: list[float], o: int, rel: Any) -> None:
        scatter = body["scatter"]
        if not scatter:
            return
        out[o] = len(scatter) / 16
        first = scatter[0]
        out[o + 1 + _position(first["from"])] = 1.0
        out[o + 17 + rel(first["decider"])] = 1.0
        b = o + 17 + self.players
        for name in first["items"]:
            out[b + ITEM_OF[name]] += 1.0 / SPACE_SCALE

    def _context(
        self, kind: str, context: dict[str, Any], out: list[float], at: dict[str, int], rel: Any
    ) -> None:
        """The pending decision's context (``body["decision_context"]``), by kind."""
        n = self.players
        if kind in ("trade_offer", "trade_build", "trade_reply"):
            o = at["trade"]
            out[o] = context["consecutive_passes"] / n
            if kind != "trade_offer":
                out[o + 1 + rel(context["proposer"])] = 1.0
                out[o + 1 + n + rel(context["addressee"])] = 1.0
                b = o + 1 + 2 * n
                for side in ("give", "ask"):
                    bundle = context[side]
                    for name, count in bundle["counts"].items():
                        out[b + BUNDLE_OF[name]] = count / BUNDLE_SCALE
                    for x in bundle["extinguishers"]:
                        out[b + len(BUNDLE_NAMES) + x] = 1.0
                    b += len(BUNDLE_NAMES) + n
        elif kind == "claim":
            for p in context["passed"]:
                out[at["claim_passed"] + rel(p)] = 1.0
        elif kind in ("bunsen", "extinguish"):
            o = at["window"]
            out[o] = context["consecutive_declines"] / n
            if kind == "bunsen":
                following = context["next_research_turn"]
                out[o + 1 + (n if following is None else rel(following))] = 1.0
            else:
                o = at["fire_window"]
                for text in context["targets"]:
                    out[o + _position(text)] = 1.0
                for text in context["protected"]:
                    out[o + 16 + _position(text)] = 1.0
                if context["cause"] is not None:
                    out[o + 32 + FIRE_CAUSES.index(context["cause"])] = 1.0
        elif kind in ("place_item", "place_space"):
            o = at["placing"]
            out[o] = context["placed"] / RESEARCH_TOP
            out[o + 1] = context["remaining"] / RESEARCH_TOP
            if kind == "place_space":
                source = PLACE_SOURCES.index(context["source"])
                item = PLACE_ITEMS - 1 if source == 2 else source * 6 + ELEMENT_OF[context["item"]]
                out[o + 2 + item] = 1.0
        elif kind in ("scatter_space", "handle_space"):
            out[at["moving_item"] + ITEM_OF[context["item"]]] = 1.0
        elif kind == "relocate_target":
            out[at["relocate_from"] + _position(context["from"])] = 1.0


def _seats(count: int) -> tuple[str, ...]:
    return tuple(f"seat{k}" for k in range(count))


#: The 16 field positions by ``row*4+col``, named ``r<row>c<col>``.
POSITIONS = tuple(f"r{pos // 4}c{pos % 4}" for pos in range(16))


@functools.cache
def _entry_names(players: int) -> tuple[str, ...]:
    """The names of ``CompoundedEncoder.entries`` (built on first use)."""
    seats = _seats(players)
    compounds = tuple(compound.id for compound in CONTENT.compounds)
    names: list[str] = []

    def block(name: str, *parts: Iterable[str]) -> None:
        names.extend(f"{name}.{part}" for entries in parts for part in entries)

    block("options", OPTION_ENTRIES)
    block("seat", seats)
    block("round", ("share_of_round_cap",))
    block("phase", PHASES)
    block("decision_kind", DECISION_KINDS)
    block("decision_player", seats)
    block("to_move", ("observer_decides",))
    block("bag", ELEMENTS)
    block("deck", DECK_ENTRIES)
    block("lab_fires_seen_at", (f"lab_fire{k}" for k in range(1, CONTENT.lab_fire_cards + 1)))
    block("supply", EQUIPMENT_SHORT)
    block("wild_tokens_out", ("share",))
    block("unseen_compounds", compounds)
    for position in POSITIONS:
        block(
            f"field.{position}",
            ("present",),
            (f"kind.{compound}" for compound in compounds),
            ("points",),
            (f"state.{state}" for state in STATES),
            (f"equipment.{short}" for short in EQUIPMENT_SHORT),
            (f"reaction.{reaction}" for reaction in REACTIONS),
            (f"{slot}_spaces.{symbol}" for slot in SLOT_OFFSET for symbol in ELEMENTS),
            ("complete",),
            (f"claimant.{seat}" for seat in seats),
            ("temporary_claim", "claimed_this_round", "fire_tokens", "fire_limit"),
        )
    for seat in seats:
        block(
            f"players.{seat}",
            ("score", "atomic_points", "final_bonus"),
            (f"storage.{symbol}" for symbol in ELEMENTS),
            (f"goggles_pool.{symbol}" for symbol in ELEMENTS),
            ("stored", "capacity"),
            (
                f"experiment.{track}.level{level}"
                for track, length in zip(TRACKS, TRACK_LENGTHS, strict=True)
                for level in range(1, length + 1)
            ),
            (f"experiment.{track}.value" for track in TRACKS),
            CLAIM_ENTRIES,
            ("wild_tokens",),
            (f"equipment.{short}" for short in EQUIPMENT_SHORT),
            (f"equipment_new_this_round.{short}" for short in EQUIPMENT_SHORT),
            ("compounds_scored",),
            (f"used_this_round.{use}" for use in USES_THIS_ROUND),
            ROLE_ENTRIES,
        )
    spaces = tuple(
        f"space{i}_{ELEMENTS[element]}" for i, element in enumerate(CONTENT.extinguisher_elements)
    )
    for x in range(players):
        block(
            f"extinguishers.ext{x}",
            (f"holder.{seat}" for seat in seats),
            ("discarded", "complete"),
            (f"{space}.{slot}" for space in spaces for slot in ("crystal", "wild")),
        )
    block(
        "resolving",
        ("under_way",),
        (f"scorer.{seat}" for seat in seats),
        (f"kind.{compound}" for compound in compounds),
        (f"items_left.{item}" for item in ITEM_NAMES),
    )
    block(
        "scatter",
        ("explosions_waiting",),
        (f"from.{position}" for position in POSITIONS),
        (f"decider.{seat}" for seat in seats),
        (f"items.{item}" for item in ITEM_NAMES),
    )
    block(
        "trade",
        ("consecutive_passes",),
        (f"proposer.{seat}" for seat in seats),
        (f"addressee.{seat}" for seat in seats),
        *(
            (
                *(f"{side}.{slot}" for slot in BUNDLE_NAMES),
                *(f"{side}.ext{x}" for x in range(players)),
            )
            for side in ("give", "ask")
        ),
    )
    block("claim_passed", seats)
    block("window", ("consecutive_declines",), (f"next_research.{seat}" for seat in seats),
          ("next_research.none",))
    block(
        "fire_window",
        (f"target.{position}" for position in POSITIONS),
        (f"protected.{position}" for position in POSITIONS),
        (f"cause.{cause}" for cause in FIRE_CAUSES),
    )
    block(
        "placing",
        ("placed", "remaining"),
        (f"item.{source}.{symbol}" for source in PLACE_SOURCES[:2] for symbol in ELEMENTS),
        (f"item.{PLACE_SOURCES[2]}",),
    )
    block("moving_item", ITEM_NAMES)
    block("relocate_from", POSITIONS)
    ends = (condition.replace(" ", "_") for condition in END_CONDITIONS)
    block("outcome", ("game_over",), (f"end.{end}" for end in ends))
    return tuple(names)


_ENCODERS: dict[tuple[int, tuple[tuple[str, Any], ...]], CompoundedEncoder] = {}


def observation_encoder(
    players: int, options: Mapping[str, Any] | None = None
) -> CompoundedEncoder:
    """The (shared, cached) encoder for ``players`` and ``options``."""
    given = dict(options or {})
    key = (players, tuple(sorted((name, repr(value)) for name, value in given.items())))
    encoder = _ENCODERS.get(key)
    if encoder is None:
        encoder = _ENCODERS[key] = CompoundedEncoder(players, given)
    return encoder
