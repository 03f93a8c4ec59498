"""Compounded's observation vector, declared once (``boardlab.engine.vector``).

Seats are counted from the observer: in every per-seat part the observing seat comes first
(``seat0``; seat 0 for a spectator), then the next seat clockwise. Things that actions name
by absolute number (extinguisher ids, the observer's own seat) stay absolute. Counts are
divided by a fixed scale so that most values lie in [0, 1]; every value is >= ``low`` (0)
and <= its entry of ``high``, the most the components allow.

Everything Compounded shows is public except the deck order, read only as the deck's size.
The pending decision's context (the trade being built, who has passed, the item being
placed or moved, what a fire window is about) comes from the top frame of the decision
stack, as the view's ``decision_context`` reads it. The package README lists every entry.

>>> import boardlab
>>> state = boardlab.new("compounded", players=2, seed=1)
>>> encoder = observation_encoder(2, state.options)
>>> len(encoder.encode(state, 1)) == encoder.size
True
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from boardlab.engine.layouts import KEY, PLAYER
from boardlab.engine.vector import (
    Op,
    Part,
    VectorDeclaration,
    attr,
    below_field,
    bits,
    derived,
    derived_rows,
    each_seat,
    frame_field,
    framed,
    length,
    lookup,
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
from boardlab.games.compounded import frames as F
from boardlab.games.compounded.actions import BUNDLE_NAMES, MAX_PLAYERS
from boardlab.games.compounded.content import (
    CONTENT,
    ELEMENTS,
    EQUIPMENT_SHORT,
    REACTIONS,
    RESEARCH,
    STATE_TO_TRACK,
    TRACKS,
)
from boardlab.games.compounded.discovery import ASK_AT, EXT_MASK, GIVE_AT
from boardlab.games.compounded.frames import OVER, PHASES
from boardlab.games.compounded.lab import points
from boardlab.games.compounded.research import research_player
from boardlab.games.compounded.scoring import end_conditions
from boardlab.games.compounded.workbench import (
    CARDS,
    EMPTY,
    LAB_FIRE,
    WILD_SLOT,
    capacity,
    fire_limit,
    permanent_claims,
    value,
)

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
#: The items of scatter and handle with care: an element, or a wild token (``WILD_ITEM``).
ITEM_NAMES = (*ELEMENTS, "wild")
#: The item being placed (``PlaceSpace.item``): a crystal from storage or the goggles pool
#: per element, or a wild token; the codes of ``actions`` in this order.
PLACE_SOURCES = ("storage", "goggles_pool", "wild")
PLACE_ITEMS = 2 * len(ELEMENTS) + 1
FIRE_CAUSES = ("bunsen", "lab_fire", "volatile")
#: ``options``: the option values the vector carries.
OPTION_ENTRIES = ("shuffled_deck", "ap_cap", "trade_offers_share")
#: ``deck``: what the draw deck shows.
DECK_ENTRIES = (
    "size_share",
    "lab_fires_left",
    "draws_since_lab_fire",
    "lab_fire_this_round",
    "field_not_refilled",
)
#: A seat's claim discs (reserve, available, on permanent and temporary claims).
CLAIM_ENTRIES = ("discs_reserve", "discs_available", "claims_permanent", "claims_temporary")
#: A seat's uses of this round.
USES_THIS_ROUND = ("cylinder", "pipette", "three_for_one", "goggles", "paper", "offers")

KIND_OF = {compound.id: compound.index for compound in CONTENT.compounds}
COPIES = tuple(compound.copies for compound in CONTENT.compounds)
COMPOUNDS = len(CONTENT.compounds)
DECISION_OF = {kind: i for i, kind in enumerate(DECISION_KINDS)}
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

#: The 16 field positions by ``row*4+col``, named ``r<row>c<col>``.
POSITIONS = tuple(f"r{pos // 4}c{pos % 4}" for pos in range(16))
N_ELEMENTS = len(ELEMENTS)
#: A field card's entries: present, kind, points, state, equipment, reaction, then the spaces.
POINTS_AT = 1 + COMPOUNDS
STATIC_WIDTH = POINTS_AT + 1 + len(STATES) + len(EQUIPMENT_SHORT) + len(REACTIONS)
SPACES_WIDTH = 3 * N_ELEMENTS  # empty, crystal and wild spaces per element
#: Where a space's slot (``workbench.EMPTY``, ``CRYSTAL``, ``WILD_SLOT``) counts.
SLOT_NAMES = ("empty", "crystal", "wild")
MAX_CARD_POINTS = max(max(c.atomic_points, c.uncapped_points) for c in CONTENT.compounds)
MAX_TOTAL_POINTS = sum(max(c.atomic_points, c.uncapped_points) for c in CONTENT.cards)
MAX_SPACES_OF = tuple(max(c.counts[e] for c in CONTENT.compounds) for e in range(N_ELEMENTS))
EXPERIMENT_WIDTH = sum(TRACK_LENGTHS) + len(TRACKS)
PLAYER_ENTRIES = (
    "score", "atomic_points", "final_bonus",
    *(f"storage.{symbol}" for symbol in ELEMENTS),
    *(f"goggles_pool.{symbol}" for symbol in ELEMENTS),
    "stored", "capacity",
    *(
        f"experiment.{track}.level{level}"
        for track, length in zip(TRACKS, TRACK_LENGTHS, strict=True)
        for level in range(1, length + 1)
    ),
    *(f"experiment.{track}.value" for track in TRACKS),
    *CLAIM_ENTRIES,
    "wild_tokens",
    *(f"equipment.{short}" for short in EQUIPMENT_SHORT),
    *(f"equipment_new_this_round.{short}" for short in EQUIPMENT_SHORT),
    "compounds_scored",
    *(f"used_this_round.{use}" for use in USES_THIS_ROUND),
)  # fmt: skip
PLAYER_WIDTH = len(PLAYER_ENTRIES)
_AT = {name: i for i, name in enumerate(PLAYER_ENTRIES)}
#: Which top frames feed which parts of the decision's context.
FRAME_GROUPS = {
    F.TradeOffer.key: "trade_offer",
    F.TradeBuild.key: "trade_build",
    F.TradeReply.key: "trade_reply",
    F.Claim.key: "claim",
    F.Bunsen.key: "bunsen",
    F.Extinguish.key: "extinguish",
    F.PlaceItem.key: "place_item",
    F.PlaceSpace.key: "place_space",
    F.ScatterSpace.key: "moving",
    F.HandleSpace.key: "moving",
    F.RelocateTarget.key: "relocate_target",
}
#: The decisions without a context of their own: only their kind and seat are read.
FRAME_GROUPS.update({kind: "decision" for kind in DECISION_KINDS if kind not in FRAME_GROUPS})
#: A derived part with nothing to show (shared: never changed).
_NOTHING: dict[int, float] = {}
#: The frame below an Extinguish decision names what started the fire.
FIRE_CAUSE_OF = {F.BunsenWindow.key: 0, F.Refill.key: 1, F.ResolveItems.key: 2}


def _card_entries(card: int) -> dict[int, float]:
    """What a field card shows by its kind alone: present, kind, state, equipment, reaction."""
    compound = CARDS[card]
    entries = {0: 1.0, 1 + KIND_OF[compound.id]: 1.0}
    b = POINTS_AT + 1
    entries[b + STATES.index(compound.state)] = 1.0
    b += len(STATES)
    if compound.equipment >= 0:
        entries[b + compound.equipment] = 1.0
    b += len(EQUIPMENT_SHORT)
    if compound.reaction >= 0:
        entries[b + compound.reaction] = 1.0
    return entries


CARD_ENTRIES = tuple(_card_entries(card) for card in range(len(CARDS)))
#: The compound kind of each card code.
CARD_KIND = tuple(KIND_OF[card.id] for card in CARDS)
#: The same, with the Lab Fire card code and -1 (no card) at ``COMPOUNDS``.
CARD_KIND_OR_NONE = (*CARD_KIND, *([COMPOUNDS] * (LAB_FIRE + 1 - len(CARDS))), COMPOUNDS)


def declare(players: int, options: Mapping[str, Any], spectator: bool = False) -> VectorDeclaration:
    """The parts of the vector at ``players`` seats with ``options``, in order;
    ``spectator`` leaves out the observer's own seat (a spectator has none)."""
    n = players
    seats = tuple(f"seat{k}" for k in range(n))
    offers = int(options.get("trade_offers", CONTENT.proposals_per_phase))
    option_values = (
        float(bool(options.get("shuffled_deck", False))),
        float(bool(options.get("ap_cap", True))),
        offers / CONTENT.proposals_per_phase,
    )
    total_wild = n * CONTENT.wild_tokens_per_player
    v = VectorDeclaration(n)
    v.frames(FRAME_GROUPS, top=True)
    v.add(
        part("options", OPTION_ENTRIES, derived(lambda s, _p, _me: option_values, ("players",), 3)),
        part("seat", seats, *(() if spectator else (derived(_observer, ("players",), n),))),
        part("round", ("share_of_round_cap",), number(attr("round"), scale=CONTENT.round_cap)),
        part("phase", PHASES, onehot(attr("phase"), len(PHASES))),
        part(
            "decision_kind", DECISION_KINDS, *_each_decision(lookup(frame_field(KEY), DECISION_OF))
        ),
        part("decision_player", seats, *_each_decision(seat(frame_field(PLAYER)))),
        part(
            "to_move",
            ("observer_decides",),
            *(() if spectator else _each_decision(seat(frame_field(PLAYER), seats=1))),
        ),
        part(
            "bag",
            ELEMENTS,
            values(attr("bag"), N_ELEMENTS),
            high=ELEMENT_TOTAL,
        ),
        part(
            "deck",
            DECK_ENTRIES,
            length(attr("deck"), scale=DECK_START),
            derived(_deck, ("lab_fires_drawn_at", "deck_drawn"), 2, at=1),
            number(attr("lab_fire_this_round"), at=3),
            number(attr("deck_ran_out"), at=4),
            high=(1.0, 1.0, DECK_START / PILE, 1.0, 1.0),
        ),
        part(
            "lab_fires_seen_at",
            (f"lab_fire{k}" for k in range(1, CONTENT.lab_fire_cards + 1)),
            derived(_lab_fires_seen, ("lab_fires_drawn_at",), CONTENT.lab_fire_cards),
        ),
        part(
            "supply",
            EQUIPMENT_SHORT,
            values(attr("supply"), len(EQUIPMENT_SHORT)),
            high=EQUIPMENT_BOX,
        ),
        part("wild_tokens_out", ("share",), number(attr("wild_out"), scale=total_wild)),
        part(
            "unplayed_compounds",
            (compound.id for compound in CONTENT.compounds),
            derived(_unplayed, ("discard", "scored"), COMPOUNDS),
        ),
        _field(n),
    )
    v.add(
        _players(n, offers),
        part("lead", seats, seat(attr("lead"))),
        part("next_lead", seats, seat(attr("next_lead"))),
        *_table_parts(n, total_wild),
        *_context_parts(n),
        _outcome(n),
    )
    return v


