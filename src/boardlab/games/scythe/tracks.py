"""Gains and losses on the tracks (S-3.7, S-17), combat card draws (S-4.1), resource payments.

Tracks are capped: popularity 0-18, power 0-16; a gain beyond the cap is lost. A *loss*
stops at 0 (S-21.2-8); a *payment* must be made in full, so the rules check it first.
Reaching 18 popularity or 16 power at any moment marks the star as earned
(``star_pending``), placed when the action ends even if the track drops again (S-21.3-2).

A track gain may be taken in full, in part or not at all, and the coin bonus declined (S-3.7,
S-7, S-21.1). ``offer_gain`` asks only where declining could ever matter (a ``Gain`` frame,
``take 2`` / ``take 0``): where the gain would earn the popularity or power star (the full
gain, or the most that stays below it: less is never better), and, for a seat holding
objective cards, on a track some objective of the deck bounds from above (every amount;
none in the designed deck). Anywhere else more is never worse (coins and popularity score,
power and cards fight), so the gain is taken whole.

Paying a resource (section 7) is a decision per token (a ``Pay`` frame): from which
controlled territory, or with Crimea's Coercion a combat card once per turn (S-15.3).
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import TYPE_CHECKING

from boardlab.engine import Action, Frame
from boardlab.engine.layouts import PLAYER
from boardlab.games.scythe import actions as A
from boardlab.games.scythe.board import bits
from boardlab.games.scythe.content import CONTENT
from boardlab.games.scythe.control import controlled, resource_on
from boardlab.games.scythe.frames import Gain, Pay
from boardlab.games.scythe.tables import (
    COINS,
    COMBAT_CARDS,
    COMBAT_VALUES,
    FACTION_ABILITY,
    GOAL_POPULARITY,
    GOAL_POWER,
    N_RESOURCES,
    N_VALUES,
    OBJECTIVES_HELD,
    POPULARITY,
    POPULARITY_MAX,
    POWER,
    POWER_MAX,
    VALUE_INDEX,
)
from boardlab.games.scythe.vocabulary import TRACKS, StatRange

if TYPE_CHECKING:
    from boardlab.games.scythe.state import ScytheState


def gain_power(s: ScytheState, seat: int, amount: int) -> None:
    power = min(POWER_MAX, s.power[seat] + amount)
    s.power[seat] = power
    if power >= POWER_MAX:
        s.star_pending[seat] |= 1 << GOAL_POWER


def gain_popularity(s: ScytheState, seat: int, amount: int) -> None:
    popularity = min(POPULARITY_MAX, s.popularity[seat] + amount)
    s.popularity[seat] = popularity
    if popularity >= POPULARITY_MAX:
        s.star_pending[seat] |= 1 << GOAL_POPULARITY


def lose_popularity(s: ScytheState, seat: int, amount: int) -> None:
    """A loss, not a payment: down to 0 at most (S-21.2-8)."""
    s.popularity[seat] = max(0, s.popularity[seat] - amount)


def lose_power(s: ScytheState, seat: int, amount: int) -> None:
    s.power[seat] = max(0, s.power[seat] - amount)


def draw_cards(s: ScytheState, seat: int, amount: int) -> int:
    """Draw ``amount`` combat cards from the top of the deck; the discards are shuffled into a
    new deck when it runs out, and a draw from an empty deck and discard fails (S-4.1).
    Returns the number drawn."""
    drawn = 0
    row = seat * N_VALUES
    for _ in range(amount):
        if not s.combat_deck:
            discard = s.combat_discard
            if not any(discard):
                break
            deck = [value for v, value in enumerate(COMBAT_VALUES) for _ in range(discard[v])]
            s.rng.shuffle(deck)
            s.combat_deck = tuple(deck)
            s.combat_discard = [0] * N_VALUES
        s.hand[row + VALUE_INDEX[s.combat_deck[-1]]] += 1
        s.combat_deck = s.combat_deck[:-1]
        drawn += 1
    return drawn


def gain_track(s: ScytheState, seat: int, track: int, amount: int) -> None:
    """Gain ``amount`` on ``track`` (``COINS``, ``POPULARITY``, ``POWER``, ``COMBAT_CARDS``)."""
    if track == COINS:
        s.coins[seat] += amount
    elif track == POPULARITY:
        gain_popularity(s, seat, amount)
    elif track == POWER:
        gain_power(s, seat, amount)
    elif track == COMBAT_CARDS:
        draw_cards(s, seat, amount)


# ---------------------------------------------------------------------- declining a gain
def _capped_stats(node: object) -> set[str]:
    """The stats a condition bounds from above, anywhere inside it."""
    if isinstance(node, StatRange):
        return {node.stat} if node.at_most is not None else set()
    if isinstance(node, tuple):
        return set().union(*(_capped_stats(part) for part in node))
    if is_dataclass(node):
        return set().union(*(_capped_stats(getattr(node, f.name)) for f in fields(node)))
    return set()


#: Bit per track that some objective condition bounds from above: a gain there may spoil
#: a held card, so every amount is offered (the designed deck has none).
CAPPED_BY_OBJECTIVES = sum(
    1 << k
    for k, track in enumerate(TRACKS)
    if any(track in _capped_stats(card.condition) for card in CONTENT.objectives)
)
#: The star goal and maximum of the tracks that earn a star.
_STAR_OF = {POPULARITY: (GOAL_POPULARITY, POPULARITY_MAX), POWER: (GOAL_POWER, POWER_MAX)}


def holds_objectives(s: ScytheState, seat: int) -> bool:
    """Whether ``seat`` still holds an objective card (public: the view counts them)."""
    row = seat * OBJECTIVES_HELD
    return any(card >= 0 for card in s.objectives[row : row + OBJECTIVES_HELD])


def gain_amounts(s: ScytheState, seat: int, track: int, amount: int) -> list[int]:
    """The amounts of a gain worth offering, the whole gain first (one: take it whole)."""
    if CAPPED_BY_OBJECTIVES >> track & 1 and holds_objectives(s, seat):
        return list(range(amount, -1, -1))
    star = _STAR_OF.get(track)
    if star is None:
        return [amount]
    goal, top = star
    now = s.popularity[seat] if track == POPULARITY else s.power[seat]
    if now + amount < top or now >= top or (s.star_goals[seat] | s.star_pending[seat]) >> goal & 1:
        return [amount]
    return [amount, top - 1 - now]


def offer_gain(s: ScytheState, seat: int, track: int, amount: int) -> None:
    """Gain ``amount`` on ``track``, or ask how much when declining could matter (above)."""
    if amount > 0 and len(gain_amounts(s, seat, track, amount)) > 1:
        s.stack.append((Gain.key, seat, track, amount))
    else:
        gain_track(s, seat, track, amount)


def options_gain(s: ScytheState, f: Frame) -> list[Action]:
    return [A.TAKE[n] for n in gain_amounts(s, f[PLAYER], f[Gain.track], f[Gain.amount])]


def resolve_gain(s: ScytheState, f: Frame, a: Action) -> None:
    s.stack.pop()
    gain_track(s, f[PLAYER], f[Gain.track], A.INDEX_OF[a.id])


# ---------------------------------------------------------------------- paying resources
def coercion_ready(s: ScytheState, seat: int) -> bool:
    """Crimea may spend one combat card as one resource this turn (S-15.3)."""
    return (
        FACTION_ABILITY[s.faction[seat]] == "coercion"
        and s.coercion_turn != s.turn
        and s.hand_size(seat) > 0
    )


def can_pay(s: ScytheState, seat: int, resource: int, amount: int) -> bool:
    """Whether ``seat`` can pay ``amount`` tokens of ``resource`` from its territories."""
    if amount <= 0:
        return True
    held = resource_on(s, controlled(s, seat), resource)
    return held + coercion_ready(s, seat) >= amount


def options_pay(s: ScytheState, f: Frame) -> list[Action]:
    seat, resource = f[PLAYER], f[Pay.resource]
    resources = s.resources
    found = [
        A.FROM[space]
        for space in bits(controlled(s, seat))
        if resources[space * N_RESOURCES + resource]
    ]
    if coercion_ready(s, seat):
        row = seat * N_VALUES
        found.extend(A.CARD[v] for v in range(N_VALUES) if s.hand[row + v])
    return found


def resolve_pay(s: ScytheState, f: Frame, a: Action) -> None:
    _, seat, resource, left = f
    if a.kind == "card":
        v = A.INDEX_OF[a.id]
        s.hand[seat * N_VALUES + v] -= 1
        s.combat_discard[v] += 1
        s.coercion_turn = s.turn
    else:
        s.resources[A.space_of(a) * N_RESOURCES + resource] -= 1
    if left > 1:
        s.stack[-1] = (Pay.key, seat, resource, left - 1)
    else:
        s.stack.pop()
