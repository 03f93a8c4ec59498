"""Lenses as action spaces: their derived effect (K-9.4, A1) and placing an assistant on one.

A lens is stored as ``(owner, foundation, cards, flipped)``: ``cards`` is the bitmask of
its development cards and ``flipped`` the bitmask of those turned 180 degrees. Its effect
is derived from the content once per distinct stack and shared.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from boardlab.games.konoten.content import CONTENT, SYMBOLS, Vector
from boardlab.games.konoten.effects import ON_LENS, execute
from boardlab.games.konoten.tables import (
    AP,
    CARD_INPUT,
    CARD_OUTPUT,
    CARD_RESULT,
    FOUNDATION_COST,
    N_VP_SOURCES,
    OWNER_BONUS_VP,
    PASSIVES,
    Needs,
    bits,
    needs_of,
)

if TYPE_CHECKING:
    from boardlab.games.konoten.state import KonotenState

Lens = tuple[int, int, int, int]


class LensInfo(NamedTuple):
    """What using a lens costs and gives, and its tie-break numbers (K-14.3)."""

    input: Vector
    ap: int
    output: Vector
    result: int
    cards: int
    cost: int
    needs: Needs


#: LENS_INFO[lens]: lens_info(lens) for the lenses seen lately (a bounded cache).
LENS_INFO: dict[Lens, LensInfo] = {}
_CACHE_LIMIT = 20_000


def lens_info(lens: Lens) -> LensInfo:
    """The effect of a lens: left-half symbols in, right-half symbols out, AP = cost (A1)."""
    info = LENS_INFO.get(lens)
    if info is None:
        _, foundation, cards, flipped = lens
        inputs = [0] * len(SYMBOLS)
        outputs = [0] * len(SYMBOLS)
        result = 0
        count = 0
        for card in bits(cards):
            o = flipped >> card & 1
            for i, v in enumerate(CARD_INPUT[card][o]):
                inputs[i] += v
            for i, v in enumerate(CARD_OUTPUT[card][o]):
                outputs[i] += v
            result += CARD_RESULT[card][o]
            count += 1
        cost = FOUNDATION_COST[foundation]
        info = LensInfo(
            tuple(inputs),  # type: ignore[arg-type]
            cost + inputs[AP],
            tuple(outputs),  # type: ignore[arg-type]
            result,
            count,
            cost,
            needs_of(tuple(inputs)),  # type: ignore[arg-type]
        )
        if len(LENS_INFO) >= _CACHE_LIMIT:
            LENS_INFO.clear()
        LENS_INFO[lens] = info
    return info


def owner_bonus(s: KonotenState, owner: int) -> int:
    """The VP a lens owner gets when another player uses the lens (K-7.7, A18)."""
    return CONTENT.owner_bonus_vp + PASSIVES[s.char[owner]][s.grown[owner]].owner_bonus


def use_lens(s: KonotenState, p: int, lens: int, fee: int) -> None:
    """Move an unused lobby assistant of ``p`` onto ``lens`` (used) and execute it (K-7.4/5)."""
    info = lens_info(s.lenses[lens])
    s.lobby_unused[p] -= 1
    s.lens_occ[lens] = p
    s.lens_used[lens] = 1
    owner = s.lenses[lens][0]
    if owner != p:
        bonus = owner_bonus(s, owner)
        s.vp[owner] += bonus
        s.vp_by_source[owner * N_VP_SOURCES + OWNER_BONUS_VP] += bonus
    execute(s, p, info.input, info.ap + fee, info.output, ON_LENS, lens)
