"""A heuristic value of a position for one seat: VP plus honest proxies for what is still to come.

Once the game is over the value is the final VP. Before that it estimates the VP the seat's
holdings will still turn into, each proxy counted only for the phases left to use it in, so
once the seat's last main phase is over only VP and graduation scoring remain:

* graduation scoring that is already certain: sediment at its rate (K-14.1) and the grown
  final abilities at what they would score now (K-14.2);
* cards in hand: the disjoint legal lenses they form (K-9.2, the grinding tables) are worth
  nearly their grinding VP, loose cards a little while cards can still be added; in the
  last main phase only the grinds that AP and unused assistants still allow;
* a decision in progress is valued by what it will produce: a lens being declared by its
  best completion (K-9), so every step of the declaration keeps the value of the best lens;
  pending gains, payments, growths and tokens at their worth (K-10, K-11, K-12);
* lenses owned: owner bonuses (K-7.7) per main phase left, and the net worth of their
  effect (outputs minus inputs and foundation AP, A1);
* AP and creativity while a main phase is left to spend them; light and rainbow at their
  worth; open tasks by their progress times what their token is worth (K-12);
* assistants per main phase they can still act in; stock tokens that later supply phases
  hand out (K-6.2); this round's supply income until it is received (K-6.1);
* grown abilities: net worth per use times the uses left this round and later; this
  round's use of a will ability counts only while the seat can pay it: a main phase the
  engine ends because nothing is left to do (K-7.1) loses no use it could have made. An
  ability that consumes sediment is worth only what else it yields: valued by the penalty
  it would spare as well, the alchemist's n12 was worth 2.45 VP a use for a use that gives
  2 VP, which needs sediment the seat rarely holds.

It reads only what every seat knows (hands are public, A10; the pending frames hold what
``view`` describes as ``pending``) and never the order of the decks. Lens searches are
cached per hand: a call costs about ten microseconds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from boardlab.engine.layouts import KEY, PLAYER
from boardlab.games.konoten.content import CONTENT
from boardlab.games.konoten.effects import affordable, holdings
from boardlab.games.konoten.flow import END, MAIN, OVER, SUPPLY
from boardlab.games.konoten.frames import (
    Discard,
    EndAbilities,
    Foundation,
    Gain,
    Grind,
    Grow,
    PayAssistant,
    PayGrowth,
    SupplyAbilities,
    SupplyToken,
)
from boardlab.games.konoten.tables import (
    ABILITIES,
    AP,
    CARD_DIFF,
    CARD_INPUT,
    CARD_OUTPUT,
    COST_MASK,
    COSTS,
    ELIGIBLE,
    FOUNDATION_COST,
    MAX_LENS_CARDS,
    MIN_LENS_CARDS,
    N_CARDS,
    N_CHARACTERS,
    N_NODES,
    ORIENTATIONS,
    PASSIVES,
    PERSUADE_FEE,
    REACTIVATE_FEE,
    SEDIMENT,
    TASKS,
    WILL_EFFECT,
)

if TYPE_CHECKING:
    from boardlab.engine import Frame, GameState
    from boardlab.games.konoten.content import Ability
    from boardlab.games.konoten.state import KonotenState

ROUNDS = CONTENT.rounds
VP_PER_CARD = CONTENT.vp_per_card

# ---------------------------------------------------------------- weights, in VP
#: AP while a later main phase is left: 2 AP buy a card, which is 1 VP once in a lens.
AP_VALUE = 0.35
#: AP in the last main phase, where what is left at its end is lost.
AP_VALUE_LAST = 0.1
#: Creativity: Collect light turns it 1:1 into light (K-8).
CREATIVITY_VALUE = 0.25
LIGHT_VALUE = 0.25
RAINBOW_VALUE = 0.45
#: A sediment gained by an effect: most of its -2 at graduation, since it can be paid away.
SEDIMENT_PRICE = -1.5
#: A sediment paid by an effect: it saves the penalty only while sediment is at hand, and
#: Guts gives sediment for free, so paying it is worth little per use.
SEDIMENT_PAID = 0.5
#: A growth or an assistant gained or paid by an effect (a colour token).
TOKEN_PRICE = 1.0
#: The supply income of this round not received yet (K-6.1); later rounds give every seat
#: the same, so only this one matters (receiving it is then no jump in value).
SUPPLY_INCOME = CONTENT.supply_ap * AP_VALUE + CONTENT.supply_creativity * CREATIVITY_VALUE
#: A card in a legal lens of the hand, while a grind can still happen (grinding gives 1 VP).
READY_CARD = 0.8
#: A card that forms no lens with the rest of the hand, while cards can still be added.
LOOSE_CARD = 0.55
LOOSE_CARD_LAST_ROUND = 0.3
#: Weight of a lens effect's net worth (one use: outputs minus inputs and foundation AP).
LENS_QUALITY = 0.3
#: A lens owned: flat (lens count, tie-breaks K-14.3), and per main phase left (owner
#: bonuses when others use it, K-7.7).
LENS_FLAT = 0.3
LENS_PER_MAIN = 0.25
#: An assistant, per main phase it can still act in (this one only while unused). AP, not
#: assistants, limits most turns, so the value is small.
ASSISTANT_PER_MAIN = 0.1
#: An assistant left on a lens counts this share (it comes back only when displaced).
ON_LENS_SHARE = 0.5
#: A colour token in stock, per later supply phase that will hand it out (K-6.2).
STOCK_TOKEN = 0.4
#: Share of an ability's priced net worth counted per use (inputs are not always at hand).
ABILITY_SHARE = 0.7
#: Share of an ability's per-use worth counted for the use still open this round.
THIS_ROUND_USE = 1.0
#: Passive abilities, in VP per main phase left (K-11.4); the sediment rate is exact.
PASSIVE_PER_MAIN = {
    "collect_cost": 0.4,
    "persuade_discount": 0.1,
    "material_capacity": 0.15,
    "owner_bonus": 0.2,
    "grind_bonus_vp": 0.8,
    "device_bonus": 0.3,
    "sediment_penalty": 0.0,
}
#: Hands larger than this plan a lens in progress without valuing the cards left over (speed).
EXACT_PLAN_CARDS = 7

WILL, SUPPLY_ABILITY, END_ABILITY, PASSIVE, FINAL = range(5)
_KINDS = {
    "will": WILL,
    "supply": SUPPLY_ABILITY,
    "end": END_ABILITY,
    "passive": PASSIVE,
    "final": FINAL,
}
_FINAL_INDEX = {"light": 0, "rainbow": 1, "sediment": 2, "ap": 3, "creativity": 4, "lenses": 5}
FINALS = tuple(
    tuple((n, a) for n, a in enumerate(abilities) if a.type == "final") for abilities in ABILITIES
)


# ---------------------------------------------------------------- priced tables
def _net(inputs: tuple[int, ...], outputs: tuple[int, ...], prices: tuple[float, ...]) -> float:
    """Priced outputs minus inputs; a sediment paid saves less than a sediment gained costs."""
    net = sum((o - i) * p for i, o, p in zip(inputs, outputs, prices, strict=True))
    return net + inputs[2] * (prices[2] + SEDIMENT_PAID)


def _yield_besides_sediment(prices: tuple[float, ...], ability: Ability) -> float:
    """What one use of an ability that consumes sediment yields: its other outputs minus its
    other inputs and AP, priced. Getting rid of the sediment is not counted: a use needs
    sediment at hand, which the seat would have had to take in first."""
    gain = sum(
        (o - i) * p
        for symbol, (i, o, p) in enumerate(zip(ability.input, ability.output, prices, strict=True))
        if symbol not in (SEDIMENT, AP)
    )
    return gain - (ability.ap + ability.input[AP]) * AP_VALUE


def _node_worth(prices: tuple[float, ...], character: int, node: int) -> tuple[int, float]:
    """An ability's kind and its net worth per use (per main phase for passives)."""
    ability = ABILITIES[character][node]
    kind = _KINDS[ability.type]
    if kind in (WILL, SUPPLY_ABILITY, END_ABILITY) and ability.input[SEDIMENT]:
        return kind, max(0.0, _yield_besides_sediment(prices, ability)) * ABILITY_SHARE
    if kind in (WILL, SUPPLY_ABILITY, END_ABILITY):
        worth = _net(ability.input, ability.output, prices) - ability.ap * AP_VALUE
        if ability.times == "lenses_owned":
            worth *= 1.5  # repeats per lens owned (R5), about 1.5 times over a game
        return kind, max(0.0, worth) * ABILITY_SHARE
    if kind == PASSIVE:
        return kind, PASSIVE_PER_MAIN.get(ability.rule, 0.0)
    return kind, 0.0


