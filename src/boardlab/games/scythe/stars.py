"""Stars (S-13) and their timing (S-14, S-21.3-2): the game ends at once on a sixth star.

The ten goals: the seven once-only ones of ``ONCE_GOALS`` (six upgrades, four mechs, four
structures, four recruits, eight workers, 18 popularity, 16 power), an objective (S-12) and
two combat victories (S-9.3); Saxony's Dominate lifts the limits of the last two (S-15.4).

A goal reached at any moment of an action earns its star even if a later part of the
action undoes it: the tracks mark 18 popularity and 16 power in ``star_pending`` as they
are reached (``tracks.py``); the other once-only goals never go back. The ``Stars`` Step
runs when an action ends: it places the active seat's new stars, then those other seats
earned by recruit bonuses, clockwise from the active seat. A combat star is placed when its
combat is over (S-21.3-3), an objective star when the card is revealed.
A sixth star ends the game at once (``ended``), whatever is still on the stack; the units
that moved in for combats not fought yet go back first (S-21.3-3, S-8.9).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.engine import Frame
from boardlab.engine.layouts import PLAYER
from boardlab.games.scythe.move import return_unfought
from boardlab.games.scythe.tables import (
    ALL_BOTTOM,
    ALL_UPGRADES,
    COMBAT_STARS_MAX,
    FACTION_ABILITY,
    GOAL_COMBAT_1,
    GOAL_COMBAT_2,
    GOAL_MECHS,
    GOAL_OBJECTIVE,
    GOAL_POPULARITY,
    GOAL_POWER,
    GOAL_RECRUITS,
    GOAL_STRUCTURES,
    GOAL_UPGRADES,
    GOAL_WORKERS,
    MECH,
    N_STRUCTURES,
    OBJECTIVE_STARS_MAX,
    OFF_BOARD,
    POPULARITY_MAX,
    POWER_MAX,
    STARS_TO_END,
    UNITS_PER_SEAT,
    WORKER,
)

if TYPE_CHECKING:
    from boardlab.games.scythe.state import ScytheState

#: ``ended`` values: the game goes on, a sixth star was placed, the turn limit was reached.
PLAYING, SIXTH_STAR, TURN_LIMIT = 0, 1, 2


def reached(s: ScytheState, seat: int) -> int:
    """The once-only goals ``seat`` meets now, as ``star_goals`` bits."""
    base = seat * UNITS_PER_SEAT
    units = s.units
    goals = 0
    if s.top_upgrades[seat] == ALL_UPGRADES:
        goals |= 1 << GOAL_UPGRADES
    if OFF_BOARD not in units[base + MECH : base + WORKER]:
        goals |= 1 << GOAL_MECHS
    if OFF_BOARD not in s.structures[seat * N_STRUCTURES : (seat + 1) * N_STRUCTURES]:
        goals |= 1 << GOAL_STRUCTURES
    if s.recruits[seat] == ALL_BOTTOM:
        goals |= 1 << GOAL_RECRUITS
    if OFF_BOARD not in units[base + WORKER : base + UNITS_PER_SEAT]:
        goals |= 1 << GOAL_WORKERS
    if s.popularity[seat] >= POPULARITY_MAX:
        goals |= 1 << GOAL_POPULARITY
    if s.power[seat] >= POWER_MAX:
        goals |= 1 << GOAL_POWER
    return goals


def place_stars(s: ScytheState, seat: int) -> bool:
    """Place every star ``seat`` has earned and not placed; True if the game ended."""
    new = (reached(s, seat) | s.star_pending[seat]) & ~s.star_goals[seat]
    s.star_pending[seat] = 0
    while new:
        low = new & -new
        new ^= low
        s.star_goals[seat] |= low
        s.announce("star", star_text, seat, low.bit_length() - 1)
        if _sixth(s, seat):
            return True
    return False


def place_combat_star(s: ScytheState, seat: int) -> bool:
    """The star of a combat victory: two at most, Saxony without limit (S-9.3, S-15.4);
    True if it was the sixth star and the game ended."""
    if s.combat_stars[seat] >= COMBAT_STARS_MAX and not _dominates(s, seat):
        return False
    s.combat_stars[seat] += 1
    s.announce("star", star_text, seat, GOAL_COMBAT_1)
    return _sixth(s, seat)


def place_objective_star(s: ScytheState, seat: int) -> bool:
    """The star of a revealed objective (S-12: one, Saxony two, since it keeps both cards);
    True if it was the sixth star and the game ended."""
    if s.objective_stars[seat] >= OBJECTIVE_STARS_MAX and not _dominates(s, seat):
        return False
    s.objective_stars[seat] += 1
    s.announce("star", star_text, seat, GOAL_OBJECTIVE)
    return _sixth(s, seat)


STAR_REASONS = {
    GOAL_UPGRADES: "every upgrade made",
    GOAL_MECHS: "every mech deployed",
    GOAL_STRUCTURES: "every structure built",
    GOAL_RECRUITS: "every recruit enlisted",
    GOAL_WORKERS: "every worker on the board",
    GOAL_OBJECTIVE: "an objective completed",
    GOAL_COMBAT_1: "a combat won",
    GOAL_COMBAT_2: "a combat won",
    GOAL_POPULARITY: "popularity at the top of its track",
    GOAL_POWER: "power at the top of its track",
}


def star_text(seat: int, goal: int) -> str:
    """The log's line for a star placed (S-13)."""
    return f"P{seat + 1} places a star: {STAR_REASONS[goal]}"


def _dominates(s: ScytheState, seat: int) -> bool:
    return FACTION_ABILITY[s.faction[seat]] == "dominate"


def _sixth(s: ScytheState, seat: int) -> bool:
    if s.stars(seat) >= STARS_TO_END:
        end_game(s, SIXTH_STAR)
        return True
    return False


def end_game(s: ScytheState, why: int) -> None:
    """The game ends at once (S-14): nothing left on the stack is done, and the units that
    moved in for combats not fought go back where their move began (S-21.3-3)."""
    if why == SIXTH_STAR:
        return_unfought(s)
    s.ended = why
    s.stack.clear()


def run_stars(s: ScytheState, f: Frame) -> None:
    seat = f[PLAYER]
    s.stack.pop()
    order = s.order
    i = order.index(seat)
    n = len(order)
    for k in range(n):
        if place_stars(s, order[(i + k) % n]):
            return
