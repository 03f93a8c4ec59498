"""Research (rules §9.2, §3.2): the researcher steps to an adjacent point of the library
grid; the globe there pays; every uncovered non-blank corner on the point is resolved and
covered; a specimen with every non-blank corner covered is fully researched.

``("research", p, lens)`` asks ``research_move`` (a point). Knowledge corners on the point
give their tokens at once; bonus corners are gained in slot order, unless their order can
matter: then ``("corner_order", p, specimens, gains)`` asks which comes next (§9.2 step 2,
§21.3 ``corner_order``; ``rewards.corners_matter``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.engine import Action, Frame
from boardlab.engine.layouts import PLAYER
from boardlab.games.linnaeus import rewards
from boardlab.games.linnaeus.actions import act
from boardlab.games.linnaeus.content import (
    ADVANCED,
    CONTENT,
    DIAGONAL,
    ORTHOGONAL,
    POINT_CORNERS,
    Corner,
)
from boardlab.games.linnaeus.frames import CornerOrder

if TYPE_CHECKING:
    from boardlab.games.linnaeus.state import LinnaeusState


def diagonal(s: LinnaeusState, side: int, lens: int) -> bool:
    if lens >= ADVANCED and CONTENT.advanced[lens - ADVANCED].modifier == "diagonal_research":
        return True
    character = s.character[side]
    return character >= 0 and CONTENT.characters[character].diagonal


def options_research(s: LinnaeusState, f: Frame) -> list[Action]:
    _, side, lens = f
    here = s.researcher[side]
    points = list(ORTHOGONAL[here])
    if diagonal(s, side, lens):
        points = sorted(points + list(DIAGONAL[here]))
    return [act("point", p) for p in points]


def resolve_research(s: LinnaeusState, f: Frame, a: Action) -> None:
    side = f[PLAYER]
    s.stack.pop()
    point = int(a.args[0])
    s.researcher[side] = point
    globe = CONTENT.globes.get(point)
    resolve_point(s, side, point)
    if globe is not None:
        rewards.give(s, side, globe)


def open_corners(
    s: LinnaeusState, side: int, point: int, only_slot: int = -1
) -> list[tuple[int, int, int, Corner]]:
    """The uncovered corners of ``side``'s library specimens that lie on ``point`` (of one
    slot when ``only_slot`` >= 0), in slot order: ``(slot, tile, printed position, corner)``."""
    base = side * 4
    found = []
    for slot, pos in POINT_CORNERS[point]:
        if only_slot >= 0 and slot != only_slot:
            continue
        tile = s.library[base + slot]
        if tile < 0:
            continue
        printed = (pos - s.rotation[base + slot]) % 4
        corner = CONTENT.specimens[tile].corners[printed]
        if corner is None or s.covered[base + slot] >> printed & 1:
            continue
        found.append((slot, tile, printed, corner))
    return found


def resolve_point(s: LinnaeusState, side: int, point: int, only_slot: int = -1) -> None:
    """Resolve and cover the corners on ``point`` (of one slot when ``only_slot`` >= 0)."""
    base = side * 4
    gains: list[int] = []
    specimens: list[int] = []
    for slot, tile, printed, corner in open_corners(s, side, point, only_slot):
        specimen = CONTENT.specimens[tile]
        s.covered[base + slot] |= 1 << printed
        if corner.knowledge >= 0:
            rewards.gain_knowledge(s, side, corner.knowledge)
        else:
            gains.append(corner.bonus)
            specimens.append(tile)
        if s.covered[base + slot].bit_count() == specimen.effective:
            s.library[base + slot] = -1
            s.covered[base + slot] = 0
            s.researched[side] = (*s.researched[side], tile)
    if len(gains) > 1:
        s.stack.append((CornerOrder.key, side, tuple(specimens), tuple(gains)))

    elif gains:
        rewards.give(s, side, gains[0])
