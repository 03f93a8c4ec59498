"""What a seat may see (everything but the deck order and the generator), a text picture,
and the re-dealing of the unseen deck for search bots.

``body`` is the game's part of ``view(seat)`` (the engine wraps it in the envelope that
carries the seat, the decision's options and prompt, scores and winners); its shape is
``view.schema.json``. It names the pending decision's kind and carries its context as data
(``body["decision_context"]``): the offer being built, the item being placed and from
where, who has passed, what a fire window is about; see ``CONTEXT`` and the package README.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from itertools import pairwise
from random import Random
from typing import TYPE_CHECKING, Any

from boardlab.engine import Rng
from boardlab.games.compounded import frames as F
from boardlab.games.compounded.actions import (
    BUNDLE_NAMES,
    MAX_PLAYERS,
    PLACE_WILD_ITEM,
    POOL_OFFSET,
    WILD_ITEM,
    side,
)
from boardlab.games.compounded.board import ROW_COL, label
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
from boardlab.games.compounded.rounds import end_conditions
from boardlab.games.compounded.workbench import (
    CARDS,
    CRYSTAL,
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
                "level": s.exp[base4 + t] + 1,
                "value": TRACK_LEVELS[t][s.exp[base4 + t]],
                "top": TRACK_TOP[t] + 1,
            }
            for t in range(4)
        },
        "storage_markers_placed": s.exp[base4 + LAB],
        "claims": {
            "reserve": s.reserve[p],
            "available": s.avail[p],
            "permanent": [label(pos) for pos in on_field if not s.claim_temp[pos]],
            "temporary": [label(pos) for pos in on_field if s.claim_temp[pos]],
        },
        "wild_tokens": s.wild[p],
        "equipment": {EQUIPMENT_SHORT[k]: s.equip[base6 + k] for k in range(6)},
        "equipment_new_this_round": {EQUIPMENT_SHORT[k]: s.fresh[base6 + k] for k in range(6)},
        "extinguishers": [
            {
                "id": x,
                "spaces": _spaces(EXT_ELEMENTS, s.ext_items[x]),
                "complete": EMPTY not in s.ext_items[x],
            }
            for x, holder in enumerate(s.ext_holder)
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
FIRE_CAUSES = {F.T_BUNSEN: "bunsen", F.T_REFILL: "lab_fire", F.T_RES_ITEMS: "volatile"}


def _item(code: int) -> str:
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
    return _trading(s, frame[2])


def _offer(
    s: CompoundedState, frame: Frame, below: Frame | None, proposer: int, addressee: int
) -> dict[str, Any]:
    passes = below[2] if below is not None and below[0] == F.D_TRADE_TURN else 0
    return {
        "proposer": proposer,
        "addressee": addressee,
        "give": _bundle(frame, GIVE_AT),
        "ask": _bundle(frame, ASK_AT),
        **_trading(s, passes),
    }


def _trade_build(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    return _offer(s, frame, below, frame[1], frame[2])


def _trade_reply(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    return _offer(s, frame, below, frame[2], frame[1])


def _return_excess(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    p = frame[1]
    return {"excess": stored(s, p) - capacity(s, p)}


def _claim(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    return {"passed": _seats(frame[2], s.players)}


def _relocate_target(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    return {"from": label(frame[2])}


def _bunsen(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    next_turn = None
    if below is not None and below[0] == F.T_RESEARCH and below[2] <= 2 * s.players:
        next_turn = (s.lead + (below[2] - 2) // 2) % s.players
    return {"consecutive_declines": frame[3], "next_research_turn": next_turn}


def _extinguish(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    return {
        "cause": None if below is None else FIRE_CAUSES.get(below[0]),
        "targets": _positions(frame[2]),
        "protected": _positions(frame[3]),
        "consecutive_declines": frame[5],
    }


def _placing(s: CompoundedState, frame: Frame) -> dict[str, Any]:
    allowance = value(s, frame[1], RESEARCH)
    return {"placed": frame[2], "allowance": allowance, "remaining": allowance - frame[2]}


def _place_item(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    return _placing(s, frame)


def _place_space(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    code = frame[3]
    if code == PLACE_WILD_ITEM:
        item, source = "wild", "wild"
    else:
        item, source = ELEMENTS[code % POOL_OFFSET], ITEM_SOURCES[code // POOL_OFFSET]
    return {"item": item, "source": source, **_placing(s, frame)}


def _scatter_item(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    return {"from": label(s.scatter[0][0])}


def _scatter_space(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    return {"from": label(s.scatter[0][0]), "item": _item(frame[2])}


def _resolving(s: CompoundedState) -> dict[str, Any]:
    return {"compound": CARDS[s.resolving_card].id, "scorer": s.resolving_player}


def _experiment(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    return {**_resolving(s), "track": TRACKS[CARDS[s.resolving_card].experiment]}


def _stability(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    return {**_resolving(s), "points": points(s, s.resolving_card)}


def _handle_item(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    return _resolving(s)


def _handle_space(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    return {**_resolving(s), "item": _item(frame[2])}


def _paper(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    p = frame[1]
    return {**_resolving(s), "papers_left": usable(s, p, PAPER) - s.used_paper[p]}


def _release_claim(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    p = frame[1]
    return {"to_release": in_play(s, p) - value(s, p, STUDY)}


def _cylinder(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    p = frame[1]
    return {"uses_left": usable(s, p, CYLINDER) - s.used_cylinder[p]}


def _nothing(s: CompoundedState, frame: Frame, below: Frame | None) -> dict[str, Any]:
    return {}


ContextFn = Callable[["CompoundedState", Frame, Frame | None], dict[str, Any]]
CONTEXT: dict[int, ContextFn] = {
    F.D_TRADE_TURN: _trade_offer,
    F.D_TRADE_BUILD: _trade_build,
    F.D_TRADE_REPLY: _trade_reply,
    F.D_RETURN: _return_excess,
    F.D_CLAIM: _claim,
    F.D_RELOCATE: _nothing,  # the claims that may move are the options
    F.D_RELOCATE_TO: _relocate_target,
    F.D_GOGGLES: _nothing,
    F.D_BUNSEN: _bunsen,
    F.D_EXTINGUISH: _extinguish,
    F.D_PLACE_ITEM: _place_item,
    F.D_TAKE: _nothing,  # the exchange made shows in the used-this-round counters
    F.D_PLACE_SPACE: _place_space,
    F.D_SCATTER_ITEM: _scatter_item,
    F.D_SCATTER_SPACE: _scatter_space,
    F.D_SCORE: _nothing,
    F.D_EXPERIMENT: _experiment,
    F.D_STABILITY: _stability,
    F.D_HANDLE_ITEM: _handle_item,
    F.D_HANDLE_SPACE: _handle_space,
    F.D_PAPER: _paper,
    F.D_RELEASE: _release_claim,
    F.D_CYLINDER: _cylinder,
    F.D_LAB_KEY: _nothing,
}


def decision_context(s: CompoundedState) -> dict[str, Any] | None:
    """What the pending decision is about beyond its options, as data (``None`` once over)."""
    stack = s.stack
    if not stack:
        return None
    frame = stack[-1]
    below = stack[-2] if len(stack) > 1 else None
    return CONTEXT[frame[0]](s, frame, below)


def body(s: CompoundedState, seat: int | None) -> dict[str, Any]:
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
        "lab_fires_in_deck": CONTENT.lab_fire_cards - len(s.lf_seen),
        "lab_fires_seen_at": list(s.lf_seen),
        "lab_fire_resolved_this_round": bool(s.lf_resolved),
        "field_could_not_be_refilled": bool(s.end_c),
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
                "items": [_item(code) for code in entry[2:]],
            }
            for entry in s.scatter
        ],
        "decision_kind": None if decision is None else decision.kind,
        "decision_context": decision_context(s),
        "end_conditions": end_conditions(s) if decision is None else [],
    }


def space_text(elements: tuple[int, ...], items: tuple[int, ...]) -> str:
    """Spaces as the board shows them: ``H`` a crystal, ``.H`` empty, ``*H`` a wild token."""
    parts = []
    for e, slot in zip(elements, items, strict=True):
        symbol = ELEMENTS[e]
        parts.append(symbol if slot == CRYSTAL else "*" + symbol if slot else "." + symbol)
    return " ".join(parts)


def claim_mark(s: CompoundedState, pos: int) -> str:
    """``-`` unclaimed, ``P2`` claimed by P2, ``P2t`` temporarily claimed by P2."""
    owner = s.claim_owner[pos]
    if owner < 0:
        return "-"
    return side(owner) + ("t" if s.claim_temp[pos] else "")


def _field_line(s: CompoundedState, pos: int) -> str:
    row, col = ROW_COL[pos]
    card = s.field_card[pos]
    if card < 0:
        return f"  {row},{col}  (empty)"
    compound = CARDS[card]
    limit = fire_limit(s, pos)
    flame = f" fire {s.fire[pos]}/{limit}" if limit else ""
    tags = ""
    if compound.equipment >= 0:
        tags += f" [{EQUIPMENT_SHORT[compound.equipment]}]"
    if compound.reaction >= 0:
        tags += f" [{REACTIONS[compound.reaction]}]"
    return (
        f"  {row},{col}  {compound.name} {compound.formula} {points(s, card)} AP "
        f"{claim_mark(s, pos)}{flame}{tags}: "
        f"{space_text(compound.space_elements, s.field_items[pos])}"
    )


def _counts(values: list[int], base: int) -> str:
    return " ".join(f"{ELEMENTS[e]}{values[base + e]}" for e in range(6) if values[base + e])


def _workbench_lines(s: CompoundedState, p: int, over: bool) -> list[str]:
    base6, base4 = p * 6, p * 4
    pool = _counts(s.pool, base6)
    levels = "  ".join(
        f"{TRACKS[t]} {s.exp[base4 + t] + 1}/{TRACK_TOP[t] + 1}={TRACK_LEVELS[t][s.exp[base4 + t]]}"
        for t in range(4)
    )
    gear = ", ".join(
        f"{EQUIPMENT_SHORT[k]} {s.equip[base6 + k]}" for k in range(6) if s.equip[base6 + k]
    )
    exts = " ".join(
        f"ext{x}[{space_text(EXT_ELEMENTS, s.ext_items[x])}]"
        for x, holder in enumerate(s.ext_holder)
        if holder == p
    )
    points_text = f"{s.ap[p]} AP"
    if over:
        points_text += f" + {s.bonus[p]} end bonuses = {s.ap[p] + s.bonus[p]}"
    scored = ", ".join(CARDS[card].name for card in s.scored[p])
    return [
        f"{'*' if p == s.lead else ' '}{side(p)} {points_text}  storage "
        f"{stored(s, p)}/{capacity(s, p)}: {_counts(s.storage, base6) or '-'}"
        + (f"  pool: {pool}" if pool else ""),
        f"    {levels}",
        *_fit(
            f"    claim discs: reserve {s.reserve[p]}, available {s.avail[p]}  wild {s.wild[p]}  "
            f"equipment: {gear or 'none'}",
            f"extinguishers: {exts or 'none'}",
        ),
        *_wrap(f"scored: {scored or 'nothing yet'}"),
    ]


def _wrap_field(line: str) -> list[str]:
    """A field line, its spaces continued under it when the card is too wide for the board."""
    if len(line) <= BOARD_WIDTH:
        return [line]
    return textwrap.wrap(line, width=BOARD_WIDTH, subsequent_indent=" " * 7)


def _fit(line: str, more: str) -> list[str]:
    """``line`` and ``more`` on one line when it fits the board, else on two."""
    joined = f"{line}  {more}"
    return [joined] if len(joined) <= BOARD_WIDTH else [line, "    " + more]


def _wrap(text: str) -> list[str]:
    return textwrap.wrap(text, width=BOARD_WIDTH, initial_indent="    ", subsequent_indent="      ")


ELEMENT_LEGEND = ", ".join(f"{e.symbol} {e.name.lower()}" for e in CONTENT.elements)


def _legend(s: CompoundedState) -> list[str]:
    """One entry for every abbreviation the board shows, wrapped to the board's width."""
    entries = [
        ELEMENT_LEGEND,
        ".H an empty H space, H a crystal in it, *H a wild token in it",
        "AP atomic points",
        "- unclaimed, P2 claimed by P2, P2t claimed by P2 for this round only (temporary)",
    ]
    positions = [pos for pos in range(16) if s.field_card[pos] >= 0]
    if any(fire_limit(s, pos) for pos in positions):
        entries.append("fire 1/2 fire tokens on the card / its fire limit")
    shown = [CARDS[s.field_card[pos]] for pos in positions]
    for kind in CONTENT.equipment:
        if any(c.equipment == kind.index for c in shown):
            entries.append(f"[{kind.short}] scoring it gives equipment: {kind.name}")
    for reaction in CONTENT.reactions:
        if any(c.reaction == reaction.index for c in shown):
            entries.append(f"[{reaction.key}] its reaction: {reaction.name}")
    entries += ["* the lead", "study 2/5=2 experiment at level 2 of 5, value 2"]
    if any(s.pool):
        entries.append("pool crystals drawn with safety goggles, to place this round")
    if any(holder >= 0 for holder in s.ext_holder):
        entries.append("ext0[C .O .O] fire extinguisher 0 and its spaces")
    return textwrap.wrap("legend: " + "; ".join(entries), width=BOARD_WIDTH, subsequent_indent="  ")


