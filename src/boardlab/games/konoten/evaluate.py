"""A heuristic value of a position for one seat: VP plus honest proxies for what is still to come.

Once the game is over the value is the final VP. Before that it estimates the VP the seat's
holdings will still turn into, with every proxy scaled by the main phases (or supply / end
phases) the seat still has, so late in the game only VP and graduation scoring are left:

* cards in hand: the legal lenses they form (the grinding tables, K-9.2) are worth about a
  VP per card; loose cards that form no lens yet a little, while cards can still be added;
* a decision in progress is valued by what it will produce: a grind being declared by its
  best completion (K-9), pending gains, payments, growths and task tokens by their worth;
* lenses owned: their effect and owner bonuses in the rounds left, and what counts lenses;
* AP and creativity while they can still be spent; materials at their worth, sediment at its
  graduation rate (K-14.1), open tasks by their progress (K-12);
* assistants: unused ones while the seat can still act this round, and all of them per
  round left; tokens in stock that later supply phases hand out;
* grown nodes: each ability's net worth per use times the uses left; final abilities at
  what they would score now (K-14.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from boardlab.games.konoten.content import CONTENT
from boardlab.games.konoten.flow import END, MAIN, OVER, SUPPLY
from boardlab.games.konoten.tables import (
    ABILITIES,
    AP,
    CARD_INPUT,
    CARD_OUTPUT,
    COST_MASK,
    COSTS,
    ELIGIBLE,
    FOUNDATION_COST,
    MAX_LENS_CARDS,
    MIN_LENS_CARDS,
    N_CARDS,
    N_NODES,
    ORIENTATIONS,
    PASSIVES,
    POPCOUNT,
    TASKS,
)

if TYPE_CHECKING:
    from boardlab.engine import GameState
    from boardlab.games.konoten.state import KonotenState

ROUNDS = CONTENT.rounds
VP_PER_CARD = CONTENT.vp_per_card

# ---------------------------------------------------------------- weights (VP per unit)
#: AP while a main phase is left to spend it in (2 AP buy a card, a card in a lens is 1 VP).
AP_VALUE = 0.35
CREATIVITY_VALUE = 0.25
LIGHT_VALUE = 0.25
RAINBOW_VALUE = 0.45
#: A card in a legal lens of the hand, per card, when a grind can still happen.
READY_CARD = 0.8
#: A card that forms no lens with the rest of the hand, while more cards can be collected.
LOOSE_CARD = 0.55
LOOSE_CARD_LAST_ROUND = 0.3
#: Weight of a lens effect's net worth in choosing and valuing lenses.
LENS_QUALITY = 0.3
#: A lens owned, flat, and per main phase left (owner bonuses, its own effect).
LENS_FLAT = 0.3
LENS_PER_MAIN = 0.25
#: An unused assistant in the lobby while the seat can still act this main phase.
UNUSED_NOW = 0.35
#: Any assistant, per round left after this one.
ASSISTANT_PER_ROUND = 0.5
#: A colour token in stock, per supply phase left that can hand it out.
STOCK_TOKEN = 0.4
#: A pending growth or task token (becomes an assistant or a grown node).
TOKEN_VALUE = 1.2
#: An open task, scaled by progress squared.
TASK_VALUE = 1.2
#: Share of a will ability's worth counted for a use still open this round.
THIS_ROUND_USE = 0.5
#: Worth of a pending VP of growth with no ability value known (passives, finals).
PASSIVE_PER_ROUND = {
    "collect_cost": 0.4,
    "persuade_discount": 0.1,
    "material_capacity": 0.15,
    "owner_bonus": 0.2,
    "grind_bonus_vp": 0.8,
    "device_bonus": 0.3,
    "sediment_penalty": 0.0,
}

_PRICE_VP = 1.0
_PRICE_GROWTH = 1.0
_PRICE_ASSISTANT = 1.0
_PRICE_SEDIMENT = -1.0


def _prices() -> tuple[float, ...]:
    return (
        LIGHT_VALUE,
        RAINBOW_VALUE,
        _PRICE_SEDIMENT,
        AP_VALUE,
        CREATIVITY_VALUE,
        _PRICE_VP,
        _PRICE_GROWTH,
        _PRICE_ASSISTANT,
    )


def _net(inputs: tuple[int, ...], outputs: tuple[int, ...], prices: tuple[float, ...]) -> float:
    return sum((o - i) * p for i, o, p in zip(inputs, outputs, prices, strict=True))


PRICES = _prices()
#: CARD_WORTH[c][o]: the priced outputs minus inputs of card c in orientation o.
CARD_WORTH = tuple(
    tuple(_net(CARD_INPUT[c][o], CARD_OUTPUT[c][o], PRICES) for o in (0, 1))
    for c in range(N_CARDS)
)
#: CARD_OPTIONS[c]: ((mask, diff, orientation, worth), ...) for the lens search.
CARD_OPTIONS = tuple(
    tuple((m, d, o, CARD_WORTH[c][o]) for m, d, o in ORIENTATIONS[c]) for c in range(N_CARDS)
)


def _node_worth(character: int, node: int) -> tuple[str, float]:
    """An ability's kind and its net worth per use (per round for passives)."""
    ability = ABILITIES[character][node]
    kind = ability.type
    if kind in ("will", "supply", "end"):
        worth = _net(ability.input, ability.output, PRICES) - ability.ap * AP_VALUE
        if ability.times == "lenses_owned":
            worth *= 1.5
        return kind, max(0.0, worth)
    if kind == "passive":
        return kind, PASSIVE_PER_ROUND.get(ability.rule, 0.0)
    return kind, 0.0