CardOption = tuple[int, int, float, int]
#: CARD_WORTH[c][o]: priced outputs minus inputs of card c in orientation o.
CARD_WORTH: tuple[tuple[float, ...], ...] = ()
#: CARD_OPTIONS[c]: ((mark mask, result - material, worth, turned), ...) per orientation.
CARD_OPTIONS: tuple[tuple[CardOption, ...], ...] = ()
#: NODE_WORTH[character][node]: (ability kind, net worth per use).
NODE_WORTH: tuple[tuple[tuple[int, float], ...], ...] = ()


def build_tables() -> None:
    """Derive the priced tables from the weights; call again after changing a weight."""
    global CARD_WORTH, CARD_OPTIONS, NODE_WORTH
    prices = (
        LIGHT_VALUE,
        RAINBOW_VALUE,
        SEDIMENT_PRICE,
        AP_VALUE,
        CREATIVITY_VALUE,
        1.0,
        TOKEN_PRICE,
        TOKEN_PRICE,
    )
    CARD_WORTH = tuple(
        tuple(_net(CARD_INPUT[c][o], CARD_OUTPUT[c][o], prices) for o in (0, 1))
        for c in range(N_CARDS)
    )
    CARD_OPTIONS = tuple(
        tuple((m, d, CARD_WORTH[c][o], o) for m, d, o in ORIENTATIONS[c]) for c in range(N_CARDS)
    )
    NODE_WORTH = tuple(
        tuple(_node_worth(prices, c, n) for n in range(N_NODES)) for c in range(N_CHARACTERS)
    )
    _PLANS.clear()
    _COMPLETIONS.clear()
    _LENS_NET.clear()
    _FEES.clear()


