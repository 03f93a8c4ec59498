"""The text board of the terminal (``render_text``): the market, devices, every seat and lens,
the result once over, and a legend; built only when a board is asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.games.konoten import scoring
from boardlab.games.konoten.content import CONTENT
from boardlab.games.konoten.flow import MAIN, OVER, PHASE_NAMES
from boardlab.games.konoten.lenses import lens_info
from boardlab.games.konoten.tables import (
    CARD_IDS,
    CHARACTER_IDS,
    COST_MASK,
    COSTS,
    DEVICE_CAPACITY,
    DEVICE_IDS,
    FOUNDATION_IDS,
    N_DEVICES,
    N_NODES,
    N_NORMAL_SLOTS,
    N_TASKS,
    NODE_IDS,
    PASSIVES,
    bits,
)
from boardlab.games.konoten.view import market_card
from boardlab.games.konoten.wording import (
    LEGEND,
    ability_text,
    card_name,
    effect_text,
    lens_name,
    seat_name,
)

if TYPE_CHECKING:
    from boardlab.games.konoten.state import KonotenState


def _final_line(s: KonotenState) -> list[str]:
    """Once over: the winners and, per seat, the VP of each source that gave any."""
    winners = " and ".join(seat_name(p) for p in scoring.leaders(s))
    lines = [f"game over: {winners} {'win' if ' and ' in winners else 'wins'}"]
    for p, sources in enumerate(scoring.score_breakdown(s)):
        parts = " + ".join(f"{name} {int(v)}" for name, v in sources.items() if v)
        lines.append(f"{seat_name(p)}: {s.vp[p]} VP = {parts or 'nothing'}")
    return lines


def _devices_line(s: KonotenState) -> str:
    n = s.players
    devices = []
    for d in range(N_DEVICES):
        seats = ",".join(
            f"{seat_name(p)}x{s.dev_occ[d * n + p]}" for p in range(n) if s.dev_occ[d * n + p]
        )
        full = (
            " full"
            if s.phase == MAIN and DEVICE_CAPACITY[d] and s.dev_uses[d] >= DEVICE_CAPACITY[d]
            else ""
        )
        devices.append(f"{DEVICE_IDS[d]}[{seats or '-'}]{full}")
    return "devices: " + " ".join(devices)


def _seat_lines(s: KonotenState, p: int, seat: int | None) -> list[str]:
    ch = s.char[p]
    you = " (you)" if p == seat else ""
    ended = " (ended)" if s.ended >> p & 1 and s.phase == MAIN else ""
    mats = "/".join(str(s.mats[p * 3 + m]) for m in range(3))
    capacity = PASSIVES[ch][s.grown[p]].capacity if ch >= 0 else CONTENT.setup.material_capacity
    name = CHARACTER_IDS[ch] if ch >= 0 else "(no board yet)"
    tasks = " ".join(CONTENT.tasks[t] for t in range(N_TASKS) if s.tasks[p] >> t & 1) or "-"
    hand = " ".join(CARD_IDS[c] for c in bits(s.hand[p])) or "-"
    lines = [
        f"{seat_name(p)}{you} {name}{ended}: VP {s.vp[p]}, AP {s.ap[p]}, cr {s.creativity[p]}, "
        f"stock {s.stock[p]}, lobby {s.lobby_unused[p]} unused + {s.lobby_used[p]} used",
        f"   light/rainbow/sediment {mats} of {capacity}; tasks open: {tasks}",
        f"   hand: {hand}",
    ]
    if ch >= 0:
        for node in range(N_NODES):
            mark = "*" if s.grown[p] >> node & 1 else " "
            used = " (used this round)" if s.will_used[p] >> node & 1 else ""
            ability = CONTENT.characters[ch].abilities[node]
            lines.append(f"   [{mark}] {NODE_IDS[node]} {ability_text(ability)}{used}")
    return lines


def _lens_lines(s: KonotenState, i: int) -> list[str]:
    owner, foundation, cards, flipped = s.lenses[i]
    info = lens_info(s.lenses[i])
    seat_on = s.lens_occ[i]
    on = (
        "empty"
        if seat_on < 0
        else f"{seat_name(seat_on)}'s assistant, {'used' if s.lens_used[i] else 'unused'}"
    )
    stack = " ".join(card_name(c, flipped >> c & 1) for c in bits(cards))
    return [
        f"{lens_name(i)} of {seat_name(owner)} [{stack}] on {FOUNDATION_IDS[foundation]}, "
        f"cost {info.cost} ({on})",
        f"   {effect_text(info.input, info.ap, info.output)}",
    ]


def render_text(s: KonotenState, seat: int | None) -> str:
    """A compact text picture of the whole table, ``seat`` marked as you, and a legend."""
    over = s.phase == OVER
    head = f"Konoten - round {s.round} of {CONTENT.rounds}, "
    if over:
        head += "graduation (the game is over)"
    else:
        head += f"{PHASE_NAMES[s.phase]} phase; start player {seat_name(s.start)}"
        if s.next_start >= 0 and s.round < CONTENT.rounds:
            head += f" (next round: {seat_name(s.next_start)})"
    normal = " ".join(market_card(c) or "--" for c in s.market[:N_NORMAL_SLOTS])
    vps = " ".join(market_card(c) or "--" for c in s.market[N_NORMAL_SLOTS:])
    piles = " ".join(f"{k}:{(s.found & COST_MASK[k]).bit_count()}" for k in COSTS)
    lines = [
        head,
        f"market: {normal} | VP cards: {vps}  "
        f"(decks: {len(s.normal_deck)} normal, {len(s.vp_deck)} VP)",
        f"foundations left, cost:count: {piles}",
        _devices_line(s),
    ]
    for p in range(s.players):
        lines += _seat_lines(s, p, seat)
    for i in range(len(s.lenses)):
        lines += _lens_lines(s, i)
    if not s.lenses:
        lines.append("lenses: none yet")
    if over:
        lines += _final_line(s)
    lines += LEGEND
    return "\n".join(lines)