def _each_decision(op: Op) -> tuple[Op, ...]:
    """``op`` reading the pending decision's frame (the top of the stack), whatever its kind."""
    return tuple(o for group in sorted(set(FRAME_GROUPS.values())) for o in framed(group, op))


def _field(n: int) -> Part:
    width = STATIC_WIDTH + SPACES_WIDTH + 3 + n + 2
    names = (
        "present",
        *(f"kind.{compound.id}" for compound in CONTENT.compounds),
        "points",
        *(f"state.{state}" for state in STATES),
        *(f"equipment.{short}" for short in EQUIPMENT_SHORT),
        *(f"reaction.{reaction}" for reaction in REACTIONS),
        *(f"{slot}_spaces.{symbol}" for slot in SLOT_NAMES for symbol in ELEMENTS),
        "complete",
        *(f"claimant.seat{k}" for k in range(n)),
        "temporary_claim", "claimed_this_round", "fire_tokens", "fire_limit",
    )  # fmt: skip
    high = [1.0] * width
    high[POINTS_AT] = MAX_CARD_POINTS / CARD_POINTS_SCALE
    for slot in range(3):
        for e in range(N_ELEMENTS):
            high[STATIC_WIDTH + slot * N_ELEMENTS + e] = MAX_SPACES_OF[e] / SPACE_SCALE
    claims = ("field_card", "field_open", "claim_owner", "claim_temp", "fire", "burned")
    shown = STATIC_WIDTH + SPACES_WIDTH
    return part(
        "field",
        (f"{position}.{name}" for position in POSITIONS for name in names),
        derived_rows(_card_shows, 16, width, ("field_card", "field_items"), width=shown),
        derived_rows(_claim_and_fire, 16, width, claims, at=shown, width=width - shown),
        derived(
            _claimed_this_round,
            ("claim_round", "round"),
            15 * width + 1,
            at=shown + 2 + n,
        ),
        high=high * 16,
    )


