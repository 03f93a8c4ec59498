"""The botanical garden (rules §9.4, §11): plant a flower or cultivate one; completing a
bed pays its top reward to every real player in it and ranks them (§11.3); unfinished beds
score ranks at the end (§11.4).

``("cultivate", p, lens)`` asks ``garden`` (``plant v,spot`` or ``cultivate spot``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.engine import Action, Frame
from boardlab.games.linnaeus import rewards
from boardlab.games.linnaeus.actions import act
from boardlab.games.linnaeus.content import CONTENT, N_SPOTS, REWARDS
from boardlab.games.linnaeus.explore import modifier

if TYPE_CHECKING:
    from boardlab.games.linnaeus.state import LinnaeusState

CULTIVATE_COST = 2


def cultivate_cost(s: LinnaeusState, side: int, lens: int) -> int:
    cost = CULTIVATE_COST - modifier(lens, "cultivate_discount")
    character = s.character[side]
    if character >= 0:
        cost -= CONTENT.characters[character].cultivate_discount
    return max(0, cost)


def options_garden(s: LinnaeusState, f: Frame) -> list[Action]:
    _, side, lens = f

    empty = [x for x in range(N_SPOTS) if s.spot_owner[x] < 0]
    found: list[Action] = []
    for value in (1, 2, 3):
        if s.flowers[side * 3 + value - 1]:
            found.extend(act("plant", value, x) for x in empty)
    if s.tools[side] >= cultivate_cost(s, side, lens):
        found.extend(act("cultivate", x) for x in range(N_SPOTS)
                     if s.spot_owner[x] == side and not s.spot_dark[x])
    return found


def resolve_garden(s: LinnaeusState, f: Frame, a: Action) -> None:
    _, side, lens = f

    s.stack.pop()
    if a.kind == "plant":
        plant(s, side, int(a.args[0]), int(a.args[1]))
    else:
        s.tools[side] -= cultivate_cost(s, side, lens)
        cultivate(s, side, int(a.args[0]))


def plant(s: LinnaeusState, side: int, value: int, spot: int) -> None:
    s.flowers[side * 3 + value - 1] -= 1
    s.spot_owner[spot] = side
    s.spot_value[spot] = value
    s.spot_dark[spot] = 0
    reward = CONTENT.spots[spot].reward
    automa = side == s.automa
    if automa:  # the spot reward, then the bed (§9.4); the automa gains at once
        rewards.automa_gain(s, side, REWARDS[reward])
    bed = CONTENT.spots[spot].bed
    if all(s.spot_owner[x] >= 0 for x in CONTENT.beds[bed].spots):
        complete_bed(s, bed)
    if not automa:  # pushed last, so resolved before the bed's top rewards
        rewards.give(s, side, reward)


def cultivate(s: LinnaeusState, side: int, spot: int) -> None:
    """Turn the flower dark (+1), gain its row's pond reward and pond sketch (§9.4)."""
    s.spot_dark[spot] = 1
    s.spot_value[spot] += 1
    row = CONTENT.spots[spot].row
    sketch = s.pond_sketch[row]
    if sketch >= 0:
        s.pond_sketch[row] = -1
        rewards.add_sketch(s, side, sketch)
    reward = CONTENT.ponds[s.ponds[row]]
    rewards.grant(s, side, reward)


def flower_sums(s: LinnaeusState, bed: int) -> dict[int, int]:
    """Flowers per real side in ``bed`` (neutral flowers ignored)."""
    sums: dict[int, int] = {}
    for x in CONTENT.beds[bed].spots:
        owner = s.spot_owner[x]
        if 0 <= owner < s.n_sides:
            sums[owner] = sums.get(owner, 0) + s.spot_value[x]
    return sums


def rank_vp(sums: dict[int, int], table: tuple[int, ...]) -> dict[int, int]:
    """VP by rank; tied players share the VP of the ranks they occupy, rounded down (§11.3)."""
    result: dict[int, int] = {}
    ordered = sorted(set(sums.values()), reverse=True)
    rank = 0
    for total in ordered:
        tied = [side for side, v in sums.items() if v == total]
        pool = sum(table[r] for r in range(rank, rank + len(tied)) if r < len(table))
        for side in tied:
            result[side] = pool // len(tied)
        rank += len(tied)
    return result


def bed_tile(s: LinnaeusState, bed: int) -> int:
    return s.bed_tiles[CONTENT.beds[bed].shape]


def complete_bed(s: LinnaeusState, bed: int) -> None:
    """Top reward to every real player there (active first, then turn order), then ranks."""
    s.beds_done |= 1 << bed
    tile = CONTENT.bed_tiles[bed_tile(s, bed)]
    sums = flower_sums(s, bed)
    for side, vp in rank_vp(sums, tile.rank_vp).items():
        s.vp[side] += vp
    order = [s.active] + [x for x in s.turn_order if x != s.active]
    for side in reversed(order):
        if side in sums:
            rewards.grant(s, side, tile.top)


def unfinished_vp(s: LinnaeusState) -> list[int]:
    """End scoring of the beds not full (§11.4), per side."""
    result = [0] * s.n_sides
    for bed in range(len(CONTENT.beds)):
        if s.beds_done >> bed & 1:
            continue
        sums = flower_sums(s, bed)
        if sums:
            for side, vp in rank_vp(sums, CONTENT.bed_tiles[bed_tile(s, bed)].rank_vp).items():
                result[side] += vp
    return result