# ---------------------------------------------------------------- lens search (K-9.2)
def _cheapest(found: int, floor: int) -> int:
    """The lowest foundation cost in the supply that is at least ``floor`` (-1: none)."""
    for cost in COSTS:
        if cost >= floor and found & COST_MASK[cost]:
            return cost
    return -1


def _max_cost(found: int) -> int:
    for cost in reversed(COSTS):
        if found & COST_MASK[cost]:
            return cost
    return -1


def _bits(mask: int) -> tuple[int, ...]:
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return tuple(found)


_FEES: dict[int, tuple[float, ...]] = {}


def foundation_fees(found: int) -> tuple[float, ...]:
    """Per threshold ``max(0, R - M)`` up to the dearest foundation left: the AP (priced) of
    the cheapest foundation that allows it, which each use of the lens costs (A1, A3)."""
    fees = _FEES.get(found)
    if fees is None:
        fees = tuple(
            _cheapest(found, floor) * AP_VALUE for floor in range(max(0, _max_cost(found)) + 1)
        )
        _FEES[found] = fees
    return fees


def _effect_net(worth: float, diff: int, found: int) -> float:
    """One use of a lens: its priced effect minus the AP of the cheapest foundation (A1)."""
    return max(0.0, worth - foundation_fees(found)[max(0, diff)])


def largest_lens(cards: tuple[int, ...], top: int, fees: tuple[float, ...]) -> tuple[int, int]:
    """The legal lens (K-9.2) with the most of ``cards``, then the best net effect:
    ``(chosen cards, the turned ones among them)``, ``(0, 0)`` when there is none."""

    def size_then_effect(chosen: int, diff: int, worth: float, count: int) -> float:
        net = worth - fees[diff if diff > 0 else 0]
        return count + LENS_QUALITY * net if net > 0 else float(count)

    _, chosen, turned = best_completion(cards, 0, 0, 0, 0.0, top, size_then_effect)
    return chosen, turned


Score = Callable[[int, int, float, int], float]


