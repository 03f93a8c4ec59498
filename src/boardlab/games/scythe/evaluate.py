"""A heuristic value of a position for one seat, in coins: the score the seat would have
now plus honest estimates of what its holdings and its work in progress will turn into.

Once the game is over the value is the final score (S-14). Before that it adds:

* **points now** (``scoring.py``): coins, then at the seat's popularity tier coins for its
  stars, territories (the Factory as three) and pairs of resources, and the structure
  bonus tile;
* **goals** (S-13): each upgrade, mech, structure, recruit and worker on the board for what
  it does, and each once-only goal not starred yet its share of a star (a goal met whose
  star is not placed yet counts the whole star); power and popularity likewise, popularity
  also for what its tier will pay on a typical end position;
* **resources**: those the next two bottom actions of their kind will pay are also fuel,
  a share of those actions' value;
* combat cards in hand by value; an objective whose condition holds now, most of a star;
* the character's steps to the nearest encounter token and, without a Factory card, to the
  Factory;
* **work in progress**, so that every step of an action keeps the value of what it leads
  to and a one-step search sees it: a section chosen is worth the best form of its top
  action and, when it can be paid, its bottom action; a Move the best steps its units can
  still make; a Produce, Trade, payment, bonus, free effect or card row what it will add
  or take; a combat its chance of being won (S-9), estimated from power and cards.

``evaluate(state, seat)`` reads only what ``seat`` may know: its own coins, hand and
objectives, everything public, and never another seat's hand, objectives or unrevealed
combat choice (their number of cards is public), nor the order of a deck or the Factory
cards on offer. So its value is the same in every world ``determinize(seat)`` may deal.
It costs about 120 µs a call at 2 players on a busy shared core, twice that while a Move
is pending (it looks at the steps each unit can make); the README's "Bots" has the figures
and the measurements behind the weights.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, cast

from boardlab.engine.layouts import KEY, PLAYER
from boardlab.games.scythe import combat, frames
from boardlab.games.scythe.board import (
    BIT,
    FACTORY,
    LAKES,
    LAND,
    N_SPACES,
    NO_PRODUCT,
    PRODUCES_WORKER,
    PRODUCT,
    STEP_MASK,
    TERRITORIES,
    TUNNELS,
    bits,
)
from boardlab.games.scythe.cards import affordable, card_row
from boardlab.games.scythe.content import CONTENT
from boardlab.games.scythe.control import all_controlled
from boardlab.games.scythe.frames import (
    Bottom,
    BottomBonus,
    BuildAt,
    CardAny,
    CardAnyAt,
    CardPlace,
    CardTake,
    CardTrack,
    CombatEnd,
    CombatFight,
    DeployAt,
    Discard,
    Gain,
    Move,
    Path,
    Pay,
    PayAny,
    Top,
    Trade,
    TradeAt,
)
from boardlab.games.scythe.move import Reach
from boardlab.games.scythe.objectives import Position
from boardlab.games.scythe.scoring import bonus_count, breakdown, territories
from boardlab.games.scythe.tables import (
    ALL_BOTTOM,
    ARMORY,
    BOLSTER,
    BOLSTER_CARDS,
    BOLSTER_COST,
    BOLSTER_POWER,
    BOTTOM_PAYS,
    BOX_BOLSTER_CARDS,
    BOX_BOLSTER_POWER,
    BOX_GAIN_COINS,
    BOX_MOVE_UNITS,
    BOX_PRODUCE,
    BOX_TRADE_POPULARITY,
    BUILD,
    CHARACTER,
    COIN_BONUS,
    COINS,
    COMBAT_CARDS,
    COMBAT_STARS_MAX,
    COMBAT_VALUES,
    COST_START,
    DEPLOY,
    DIAL_MAX,
    ENLIST,
    ENLIST_BONUS,
    FACTION_ABILITY,
    GAIN_COINS,
    GOAL_MECHS,
    GOAL_POPULARITY,
    GOAL_POWER,
    GOAL_RECRUITS,
    GOAL_STRUCTURES,
    GOAL_UPGRADES,
    GOAL_WORKERS,
    MECH,
    MILL,
    MONUMENT,
    MOVE,
    MOVE_UNITS,
    N_MECHS,
    N_RESOURCES,
    N_SECTIONS,
    N_STRUCTURES,
    N_UPGRADES,
    N_VALUES,
    N_WORKERS,
    OBJECTIVE_STARS_MAX,
    OBJECTIVES_HELD,
    OFF_BOARD,
    POPULARITY,
    POPULARITY_MAX,
    POWER,
    POWER_MAX,
    PRODUCE,
    PRODUCE_COSTS,
    PRODUCE_TERRITORIES,
    RECRUIT_BONUS,
    SECTION_TOP,
    TRADE,
    TRADE_COST,
    TRADE_POPULARITY,
    TRADE_RESOURCES,
    UNITS_PER_SEAT,
    UPGRADE,
    UPGRADE_SLOTS,
    WORKER,
)
from boardlab.games.scythe.vocabulary import (
    ANY_RESOURCE,
    RESOURCES,
    Build,
    Choice,
    Coins,
    CombatCards,
    Deploy,
    Effect,
    Enlist,
    Popularity,
    Power,
    Produce,
    Resources,
    Upgrade,
    Workers,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from boardlab.engine import Frame, GameState
    from boardlab.games.scythe.decks import CardRow
    from boardlab.games.scythe.state import ScytheState

# ---------------------------------------------------------------- weights, in coins
#: Per item, for what it does besides its star: an upgrade (a cheaper bottom action, a
#: better top action), a mech (an ability, a unit), a structure, a recruit (its ongoing
#: bonus), a worker on the board (it produces). Measured: greedy with these won 61 of 100
#: same-deal games against the same weights at about half.
UPGRADE_WORTH = 7.0
MECH_WORTH = 8.0
STRUCTURE_WORTH = 6.5
RECRUIT_WORTH = 8.0
WORKER_WORTH = 1.5
#: A recruit's ongoing bonus received once (1 coin, power, popularity or card), about; its
#: one-time bonus is twice that.
RECRUIT_BONUS_WORTH = 1.0
#: Share of a star that a once-only goal earns in proportion to its progress.
PROGRESS = 0.5
#: Power: worth per point (combat), and the share of the 16-power star by progress.
POWER_WORTH = 0.25
POWER_PROGRESS = 0.3
#: Popularity: worth per point besides its tier, and the share of the 18-popularity star.
POPULARITY_WORTH = 0.3
POPULARITY_PROGRESS = 0.3
#: A tier above the lowest also pays on what a seat will likely hold at the end beyond
#: what it holds now: this share of that extra pay, for a typical end position.
PROJECTION_SHARE = 0.5
PROJECTED_STARS = 5
PROJECTED_TERRITORIES = 8
PROJECTED_PAIRS = 4
#: A combat card in hand, per point of its value.
CARD_WORTH = 0.3
#: A resource that the next ``FUEL_ACTIONS`` bottom actions of its kind will pay is worth
#: this share of such an action's value, divided among the tokens it costs (spending it
#: on the action then still gains the rest).
FUEL_SHARE = 0.6
FUEL_ACTIONS = 2
#: Share of a star for an objective whose condition holds now.
OBJECTIVE_READY = 0.85
#: An encounter (its best option, about) and a Factory card; the character's distance to
#: them discounts them by ``NEAR_DECAY`` per step.
ENCOUNTER_WORTH = 4.0
FACTORY_WORTH = 3.5
NEAR_DECAY = 0.5
#: Combat: the scale of the logistic chance to win, in points of total strength, and the
#: share of its dial limit a side is expected to commit.
COMBAT_SCALE = 2.0
EXPECTED_DIAL = 0.7

_TIERS = tuple(CONTENT.scoring.tier(p) for p in range(POPULARITY_MAX + 1))
_LOW = _TIERS[0]
_TILES = CONTENT.bonus_tiles
_MEAN_CARD = sum(CONTENT.combat_deck) / len(CONTENT.combat_deck)
#: Goal kinds of ``_Seat.counts``; the first four are also the bottom actions' indexes.
UPGRADES, MECHS, STRUCTURES, RECRUITS, WORKERS = range(5)
assert (UPGRADES, MECHS, STRUCTURES, RECRUITS) == (UPGRADE, DEPLOY, BUILD, ENLIST)
_GOALS = (
    (GOAL_UPGRADES, N_UPGRADES),
    (GOAL_MECHS, N_MECHS),
    (GOAL_STRUCTURES, N_STRUCTURES),
    (GOAL_RECRUITS, N_SECTIONS),
    (GOAL_WORKERS, N_WORKERS),
)
#: Territories that produce something (not lakes, not the Factory).
_PRODUCING = sum(BIT[x] for x, product in enumerate(PRODUCT) if product != NO_PRODUCT)


def _distances() -> tuple[tuple[int, ...], ...]:
    """Steps between spaces for a unit on land (no river crossed, tunnels linked), -1 when
    unreachable; from a home base its land neighbours are one step."""
    table = []
    for start in range(N_SPACES):
        distance = [-1] * N_SPACES
        distance[start] = 0
        frontier = [start]
        while frontier:
            following = []
            for here in frontier:
                mask = STEP_MASK[here] & LAND
                if BIT[here] & TUNNELS:
                    mask |= TUNNELS
                for there in bits(mask):
                    if distance[there] < 0:
                        distance[there] = distance[here] + 1
                        following.append(there)
            frontier = following
        table.append(tuple(distance))
    return tuple(table)


#: ``DISTANCE[a][b]``: land steps from space ``a`` to space ``b`` (abilities ignored).
DISTANCE = _distances()


# ---------------------------------------------------------------- one seat's context
class _Seat:
    """What the terms of one evaluation share: control, holdings, the tier, fuel rates."""

    __slots__ = (
        "built",
        "controlled",
        "counted",
        "counts",
        "held",
        "need",
        "others",
        "owned",
        "per_pair",
        "per_star",
        "per_territory",
        "rate",
        "s",
        "seat",
        "starred",
        "stars",
    )

    def __init__(self, s: ScytheState, seat: int, controlled: list[int]) -> None:
        self.s = s
        self.seat = seat
        self.controlled = controlled
        owned = self.owned = controlled[seat]
        self.counted = territories(owned)
        self.stars = s.stars(seat)
        tier = _TIERS[s.popularity[seat]]
        self.per_star = tier.per_star
        self.per_territory = tier.per_territory
        self.per_pair = tier.per_resource_pair
        self.starred = s.star_goals[seat] | s.star_pending[seat]
        units = s.units
        base = seat * UNITS_PER_SEAT
        self.counts = (
            s.top_upgrades[seat].bit_count(),
            N_MECHS - units[base + MECH : base + WORKER].count(OFF_BOARD),
            N_STRUCTURES
            - s.structures[seat * N_STRUCTURES : (seat + 1) * N_STRUCTURES].count(OFF_BOARD),
            s.recruits[seat].bit_count(),
            N_WORKERS - units[base + WORKER : base + UNITS_PER_SEAT].count(OFF_BOARD),
        )
        resources = s.resources
        held = [0] * N_RESOURCES
        mask = owned
        while mask:
            low = mask & -mask
            start = (low.bit_length() - 1) * N_RESOURCES
            for r in range(N_RESOURCES):
                held[r] += resources[start + r]
            mask ^= low
        self.held = held
        others = 0
        for other in range(s.players):
            if other != seat:
                for space in units[other * UNITS_PER_SEAT : (other + 1) * UNITS_PER_SEAT]:
                    others |= BIT[space]
        self.others = others
        built = 0
        for space in s.structures[seat * N_STRUCTURES : (seat + 1) * N_STRUCTURES]:
            built |= BIT[space]
        self.built = built
        self.need = [0] * N_RESOURCES
        self.rate = [0.0] * N_RESOURCES
        _fuel(self)


def _fuel(c: _Seat) -> None:
    """Per resource: the tokens the next ``FUEL_ACTIONS`` bottom actions paying it need, and
    the fuel each is worth (``FUEL_SHARE`` of such an action's value per token)."""
    s, seat = c.s, c.seat
    counts = c.counts
    left = (
        min(N_UPGRADES - counts[UPGRADES], _free_boxes(s, seat)),
        N_MECHS - counts[MECHS],
        N_STRUCTURES - counts[STRUCTURES],
        N_SECTIONS - counts[RECRUITS],
    )
    bonus = COIN_BONUS[s.mat[seat]]
    recruits = s.recruits[seat]
    for b in range(N_SECTIONS):
        cost = _bottom_cost(c, b)
        if not left[b] or cost <= 0:
            continue
        action = _goal_gain(c, b) + bonus[b]
        if recruits & (1 << b):
            action += RECRUIT_BONUS_WORTH
        if b == ENLIST:
            action += 2 * RECRUIT_BONUS_WORTH
        r = BOTTOM_PAYS[b]
        c.need[r] = min(left[b], FUEL_ACTIONS) * cost
        c.rate[r] = FUEL_SHARE * action / cost


def _free_boxes(s: ScytheState, seat: int) -> int:
    """Empty upgradeable boxes left on the bottom row of ``seat``'s mat."""
    slots = UPGRADE_SLOTS[s.mat[seat]]
    row = seat * N_SECTIONS
    return sum(slots[b] - s.bottom_cubes[row + b] for b in range(N_SECTIONS))


def _bottom_cost(c: _Seat, action: int) -> int:
    return COST_START[c.s.mat[c.seat]][action] - c.s.bottom_cubes[c.seat * N_SECTIONS + action]


# ---------------------------------------------------------------- holdings
def _resource_value(c: _Seat, held: list[int]) -> float:
    """Fuel and pairs of ``held`` (tokens by resource on controlled territories)."""
    need = c.need
    rate = c.rate
    fuel = 0.0
    for r in range(N_RESOURCES):
        fuel += rate[r] * (held[r] if held[r] < need[r] else need[r])
    total = held[0] + held[1] + held[2] + held[3]
    return fuel + c.per_pair * (total // 2) + c.per_pair * 0.25 * (total % 2)


def _resource_gain(c: _Seat, resource: int, amount: int) -> float:
    """What ``amount`` more (negative: fewer) tokens of ``resource`` are worth."""
    after = c.held[:]
    after[resource] = max(0, after[resource] + amount)
    return _resource_value(c, after) - _resource_value(c, c.held)


def _best_resources(c: _Seat, amount: int) -> float:
    """The most ``amount`` tokens of kinds of one's choice are worth, chosen one by one."""
    held = c.held[:]
    value = 0.0
    for _ in range(amount):
        before = _resource_value(c, held)
        best, best_r = -1.0, 0
        for r in range(N_RESOURCES):
            held[r] += 1
            gain = _resource_value(c, held) - before
            held[r] -= 1
            if gain > best:
                best, best_r = gain, r
        held[best_r] += 1
        value += best
    return value


def _cheapest_token(c: _Seat) -> float:
    """What one token of the kind that matters least costs to pay."""
    costs = [-_resource_gain(c, r, -1) for r in range(N_RESOURCES) if c.held[r]]
    return min(costs) if costs else 0.0


def _goal_value(c: _Seat, kind: int, count: int) -> float:
    """``count`` items of goal ``kind`` (``UPGRADES``...): their worth and star share."""
    goal, full = _GOALS[kind]
    worth = (UPGRADE_WORTH, MECH_WORTH, STRUCTURE_WORTH, RECRUIT_WORTH, WORKER_WORTH)[kind]
    value = worth * count
    if c.starred & (1 << goal):
        return value
    if count >= full:
        return value + c.per_star  # met, its star about to be placed
    return value + c.per_star * PROGRESS * count / full


def _goal_gain(c: _Seat, kind: int, amount: int = 1) -> float:
    count = c.counts[kind]
    full = _GOALS[kind][1]
    if count >= full:
        return 0.0
    return _goal_value(c, kind, min(full, count + amount)) - _goal_value(c, kind, count)


def _power_value(c: _Seat, power: int) -> float:
    value = POWER_WORTH * power
    if c.starred & (1 << GOAL_POWER):
        return value
    if power >= POWER_MAX:
        return value + c.per_star
    return value + c.per_star * POWER_PROGRESS * power / POWER_MAX


def _popularity_value(c: _Seat, popularity: int) -> float:
    """Popularity's worth: its tier's rates on the seat's stars and territories (pairs are
    counted with the resources), what the tier pays on a typical end position, the points
    per point and the share of the 18-popularity star."""
    popularity = max(0, min(POPULARITY_MAX, popularity))
    tier = _TIERS[popularity]
    pairs = sum(c.held) // 2
    value = (
        tier.per_star * c.stars
        + tier.per_territory * c.counted
        + (tier.per_resource_pair - c.per_pair) * pairs
        + POPULARITY_WORTH * popularity
        + PROJECTION_SHARE
        * (
            (tier.per_star - _LOW.per_star) * max(0, PROJECTED_STARS - c.stars)
            + (tier.per_territory - _LOW.per_territory)
            * max(0, PROJECTED_TERRITORIES - c.counted)
            + (tier.per_resource_pair - _LOW.per_resource_pair) * max(0, PROJECTED_PAIRS - pairs)
        )
    )
    if c.starred & (1 << GOAL_POPULARITY):
        return value
    if popularity >= POPULARITY_MAX:
        return value + tier.per_star
    return value + tier.per_star * POPULARITY_PROGRESS * popularity / POPULARITY_MAX


def _popularity_gain(c: _Seat, amount: int) -> float:
    now = c.s.popularity[c.seat]
    return _popularity_value(c, now + amount) - _popularity_value(c, now)


def _power_gain(c: _Seat, amount: int) -> float:
    now = c.s.power[c.seat]
    return _power_value(c, max(0, min(POWER_MAX, now + amount))) - _power_value(c, now)


def _cards_gain(amount: int) -> float:
    """Drawing ``amount`` combat cards: their mean value."""
    return CARD_WORTH * _MEAN_CARD * amount


def _track_gain(c: _Seat, track: int, amount: int) -> float:
    if track == COINS:
        return float(amount)
    if track == POPULARITY:
        return _popularity_gain(c, amount)
    if track == POWER:
        return _power_gain(c, amount)
    if track == COMBAT_CARDS:
        return _cards_gain(amount)
    return 0.0


# ---------------------------------------------------------------- the evaluation
def evaluate(state: GameState, seat: int) -> float:
    """The value of ``state`` for ``seat`` in coins (see the module): the final score once
    the game is over."""
    s = cast("ScytheState", state)
    if s.ended:
        return float(breakdown(s)[seat]["total"])
    c = _Seat(s, seat, all_controlled(s))
    return _holdings(c) + _in_progress(c)


def _holdings(c: _Seat) -> float:
    """Points now, goals, tracks, resources, cards, objectives and the character's way."""
    s, seat = c.s, c.seat
    value = float(s.coins[seat]) + _TILES[s.bonus_tile].coins(bonus_count(s, seat))
    value += _popularity_value(c, s.popularity[seat])
    value += _resource_value(c, c.held)
    value += _power_value(c, s.power[seat])
    for kind, count in enumerate(c.counts):
        value += _goal_value(c, kind, count)
    row = seat * N_VALUES
    hand = s.hand
    value += CARD_WORTH * sum(COMBAT_VALUES[v] * hand[row + v] for v in range(N_VALUES))
    value += _objectives_ready(c)
    value += _character_prospects(c, s.units[seat * UNITS_PER_SEAT + CHARACTER])
    return value


def _objectives_ready(c: _Seat) -> float:
    """Most of a star per held objective whose condition holds now (S-12; one at most,
    two for Saxony, S-15.4)."""
    s, seat = c.s, c.seat
    saxony = FACTION_ABILITY[s.faction[seat]] == "dominate"
    if s.objective_stars[seat] >= OBJECTIVE_STARS_MAX and not saxony:
        return 0.0
    row = [card for card in s.objectives[seat * OBJECTIVES_HELD : (seat + 1) * OBJECTIVES_HELD]
           if card >= 0]
    if not row:
        return 0.0
    position = Position(s, seat, c.controlled)
    ready = sum(1 for card in row if position.holds(CONTENT.objectives[card].condition))
    return OBJECTIVE_READY * c.per_star * (ready if saxony else min(ready, 1))


def _character_prospects(c: _Seat, here: int) -> float:
    """The nearest encounter token and, without a Factory card, the Factory, discounted by
    the steps to them (standing on one, its encounter or card is about to come)."""
    if here < 0:
        return 0.0
    s = c.s
    row = DISTANCE[here]
    value = 0.0
    if s.encounter_tokens and s.encounter_deck:
        nearest = min((row[t] for t in bits(s.encounter_tokens) if row[t] >= 0), default=-1)
        if nearest >= 0:
            value += ENCOUNTER_WORTH * NEAR_DECAY**nearest
    if s.factory_card[c.seat] < 0 and s.factory_offer and row[FACTORY] >= 0:
        value += FACTORY_WORTH * NEAR_DECAY ** row[FACTORY]
    return value


# ---------------------------------------------------------------- work in progress
def _in_progress(c: _Seat) -> float:
    """The frames of the seat on the stack (what they will still add or take), recruit
    bonuses due to it from a neighbour's bottom action, and combats being fought."""
    s, seat = c.s, c.seat
    value = 0.0
    for f in s.stack:
        key = f[KEY]
        if f[PLAYER] != seat:
            if key == BottomBonus.key:
                value += _recruit_bonus(c, f[PLAYER], f[BottomBonus.action])
            continue
        rule = _FRAME_VALUES.get(key)
        if rule is not None:
            value += rule(c, f)
    return value + _combats(c)


def _top_value(c: _Seat, section: int) -> float:
    """The best form of the top action of ``section``, as ``turn.options_top`` offers it."""
    s, seat = c.s, c.seat
    top = SECTION_TOP[s.mat[seat]][section]
    upgrades = s.top_upgrades[seat]
    if top == MOVE:
        coins = GAIN_COINS[bool(upgrades & (1 << BOX_GAIN_COINS))]
        units = MOVE_UNITS[bool(upgrades & (1 << BOX_MOVE_UNITS))]
        return max(float(coins), _move_value(c, units, 0))
    if top == TRADE:
        if s.coins[seat] < TRADE_COST:
            return 0.0
        extra = _power_gain(c, 1) if _has(c, ARMORY) else 0.0
        popularity = _popularity_gain(
            c, TRADE_POPULARITY[bool(upgrades & (1 << BOX_TRADE_POPULARITY))]
        )
        resources = _best_resources(c, TRADE_RESOURCES) if _worker_lands(c) else 0.0
        return max(0.0, max(popularity, resources) + extra - TRADE_COST)
    if top == BOLSTER:
        if s.coins[seat] < BOLSTER_COST:
            return 0.0
        extra = _popularity_gain(c, 1) if _has(c, MONUMENT) else 0.0
        power = _power_gain(c, BOLSTER_POWER[bool(upgrades & (1 << BOX_BOLSTER_POWER))])
        cards = _cards_gain(BOLSTER_CARDS[bool(upgrades & (1 << BOX_BOLSTER_CARDS))])
        return max(0.0, max(power, cards) + extra - BOLSTER_COST)
    assert top == PRODUCE
    return _produce_start_value(c)


def _has(c: _Seat, structure: int) -> bool:
    return c.s.structures[c.seat * N_STRUCTURES + structure] != OFF_BOARD


def _worker_lands(c: _Seat) -> int:
    """Territories (not lakes) the seat controls holding its workers (S-6.2, S-7.2)."""
    base = c.seat * UNITS_PER_SEAT
    mask = 0
    for space in c.s.units[base + WORKER : base + UNITS_PER_SEAT]:
        mask |= BIT[space]
    return mask & c.owned & ~LAKES


# ---------------------------------------------------------------- Produce (S-6.3)
def _produce_start_value(c: _Seat) -> float:
    """Produce from the top row: its best territories less its cost, 0 if it cannot be paid."""
    s, seat = c.s, c.seat
    off = c.counts[WORKERS]
    paid = {POWER: 0, POPULARITY: 0, COINS: 0}
    for at_least, track, amount in PRODUCE_COSTS:
        if off >= at_least:
            paid[track] += amount
    if s.power[seat] < paid[POWER] or s.popularity[seat] < paid[POPULARITY]:
        return 0.0
    if s.coins[seat] < paid[COINS]:
        return 0.0
    cost = paid[COINS] - _power_gain(c, -paid[POWER]) - _popularity_gain(c, -paid[POPULARITY])
    slots = PRODUCE_TERRITORIES[bool(s.top_upgrades[seat] & (1 << BOX_PRODUCE))]
    return max(0.0, _produce_value(c, slots, 0, True) - cost)


def _produce_value(c: _Seat, slots: int, chosen: int, mill: bool) -> float:
    """The best ``slots`` territories still to produce on, chosen one by one so that what
    the first produce lowers the worth of more of the same."""
    s, seat = c.s, c.seat
    units = s.units
    base = seat * UNITS_PER_SEAT
    count = [0] * N_SPACES
    for space in units[base + WORKER : base + UNITS_PER_SEAT]:
        if space >= 0:
            count[space] += 1
    mill_at = s.structures[seat * N_STRUCTURES + MILL] if mill else OFF_BOARD
    if mill_at >= 0:
        count[mill_at] += 1
    spaces = [x for x in bits(c.owned & _PRODUCING & ~chosen) if count[x]]
    on_mat = N_WORKERS - c.counts[WORKERS]
    held = c.held[:]
    workers = 0
    value = 0.0
    for _ in range(slots):
        before = _resource_value(c, held)
        best, best_space = 0.0, -1
        for space in spaces:
            product = PRODUCT[space]
            if product == PRODUCES_WORKER:
                n = min(count[space], on_mat - workers)
                gain = _goal_gain(c, WORKERS, workers + n) - _goal_gain(c, WORKERS, workers)
            else:
                held[product] += count[space]
                gain = _resource_value(c, held) - before
                held[product] -= count[space]
            if gain > best:
                best, best_space = gain, space
        if best_space < 0:
            break
        spaces.remove(best_space)
        product = PRODUCT[best_space]
        if product == PRODUCES_WORKER:
            workers += min(count[best_space], on_mat - workers)
        else:
            held[product] += count[best_space]
        value += best
    return value


# ---------------------------------------------------------------- Move (S-8)
def _move_value(c: _Seat, units: int, moved: int) -> float:
    """The best single steps ``units`` of the seat's units not in ``moved`` can make."""
    s, seat = c.s, c.seat
    reach = Reach(s, seat)
    base = seat * UNITS_PER_SEAT
    gains = []
    seen = 0  # mechs (or workers) on one space have the same best step
    for piece in range(UNITS_PER_SEAT):
        here = s.units[base + piece]
        if here < 0 or moved & (1 << piece):
            continue
        if piece != CHARACTER:
            key = BIT[here] << (N_SPACES if piece >= WORKER else 0)
            if seen & key:
                continue
            seen |= key
        gain = _step_value(c, reach, piece, here)
        if gain > 0:
            gains.append(gain)
    gains.sort(reverse=True)
    return sum(gains[:units])


def _step_value(c: _Seat, reach: Reach, piece: int, here: int) -> float:
    """What the best single step of ``piece`` from ``here`` gains: a territory taken (not
    an enemy's: that is a combat or a displacement), the one it leaves, the character's
    way to an encounter or the Factory."""
    destinations = reach.steps(piece, here) & TERRITORIES
    if not destinations:
        return 0.0
    s, seat = c.s, c.seat
    per_territory = c.per_territory
    leave = 0.0
    if BIT[here] & c.owned and not BIT[here] & c.built:
        base = seat * UNITS_PER_SEAT
        if s.units[base : base + UNITS_PER_SEAT].count(here) == 1:
            leave = per_territory * territories(BIT[here])
    free = destinations & ~c.owned & ~c.others
    best = float(per_territory * territories(BIT[FACTORY])) if free & BIT[FACTORY] else 0.0
    if free and not best:
        best = float(per_territory)
    if piece == CHARACTER:
        now = _character_prospects(c, here)
        for there in bits(destinations & ~c.others):
            gain = _character_prospects(c, there) - now
            if BIT[there] & free:
                gain += per_territory * territories(BIT[there])
            best = max(best, gain)
    return best - leave


# ---------------------------------------------------------------- bottom actions (S-7)
def _effect_value(c: _Seat, action: int) -> float:
    """What bottom action ``action``'s effect adds when it can be had now, else 0."""
    s, seat = c.s, c.seat
    if action == UPGRADE:
        if c.counts[UPGRADES] >= N_UPGRADES or not _free_boxes(s, seat):
            return 0.0
        return _goal_gain(c, UPGRADES)
    if action == DEPLOY:
        return _goal_gain(c, MECHS) if _worker_lands(c) else 0.0
    if action == BUILD:
        return _goal_gain(c, STRUCTURES) if _worker_lands(c) & ~_built_anywhere(s) else 0.0
    if s.recruit_bonuses[seat] == ALL_BOTTOM:
        return 0.0
    return _goal_gain(c, RECRUITS) + _best_enlist_bonus(c)


def _built_anywhere(s: ScytheState) -> int:
    mask = 0
    for space in s.structures:
        mask |= BIT[space]
    return mask


def _best_enlist_bonus(c: _Seat) -> float:
    covered = c.s.recruit_bonuses[c.seat]
    return max(
        (
            _track_gain(c, *ENLIST_BONUS[k])
            for k in range(len(ENLIST_BONUS))
            if not covered & (1 << k)
        ),
        default=0.0,
    )


def _bottom_value(c: _Seat, action: int) -> float:
    """Bottom action ``action`` if its whole cost can be paid now: its effect, coin bonus and
    own recruit bonus less the resources paid; 0 if it cannot or would not be taken."""
    s, seat = c.s, c.seat
    cost = _bottom_cost(c, action)
    resource = BOTTOM_PAYS[action]
    coerce = (
        FACTION_ABILITY[s.faction[seat]] == "coercion"
        and s.coercion_turn != s.turn
        and s.hand_size(seat) > 0
    )
    if c.held[resource] + coerce < cost:
        return 0.0
    value = _effect_value(c, action) + COIN_BONUS[s.mat[seat]][action]
    value += _recruit_bonus(c, seat, action) + _resource_gain(c, resource, -cost)
    return max(0.0, value)


def _recruit_bonus(c: _Seat, actor: int, action: int) -> float:
    """The recruit bonus the seat of ``c`` receives when ``actor`` takes ``action`` (S-7.4:
    the actor and its neighbours; in a 2-player game the opponent once)."""
    s, seat = c.s, c.seat
    if not s.recruits[seat] & (1 << action):
        return 0.0
    order = s.order
    n = len(order)
    i = order.index(actor)
    if seat != actor and seat != order[(i + 1) % n] and seat != order[(i - 1) % n]:
        return 0.0
    return _track_gain(c, *RECRUIT_BONUS[action])


# ---------------------------------------------------------------- card rows (S-10, S-11)
def _gains_value(c: _Seat, gains: tuple[Effect, ...]) -> float:
    value = 0.0
    for effect in gains:
        if isinstance(effect, Coins):
            value += effect.amount
        elif isinstance(effect, Popularity):
            value += _popularity_gain(c, effect.amount)
        elif isinstance(effect, Power):
            value += _power_gain(c, effect.amount)
        elif isinstance(effect, CombatCards):
            value += _cards_gain(effect.amount)
        elif isinstance(effect, Resources):
            if effect.resource == ANY_RESOURCE:
                value += _best_resources(c, effect.amount)
            else:
                r = RESOURCES.index(effect.resource)
                value += max(0.0, _resource_gain(c, r, effect.amount))
        elif isinstance(effect, Workers):
            value += _goal_gain(c, WORKERS, effect.amount)
        elif isinstance(effect, Upgrade):
            value += _effect_value(c, UPGRADE)
        elif isinstance(effect, Deploy):
            value += _goal_gain(c, MECHS)
        elif isinstance(effect, Build):
            value += _goal_gain(c, STRUCTURES)
        elif isinstance(effect, Enlist):
            value += _effect_value(c, ENLIST)
        elif isinstance(effect, Produce):
            value += _produce_value(c, effect.territories, 0, False)
        elif isinstance(effect, Choice):
            value += max((_gains_value(c, option) for option in effect.options), default=0.0)
    return value


def _costs_value(c: _Seat, costs: tuple[Effect, ...]) -> float:
    value = 0.0
    for effect in costs:
        if isinstance(effect, Coins):
            value -= effect.amount
        elif isinstance(effect, Popularity):
            value += _popularity_gain(c, -effect.amount)
        elif isinstance(effect, Power):
            value += _power_gain(c, -effect.amount)
        elif isinstance(effect, CombatCards):
            value -= _cards_gain(effect.amount)
        elif isinstance(effect, Resources):
            if effect.resource == ANY_RESOURCE:
                value -= _cheapest_token(c) * effect.amount
            else:
                value += _resource_gain(c, RESOURCES.index(effect.resource), -effect.amount)
    return value


def _row_value(c: _Seat, row: CardRow) -> float:
    return _gains_value(c, row.gain) + _costs_value(c, row.cost)


def _choice_of(f: Frame) -> Choice:
    """The ``choice`` gain a ``card_choice`` frame names (its row, then the path to it)."""
    _, _, source, card, row, path, _ = f
    effect: Effect = card_row(source, card, row).gain[path[0]]
    for step in range(1, len(path), 2):
        assert isinstance(effect, Choice)
        effect = effect.options[path[step]][path[step + 1]]
    assert isinstance(effect, Choice)
    return effect


# ---------------------------------------------------------------- the frames
def _frame_top(c: _Seat, f: Frame) -> float:
    return _top_value(c, int(f[Top.section]))


def _frame_bottom(c: _Seat, f: Frame) -> float:
    return _bottom_value(c, int(f[Bottom.section]))


def _frame_pay(c: _Seat, f: Frame) -> float:
    return _resource_gain(c, int(f[Pay.resource]), -int(f[Pay.left]))


def _frame_pay_any(c: _Seat, f: Frame) -> float:
    return -_cheapest_token(c) * int(f[PayAny.left])


def _frame_discard(c: _Seat, f: Frame) -> float:
    row = c.seat * N_VALUES
    hand = c.s.hand
    low = next((COMBAT_VALUES[v] for v in range(N_VALUES) if hand[row + v]), 0)
    return -CARD_WORTH * low * int(f[Discard.left])


def _frame_bottom_bonus(c: _Seat, f: Frame) -> float:
    action = int(f[BottomBonus.action])
    return COIN_BONUS[c.s.mat[c.seat]][action] + _recruit_bonus(c, c.seat, action)


def _frame_upgrade(c: _Seat, f: Frame) -> float:
    return _effect_value(c, UPGRADE)


def _frame_upgrade_to(c: _Seat, f: Frame) -> float:
    return _goal_gain(c, UPGRADES)


def _frame_deploy(c: _Seat, f: Frame) -> float:
    """``deploy``/``card_deploy`` (seat, at) and ``deploy_at`` (seat, slot, at)."""
    if f[KEY] == DeployAt.key or f[frames.Deploy.territory] >= 0:
        return _goal_gain(c, MECHS)
    return _effect_value(c, DEPLOY)


def _frame_build(c: _Seat, f: Frame) -> float:
    """``build``/``card_build`` (seat, at) and ``build_at`` (seat, structure, at)."""
    if f[KEY] == BuildAt.key:
        return _goal_gain(c, STRUCTURES)
    at = int(f[frames.Build.territory])
    if at >= 0:
        return 0.0 if BIT[at] & _built_anywhere(c.s) else _goal_gain(c, STRUCTURES)
    return _effect_value(c, BUILD)


def _frame_enlist(c: _Seat, f: Frame) -> float:
    return _effect_value(c, ENLIST)


def _frame_enlist_bonus(c: _Seat, f: Frame) -> float:
    return _goal_gain(c, RECRUITS) + _best_enlist_bonus(c)


def _frame_move(c: _Seat, f: Frame) -> float:
    return _move_value(c, int(f[Move.units_left]), int(f[Move.moved]))


def _frame_path(c: _Seat, f: Frame) -> float:
    """A unit's path: its best step, which must be made before ``stop`` is offered."""
    piece, left, taken = int(f[Path.piece]), int(f[Path.steps_left]), int(f[Path.taken])
    if left <= 0:
        return 0.0
    here = c.s.units[c.seat * UNITS_PER_SEAT + piece]
    gain = _step_value(c, Reach(c.s, c.seat), piece, here)
    return max(0.0, gain) if taken else gain


def _frame_produce(c: _Seat, f: Frame) -> float:
    _, _, left, chosen, mill = f
    return _produce_value(c, int(left), int(chosen), bool(mill))


def _frame_trade(c: _Seat, f: Frame) -> float:
    return _best_resources(c, int(f[Trade.left]))


def _frame_trade_at(c: _Seat, f: Frame) -> float:
    return (_resource_gain(c, int(f[TradeAt.resource]), 1)
            + _best_resources(c, int(f[TradeAt.left]) - 1))


def _frame_encounter_option(c: _Seat, f: Frame) -> float:
    """The best options the seat can pay (two with Meander, the second optional)."""
    _, _, _, card, chosen, picks = f
    values = sorted(
        (
            _row_value(c, row)
            for k, row in enumerate(CONTENT.encounters[card].options)
            if not chosen & (1 << k) and affordable(c.s, c.seat, row)
        ),
        reverse=True,
    )
    if not values:
        return 0.0
    if chosen:  # Meander's second option: optional
        return sum(v for v in values[:picks] if v > 0)
    return values[0] + sum(v for v in values[1:picks] if v > 0)


def _frame_card_take(c: _Seat, f: Frame) -> float:
    return _take_value(c, int(f[CardTake.what]), int(f[CardTake.amount]))


def _take_value(c: _Seat, what: int, amount: int) -> float:
    if what == N_RESOURCES:  # workers
        return _goal_gain(c, WORKERS, amount)
    return _resource_gain(c, what, amount)


def _frame_card_place(c: _Seat, f: Frame) -> float:
    if not _worker_lands(c):
        return 0.0
    return _take_value(c, int(f[CardPlace.what]), int(f[CardPlace.left]))


def _frame_card_any(c: _Seat, f: Frame) -> float:
    return _best_resources(c, int(f[CardAny.left]))


def _frame_card_any_at(c: _Seat, f: Frame) -> float:
    return _resource_gain(c, int(f[CardAnyAt.resource]), 1)


def _frame_card_choice(c: _Seat, f: Frame) -> float:
    return max((_gains_value(c, option) for option in _choice_of(f).options), default=0.0)


def _frame_card_track(c: _Seat, f: Frame) -> float:
    return _track_gain(c, int(f[CardTrack.track]), int(f[CardTrack.amount]))


def _frame_gain(c: _Seat, f: Frame) -> float:
    """A track gain whose amount the seat chooses (``tracks.offer_gain``): taken whole."""
    return _track_gain(c, int(f[Gain.track]), int(f[Gain.amount]))


def _frame_card_upgrade(c: _Seat, f: Frame) -> float:
    return _effect_value(c, UPGRADE)


def _frame_card_enlist(c: _Seat, f: Frame) -> float:
    return _effect_value(c, ENLIST)


def _frame_factory_card(c: _Seat, f: Frame) -> float:
    return FACTORY_WORTH


def _frame_factory_top(c: _Seat, f: Frame) -> float:
    row = CONTENT.factory_cards[c.s.factory_card[c.seat]].top
    if not affordable(c.s, c.seat, row):
        return 0.0
    return max(0.0, _row_value(c, row))


def _frame_factory_move(c: _Seat, f: Frame) -> float:
    return _move_value(c, 1, 0)


def _frame_factory_section(c: _Seat, f: Frame) -> float:
    return _frame_factory_top(c, f) + _frame_factory_move(c, f)


#: What each frame of the seat will still add or take (frames not listed: nothing, or
#: what the holdings already count, such as a ``stars`` Step).
_FRAME_VALUES: dict[str, Callable[[_Seat, Frame], float]] = {
    "top": _frame_top,
    "bottom": _frame_bottom,
    "pay": _frame_pay,
    "pay_any": _frame_pay_any,
    "discard": _frame_discard,
    "bottom_bonus": _frame_bottom_bonus,
    "upgrade": _frame_upgrade,
    "card_upgrade": _frame_card_upgrade,
    "upgrade_to": _frame_upgrade_to,
    "deploy": _frame_deploy,
    "card_deploy": _frame_deploy,
    "deploy_at": _frame_deploy,
    "build": _frame_build,
    "card_build": _frame_build,
    "build_at": _frame_build,
    "enlist": _frame_enlist,
    "card_enlist": _frame_card_enlist,
    "enlist_bonus": _frame_enlist_bonus,
    "move": _frame_move,
    "path": _frame_path,
    "produce": _frame_produce,
    "trade": _frame_trade,
    "trade_at": _frame_trade_at,
    "encounter_option": _frame_encounter_option,
    "card_take": _frame_card_take,
    "card_place": _frame_card_place,
    "card_any": _frame_card_any,
    "card_any_at": _frame_card_any_at,
    "card_choice": _frame_card_choice,
    "card_track": _frame_card_track,
    "gain": _frame_gain,
    "factory_card": _frame_factory_card,
    "factory_section": _frame_factory_section,
    "factory_top": _frame_factory_top,
    "factory_move": _frame_factory_move,
}


# ---------------------------------------------------------------- combat (S-9)
def _combats(c: _Seat) -> float:
    """Territories where the seat's character or mechs meet another seat's: the chance to
    win each times the territory and the combat star, less what a loss costs and what the
    seat has committed; a combat decided but not over yet counts the loser's card and the
    winner's star (its retreat is not made yet)."""
    s, seat = c.s, c.seat
    units = s.units
    base = seat * UNITS_PER_SEAT
    mine = 0
    for space in units[base : base + WORKER]:
        mine |= BIT[space]
    theirs = 0
    for other in range(s.players):
        if other != seat:
            for space in units[other * UNITS_PER_SEAT : other * UNITS_PER_SEAT + WORKER]:
                theirs |= BIT[space]
    value = 0.0
    decided = 0
    dials: dict[int, tuple[int, int]] = {}  # territory -> (own dial, own cards' strength)
    attacker = s.active
    for f in s.stack:
        key = f[KEY]
        if key == CombatEnd.key:
            _, attacking, territory, defending, winner, _, consolation = f
            decided |= BIT[territory]
            loser = defending if winner == attacking else attacking
            if seat == loser and consolation:
                value += _cards_gain(1)
            if seat == winner:
                value += _combat_star(c)
        elif key == CombatFight.key:
            _, attacker, territory, defender, _, commits = f
            for side, (dial, vector, _) in enumerate(commits):
                if (attacker, defender)[side] == seat:
                    dials[territory] = (dial, combat.strength(vector))
        elif key == frames.CombatCards.key and f[PLAYER] == seat:
            dials[f[frames.CombatCards.territory]] = (f[frames.CombatCards.dial], -1)
    for territory in bits(mine & theirs & TERRITORIES & ~decided):
        opponent = next(
            other
            for other in range(s.players)
            if other != seat
            and territory in units[other * UNITS_PER_SEAT : other * UNITS_PER_SEAT + WORKER]
        )
        mine_total, spent = _own_strength(c, territory, dials.get(territory))
        edge = mine_total - _their_strength(s, opponent, territory)
        edge += 0.5 if attacker == seat else -0.5  # a tie goes to the attacker
        chance = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, edge / COMBAT_SCALE))))
        value += chance * (c.per_territory + _combat_star(c)) - (1.0 - chance) * c.per_territory
        value -= spent
    return value


