"""What a seat may see (everything but the deck order and the generator) and the re-dealing
of the unseen deck for search bots; the text board is ``board_text.py``.

``view_body`` is the game's part of ``view(seat)`` (the engine wraps it in the envelope that
carries the seat, the decision's options and prompt, scores and winners); its shape is
``view.schema.json``. It names the pending decision's kind and carries its context as data
(``body["decision_context"]``): the offer being built, the item being placed and from
where, who has passed, what a fire window is about; see ``CONTEXT`` and the package README.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from random import Random
from typing import TYPE_CHECKING, Any

from boardlab.engine import Rng
from boardlab.engine.layouts import KEY, PLAYER
from boardlab.games.compounded import frames as F
from boardlab.games.compounded.actions import (
    BUNDLE_NAMES,
    MAX_PLAYERS,
    PLACE_WILD_ITEM,
    POOL_OFFSET,
    WILD_ITEM,
)
from boardlab.games.compounded.board import label
from boardlab.games.compounded.content import (
    CONTENT,
    CYLINDER,
    ELEMENTS,
    EQUIPMENT_SHORT,
    LAB,
    PAPER,
    REACTIONS,
    RESEARCH,
    STUDY,
    TRACKS,
)
from boardlab.games.compounded.discovery import ASK_AT, EXT_MASK, GIVE_AT, offer_cap
from boardlab.games.compounded.frames import PHASES, Frame
from boardlab.games.compounded.lab import points
from boardlab.games.compounded.research import research_player
from boardlab.games.compounded.scoring import end_conditions
from boardlab.games.compounded.workbench import (
    CARDS,
    EMPTY,
    EXT_ELEMENTS,
    LAB_FIRE,
    TRACK_LEVELS,
    TRACK_TOP,
    capacity,
    fire_limit,
    in_play,
    stored,
    usable,
    value,
)

if TYPE_CHECKING:
    from boardlab.games.compounded.state import CompoundedState

SLOT_NAMES = ("empty", "crystal", "wild")


def _spaces(elements: tuple[int, ...], items: tuple[int, ...]) -> list[list[str]]:
    return [[ELEMENTS[e], SLOT_NAMES[slot]] for e, slot in zip(elements, items, strict=True)]


def _field_entry(s: CompoundedState, pos: int) -> dict[str, Any] | None:
    card = s.field_card[pos]
    if card < 0:
        return None
    compound = CARDS[card]
    return {
        "position": label(pos),
        "card": card,
        "compound": compound.id,
        "name": compound.name,
        "formula": compound.formula,
        "points": points(s, card),
        "state": compound.state,
        "equipment": EQUIPMENT_SHORT[compound.equipment] if compound.equipment >= 0 else None,
        "reaction": REACTIONS[compound.reaction] if compound.reaction >= 0 else None,
        "spaces": _spaces(compound.space_elements, s.field_items[pos]),
        "complete": s.field_open[pos] == 0,
        "claimant": s.claim_owner[pos],
        "temporary": bool(s.claim_temp[pos]),
        "claimed_in_round": s.claim_round[pos],
        "fire_tokens": s.fire[pos],
        "fire_limit": fire_limit(s, pos),
    }


def _player(s: CompoundedState, p: int) -> dict[str, Any]:
    base6, base4 = p * 6, p * 4
    on_field = [pos for pos in range(16) if s.claim_owner[pos] == p]
    return {
        "seat": p,
        "atomic_points": s.ap[p],
        "final_bonus": s.bonus[p],
        "storage": {ELEMENTS[e]: s.storage[base6 + e] for e in range(6)},
        "stored": stored(s, p),
        "capacity": capacity(s, p),
        "goggles_pool": {ELEMENTS[e]: s.pool[base6 + e] for e in range(6)},
        "experiments": {
            TRACKS[t]: {
                "level": s.track_level[base4 + t] + 1,
                "value": TRACK_LEVELS[t][s.track_level[base4 + t]],
                "top": TRACK_TOP[t] + 1,
            }
            for t in range(4)
        },
        "storage_markers_placed": s.track_level[base4 + LAB],
        "claims": {
            "reserve": s.reserve[p],
            "available": s.free_discs[p],
            "permanent": [label(pos) for pos in on_field if not s.claim_temp[pos]],
            "temporary": [label(pos) for pos in on_field if s.claim_temp[pos]],
        },
        "wild_tokens": s.wild[p],
        "equipment": {EQUIPMENT_SHORT[k]: s.equip[base6 + k] for k in range(6)},
        "equipment_new_this_round": {
            EQUIPMENT_SHORT[k]: s.equip_this_round[base6 + k] for k in range(6)
        },
        "extinguishers": [
            {
                "id": x,
                "spaces": _spaces(EXT_ELEMENTS, s.extinguisher_items[x]),
                "complete": EMPTY not in s.extinguisher_items[x],
            }
            for x, holder in enumerate(s.extinguisher_holder)
            if holder == p
        ],
        "scored": [CARDS[card].id for card in s.scored[p]],
        "used_this_round": {
            "cylinder": s.used_cylinder[p],
            "pipette": s.used_pipette[p],
            "three_for_one": bool(s.used_swap[p]),
            "goggles": bool(s.used_goggles[p]),
            "paper": s.used_paper[p],
            "offers": s.offers[p],
        },
    }


# ---------------------------------------------------------------- decision context
# Each pending decision's frame (see ``frames``) read back as public data: what the
# decision is about beyond its options. Frames below the top are read only for the state
# of the loop the decision belongs to (trading, a research step, what started a fire).

ITEM_SOURCES = ("storage", "goggles_pool", "wild")
FIRE_CAUSES = {
    F.BunsenWindow.key: "bunsen",
    F.Refill.key: "lab_fire",
    F.ResolveItems.key: "volatile",
}


def item_name(code: int) -> str:
    """An item code of scatter and handle with care: an element symbol or ``"wild"``."""
    return "wild" if code == WILD_ITEM else ELEMENTS[code]


def _positions(mask: int) -> list[str]:
    return [label(pos) for pos in range(16) if mask >> pos & 1]


def _seats(mask: int, players: int) -> list[int]:
    return [p for p in range(players) if mask >> p & 1]


def _bundle(frame: Frame, at: int) -> dict[str, Any]:
    mask = frame[at + EXT_MASK]
    return {
        "counts": {name: frame[at + i] for i, name in enumerate(BUNDLE_NAMES)},
        "extinguishers": [x for x in range(MAX_PLAYERS) if mask >> x & 1],
    }


def _trading(s: CompoundedState, passes: int) -> dict[str, Any]:
    cap = offer_cap(s)
    return {
        "consecutive_passes": passes,
        "offers_left": [max(cap - used, 0) for used in s.offers],
    }


def _trade_offer(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    return _trading(s, frame[F.TradeOffer.passes])


def _offer(
    s: CompoundedState, frame: Frame, below: Frame | None, proposer: int, addressee: int
) -> dict[str, Any]:
    passes = 0
    if below is not None and below[KEY] == F.TradeOffer.key:
        passes = below[F.TradeOffer.passes]
    return {
        "proposer": proposer,
        "addressee": addressee,
        "give": _bundle(frame, GIVE_AT),
        "ask": _bundle(frame, ASK_AT),
        **_trading(s, passes),
    }


def _trade_build(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    return _offer(s, frame, below, frame[PLAYER], frame[F.TradeBuild.addressee])


def _trade_reply(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    return _offer(s, frame, below, frame[F.TradeReply.proposer], frame[PLAYER])


def _return_excess(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    p = frame[PLAYER]
    return {"excess": stored(s, p) - capacity(s, p)}


def _claim(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    return {"passed": _seats(frame[F.Claim.passed], s.players)}


def _relocate_target(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    return {"from": label(frame[F.RelocateTarget.source])}


def _bunsen(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    next_turn = None
    if below is not None and below[KEY] == F.ResearchPhase.key:
        step = below[F.ResearchPhase.step]
        if step <= 2 * s.players:
            next_turn = research_player(s, step)
    return {"consecutive_declines": frame[F.Bunsen.declines], "next_research_turn": next_turn}


def _extinguish(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    return {
        "cause": None if below is None else FIRE_CAUSES.get(below[KEY]),
        "targets": _positions(frame[F.Extinguish.targets]),
        "protected": _positions(frame[F.Extinguish.protected]),
        "consecutive_declines": frame[F.Extinguish.declines],
    }


def _placing(s: CompoundedState, frame: Frame) -> dict[str, Any]:
    allowance = value(s, frame[PLAYER], RESEARCH)
    placed = frame[F.PlaceItem.placed]  # where a PlaceSpace has it too
    return {"placed": placed, "allowance": allowance, "remaining": allowance - placed}


def _place_item(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    return _placing(s, frame)


def _place_space(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    code = frame[F.PlaceSpace.item]
    if code == PLACE_WILD_ITEM:
        item, source = "wild", "wild"
    else:
        item, source = ELEMENTS[code % POOL_OFFSET], ITEM_SOURCES[code // POOL_OFFSET]
    return {"item": item, "source": source, **_placing(s, frame)}


def _scatter_item(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    return {"from": label(s.scatter[0][0])}


def _scatter_space(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    return {"from": label(s.scatter[0][0]), "item": item_name(frame[F.ScatterSpace.item])}


def _resolving(s: CompoundedState) -> dict[str, Any]:
    return {"compound": CARDS[s.resolving_card].id, "scorer": s.resolving_player}


def _experiment(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    return {**_resolving(s), "track": TRACKS[CARDS[s.resolving_card].experiment]}


def _stability(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    return {**_resolving(s), "points": points(s, s.resolving_card)}


def _handle_item(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    return _resolving(s)


def _handle_space(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    return {**_resolving(s), "item": item_name(frame[F.HandleSpace.item])}


def _paper(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    p = frame[PLAYER]
    return {**_resolving(s), "papers_left": usable(s, p, PAPER) - s.used_paper[p]}


def _release_claim(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    p = frame[PLAYER]
    return {"to_release": in_play(s, p) - value(s, p, STUDY)}


def _cylinder(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    p = frame[PLAYER]
    return {"uses_left": usable(s, p, CYLINDER) - s.used_cylinder[p]}


def _nothing(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    return {}


ContextFn = Callable[["CompoundedState", Frame, Frame | None], dict[str, Any]]
CONTEXT: dict[str, ContextFn] = {
    F.TradeOffer.key: _trade_offer,
    F.TradeBuild.key: _trade_build,
    F.TradeReply.key: _trade_reply,
    F.ReturnExcess.key: _return_excess,
    F.Claim.key: _claim,
    F.Relocate.key: _nothing,  # the claims that may move are the options
    F.RelocateTarget.key: _relocate_target,
    F.Goggles.key: _nothing,
    F.Bunsen.key: _bunsen,
    F.Extinguish.key: _extinguish,
    F.PlaceItem.key: _place_item,
    F.ExchangeTake.key: _nothing,  # the exchange made shows in the used-this-round counters
    F.PlaceSpace.key: _place_space,
    F.ScatterItem.key: _scatter_item,
    F.ScatterSpace.key: _scatter_space,
    F.Score.key: _nothing,
    F.Experiment.key: _experiment,
    F.Stability.key: _stability,
    F.HandleItem.key: _handle_item,
    F.HandleSpace.key: _handle_space,
    F.Paper.key: _paper,
    F.ReleaseClaim.key: _release_claim,
    F.Cylinder.key: _cylinder,
    F.LabKey.key: _nothing,
}


def decision_context(s: CompoundedState) -> dict[str, Any] | None:
    """What the pending decision is about beyond its options, as data (``None`` once over)."""
    stack = s.stack
    if not stack:
        return None
    frame = stack[-1]
    below = stack[-2] if len(stack) > 1 else None
    return CONTEXT[frame[KEY]](s, frame, below)


def view_body(s: CompoundedState, seat: int | None) -> dict[str, Any]:
    """Everything public (the same for every seat): the whole table, bag counts, deck size
    and Lab Fires left, and the pending decision's kind and context; never the deck order."""
    decision = s.decision
    resolving = None
    if s.resolving_card >= 0:
        compound = CARDS[s.resolving_card]
        resolving = {
            "player": s.resolving_player,
            "compound": compound.id,
            "spaces": _spaces(compound.space_elements, s.resolving_items),
        }
    return {
        "round": s.round,
        "phase": PHASES[s.phase],
        "lead": s.lead,
        "next_lead": s.next_lead,
        "bag": {ELEMENTS[e]: s.bag[e] for e in range(6)},
        "deck_size": len(s.deck),
        "deck_drawn": s.deck_drawn,
        "lab_fires_in_deck": CONTENT.lab_fire_cards - len(s.lab_fires_drawn_at),
        "lab_fires_seen_at": list(s.lab_fires_drawn_at),
        "lab_fire_resolved_this_round": bool(s.lab_fire_this_round),
        "field_could_not_be_refilled": bool(s.deck_ran_out),
        "discard": ["lab_fire" if c == LAB_FIRE else CARDS[c].id for c in s.discard],
        "supply": {EQUIPMENT_SHORT[k]: s.supply[k] for k in range(6)},
        "wild_tokens_out": s.wild_out,
        "field": [_field_entry(s, pos) for pos in range(16)],
        "players": [_player(s, p) for p in range(s.players)],
        "resolving": resolving,
        "scatter": [
            {
                "from": label(entry[0]),
                "decider": entry[1],
                "items": [item_name(code) for code in entry[2:]],
            }
            for entry in s.scatter
        ],
        "decision_kind": None if decision is None else decision.kind,
        "decision_context": decision_context(s),
        "end_conditions": end_conditions(s) if decision is None else [],
    }