def _players(n: int, offers: int) -> Part:
    at = _AT
    total_wild = n * CONTENT.wild_tokens_per_player
    high = [1.0] * PLAYER_WIDTH
    bonus = (
        CONTENT.end_per_item_on_claim * (CONTENT.total_crystals + total_wild)
        + CONTENT.total_crystals // CONTENT.end_storage_per_point
        + n * CONTENT.extinguisher_points
        + total_wild * CONTENT.end_per_wild
    )
    high[0:3] = [
        (MAX_TOTAL_POINTS + bonus) / POINTS_SCALE,
        MAX_TOTAL_POINTS / POINTS_SCALE,
        bonus / BONUS_SCALE,
    ]
    for e in range(N_ELEMENTS):
        high[at["storage." + ELEMENTS[0]] + e] = ELEMENT_TOTAL[e] / STORAGE_SCALE
        high[at["goggles_pool." + ELEMENTS[0]] + e] = ELEMENT_TOTAL[e] / POOL_SCALE
    high[at["stored"]] = CONTENT.total_crystals / STORAGE_SCALE
    high[at["wild_tokens"]] = float(total_wild)
    high[at["compounds_scored"]] = len(CONTENT.cards) / SCORED_SCALE
    uses = at["used_this_round.cylinder"]
    w = PLAYER_WIDTH

    def each(name: str, at: int, scale: float = 1.0) -> Op:
        return seat_values(attr(name), at=at, stride=w, scale=scale)

    return part(
        "players",
        (f"seat{k}.{entry}" for k in range(n) for entry in PLAYER_ENTRIES),
        each("ap", 1, POINTS_SCALE),
        each("bonus", 2, BONUS_SCALE),
        each("reserve", at["discs_reserve"], DISCS_SCALE),
        each("free_discs", at["discs_available"], DISCS_SCALE),
        each("wild", at["wild_tokens"]),
        each("used_cylinder", uses, EQUIP_SCALE),
        each("used_pipette", uses + 1, EQUIP_SCALE),
        each("used_swap", uses + 2),
        each("used_goggles", uses + 3),
        each("used_paper", uses + 4, EQUIP_SCALE),
        each("offers", uses + 5, max(offers, 1)),
        derived(_scores, ("ap", "bonus"), (n - 1) * w + 1),
        derived(_experiments, ("track_level",), (n - 1) * w + 1 + EXPERIMENT_WIDTH, at["capacity"]),
        derived(_claims, ("claim_owner", "claim_temp"), (n - 1) * w + 2, at["claims_permanent"]),
        *each_seat(
            w,
            values(
                of_seat("storage"), N_ELEMENTS, at=at[f"storage.{ELEMENTS[0]}"], scale=STORAGE_SCALE
            ),
            values(
                of_seat("pool"), N_ELEMENTS, at=at[f"goggles_pool.{ELEMENTS[0]}"], scale=POOL_SCALE
            ),
            total(of_seat("storage"), N_ELEMENTS, at=at["stored"], scale=STORAGE_SCALE),
            values(
                of_seat("equip"), 6, at=at[f"equipment.{EQUIPMENT_SHORT[0]}"], scale=EQUIP_SCALE
            ),
            values(
                of_seat("equip_this_round"),
                6,
                at=at[f"equipment_new_this_round.{EQUIPMENT_SHORT[0]}"],
                scale=EQUIP_SCALE,
            ),
            length(of_seat("scored"), at=at["compounds_scored"], scale=SCORED_SCALE),
        ),
        high=high * n,
    )