NODE_WORTH = tuple(
    tuple(_node_worth(c, n) for n in range(N_NODES)) for c in range(len(ABILITIES))
)
FINALS = tuple(
    tuple((n, a) for n, a in enumerate(abilities) if a.type == "final") for abilities in ABILITIES
)


# ---------------------------------------------------------------- lens search
def _cheapest(found: int, floor: int) -> int:
    for cost in COSTS:
        if cost >= floor and found & COST_MASK[cost]:
            return cost
    return -1


def _lens_score(count: int, worth: float, diff: int) -> float:
    cost = diff if diff > 0 else 0
    return count + LENS_QUALITY * max(0.0, worth - cost * AP_VALUE)


def best_lens(
    cards: tuple[int, ...], mask: int, diff: int, count: int, worth: float, top: int
) -> tuple[float, int, int, int, float]:
    """The best legal completion of a partial stack from ``cards``: (score, cards, flipped,
    diff, worth); score -1 when none exists (K-9.2)."""
    best: list = [-1.0, 0, 0, 0, 0.0]

    def search(i: int, mask: int, diff: int, count: int, worth: float, chosen: int, flip: int):
        if count >= MIN_LENS_CARDS and diff <= top:
            score = _lens_score(count, worth, diff)
            if score > best[0]:
                best[:] = [score, chosen, flip, diff, worth]
        if count >= MAX_LENS_CARDS:
            return
        for j in range(i, len(cards)):
            card = cards[j]
            for card_mask, card_diff, o, card_worth in CARD_OPTIONS[card]:
                if not card_mask & mask:
                    search(
                        j + 1,
                        mask | card_mask,
                        diff + card_diff,
                        count + 1,
                        worth + card_worth,
                        chosen | 1 << card,
                        flip | o << card,
                    )

    search(0, mask, diff, count, worth, 0, 0)
    return best[0], best[1], best[2], best[3], best[4]


def _bits(mask: int) -> tuple[int, ...]:
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return tuple(found)


_PLANS: dict[tuple[int, int], tuple[tuple[int, ...], float, int]] = {}
_COMPLETIONS: dict[tuple[int, ...], tuple[float, int, int, int, float]] = {}
_CACHE_LIMIT = 50_000


