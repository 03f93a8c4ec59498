"""A heuristic value of a position for one seat: the final scoring as it would stand now,
plus honest proxies for what the seat's holdings may still become while turns remain.

Once the game is over the value is the final score. Before that: the §16 scoring of the
position (VP, researched specimens, letters, university, beds, exotic conditions met,
leftovers), and, weighted by the share of the game left: books that can be paid now
(most of their VP) or later (a little), specimens in the library by the corners still to
research, ships on their way, voyage income still to come, progress to the next advanced
lens, advanced lenses held, unsent letters, coins. It reads only what every seat sees.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from boardlab.games.linnaeus import publish, scoring
from boardlab.games.linnaeus.content import ADVANCED, CONTENT, REWARDS, TAXONOMY_LOOP
from boardlab.games.linnaeus.turn import LAST_ROUND

if TYPE_CHECKING:
    from boardlab.engine import GameState
    from boardlab.games.linnaeus.state import LinnaeusState

TURNS = 3 * LAST_ROUND


def turns_left(s: LinnaeusState, side: int) -> int:
    """Turns ``side`` has still to begin (the one in progress counts as begun)."""
    order = s.turn_order
    if side not in order:
        return 0
    per_round = len(order)
    done_this_round = sum(1 for k in range(s.turns_done) if order[k % per_round] == side)
    return max(0, (LAST_ROUND - s.round) * 3 + 3 - done_this_round)


def evaluate(state: GameState, seat: int) -> float:
    s = cast("LinnaeusState", state)
    if s.ended:
        return float(scoring.scores(s)[seat])
    value = float(sum(scoring.final_parts(s)[seat].values()))
    left = turns_left(s, seat) / TURNS
    value += left * _potential(s, seat)
    return value


def _potential(s: LinnaeusState, side: int) -> float:
    worth = 0.0
    for b in s.books[side]:
        book = CONTENT.books[b]
        payable = publish.can_publish(s, side, book)
        worth += book.vp * (0.8 if payable else 0.25)
    base = side * 4
    for slot in range(4):
        tile = s.library[base + slot]
        if tile >= 0:
            specimen = CONTENT.specimens[tile]
            done = s.covered[base + slot].bit_count()
            worth += scoring.SPECIMEN_VP.get(specimen.effective, 0) * (0.4 + 0.6 * done
                                                                       / specimen.effective)
    rounds_left = LAST_ROUND - s.round + 1
    for k, card in enumerate(s.voyages[side]):
        cells = len(CONTENT.voyages[card].cells)
        progress = s.ships[side][k] / cells
        income = REWARDS[CONTENT.voyages[card].income]
        income_vp = income.vp + 0.5 * income.coins + 0.5 * income.taxonomy + 1.0 * (
            income.lecture_any + sum(income.lecture))
        linked = s.links[side][k] >= 0
        worth += progress * 2.0 + (income_vp * rounds_left * progress if linked else 0.0)
    worth += 3.0 * s.taxonomy[side] / TAXONOMY_LOOP
    worth += 2.0 * sum(1 for code in s.available[side] if code >= ADVANCED)
    worth += 0.5 * len(s.letters[side]) + 0.3 * s.coins[side]
    worth += 0.5 * sum(s.knowledge[side * 9 : side * 9 + 9])
    return worth