def _table_parts(n: int, total_wild: int) -> tuple[Part, ...]:
    """The extinguishers, the compound being resolved and the explosions waiting."""
    spaces = tuple(
        f"space{i}_{ELEMENTS[element]}" for i, element in enumerate(CONTENT.extinguisher_elements)
    )
    extinguisher = (
        *(f"holder.seat{k}" for k in range(n)),
        "discarded", "complete",
        *(f"{space}.{slot}" for space in spaces for slot in ("crystal", "wild")),
    )  # fmt: skip
    items_high = (*(count / SPACE_SCALE for count in MAX_SPACES_OF), total_wild / SPACE_SCALE)
    return (
        part(
            "extinguishers",
            (f"ext{x}.{name}" for x in range(n) for name in extinguisher),
            derived(
                _extinguishers, ("extinguisher_holder", "extinguisher_items"), n * len(extinguisher)
            ),
        ),
        part(
            "resolving",
            (
                "under_way",
                *(f"scorer.seat{k}" for k in range(n)),
                *(f"kind.{compound.id}" for compound in CONTENT.compounds),
                *(f"items_left.{name}" for name in ITEM_NAMES),
            ),
            derived(
                _resolving,
                ("resolving_card", "resolving_player", "resolving_items"),
                1 + n + COMPOUNDS + len(ITEM_NAMES),
            ),
            high=(*([1.0] * (1 + n + COMPOUNDS)), *items_high),
        ),
        part(
            "scatter",
            (
                "explosions_waiting",
                *(f"from.{position}" for position in POSITIONS),
                *(f"decider.seat{k}" for k in range(n)),
                *(f"items.{name}" for name in ITEM_NAMES),
            ),
            derived(_scatter, ("scatter",), 1 + 16 + n + len(ITEM_NAMES)),
            high=(*([1.0] * (17 + n)), *items_high),
        ),
    )