def best_completion(
    cards: tuple[int, ...], mask: int, diff: int, count: int, worth: float, top: int, score: Score
) -> tuple[float, int, int]:
    """The legal completion (2-6 disjoint cards, foundation up to ``top``, K-9.2) of a partial
    stack with cards of ``cards`` that ``score(chosen, diff, worth, count)`` likes best:
    ``(score, chosen cards, the turned ones among them)``, or ``(-inf, 0, 0)`` if none."""
    best_value, best_cards, best_turned = float("-inf"), 0, 0
    options = CARD_OPTIONS
    size = len(cards)

    def search(
        i: int, mask: int, diff: int, count: int, worth: float, chosen: int, turned: int
    ) -> None:
        nonlocal best_value, best_cards, best_turned
        if count >= MIN_LENS_CARDS and diff <= top:
            value = score(chosen, diff, worth, count)
            if value > best_value:
                best_value, best_cards, best_turned = value, chosen, turned
        if count >= MAX_LENS_CARDS:
            return
        for j in range(i, size):
            card = cards[j]
            bit = 1 << card
            for card_mask, card_diff, card_worth, o in options[card]:
                if not card_mask & mask:
                    search(
                        j + 1,
                        mask | card_mask,
                        diff + card_diff,
                        count + 1,
                        worth + card_worth,
                        chosen | bit,
                        turned | bit if o else turned,
                    )

    search(0, mask, diff, count, worth, 0, 0)
    return best_value, best_cards, best_turned


Plan = tuple[tuple[int, ...], tuple[float, ...], int]
_PLANS: dict[tuple[int, int], Plan] = {}
_COMPLETIONS: dict[tuple[int, ...], tuple[float, int]] = {}
_LENS_NET: dict[tuple[int, int, int, int], float] = {}
_CACHE_LIMIT = 50_000


def hand_plan(hand: int, found: int) -> Plan:
    """Disjoint legal lenses in a hand, the largest (then best effect) first: their sizes,
    the net worth of each effect, and the number of loose cards left over."""
    key = (hand, found)
    plan = _PLANS.get(key)
    if plan is None:
        top = _max_cost(found)
        fees = foundation_fees(found)
        sizes = []
        nets = []
        rest = hand
        while rest.bit_count() >= MIN_LENS_CARDS and top >= 0:
            chosen, turned = largest_lens(_bits(rest), top, fees)
            if not chosen:
                break
            sizes.append(chosen.bit_count())
            nets.append(_effect_net(_lens_worth(chosen, turned), _lens_diff(chosen, turned), found))
            rest &= ~chosen
        plan = (tuple(sizes), tuple(nets), rest.bit_count())
        if len(_PLANS) >= _CACHE_LIMIT:
            _PLANS.clear()
        _PLANS[key] = plan
    return plan


def hand_value(hand: int, found: int, later: int, unused: int, ap: int, collect_ap: int) -> float:
    """What the cards in hand are worth while the seat can still act (see the module)."""
    sizes, nets, loose = hand_plan(hand, found)
    if later:
        return READY_CARD * sum(sizes) + LENS_QUALITY * sum(nets) + LOOSE_CARD * loose
    grinds = min(len(sizes), unused, ap)
    value = READY_CARD * sum(sizes[:grinds]) + LENS_QUALITY * sum(nets[:grinds])
    if unused and ap >= collect_ap + 1:
        value += LOOSE_CARD_LAST_ROUND * loose
    return value


