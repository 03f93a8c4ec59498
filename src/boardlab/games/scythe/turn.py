"""A turn (S-5): a section other than last turn's, its top action, then its bottom action.

Frames (``frames.py``):

* ``Turn``: choose a section of the player mat (``section move``...) or the Factory card
  (``section factory``), not the one used last turn unless Rusviet (Relentless, S-15.2; on
  the Factory card as the option says, S-21.2-7). The chosen section pushes its ``Top``, a
  ``Stars`` Step and its ``Bottom``, so the top action's gains can pay the bottom cost and
  its stars are placed when it ends (S-5, S-21.3-2).
* ``Top``: the section's top action in one of its forms, or ``skip``.
* ``Bottom``: the bottom action (only when its whole cost can be paid, S-3.7), or ``skip``.
  Taking it pushes the payments (``Pay``), the effect, the coin and recruit bonuses
  (``BottomBonus``) and the ``Stars`` Step: the effect, coins and recruit bonuses come
  before the star (S-14), and a paid action counts as taken even if its effect is declined
  or impossible (S-21.3-4).
* ``FactorySection``: the Factory card used as a section (S-11).
* ``TurnEnd``: the end of the turn (``objectives.py``).

Revealing an objective (S-12, ``objective 12``) is also an option of the section decision
and of the bottom decision when that one is posed anyway; the decision is then posed again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.engine import Action, Frame
from boardlab.engine.layouts import PLAYER
from boardlab.games.scythe import actions as A
from boardlab.games.scythe import bolster, move, objectives, trade_produce
from boardlab.games.scythe.control import worker_territories
from boardlab.games.scythe.frames import (
    Bottom,
    BottomBonus,
    Build,
    Deploy,
    Enlist,
    FactorySection,
    Pay,
    Stars,
    Top,
    Upgrade,
)
from boardlab.games.scythe.tables import (
    BOTTOM_PAYS,
    BOX_MOVE_UNITS,
    BUILD,
    COIN_BONUS,
    COINS,
    COST_START,
    DEPLOY,
    ENLIST,
    FACTION_ABILITY,
    FACTORY_SECTION,
    MOVE,
    MOVE_UNITS,
    N_SECTIONS,
    PRODUCE,
    RECRUIT_BONUS,
    SECTION_OF_TOP,
    SECTION_TOP,
    TRADE,
    TRADE_COST,
    UPGRADE,
)
from boardlab.games.scythe.tracks import can_pay, offer_gain

if TYPE_CHECKING:
    from boardlab.games.scythe.state import ScytheState


# ---------------------------------------------------------------------- the section
def options_section(s: ScytheState, f: Frame) -> list[Action]:
    seat = f[PLAYER]
    last = s.last_section[seat]
    relentless = FACTION_ABILITY[s.faction[seat]] == "relentless"
    tops = SECTION_TOP[s.mat[seat]]
    found = [A.SECTION[tops[section]] for section in range(N_SECTIONS)
             if section != last or relentless]
    if s.factory_card[seat] >= 0 and (
        last != FACTORY_SECTION
        or (relentless and s.options.get("relentless_applies_to_factory_card", True))
    ):
        found.append(A.SECTION_FACTORY)
    found.extend(objectives.reveal_options(s, seat))
    return found


def resolve_section(s: ScytheState, f: Frame, a: Action) -> None:
    seat = f[PLAYER]
    if a.kind == "objective":
        objectives.reveal(s, seat, a)
        return
    stack = s.stack
    stack.pop()
    if a.id == A.SECTION_FACTORY.id:
        s.last_section[seat] = FACTORY_SECTION
        stack.append((FactorySection.key, seat))
        return
    section = SECTION_OF_TOP[s.mat[seat]][A.SECTION_TOP_OF[a.id]]
    s.last_section[seat] = section
    stack.append((Bottom.key, seat, section))
    stack.append((Stars.key, seat))
    stack.append((Top.key, seat, section))


# ---------------------------------------------------------------------- the top action
def options_top(s: ScytheState, f: Frame) -> list[Action]:
    seat, section = f[PLAYER], f[Top.section]
    top = SECTION_TOP[s.mat[seat]][section]
    found: list[Action] = []
    if top == MOVE:
        if len(move.options_move(s, ("move", seat, 1, 0, 0, 1, 1, ()))) > 1:
            found.append(A.MOVE)
        found.append(A.GAIN_COINS)
    elif top == TRADE:
        if s.coins[seat] >= TRADE_COST:
            if worker_territories(s, seat):
                found.append(A.TRADE_RESOURCES)
            found.append(A.TRADE_POPULARITY)
    elif top == PRODUCE:
        if trade_produce.can_produce(s, seat):
            found.append(A.PRODUCE)
    elif bolster.can_bolster(s, seat):
        found.append(A.BOLSTER_POWER)
        found.append(A.BOLSTER_CARDS)
    found.append(A.SKIP)
    return found


def resolve_top(s: ScytheState, f: Frame, a: Action) -> None:
    seat = f[PLAYER]
    s.stack.pop()
    kind = a.kind
    if kind == "skip":
        return
    upgrades = s.top_upgrades[seat]
    if kind == "move":
        move.start_move(s, seat, MOVE_UNITS[bool(upgrades & (1 << BOX_MOVE_UNITS))], 1, 1)
    elif kind == "gain":
        move.gain_coins(s, seat)
    elif kind == "trade":
        trade_produce.trade(s, seat, a.args[0] == "popularity")
    elif kind == "bolster":
        bolster.bolster(s, seat, a.args[0] == "cards")
    else:
        trade_produce.start_produce(s, seat)


# ---------------------------------------------------------------------- the bottom action
def bottom_cost(s: ScytheState, seat: int, action: int) -> int:
    """What bottom action ``action`` costs ``seat`` now: the printed cost less its cubes."""
    return COST_START[s.mat[seat]][action] - s.bottom_cubes[seat * N_SECTIONS + action]


def options_bottom(s: ScytheState, f: Frame) -> list[Action]:
    seat, action = f[PLAYER], f[Bottom.section]
    if can_pay(s, seat, BOTTOM_PAYS[action], bottom_cost(s, seat, action)):
        # reveals only where the decision is posed anyway: the log tells nobody more
        return [A.BOTTOM[action], A.SKIP, *objectives.reveal_options(s, seat)]
    return [A.SKIP]


#: The frame of each bottom action's effect (``-1``: on a territory of the player's choice).
_EFFECTS = {
    UPGRADE: (Upgrade.key,),
    DEPLOY: (Deploy.key, -1),
    BUILD: (Build.key, -1),
    ENLIST: (Enlist.key,),
}


def resolve_bottom(s: ScytheState, f: Frame, a: Action) -> None:
    seat, action = f[PLAYER], f[Bottom.section]
    if a.kind == "objective":
        objectives.reveal(s, seat, a)
        return
    stack = s.stack
    stack.pop()
    if a.kind == "skip":
        return
    stack.append((Stars.key, seat))
    stack.append((BottomBonus.key, seat, action))
    effect, *where = _EFFECTS[action]
    stack.append((effect, seat, *where))
    cost = bottom_cost(s, seat, action)
    if cost > 0:
        stack.append((Pay.key, seat, BOTTOM_PAYS[action], cost))


def neighbours(s: ScytheState, seat: int) -> tuple[int, ...]:
    """``seat``, then its left and right neighbours: the clockwise order of recruit bonuses;
    in a 2-player game the opponent once (S-7.4, S-18)."""
    order = s.order
    n = len(order)
    i = order.index(seat)
    if n == 2:
        return (seat, order[1 - i])
    return (seat, order[(i + 1) % n], order[(i - 1) % n])


def run_bottom_bonus(s: ScytheState, f: Frame) -> None:
    """The actor's coin bonus, then the recruit ongoing bonuses (S-7, S-7.4)."""
    seat, action = f[PLAYER], f[BottomBonus.action]
    s.stack.pop()
    offer_gain(s, seat, COINS, COIN_BONUS[s.mat[seat]][action])
    track, amount = RECRUIT_BONUS[action]
    bit = 1 << action
    stack = s.stack
    first_asked = len(stack)
    for other in neighbours(s, seat):
        if s.recruits[other] & bit:
            offer_gain(s, other, track, amount)
    # The questions were stacked in clockwise order; the stack answers the last one first.
    stack[first_asked:] = stack[first_asked:][::-1]