def _bundle_ops(at: int, n: int) -> tuple[Op, ...]:
    """The give and ask bundles of a TradeBuild or TradeReply frame, from ``at``."""
    width = len(BUNDLE_NAMES) + n
    return tuple(
        op
        for side, start in enumerate((GIVE_AT, ASK_AT))
        for op in (
            values(frame_field(start), len(BUNDLE_NAMES), at=at + side * width, scale=BUNDLE_SCALE),
            bits(frame_field(start + EXT_MASK), n, at=at + side * width + len(BUNDLE_NAMES)),
        )
    )


def _context_parts(n: int) -> tuple[Part, ...]:
    """The pending decision's context, from the top frame (the view's ``decision_context``)."""
    bundle_high = (
        *(count / BUNDLE_SCALE for count in ELEMENT_TOTAL),
        n * CONTENT.wild_tokens_per_player / BUNDLE_SCALE,
        *([1.0] * (len(BUNDLE_NAMES) - N_ELEMENTS - 1 + n)),
    )
    passes = number(below_field(F.TradeOffer.passes, F.TradeOffer.key), scale=n)
    return (
        part(
            "trade",
            (
                "consecutive_passes",
                *(f"proposer.seat{k}" for k in range(n)),
                *(f"addressee.seat{k}" for k in range(n)),
                *(
                    name
                    for side in ("give", "ask")
                    for name in (
                        *(f"{side}.{slot}" for slot in BUNDLE_NAMES),
                        *(f"{side}.ext{x}" for x in range(n)),
                    )
                ),
            ),
            *framed("trade_offer", number(frame_field(F.TradeOffer.passes), scale=n)),
            *framed(
                "trade_build",
                passes,
                seat(frame_field(PLAYER), at=1),
                seat(frame_field(F.TradeBuild.addressee), at=1 + n),
                *_bundle_ops(1 + 2 * n, n),
            ),
            *framed(
                "trade_reply",
                passes,
                seat(frame_field(F.TradeReply.proposer), at=1),
                seat(frame_field(PLAYER), at=1 + n),
                *_bundle_ops(1 + 2 * n, n),
            ),
            high=(*([1.0] * (1 + 2 * n)), *bundle_high, *bundle_high),
        ),
        part(
            "claim_passed",
            (f"seat{k}" for k in range(n)),
            seat_bits(frame_field(F.Claim.passed)),
            from_frame="claim",
        ),
        part(
            "window",
            (
                "consecutive_declines",
                *(f"next_research.seat{k}" for k in range(n)),
                "next_research.none",
            ),
            *framed(
                "bunsen",
                number(frame_field(F.Bunsen.declines), scale=n),
                derived(_next_research, (), 1 + n, at=1),
            ),
            *framed("extinguish", number(frame_field(F.Extinguish.declines), scale=n)),
        ),
        part(
            "fire_window",
            (
                *(f"target.{position}" for position in POSITIONS),
                *(f"protected.{position}" for position in POSITIONS),
                *(f"cause.{cause}" for cause in FIRE_CAUSES),
            ),
            bits(frame_field(F.Extinguish.targets), 16),
            bits(frame_field(F.Extinguish.protected), 16, at=16),
            lookup(below_field(KEY), FIRE_CAUSE_OF, at=32),
            from_frame="extinguish",
        ),
        part(
            "placing",
            (
                "placed",
                "remaining",
                *(f"item.{source}.{symbol}" for source in PLACE_SOURCES[:2] for symbol in ELEMENTS),
                f"item.{PLACE_SOURCES[2]}",
            ),
            *(
                op
                for group in ("place_item", "place_space")
                for op in framed(
                    group,
                    number(frame_field(F.PlaceItem.placed), scale=RESEARCH_TOP),
                    derived(_remaining, (), 1, at=1),
                )
            ),
            *framed("place_space", onehot(frame_field(F.PlaceSpace.item), PLACE_ITEMS, at=2)),
        ),
        part(
            "moving_item",
            ITEM_NAMES,
            onehot(frame_field(F.HandleSpace.item), len(ITEM_NAMES)),
            from_frame="moving",
        ),
        part(
            "relocate_from",
            POSITIONS,
            onehot(frame_field(F.RelocateTarget.source), 16),
            from_frame="relocate_target",
        ),
    )


