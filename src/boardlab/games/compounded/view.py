"""What a seat may see (everything but the deck order and the generator), a text picture,
and the re-dealing of the unseen deck for search bots."""

from __future__ import annotations

from itertools import pairwise
from random import Random
from typing import Any

from boardlab.engine import Rng
from boardlab.games.compounded.actions import WILD
from boardlab.games.compounded.board import ROW_COL, label
from boardlab.games.compounded.content import (
    CONTENT,
    ELEMENTS,
    EQUIPMENT_SHORT,
    LAB,
    REACTIONS,
    TRACKS,
)
from boardlab.games.compounded.frames import PHASES
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
    stored,
)

SLOT_NAMES = ("empty", "crystal", "wild")


def _spaces(elements: tuple[int, ...], items: tuple[int, ...]) -> list[list[str]]:
    return [[ELEMENTS[e], SLOT_NAMES[slot]] for e, slot in zip(elements, items, strict=True)]


def _field_entry(s: Any, pos: int) -> dict[str, Any] | None:
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


def _player(s: Any, p: int) -> dict[str, Any]:
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


def view(s: Any, seat: int | None) -> dict[str, Any]:
    """Everything public: the whole table, bag counts, deck size and Lab Fires left."""
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
        "seat": seat,
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
                "items": ["wild" if c == WILD else ELEMENTS[c] for c in entry[2:]],
            }
            for entry in s.scatter
        ],
        "decision": None if decision is None else decision.to_json(),
        "scores": s.scores(),
        "over": decision is None,
        "winners": s.winners(),
        "end_conditions": end_conditions(s) if decision is None else [],
    }


def _space_text(elements: tuple[int, ...], items: tuple[int, ...]) -> str:
    parts = []
    for e, slot in zip(elements, items, strict=True):
        symbol = ELEMENTS[e]
        parts.append(symbol if slot == CRYSTAL else "*" + symbol if slot else "." + symbol)
    return " ".join(parts)


def render(s: Any, seat: int | None = None) -> str:
    """A compact text picture: header, the 4 x 4 field, each workbench, the decision."""
    bag = " ".join(f"{ELEMENTS[e]}{s.bag[e]}" for e in range(6))
    lines = [
        f"Compounded - round {s.round}, {PHASES[s.phase]} phase, lead P{s.lead}"
        + (f" (you are P{seat})" if seat is not None else ""),
        f"bag {bag} ({sum(s.bag)})  deck {len(s.deck)} (Lab Fires left "
        f"{CONTENT.lab_fire_cards - len(s.lf_seen)})  fire this round: "
        f"{'yes' if s.lf_resolved else 'no'}",
        "field ('.X' empty space, '*X' wild token, P<n>t temporary claim):",
    ]
    for pos in range(16):
        card = s.field_card[pos]
        row, col = ROW_COL[pos]
        if card < 0:
            lines.append(f"  {row},{col}  (empty)")
            continue
        compound = CARDS[card]
        owner = s.claim_owner[pos]
        claim = "-" if owner < 0 else f"P{owner}" + ("t" if s.claim_temp[pos] else "")
        limit = fire_limit(s, pos)
        flame = f" fire {s.fire[pos]}/{limit}" if limit else ""
        extra = ""
        if compound.equipment >= 0:
            extra += f" [{EQUIPMENT_SHORT[compound.equipment]}]"
        if compound.reaction >= 0:
            extra += f" [{REACTIONS[compound.reaction]}]"
        lines.append(
            f"  {row},{col}  {compound.name} {compound.formula} {points(s, card)}AP "
            f"{claim}{flame}{extra}: {_space_text(compound.space_elements, s.field_items[pos])}"
        )
    for p in range(s.players):
        base6, base4 = p * 6, p * 4
        storage = " ".join(
            f"{ELEMENTS[e]}{s.storage[base6 + e]}" for e in range(6) if s.storage[base6 + e]
        )
        pool = " ".join(f"{ELEMENTS[e]}{s.pool[base6 + e]}" for e in range(6) if s.pool[base6 + e])
        levels = " ".join(
            f"{TRACKS[t]} {s.exp[base4 + t] + 1}/{TRACK_TOP[t] + 1}"
            f"={TRACK_LEVELS[t][s.exp[base4 + t]]}"
            for t in range(4)
        )
        gear = " ".join(
            f"{EQUIPMENT_SHORT[k]}x{s.equip[base6 + k]}" for k in range(6) if s.equip[base6 + k]
        )
        exts = " ".join(
            f"ext{x}[{_space_text(EXT_ELEMENTS, s.ext_items[x])}]"
            for x, holder in enumerate(s.ext_holder)
            if holder == p
        )
        lead = "*" if p == s.lead else " "
        lines.append(
            f"{lead}P{p} {s.ap[p]}AP  storage {stored(s, p)}/{capacity(s, p)}: {storage or '-'}"
            + (f"  pool: {pool}" if pool else "")
        )
        lines.append(
            f"    {levels}  claim discs: reserve {s.reserve[p]}, available {s.avail[p]}  "
            f"wild {s.wild[p]}  {gear or 'no equipment'}  {exts or 'no extinguisher'}"
        )
    if s.resolving_card >= 0:
        compound = CARDS[s.resolving_card]
        lines.append(
            f"resolving {compound.name} for P{s.resolving_player}: "
            f"{_space_text(compound.space_elements, s.resolving_items)}"
        )
    decision = s.decision
    if decision is None:
        lines.append(f"game over: scores {s.scores()}, winners {s.winners()}")
    else:
        lines.append(f"P{decision.player} to decide ({decision.kind}): {decision.prompt}")
    return "\n".join(lines)


def _pile_structure(s: Any, rng: Random | Rng) -> list[bool] | None:
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


def resample_hidden(s: Any, seat: int | None, rng: Random | Rng) -> None:
    """Re-deal the unseen deck consistently with what every seat knows.

    The remaining compounds are public by elimination; their order is not, nor, beyond what
    the pile method and the Lab Fires seen so far imply, where the remaining Lab Fires are.
    """
    compounds = [card for card in s.deck if card != LAB_FIRE]
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
