"""The counters of rules §17, achievements (§13.3) and the lecture-track scoring (§13.2)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from boardlab.games.linnaeus.content import CONTENT, SPECIMEN_SITES, Condition

if TYPE_CHECKING:
    from boardlab.games.linnaeus.state import LinnaeusState

GOAL_CAP = 5
_SITES_MASK = sum(1 << loc for loc in SPECIMEN_SITES)


def _completed(s: LinnaeusState, side: int, domain: int, track: int) -> int:
    from boardlab.games.linnaeus.voyage import completed

    return completed(s, side)


_COUNTERS: dict[str, Callable[[LinnaeusState, int, int, int], int]] = {
    "published_books": lambda s, side, d, t: len(s.published[side]),
    "researched_specimens": lambda s, side, d, t: len(s.researched[side]),
    "researched_specimens_domain": lambda s, side, d, t: sum(
        CONTENT.specimens[x].domain == d for x in s.researched[side]),
    "researched_specimens_all_domains": lambda s, side, d, t: int(
        len({CONTENT.specimens[x].domain for x in s.researched[side]}) == 3),
    "completed_voyages": _completed,
    "sketches_owned": lambda s, side, d, t: len(s.sketches[side]) + len(s.sketches_paid[side]),
    "advanced_lenses_acquired": lambda s, side, d, t: s.lenses_acquired[side],
    "flowers_in_garden": lambda s, side, d, t: s.spot_owner.count(side),
    "cultivated_flowers": lambda s, side, d, t: sum(
        1 for x, owner in enumerate(s.spot_owner) if owner == side and s.spot_dark[x]),
    "first_visits": lambda s, side, d, t: (s.visited[side] & _SITES_MASK).bit_count(),
    "letters_sent": lambda s, side, d, t: len(s.sent[side]),
    "letter_colours_sent": lambda s, side, d, t: len(
        {CONTENT.letters[x].colour for x in s.sent[side]}),
    "exotics_owned": lambda s, side, d, t: len(s.exotics[side]),
    "lecture_position": lambda s, side, d, t: s.lecture[side * 3 + t],
    "knowledge_tokens": lambda s, side, d, t: sum(s.knowledge[side * 9 : side * 9 + 9]),
}


def counter(s: LinnaeusState, side: int, name: str, domain: int = -1, track: int = -1) -> int:
    """The value of counter ``name`` of §17 for ``side``."""
    found = _COUNTERS.get(name)
    if found is None:
        raise ValueError(f"unknown counter {name!r}")
    return found(s, side, domain, track)


def met(s: LinnaeusState, side: int, condition: Condition) -> bool:
    return counter(s, side, condition.type, condition.domain, condition.track) >= condition.min


def achievement_values(s: LinnaeusState) -> tuple[int, ...]:
    return CONTENT.achievement_vp[s.n_sides]


def check_achievements(s: LinnaeusState) -> None:
    """Every side meeting a red tile it has not claimed claims it (the active side first,
    then turn order; ruling 46), while places remain (§13.3)."""
    values = achievement_values(s)
    order = list(s.turn_order)
    if s.active in order:
        order.remove(s.active)
        order.insert(0, s.active)
    for k, tile in enumerate(s.red):
        if len(s.claims[k]) >= len(values):
            continue
        condition = CONTENT.scoring_tiles[tile].red
        count = _COUNTERS[condition.type]
        for side in order:
            claims = s.claims[k]
            if len(claims) >= len(values):
                break
            if side not in claims and count(s, side, condition.domain,
                                            condition.track) >= condition.min:
                s.vp[side] += values[len(claims)]
                s.claims[k] = (*claims, side)


def track_vp(s: LinnaeusState, side: int) -> int:
    """§13.2: per track, multiplier x goal count (capped at 5)."""
    total = 0
    for track in range(3):
        tile = CONTENT.scoring_tiles[s.gold[track]]
        goals = min(GOAL_CAP, counter(s, side, tile.gold_counter) // tile.gold_per)
        info = CONTENT.tracks[track]
        mult = (info.end_multiplier if s.end_space[track] == side
                else info.multipliers[s.lecture[side * 3 + track]])
        total += mult * goals
    return total