def _outcome(n: int) -> Part:
    return part(
        "outcome",
        (
            "game_over",
            *(f"end.{condition.replace(' ', '_')}" for condition in END_CONDITIONS),
            *(f"winner.seat{k}" for k in range(n)),
        ),
        derived(
            _ended,
            ("phase", "ap", "bonus", "round", "deck_ran_out", "track_level"),
            1 + len(END_CONDITIONS) + n,
        ),
    )


# ---------------------------------------------------------------- derived parts
# Each is ``fn(state, seat, me)``: a part's numbers from the game's own rule functions.


def _observer(s: Any, _p: int, me: int) -> dict[int, float]:
    return {me: 1.0}


def _deck(s: Any, _p: int, _me: int) -> tuple[float, float]:
    seen_at = s.lab_fires_drawn_at
    since_fire = s.deck_drawn - (seen_at[-1] + 1 if seen_at else 0)
    left = CONTENT.lab_fire_cards - len(seen_at)
    return (left / CONTENT.lab_fire_cards, since_fire / PILE)


def _lab_fires_seen(s: Any, _p: int, _me: int) -> list[float]:
    return [(drawn + 1) / DECK_START for drawn in s.lab_fires_drawn_at[: CONTENT.lab_fire_cards]]


def _unplayed(s: Any, _p: int, _me: int) -> list[float]:
    """The share of each compound's copies neither discarded nor scored: in the deck or on
    the field (the field's own kinds are in ``field``)."""
    played = [0] * (COMPOUNDS + 1)  # the last counts Lab Fires
    kind = CARD_KIND_OR_NONE
    for card in s.discard:
        played[kind[card]] += 1
    for cards in s.scored:
        for card in cards:
            played[kind[card]] += 1
    return [(copies - count) / copies for copies, count in zip(COPIES, played, strict=False)]