def planned_lens(
    s: KonotenState, f: Frame, later: int, mains: int, unused: int, ap: int, collect_ap: int
) -> tuple[float, int]:
    """The best result of a lens declaration in progress (a ``Grind`` or ``Foundation`` frame):
    ``(its value with the cards left in hand, its cards)``.

    The value is the grinding VP, the lens effect and ``hand_value`` of the cards left, as
    they will be once the lens is made, so each step of the declaration keeps the value of
    the best lens still reachable (K-9.1, A4)."""
    p, found = f[PLAYER], s.found
    hand = s.hand[p]
    factor = LENS_QUALITY * min(mains, 2)
    # once made: one AP and one unused assistant fewer (K-9.3)
    unused, ap = unused - 1, ap - 1
    if f[KEY] == Foundation.key:
        _, _, cards, flipped, diff = f
        net = _effect_net(_lens_worth(cards, flipped), diff, found)
        left = hand_value(hand & ~cards, found, later, unused, ap, collect_ap)
        return cards.bit_count() * VP_PER_CARD + factor * net + left, cards
    _, _, cards, flipped, mask, diff, count, pending = f
    rem = hand & ~cards
    key = (
        rem,
        flipped,
        mask,
        diff,
        count,
        pending,
        found,
        later,
        min(mains, 2),
        unused,
        ap,
        collect_ap,
    )
    done = _COMPLETIONS.get(key)
    if done is None:
        pool = rem & ~(1 << pending) if pending >= 0 else rem  # cards that may still join
        exact = pool.bit_count() <= EXACT_PLAN_CARDS

        def score(chosen: int, diff: int, worth: float, count: int) -> float:
            value = count * VP_PER_CARD + factor * _effect_net(worth, diff, found)
            if exact:
                value += hand_value(pool & ~chosen, found, later, unused, ap, collect_ap)
            return value

        top = _max_cost(found)
        worth = _lens_worth(cards, flipped)
        if pending >= 0:
            rest = _bits(pool)
            value, chosen = float("-inf"), 0
            for card_mask, card_diff, card_worth, _ in CARD_OPTIONS[pending]:
                if not card_mask & mask:
                    found_value, found_cards, _ = best_completion(
                        rest,
                        mask | card_mask,
                        diff + card_diff,
                        count + 1,
                        worth + card_worth,
                        top,
                        score,
                    )
                    if found_value > value:
                        value, chosen = found_value, found_cards | 1 << pending
        else:
            value, chosen, _ = best_completion(_bits(rem), mask, diff, count, worth, top, score)
        if value == float("-inf"):  # no completion: A4 never offers such a step in play
            value, chosen = hand_value(hand, found, later, unused + 1, ap + 1, collect_ap), 0
        elif not exact:
            value += hand_value(rem & ~chosen, found, later, unused, ap, collect_ap)
        done = (value, cards | chosen)
        if len(_COMPLETIONS) >= _CACHE_LIMIT:
            _COMPLETIONS.clear()
        _COMPLETIONS[key] = done
    return done


def _lens_diff(cards: int, flipped: int) -> int:
    return sum(CARD_DIFF[card][flipped >> card & 1] for card in _bits(cards))


def _lens_worth(cards: int, flipped: int) -> float:
    worth = 0.0
    for card in _bits(cards):
        worth += CARD_WORTH[card][flipped >> card & 1]
    return worth


def lens_net(lens: tuple[int, int, int, int]) -> float:
    """One use of a lens: its priced outputs minus inputs and foundation AP (K-9.4, A1)."""
    net = _LENS_NET.get(lens)
    if net is None:
        net = _lens_worth(lens[2], lens[3]) - FOUNDATION_COST[lens[1]] * AP_VALUE
        if len(_LENS_NET) >= _CACHE_LIMIT:
            _LENS_NET.clear()
        _LENS_NET[lens] = net
    return net


build_tables()