BOARD_WIDTH = 92


def _game_over(s: CompoundedState) -> str:
    totals = ", ".join(f"{side(p)} {score:g}" for p, score in enumerate(s.scores()))
    won = [side(p) for p in s.winners()]
    who = f"winner {won[0]}" if len(won) == 1 else f"winners (tied) {', '.join(won)}"
    return f"game over: {totals}; {who}"


def render(s: CompoundedState, seat: int | None) -> str:
    """A compact text picture: header, the 4 x 4 field, each workbench, a legend of every
    abbreviation shown, and the decision (or the result)."""
    decision = s.decision
    over = decision is None
    stage = "game over" if over else f"{PHASES[s.phase]} phase"
    lines = [
        f"Compounded - round {s.round}, {stage}, lead {side(s.lead)}"
        + (f" (you are {side(seat)})" if seat is not None else ""),
        f"bag {_counts(s.bag, 0)} ({sum(s.bag)})  deck {len(s.deck)} (Lab Fires left "
        f"{CONTENT.lab_fire_cards - len(s.lf_seen)})  fire this round: "
        f"{'yes' if s.lf_resolved else 'no'}",
        "field:",
        *(part for pos in range(16) for part in _wrap_field(_field_line(s, pos))),
    ]
    for p in range(s.players):
        lines.extend(_workbench_lines(s, p, over))
    if s.resolving_card >= 0:
        compound = CARDS[s.resolving_card]
        lines.append(
            f"resolving {compound.name} for {side(s.resolving_player)}: "
            f"{space_text(compound.space_elements, s.resolving_items)}"
        )
    for entry in s.scatter:
        row, col = ROW_COL[entry[0]]
        items = " ".join(_item(code) for code in entry[2:])
        lines.append(f"to scatter from the explosion at {row},{col} ({side(entry[1])}): {items}")
    lines.extend(_legend(s))
    if decision is None:
        lines.append(_game_over(s))
    else:
        who = side(decision.player)
        prompt = decision.prompt.removeprefix(f"{who}: ")
        lines.append(f"{who} to decide ({decision.kind}): {prompt}")
    return "\n".join(lines)


def _pile_structure(s: CompoundedState, rng: Random | Rng) -> list[bool] | None:
    """Top-to-bottom Lab Fire flags of the unseen deck under the pile method (C-4.6)."""
    safe = CONTENT.safe_top_pile_size
    sizes = list(CONTENT.pile_sizes)
    sizes.remove(safe)  # the safe pile went on top; every other pile has a Lab Fire on top
    drawn = s.deck_drawn
    if not s.lf_seen:
        if drawn > safe:
            return None
        layout = [False] * (safe - drawn)
        remaining = list(sizes)
        current_left = 0
    else:
        seen = s.lf_seen
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
