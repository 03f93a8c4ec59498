"""Conservation checks: every colour token, development card and foundation in exactly one place.

Materials are an unlimited supply (R6), so only their non-negativity is checked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from boardlab.games.konoten.content import CONTENT
from boardlab.games.konoten.tables import (
    ALL_TASKS,
    CARD_IDS,
    DEVICE_CAPACITY,
    DEVICE_IDS,
    FOUNDATION_IDS,
    IS_VP_CARD,
    N_CARDS,
    N_DEVICES,
    N_FOUNDATIONS,
    N_NODES,
    N_NORMAL_SLOTS,
    POPCOUNT,
    bits,
)
from boardlab.games.konoten.wording import lens_name, seat_name

if TYPE_CHECKING:
    from boardlab.engine import GameState
    from boardlab.games.konoten.state import KonotenState


def _token_problems(s: KonotenState) -> list[str]:
    problems = []
    n = s.players
    lens_seats = s.lens_occ
    for p in range(n):
        grown = s.grown[p]
        tasks = s.tasks[p]
        if not 0 <= grown < 1 << N_NODES or not 0 <= tasks <= ALL_TASKS:
            problems.append(
                f"{seat_name(p)}: growth mask {grown} or task mask {tasks} out of range"
            )
            continue
        places = {
            "stock": s.stock[p],
            "tasks": POPCOUNT[tasks],
            "growth chart": POPCOUNT[grown],
            "lobby unused": s.lobby_unused[p],
            "lobby used": s.lobby_used[p],
            "lenses": lens_seats.count(p),
        }
        for d in range(N_DEVICES):
            places[f"device {DEVICE_IDS[d]}"] = s.dev_occ[d * n + p]
        for place, count in places.items():
            if count < 0:
                problems.append(f"{seat_name(p)}: {count} colour tokens in {place}")
        total = sum(places.values())
        if total != CONTENT.setup.colour_tokens:
            problems.append(
                f"{seat_name(p)}: {total} colour tokens in play, expected "
                f"{CONTENT.setup.colour_tokens} ({places})"
            )
        base = p * 3
        for m, name in enumerate(("light", "rainbow", "sediment")):
            if s.mats[base + m] < 0:
                problems.append(f"{seat_name(p)}: negative {name}")
        if s.ap[p] < 0 or s.creativity[p] < 0:
            problems.append(f"{seat_name(p)}: negative AP or creativity")
    for d in range(N_DEVICES):
        held = sum(s.dev_occ[d * n + p] for p in range(n))
        if DEVICE_CAPACITY[d] and held > DEVICE_CAPACITY[d]:
            problems.append(f"device {DEVICE_IDS[d]} holds {held} assistants")
    if len(lens_seats) != len(s.lenses) or len(s.lens_used) != len(s.lenses):
        problems.append("lens occupancy lists do not match the lenses")
    for lens, seat in enumerate(lens_seats):
        if not -1 <= seat < n:
            problems.append(f"{lens_name(lens)}: occupant {seat} is not a seat")
        if seat < 0 and s.lens_used[lens]:
            problems.append(f"{lens_name(lens)}: empty but marked used")
    return problems


def _card_problems(s: KonotenState) -> list[str]:
    problems = []
    seen = [0] * N_CARDS

    def place(cards: list[int], where: str, vp_deck: bool | None = None) -> None:
        for card in cards:
            if not 0 <= card < N_CARDS:
                problems.append(f"{where}: unknown card {card}")
                continue
            seen[card] += 1
            if vp_deck is not None and IS_VP_CARD[card] != vp_deck:
                problems.append(f"{where}: card {CARD_IDS[card]} belongs to the other deck")

    place(s.normal_deck, "normal deck", False)
    place(s.vp_deck, "VP deck", True)
    market = s.market
    place([c for c in market[:N_NORMAL_SLOTS] if c >= 0], "normal display", False)
    place([c for c in market[N_NORMAL_SLOTS:] if c >= 0], "VP display", True)
    for p, hand in enumerate(s.hand):
        place(bits(hand), f"hand of {seat_name(p)}")
    foundations = [0] * N_FOUNDATIONS
    for f in bits(s.found):
        foundations[f] += 1
    for i, (owner, foundation, cards, flipped) in enumerate(s.lenses):
        place(bits(cards), f"lens {lens_name(i)}")
        foundations[foundation] += 1
        if flipped & ~cards:
            problems.append(f"{lens_name(i)}: turned cards that are not in it")
        if not 0 <= owner < s.players:
            problems.append(f"{lens_name(i)}: owner {owner} is not a seat")
    for card, count in enumerate(seen):
        if count != 1:
            problems.append(f"development card {CARD_IDS[card]} is in {count} places")
    for f, count in enumerate(foundations):
        if count != 1:
            problems.append(f"foundation {FOUNDATION_IDS[f]} is in {count} places")
    return problems


def audit(state: GameState) -> list[str]:
    """Every broken conservation invariant, in words; empty when all is well."""
    s = cast("KonotenState", state)
    return _token_problems(s) + _card_problems(s)
