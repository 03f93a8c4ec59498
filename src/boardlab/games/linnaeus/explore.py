"""Explore (rules §9.1): move along a route (or stay), then investigate the location.

Frames (their fields in ``frames.py``): ``explore`` asks ``explore_move``; then ``window``
and ``investigate`` (a Step), which pushes ``first_visit`` when both first-visit spaces are
open and ``investigate_choice`` (location reward, collect, or nothing); collecting asks
``place_specimen``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.engine import Action, Frame
from boardlab.games.linnaeus import research, rewards
from boardlab.games.linnaeus.actions import act
from boardlab.games.linnaeus.content import ADVANCED, CONTENT, N_LOCATIONS, Specimen
from boardlab.games.linnaeus.frames import (
    FirstVisit,
    Investigate,
    InvestigateChoice,
    PlaceSpecimen,
    Window,
)

if TYPE_CHECKING:
    from boardlab.games.linnaeus.state import LinnaeusState

NOWHERE = -1


def modifier(lens: int, name: str) -> int:
    """The value of modifier ``name`` of the lens placed (1 for a flag), else 0."""
    if lens < ADVANCED:
        return 0
    found = CONTENT.advanced[lens - ADVANCED]
    if found.modifier != name:
        return 0
    return found.value or 1


def route_cost(s: LinnaeusState, side: int, cost: int, lens: int) -> int:
    if cost == 0 or modifier(lens, "free_terrain"):
        return 0
    character = s.character[side]
    if character >= 0:
        cost -= CONTENT.characters[character].terrain_discount
    return max(0, cost)


def destinations(s: LinnaeusState, side: int, lens: int) -> dict[int, int]:
    """Every location reachable this step with its cheapest cost (not the start point)."""
    here = s.explorer[side]
    reach = max(1, modifier(lens, "long_stride"))
    best: dict[int, int] = {}
    frontier = {here: 0}
    for _ in range(reach):
        nxt: dict[int, int] = {}
        for at, paid in frontier.items():
            for other, cost in CONTENT.adjacent[at]:
                total = paid + route_cost(s, side, cost, lens)
                if total <= s.coins[side] and total < nxt.get(other, 1 << 30):
                    nxt[other] = total
        for loc, paid in nxt.items():
            if loc != here and paid < best.get(loc, 1 << 30):
                best[loc] = paid
        frontier = nxt
    return best


def options_move(s: LinnaeusState, f: Frame) -> list[Action]:
    found = [act("stay")]
    _, side, lens = f
    found.extend(act("move", loc) for loc in sorted(destinations(s, side, lens)))
    return found


def resolve_move(s: LinnaeusState, f: Frame, a: Action) -> None:
    _, side, lens = f
    s.stack.pop()
    if a.kind == "move":
        loc = int(a.args[0])
        s.coins[side] -= destinations(s, side, lens)[loc]
        s.explorer[side] = loc
    s.stack.append((Investigate.key, side, lens))
    s.stack.append((Window.key, side))


def open_spaces(s: LinnaeusState, loc: int) -> list[int]:
    return [k for k in range(2) if s.first_marks[loc * 2 + k] < 0]


def run_investigate(s: LinnaeusState, f: Frame) -> None:
    _, side, lens = f
    s.stack.pop()
    loc = s.explorer[side]
    place = CONTENT.locations[loc]
    if place.kind == "sketch":
        rewards.give(s, side, place.reward)
        sketch = s.site_sketch[loc]
        if sketch >= 0:
            s.site_sketch[loc] = -1
        else:
            sketch = rewards.draw_sketch(s, place.sketch_stack)
        rewards.add_sketch(s, side, sketch)
        return
    if place.kind != "specimen":
        return
    s.stack.append((InvestigateChoice.key, side, loc, lens))
    if not s.visited[side] >> loc & 1:
        s.visited[side] |= 1 << loc
        spaces = open_spaces(s, loc)
        if len(spaces) == 2:
            s.stack.append((FirstVisit.key, side, loc))
        elif spaces:
            mark_first_visit(s, side, loc, spaces[0])


def mark_first_visit(s: LinnaeusState, side: int, loc: int, space: int) -> None:
    s.first_marks[loc * 2 + space] = side
    reward = CONTENT.locations[loc].first_visit[space]
    rewards.grant(s, side, reward)


_UPPER, _LOWER = act("first_visit", "upper"), act("first_visit", "lower")


def options_first_visit(s: LinnaeusState, f: Frame) -> list[Action]:
    return [(_UPPER, _LOWER)[k] for k in open_spaces(s, f[FirstVisit.location])]


def resolve_first_visit(s: LinnaeusState, f: Frame, a: Action) -> None:
    s.stack.pop()
    _, side, loc = f
    mark_first_visit(s, side, loc, 0 if a.args[0] == "upper" else 1)


def collect_cost(specimen: Specimen, lens: int) -> int:
    return max(0, specimen.containers - modifier(lens, "container_discount"))


_REWARD, _COLLECT, _NOTHING = act("investigate", "reward"), act("collect"), act("nothing")


def options_investigate(s: LinnaeusState, f: Frame) -> list[Action]:
    _, side, loc, lens = f
    found = [_REWARD]
    tile = s.sites[loc]
    if (tile >= 0 and -1 in s.library[side * 4 : side * 4 + 4]
            and s.containers[side] >= collect_cost(CONTENT.specimens[tile], lens)):
        found.append(_COLLECT)
    found.append(_NOTHING)
    return found


def resolve_investigate(s: LinnaeusState, f: Frame, a: Action) -> None:
    _, side, loc, lens = f
    s.stack.pop()
    if a.kind == "investigate":
        rewards.give(s, side, CONTENT.locations[loc].reward)
    elif a.kind == "collect":
        tile = s.sites[loc]
        s.containers[side] -= collect_cost(CONTENT.specimens[tile], lens)
        s.sites[loc] = -1
        s.stack.append((PlaceSpecimen.key, side, tile))


def _layouts(specimen: Specimen) -> list[int]:
    """Rotations giving different layouts (identical ones listed once)."""
    seen: set[tuple[object, ...]] = set()
    found = []
    for rot in range(4):
        layout = tuple(specimen.corners[(pos - rot) % 4] for pos in range(4))
        if layout not in seen:
            seen.add(layout)
            found.append(rot)
    return found


LAYOUTS = tuple(_layouts(sp) for sp in CONTENT.specimens)


def options_place_specimen(s: LinnaeusState, f: Frame) -> list[Action]:
    _, side, tile = f
    base = side * 4
    return [act("slot", slot, rot) for slot in range(4) if s.library[base + slot] < 0
            for rot in LAYOUTS[tile]]


def resolve_place_specimen(s: LinnaeusState, f: Frame, a: Action) -> None:
    _, side, tile = f
    s.stack.pop()

    slot, rot = int(a.args[0]), int(a.args[1])
    base = side * 4
    s.library[base + slot] = tile
    s.rotation[base + slot] = rot
    s.covered[base + slot] = 0
    research.resolve_point(s, side, s.researcher[side], only_slot=slot)


assert N_LOCATIONS < 31
