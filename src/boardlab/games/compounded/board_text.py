"""The text board of the terminal (``render_text``): the field, every workbench, a legend of
each abbreviation shown, and the decision or the result; built only when a board is asked for.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from boardlab.games.compounded.actions import side
from boardlab.games.compounded.board import ROW_COL
from boardlab.games.compounded.content import (
    CONTENT,
    ELEMENTS,
    EQUIPMENT_SHORT,
    REACTIONS,
    TRACKS,
)
from boardlab.games.compounded.frames import PHASES
from boardlab.games.compounded.lab import points
from boardlab.games.compounded.view import item_name
from boardlab.games.compounded.workbench import (
    CARDS,
    CRYSTAL,
    EXT_ELEMENTS,
    TRACK_LEVELS,
    TRACK_TOP,
    capacity,
    fire_limit,
    stored,
)

if TYPE_CHECKING:
    from boardlab.games.compounded.state import CompoundedState


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
    at = s.track_level
    levels = "  ".join(
        f"{TRACKS[t]} {at[base4 + t] + 1}/{TRACK_TOP[t] + 1}={TRACK_LEVELS[t][at[base4 + t]]}"
        for t in range(4)
    )
    gear = ", ".join(
        f"{EQUIPMENT_SHORT[k]} {s.equip[base6 + k]}" for k in range(6) if s.equip[base6 + k]
    )
    exts = " ".join(
        f"ext{x}[{space_text(EXT_ELEMENTS, s.extinguisher_items[x])}]"
        for x, holder in enumerate(s.extinguisher_holder)
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
            f"    claim discs: reserve {s.reserve[p]}, available {s.free_discs[p]}  "
            f"wild {s.wild[p]}  equipment: {gear or 'none'}",
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
    if any(holder >= 0 for holder in s.extinguisher_holder):
        entries.append("ext0[C .O .O] fire extinguisher 0 and its spaces")
    return textwrap.wrap("legend: " + "; ".join(entries), width=BOARD_WIDTH, subsequent_indent="  ")


BOARD_WIDTH = 92


def _game_over(s: CompoundedState) -> str:
    totals = ", ".join(f"{side(p)} {score:g}" for p, score in enumerate(s.scores()))
    won = [side(p) for p in s.winners()]
    who = f"winner {won[0]}" if len(won) == 1 else f"winners (tied) {', '.join(won)}"
    return f"game over: {totals}; {who}"


def render_text(s: CompoundedState, seat: int | None) -> str:
    """A compact text picture: header, the 4 x 4 field, each workbench, a legend of every
    abbreviation shown, and the decision (or the result)."""
    decision = s.decision
    over = decision is None
    stage = "game over" if over else f"{PHASES[s.phase]} phase"
    lines = [
        f"Compounded - round {s.round}, {stage}, lead {side(s.lead)}"
        + (f" (you are {side(seat)})" if seat is not None else ""),
        f"bag {_counts(s.bag, 0)} ({sum(s.bag)})  deck {len(s.deck)} (Lab Fires left "
        f"{CONTENT.lab_fire_cards - len(s.lab_fires_drawn_at)})  fire this round: "
        f"{'yes' if s.lab_fire_this_round else 'no'}",
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
        items = " ".join(item_name(code) for code in entry[2:])
        lines.append(f"to scatter from the explosion at {row},{col} ({side(entry[1])}): {items}")
    lines.extend(_legend(s))
    if decision is None:
        lines.append(_game_over(s))
    else:
        who = side(decision.player)
        prompt = decision.prompt.removeprefix(f"{who}: ")
        lines.append(f"{who} to decide ({decision.kind}): {prompt}")
    return "\n".join(lines)