def hand_plan(hand: int, top: int) -> tuple[tuple[int, ...], float, int]:
    """Disjoint legal lenses in a hand, best first: (their sizes, their summed effect worth
    net of foundation AP, loose cards left over)."""
    key = (hand, top)
    plan = _PLANS.get(key)
    if plan is None:
        sizes = []
        quality = 0.0
        rest = hand
        while rest.bit_count() >= MIN_LENS_CARDS and top >= 0:
            score, chosen, _, diff, worth = best_lens(_bits(rest), 0, 0, 0, 0.0, top)
            if score < 0:
                break
            sizes.append(chosen.bit_count())
            quality += max(0.0, worth - max(0, diff) * AP_VALUE)
            rest &= ~chosen
        plan = (tuple(sizes), quality, rest.bit_count())
        if len(_PLANS) >= _CACHE_LIMIT:
            _PLANS.clear()
        _PLANS[key] = plan
    return plan


def _max_cost(found: int) -> int:
    for cost in reversed(COSTS):
        if found & COST_MASK[cost]:
            return cost
    return -1


def planned_lens(s: KonotenState, f: tuple) -> tuple[int, int, int]:
    """The lens a declaration in progress will make at best: (cards, count, foundation cost)."""
    p = f[1]
    if f[0] == "foundation":
        cards, diff = f[2], f[4]
        return cards, cards.bit_count(), _cheapest(s.found, max(0, diff))
    _, _, cards, flipped, mask, diff, count, pending = f
    top = _max_cost(s.found)
    rem = s.hand[p] & ~cards
    key = (rem, mask, diff, count, pending, top)
    done = _COMPLETIONS.get(key)
    if done is None:
        if pending >= 0:
            rest = _bits(rem & ~(1 << pending))
            done = (-1.0, 0, 0, 0, 0.0)
            for card_mask, card_diff, o, worth in CARD_OPTIONS[pending]:
                if card_mask & mask:
                    continue
                found = best_lens(rest, mask | card_mask, diff + card_diff, count + 1, worth, top)
                if found[0] > done[0]:
                    done = (found[0], found[1] | 1 << pending, 0, found[3], found[4])
        else:
            done = best_lens(_bits(rem), mask, diff, count, 0.0, top)
        if len(_COMPLETIONS) >= _CACHE_LIMIT:
            _COMPLETIONS.clear()
        _COMPLETIONS[key] = done
    chosen = cards | done[1]
    return chosen, chosen.bit_count(), _cheapest(s.found, max(0, done[3]))


def _lens_worth(cards: int, flipped: int) -> float:
    worth = 0.0
    for card in _bits(cards):
        worth += CARD_WORTH[card][flipped >> card & 1]
    return worth


