"""Scoring at graduation (K-14): the sediment penalty, final abilities, the winners'
tie-breakers, where every seat's VP came from (``score_breakdown``) and why the game ended."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.games.konoten.effects import lenses_owned
from boardlab.games.konoten.lenses import lens_info
from boardlab.games.konoten.tables import (
    ABILITIES,
    FINAL_VP,
    N_VP_SOURCES,
    PASSIVES,
    SEDIMENT_VP,
    VP_SOURCES,
)

if TYPE_CHECKING:
    from boardlab.games.konoten.state import KonotenState


def graduate(s: KonotenState) -> None:
    """K-14.1 sediment penalty, then K-14.2 final abilities; nothing else scores (A24)."""
    for p in range(s.players):
        ch, grown = s.char[p], s.grown[p]
        penalty = s.mats[p * 3 + 2] * PASSIVES[ch][grown].sediment_vp
        finals = 0
        for node, ability in enumerate(ABILITIES[ch]):
            if ability.type != "final" or not grown >> node & 1:
                continue
            quantity = final_quantity(s, p, ability.count)
            if ability.per > 0:
                finals += ability.vp * (quantity // ability.per)
            elif quantity == ability.equals:
                finals += ability.vp
        s.vp[p] += penalty + finals
        s.vp_by_source[p * N_VP_SOURCES + SEDIMENT_VP] += penalty
        s.vp_by_source[p * N_VP_SOURCES + FINAL_VP] += finals


def score_breakdown(s: KonotenState) -> list[dict[str, float]]:
    """Per seat, the VP each source gave (``tables.VP_SOURCES``); they add up to its VP."""
    k = N_VP_SOURCES
    return [
        dict(zip(VP_SOURCES, s.vp_by_source[p * k : p * k + k], strict=True))
        for p in range(s.players)
    ]


def end_reason(s: KonotenState) -> str:
    """Why the game ended, in words (once over): the last school year was played (K-14)."""
    return (f"The game ended after round {s.round}, the last school year: graduation added "
            "each student's sediment penalty and final abilities.")


def final_quantity(s: KonotenState, p: int, count: str) -> int:
    """The quantity a final ability counts (K-11.5)."""
    if count == "light":
        return s.mats[p * 3]
    if count == "rainbow":
        return s.mats[p * 3 + 1]
    if count == "sediment":
        return s.mats[p * 3 + 2]
    if count == "ap":
        return s.ap[p]
    if count == "creativity":
        return s.creativity[p]
    return lenses_owned(s, p)


def tiebreak_key(s: KonotenState, p: int) -> tuple[int, int, int, int]:
    """VP, then lenses, cards in lenses, total result value of lenses (K-14.3)."""
    owned = [lens_info(lens) for lens in s.lenses if lens[0] == p]
    return (
        s.vp[p],
        lenses_owned(s, p),
        sum(info.cards for info in owned),
        sum(info.result for info in owned),
    )


def leaders(s: KonotenState) -> list[int]:
    """The seats sharing first place after the tie-breakers (the winners once it is over)."""
    keys = [tiebreak_key(s, p) for p in range(s.players)]
    best = max(keys)
    return [p for p, key in enumerate(keys) if key == best]