def _pile_structure(s: CompoundedState, rng: Random | Rng) -> list[bool] | None:
    """Top-to-bottom Lab Fire flags of the unseen deck under the pile method (C-4.6)."""
    safe = CONTENT.safe_top_pile_size
    sizes = list(CONTENT.pile_sizes)
    sizes.remove(safe)  # the safe pile went on top; every other pile has a Lab Fire on top
    drawn = s.deck_drawn
    if not s.lab_fires_drawn_at:
        if drawn > safe:
            return None
        layout = [False] * (safe - drawn)
        remaining = list(sizes)
        current_left = 0
    else:
        seen = s.lab_fires_drawn_at
        remaining = list(sizes)
        for a, b in pairwise(seen):
            done = b - a - 1
            if done not in remaining:
                return None
            remaining.remove(done)
        already = drawn - seen[-1] - 1
        weights = [size for size in remaining if size >= already]
        if not weights:
            return None
        current = weights[rng.randrange(len(weights))]
        remaining.remove(current)
        layout = []
        current_left = current - already
    layout.extend([False] * current_left)
    order = list(remaining)
    rng.shuffle(order)
    for size in order:
        layout.append(True)
        layout.extend([False] * size)
    return layout


def resample_hidden(s: CompoundedState, seat: int | None, rng: Random | Rng) -> None:
    """Re-deal the unseen deck consistently with what every seat knows.

    The remaining compounds are public by elimination; their order is not, nor, beyond what
    the pile method and the Lab Fires seen so far imply, where the remaining Lab Fires are.
    """
    compounds = sorted(card for card in s.deck if card != LAB_FIRE)  # forget the real order
    fires = len(s.deck) - len(compounds)
    rng.shuffle(compounds)
    layout = None if s.options.get("shuffled_deck") else _pile_structure(s, rng)
    if layout is None or len(layout) != len(s.deck) or sum(layout) != fires:
        deck = compounds + [LAB_FIRE] * fires
        rng.shuffle(deck)
        s.deck = deck
        return
    top_first = [LAB_FIRE if is_fire else compounds.pop() for is_fire in layout]
    top_first.reverse()
    s.deck = top_first