# ---------------------------------------------------------------- evaluation
def evaluate(state: GameState, seat: int) -> float:
    """VP plus progress proxies for ``seat`` (the final VP once the game is over)."""
    s = cast("KonotenState", state)
    vp = float(s.vp[seat])
    ch = s.char[seat]
    if s.phase == OVER or ch < 0:
        return vp
    phase = s.phase
    later = ROUNDS - s.round  # full rounds after this one
    acting = phase < MAIN or (phase == MAIN and not s.ended >> seat & 1)
    mains = later + acting  # main phases the seat can still act in
    grown = s.grown[seat]
    passives = PASSIVES[ch][grown]
    base = seat * 3
    light, rainbow, sediment = s.mats[base], s.mats[base + 1], s.mats[base + 2]
    ap = s.ap[seat]
    cr = s.cr[seat]
    hand = s.hand[seat]
    unused = s.lobby_unused[seat]
    value = vp

    # a decision in progress: value it by what it produces
    extra_lenses = 0
    extra_quality = 0.0
    for f in s.stack:
        if f[1] != seat:
            continue
        kind = f[0]
        if kind == "grind" or kind == "foundation":
            cards, count, cost = planned_lens(s, f)
            flipped = f[3]
            value += count * VP_PER_CARD + passives.grind_bonus_vp
            hand &= ~cards
            ap -= 1
            unused -= 1
            extra_lenses += 1
            extra_quality += max(0.0, _lens_worth(cards, flipped) - max(0, cost) * AP_VALUE)
        elif kind == "gain":
            ap += f[2]
            cr += f[3]
            value += f[4]
            light += f[5]
            rainbow += f[6]
            sediment += f[7]
            value += (f[8] + f[9]) * TOKEN_VALUE * (s.stock[seat] > 0)
        elif kind == "discard":
            new = [f[2], f[3], f[4]]
            excess = f[5]
            for m in (2, 0, 1):
                cut = min(new[m], excess)
                new[m] -= cut
                excess -= cut
            light += new[0]
            rainbow += new[1]
            sediment += new[2]
        elif kind == "grow" or kind == "task" or kind == "supply_token":
            value += TOKEN_VALUE
        elif kind == "pay_growth":
            value -= f[2] * TOKEN_VALUE
        elif kind == "pay_assistant":
            value -= f[2] * TOKEN_VALUE

    # graduation scoring that is already certain: sediment, final abilities at today's counts
    value += sediment * passives.sediment_vp
    lenses = extra_lenses + sum(1 for lens in s.lenses if lens[0] == seat)
    for node, ability in FINALS[ch]:
        if grown >> node & 1:
            count = ability.count
            if count == "light":
                q = light
            elif count == "rainbow":
                q = rainbow
            elif count == "sediment":
                q = sediment
            elif count == "ap":
                q = ap
            elif count == "creativity":
                q = cr
            else:
                q = lenses
            if ability.per > 0:
                value += ability.vp * (q // ability.per)
            elif q == ability.equals:
                value += ability.vp
    # cards in hand: lenses they can form, loose cards
    if mains:
        top = _max_cost(s.found)
        sizes, quality, loose = hand_plan(hand, top)
        if later:
            value += READY_CARD * sum(sizes) + LENS_QUALITY * quality + LOOSE_CARD * loose
        else:
            grinds = min(len(sizes), unused, ap)
            value += READY_CARD * sum(sizes[:grinds]) + LENS_QUALITY * quality * (grinds > 0)
            if unused and ap >= passives.collect_cost + 1:
                value += LOOSE_CARD_LAST_ROUND * loose
        value += AP_VALUE * ap + CREATIVITY_VALUE * cr
        if acting:
            value += UNUSED_NOW * unused

    # lenses owned: their effects and owner bonuses while rounds are left
    lens_quality = extra_quality
    for lens in s.lenses:
        if lens[0] == seat:
            lens_quality += max(
                0.0, _lens_worth(lens[2], lens[3]) - FOUNDATION_COST[lens[1]] * AP_VALUE
            )
    value += lenses * (LENS_FLAT + LENS_PER_MAIN * mains) + LENS_QUALITY * lens_quality * (
        mains > 0
    ) * min(mains, 2)

    # materials and tasks
    value += LIGHT_VALUE * light + RAINBOW_VALUE * rainbow
    open_tasks = s.tasks[seat]
    if open_tasks:
        for t, (quantity, threshold) in enumerate(TASKS):
            if open_tasks >> t & 1:
                q = light if quantity == "light" else rainbow if quantity == "rainbow" else lenses
                progress = min(q, threshold) / threshold
                value += TASK_VALUE * progress * progress

    # assistants and stock tokens in the rounds left
    n = s.players
    total = (
        unused
        + s.lobby_used[seat]
        + s.lens_occ.count(seat)
        + sum(s.dev_occ[seat::n])
    )
    supplies = later + (phase < MAIN and (phase < SUPPLY or s.order_pos <= (seat - s.start) % n))
    value += ASSISTANT_PER_ROUND * later * total
    value += STOCK_TOKEN * min(s.stock[seat], supplies)

    # grown abilities: net worth per use times the uses left
    if grown:
        will_used = s.will_used[seat]
        for node in range(N_NODES):
            if not grown >> node & 1:
                continue
            kind, worth = NODE_WORTH[ch][node]
            if not worth:
                continue
            if kind == "will":
                uses = later + THIS_ROUND_USE * (acting and not will_used >> node & 1)
            elif kind == "passive":
                uses = mains
            elif kind == "supply":
                uses = later + THIS_ROUND_USE * (phase == SUPPLY)
            else:
                uses = later + THIS_ROUND_USE * (phase <= END)
            value += worth * uses
    _ = ELIGIBLE, POPCOUNT, AP
    return value