#: (card, its items, capped points) -> what the card shows but its claim and fire
_CARD_SHOWS: dict[tuple[int, tuple[int, ...], bool], dict[int, float]] = {}


def _card_shows(s: Any, pos: int, _me: int) -> dict[int, float]:
    """A field card's kind, points and spaces (kept: a card's items take few values)."""
    card = s.field_card[pos]
    if card < 0:
        return _NOTHING
    items = s.field_items[pos]
    key = (card, items, s.options.get("ap_cap", True))
    shows = _CARD_SHOWS.get(key)
    if shows is None:
        shows = dict(CARD_ENTRIES[card])
        shows[POINTS_AT] = points(s, card) / CARD_POINTS_SCALE
        for element, slot in zip(CARDS[card].space_elements, items, strict=True):
            at = STATIC_WIDTH + slot * N_ELEMENTS + element
            shows[at] = shows.get(at, 0.0) + 1.0 / SPACE_SCALE
        _CARD_SHOWS[key] = shows
    return shows


def _claim_and_fire(s: Any, pos: int, me: int) -> dict[int, float]:
    """Whether a field card is complete, its claim, and its fire tokens and limit."""
    if s.field_card[pos] < 0:
        return _NOTHING
    n = s.players
    entries = {3 + n: s.fire[pos] / FIRE_SCALE, 4 + n: fire_limit(s, pos) / FIRE_SCALE}
    if s.field_open[pos] == 0:
        entries[0] = 1.0
    claimant = s.claim_owner[pos]
    if claimant >= 0:
        entries[1 + (claimant - me) % n] = 1.0
        entries[1 + n] = float(bool(s.claim_temp[pos]))
    return entries


def _claimed_this_round(s: Any, _p: int, _me: int) -> dict[int, float]:
    """Which field cards were claimed this round, one field position apart (a claim's round
    goes back to 0 when its disc leaves, C-7)."""
    width = STATIC_WIDTH + SPACES_WIDTH + s.players + 5
    now = s.round
    claimed = s.claim_round
    if now not in claimed:
        return _NOTHING
    return {pos * width: 1.0 for pos, round_ in enumerate(claimed) if round_ == now}


def _scores(s: Any, _p: int, me: int) -> dict[int, float]:
    """Each seat's score, one seat's entries apart from the observer on."""
    n = s.players
    return {(p - me) % n * PLAYER_WIDTH: score / POINTS_SCALE for p, score in enumerate(s.scores())}


def _experiments(s: Any, _p: int, me: int) -> dict[int, float]:
    """Each seat's ``capacity`` and experiment tracks (level one-hots, then values)."""
    n = s.players
    out: dict[int, float] = {}
    for p in range(n):
        b = (p - me) % n * PLAYER_WIDTH
        out[b] = capacity(s, p) / STORAGE_SCALE
        for t in range(len(TRACKS)):
            out[b + 1 + TRACK_START[t] + s.track_level[p * 4 + t]] = 1.0
            out[b + 1 + sum(TRACK_LENGTHS) + t] = value(s, p, t) / TRACK_TOP_VALUE[t]
    return out


def _claims(s: Any, _p: int, me: int) -> dict[int, float]:
    """Each seat's claim discs on permanent and on temporary claims."""
    n = s.players
    out: dict[int, float] = {}
    for p in range(n):
        held = s.claim_owner.count(p)
        if held:
            permanent = len(permanent_claims(s, p))
            b = (p - me) % n * PLAYER_WIDTH
            out[b] = permanent / DISCS_SCALE
            out[b + 1] = (held - permanent) / DISCS_SCALE
    return out