def _combat_star(c: _Seat) -> float:
    """A combat star if the seat may still place one (two at most, Saxony no limit)."""
    s, seat = c.s, c.seat
    saxony = FACTION_ABILITY[s.faction[seat]] == "dominate"
    return float(c.per_star) if saxony or s.combat_stars[seat] < COMBAT_STARS_MAX else 0.0


def _own_strength(c: _Seat, territory: int, dial: tuple[int, int] | None) -> tuple[float, float]:
    """The seat's expected total in the combat on ``territory`` and what it will pay for
    it: the dial it set (and cards it chose), or what it may set."""
    s, seat = c.s, c.seat
    slots = combat.slots(s, seat, territory)
    row = seat * N_VALUES
    hand = [COMBAT_VALUES[v] for v in reversed(range(N_VALUES)) for _ in range(s.hand[row + v])]
    cards = float(sum(hand[:slots]))
    if dial is None:
        return EXPECTED_DIAL * min(DIAL_MAX, s.power[seat]) + cards, 0.0
    power, strength = dial
    spent = -_power_gain(c, -power)
    if strength < 0:  # cards not chosen yet
        return power + cards, spent
    return float(power + strength), spent + CARD_WORTH * strength


def _their_strength(s: ScytheState, seat: int, territory: int) -> float:
    """Another seat's expected total, from what every seat sees: its power and how many
    cards it holds and may add."""
    cards = min(combat.slots(s, seat, territory), s.hand_size(seat)) * _MEAN_CARD
    return EXPECTED_DIAL * min(DIAL_MAX, s.power[seat]) + cards


__all__ = ["DISTANCE", "evaluate"]