# ---------------------------------------------------------------- growth (K-11)
def _final_score(ch: int, grown: int, quantities: tuple[int, ...]) -> int:
    """What the grown final abilities would score with these quantities (K-11.5, K-14.2)."""
    score = 0
    for node, ability in FINALS[ch]:
        if grown >> node & 1:
            q = quantities[_FINAL_INDEX[ability.count]]
            if ability.per > 0:
                score += ability.vp * (q // ability.per)
            elif q == ability.equals:
                score += ability.vp
    return score


def _scoring(ch: int, grown: int, quantities: tuple[int, ...]) -> float:
    """Graduation scoring at these quantities: sediment rate, then finals (K-14.1, K-14.2)."""
    return quantities[2] * PASSIVES[ch][grown].sediment_vp + _final_score(ch, grown, quantities)


def _node_value(ch: int, node: int, uses: tuple[float, ...]) -> float:
    kind, worth = NODE_WORTH[ch][node]
    return worth * uses[kind]


def growth_gain(ch: int, grown: int, uses: tuple[float, ...], q: tuple[int, ...]) -> float:
    """The most one more growth adds (K-11.2): the ability's uses left, or what a final or
    the sediment rate changes at graduation; 0 when no node is eligible (A13)."""
    eligible = ELIGIBLE[grown]
    if not eligible:
        return 0.0
    before = _scoring(ch, grown, q)
    best = 0.0
    for node in range(N_NODES):
        if eligible >> node & 1:
            gain = _node_value(ch, node, uses) + _scoring(ch, grown | 1 << node, q) - before
            if gain > best:
                best = gain
    return best


def growth_loss(ch: int, grown: int, uses: tuple[float, ...], q: tuple[int, ...]) -> float:
    """The least that giving up one grown node costs (a growth paid as an input, K-10.2)."""
    before = _scoring(ch, grown, q)
    least = 0.0
    first = True
    for node in range(N_NODES):
        if grown >> node & 1:
            loss = _node_value(ch, node, uses) + before - _scoring(ch, grown & ~(1 << node), q)
            if first or loss < least:
                least, first = loss, False
    return least


# ---------------------------------------------------------------- evaluation
def evaluate(state: GameState, seat: int) -> float:
    """VP plus progress proxies for ``seat`` (the final VP once the game is over)."""
    s = cast("KonotenState", state)
    vp = float(s.vp[seat])
    ch = s.char[seat]
    if s.phase == OVER or ch < 0:
        return vp
    n = s.players
    phase = s.phase
    later = ROUNDS - s.round  # full rounds after this one
    acting = phase < MAIN or (phase == MAIN and not s.ended >> seat & 1)
    mains = later + acting  # main phases the seat can still act in
    position = (seat - s.start) % n
    supply_ahead = phase < SUPPLY or (phase == SUPPLY and s.order_pos <= position)
    end_ahead = phase < END or (phase == END and s.order_pos <= position)
    grown = s.grown[seat]
    passives = PASSIVES[ch][grown]
    base = seat * 3
    light, rainbow, sediment = s.mats[base], s.mats[base + 1], s.mats[base + 2]
    ap, cr = s.ap[seat], s.creativity[seat]
    unused = s.lobby_unused[seat]
    others = s.lobby_used[seat] + sum(s.dev_occ[seat::n])
    stock = s.stock[seat]
    lenses = 0
    for lens in s.lenses:
        if lens[0] == seat:
            lenses += 1
    per_main = ASSISTANT_PER_MAIN
    value = vp

    # a decision in progress: pending gains, payments and tokens at their worth
    declaring = None
    tokens = growths = sure_growths = lost_growths = 0
    claimed = 0  # tasks whose token is being grown
    # supply / end abilities still usable this round, as node masks (A22: once each)
    supply_open = -1 if supply_ahead else 0
    end_open = -1 if end_ahead else 0
    for f in s.stack:
        if f[PLAYER] != seat:
            continue
        kind = f[KEY]
        if kind == SupplyAbilities.key:
            supply_open = ~f[SupplyAbilities.used_nodes]
        elif kind == EndAbilities.key:
            end_open = ~f[EndAbilities.used_nodes]
        elif kind == Grind.key or kind == Foundation.key:
            declaring = f
        elif kind == Gain.key:
            ap += f[Gain.ap]
            cr += f[Gain.creativity]
            value += f[Gain.vp]
            light += f[Gain.light]
            rainbow += f[Gain.rainbow]
            sediment += f[Gain.sediment]
            growths += f[Gain.growths]
            helpers = min(f[Gain.assistants], stock)  # A13: none without a token in stock
            stock -= helpers
            others += helpers  # an assistant gained joins the lobby used (K-10.3)
        elif kind == Discard.key:
            _, _, new_light, new_rainbow, new_sediment, excess = f
            new = [new_light, new_rainbow, new_sediment]
            for m in (2, 0, 1):  # the sediment goes first, then light
                cut = min(new[m], excess)
                new[m] -= cut
                excess -= cut
            light += new[0]
            rainbow += new[1]
            sediment += new[2]
        elif kind == Grow.key:
            sure_growths += 1
            if f[Grow.source] < 0:
                stock -= 1
            else:
                claimed |= 1 << f[Grow.source]
        elif kind == SupplyToken.key:
            stock -= 1
            tokens += 1
        elif kind == PayGrowth.key:
            lost_growths += f[PayGrowth.left]
        elif kind == PayAssistant.key:
            left = f[PayAssistant.left]
            value -= left * per_main * later  # the cheapest to give up: a used one
            stock += left
    if declaring is not None:
        lenses += 1
        value += passives.grind_bonus_vp
        unused -= 1
        others += 1
        ap -= 1
    quantities = (light, rainbow, sediment, ap, cr, lenses)
    uses = (
        later + THIS_ROUND_USE * acting,
        later + THIS_ROUND_USE * (supply_open != 0),
        later + THIS_ROUND_USE * (end_open != 0),
        mains,
        0.0,
    )
    gain = -1.0
    if growths or sure_growths or tokens or lost_growths:
        gain = growth_gain(ch, grown, uses, quantities)
        value += (sure_growths + min(growths, max(0, stock))) * gain
        if lost_growths:
            value -= lost_growths * growth_loss(ch, grown, uses, quantities)
            stock += lost_growths

    # graduation scoring that is already certain (K-14.1, K-14.2)
    value += _scoring(ch, grown, quantities)

    if mains:
        found = s.found
        collect_ap = passives.collect_cost
        if declaring is not None:
            value += planned_lens(s, declaring, later, mains, unused + 1, ap + 1, collect_ap)[0]
        else:
            value += hand_value(s.hand[seat], found, later, unused, ap, collect_ap)
        value += (AP_VALUE if later else AP_VALUE_LAST) * ap + CREATIVITY_VALUE * cr
        value += LIGHT_VALUE * light + RAINBOW_VALUE * rainbow

        # lenses owned: owner bonuses and their effect in the main phases left (K-7.7)
        value += lenses * (LENS_FLAT + LENS_PER_MAIN * mains)
        discount = passives.persuade_discount
        occupants = s.lens_occ
        net_sum = 0.0
        for i, lens in enumerate(s.lenses):
            if lens[0] == seat:
                net = lens_net(lens)
                occupant = occupants[i]
                if occupant == seat:
                    net -= max(0, REACTIVATE_FEE - discount) * AP_VALUE
                elif occupant >= 0:
                    net -= max(0, PERSUADE_FEE - discount) * AP_VALUE
                if net > 0:
                    net_sum += net
        value += LENS_QUALITY * min(mains, 2) * net_sum
    elif declaring is not None:  # cannot happen in play: a lens is declared in a main phase
        at = Grind.cards if declaring[KEY] == Grind.key else Foundation.cards
        value += declaring[at].bit_count() * VP_PER_CARD

    # a token (supply or task) becomes an unused assistant, or grows if that is worth more
    token = per_main * mains
    if gain > token:
        token = gain
    value += tokens * token
    open_tasks = s.tasks[seat] & ~claimed if mains else 0
    if open_tasks:
        for t, (quantity, threshold) in enumerate(TASKS):
            if open_tasks >> t & 1:
                q = light if quantity == "light" else rainbow if quantity == "rainbow" else lenses
                if q:
                    if gain < 0:
                        gain = growth_gain(ch, grown, uses, quantities)
                        if gain > token:
                            token = gain
                    progress = min(q, threshold) / threshold
                    value += token * progress * progress

    # assistants per main phase they can still act in; stock tokens; supply income to come
    value += per_main * ((later + acting) * unused + later * others)
    on_lenses = s.lens_occ.count(seat)
    if on_lenses:
        value += per_main * later * ON_LENS_SHARE * on_lenses
    supplies = later + supply_ahead
    if stock > 0 and supplies > 0:
        value += STOCK_TOKEN * min(stock, supplies)
    if supply_ahead:
        value += SUPPLY_INCOME

    # grown abilities: net worth per use times the uses left (this round: if still open)
    worths = NODE_WORTH[ch]
    will_open = ~s.will_used[seat] if acting else 0
    have: list[int] | None = None  # what the seat can pay, read once if a will use is open
    node = 0
    mask = grown
    while mask:
        if mask & 1:
            kind, worth = worths[node]
            if worth:
                if kind == WILL:
                    if will_open >> node & 1:  # this round's use, only while payable (K-7.1)
                        if have is None:
                            have = holdings(s, seat, False)
                        effect = WILL_EFFECT[ch][node]
                        if affordable(have, effect.needs, effect.ap):  # type: ignore[union-attr]
                            value += worth * THIS_ROUND_USE
                    value += worth * later
                elif kind == SUPPLY_ABILITY:
                    value += worth * (later + THIS_ROUND_USE * (supply_open >> node & 1))
                elif kind == END_ABILITY:
                    value += worth * (later + THIS_ROUND_USE * (end_open >> node & 1))
                else:
                    value += worth * mains
        mask >>= 1
        node += 1
    return value