def _extinguishers(s: Any, _p: int, me: int) -> dict[int, float]:
    n = s.players
    width = n + 2 + 2 * EXT_SPACES
    out: dict[int, float] = {}
    for x, holder in enumerate(s.extinguisher_holder):
        b = x * width
        if holder < 0:
            out[b + n] = 1.0  # discarded
            continue
        out[b + (holder - me) % n] = 1.0
        items = s.extinguisher_items[x]
        if EMPTY not in items:
            out[b + n + 1] = 1.0
        for i, slot in enumerate(items):
            if slot != EMPTY:
                out[b + n + 2 + 2 * i + (slot == WILD_SLOT)] = 1.0
    return out


def _resolving(s: Any, _p: int, me: int) -> dict[int, float]:
    card = s.resolving_card
    if card < 0:
        return {}
    n = s.players
    out = {0: 1.0, 1 + (s.resolving_player - me) % n: 1.0, 1 + n + CARD_KIND[card]: 1.0}
    b = 1 + n + COMPOUNDS
    for element, slot in zip(CARDS[card].space_elements, s.resolving_items, strict=True):
        if slot != EMPTY:
            at = b + (element if slot != WILD_SLOT else N_ELEMENTS)
            out[at] = out.get(at, 0.0) + 1.0 / SPACE_SCALE
    return out


def _scatter(s: Any, _p: int, me: int) -> dict[int, float]:
    scatter = s.scatter
    if not scatter:
        return {}
    n = s.players
    first = scatter[0]
    out = {0: len(scatter) / 16, 1 + first[0]: 1.0, 17 + (first[1] - me) % n: 1.0}
    b = 17 + n
    for code in first[2:]:
        out[b + code] = out.get(b + code, 0.0) + 1.0 / SPACE_SCALE
    return out


def _next_research(s: Any, _p: int, me: int) -> dict[int, float]:
    """Whose research turn follows a Bunsen window (none past the last one)."""
    n = s.players
    stack = s.stack
    below = stack[-2] if len(stack) > 1 else None
    if below is not None and below[KEY] == F.ResearchPhase.key:
        step = below[F.ResearchPhase.step]
        if step <= 2 * n:
            return {(research_player(s, step) - me) % n: 1.0}
    return {n: 1.0}


def _remaining(s: Any, _p: int, _me: int) -> tuple[float]:
    """What the placing seat may still place this research turn (C-8.4)."""
    frame = s.stack[-1]
    allowance = value(s, frame[PLAYER], RESEARCH)
    return ((allowance - frame[F.PlaceItem.placed]) / RESEARCH_TOP,)


def _ended(s: Any, _p: int, me: int) -> dict[int, float]:
    if s.phase != OVER:
        return _NOTHING
    out = {0: 1.0}
    for condition in end_conditions(s):
        out[1 + END_CONDITIONS.index(condition)] = 1.0
    n = s.players
    for winner in s.winners():
        out[1 + len(END_CONDITIONS) + (winner - me) % n] = 1.0
    return out


@functools.cache
def _encoder(players: int, options: tuple[tuple[str, Any], ...]) -> DeclaredEncoder:
    given = dict(options)
    return DeclaredEncoder(
        declare(players, given).compile(), declare(players, given, spectator=True).compile()
    )


def observation_encoder(players: int, options: Mapping[str, Any] | None = None) -> DeclaredEncoder:
    """The (shared, cached) encoder for ``players`` and ``options``."""
    if not 2 <= players <= MAX_PLAYERS:
        raise ValueError(f"compounded is for 2 to {MAX_PLAYERS} players, got {players}")
    given = options or {}
    wanted = ("shuffled_deck", "ap_cap", "trade_offers")
    return _encoder(players, tuple((name, given[name]) for name in wanted if name in given))
