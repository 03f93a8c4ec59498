"""Paying and gaining the effect rows of the designed cards: encounter options (S-10) and
Factory-card top rows (S-11), from the typed records of ``vocabulary.py`` (S-21.1).

A row's whole cost is paid first (a row that cannot be paid is never offered); then its
gains are taken in the listed order. Coins, popularity and power are paid at once; combat
cards (``discard 3``) and resources (``from r3c3``, Crimea's Coercion included) are paid
one by one. Track gains (coins, popularity, power, combat cards) are taken whole, as every
track gain of the game (README); a resource or worker gain may be taken in part (``take
2``, or ``done`` when placing one by one); a free upgrade, deploy, build or enlist is taken
whole or declined (``skip``), and is lost when impossible. No card gain pays a coin bonus
or a recruit bonus (S-10, S-11).

Frames (``frames.py``; ``territory``: the one a gain goes on, or -1 for "territories you
control holding your workers" as the card says):

* ``CardTrack``: a track gain (Step).
* ``CardTake``: how many of resource ``what`` (or ``WORKERS``) to put on ``territory``.
* ``CardPlace``: where the next token (or worker) goes, or ``done``.
* ``CardAny`` / ``CardAnyAt``: which kind the next token of an ``any`` gain is, or
  ``done``; then where, when ``territory`` is -1.
* ``CardUpgrade``, ``CardDeploy``, ``CardBuild``, ``CardEnlist``: the bottom-row effects,
  with ``skip`` (laid out as ``Upgrade``, ``Deploy``, ``Build``, ``Enlist``).
* ``CardChoice``: which list of a ``choice`` gain.
* ``Discard`` and ``PayAny``: paying cards, and resources of any kind; resources of one
  kind use the turn's ``Pay``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.engine import Action, Frame
from boardlab.engine.layouts import PLAYER
from boardlab.games.scythe import actions as A
from boardlab.games.scythe import build, deploy, enlist, frames, upgrade
from boardlab.games.scythe.board import bits
from boardlab.games.scythe.content import CONTENT
from boardlab.games.scythe.control import controlled, resource_on, worker_territories
from boardlab.games.scythe.decks import CardRow
from boardlab.games.scythe.frames import (
    CardAny,
    CardAnyAt,
    CardBuild,
    CardChoice,
    CardDeploy,
    CardEnlist,
    CardPlace,
    CardTake,
    CardTrack,
    CardUpgrade,
    Discard,
    Pay,
    PayAny,
)
from boardlab.games.scythe.tables import (
    COINS,
    COMBAT_CARDS,
    N_RESOURCES,
    N_VALUES,
    OFF_BOARD,
    POPULARITY,
    POWER,
    UNITS_PER_SEAT,
    WORKER,
)
from boardlab.games.scythe.tracks import coercion_ready, offer_gain
from boardlab.games.scythe.vocabulary import (
    ANY_RESOURCE,
    AT_ENCOUNTER,
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
    from boardlab.games.scythe.state import ScytheState

#: ``what`` of ``card_take`` and ``card_place`` for workers (resources are 0-3).
WORKERS = N_RESOURCES
#: ``source`` of a row: an encounter card's option, a Factory card's top row.
ENCOUNTER, FACTORY = 0, 1
_TRACK = {"coins": COINS, "popularity": POPULARITY, "power": POWER, "combat_cards": COMBAT_CARDS}


def card_row(source: int, card: int, row: int) -> CardRow:
    """The effect row a frame names."""
    if source == ENCOUNTER:
        return CONTENT.encounters[card].options[row]
    return CONTENT.factory_cards[card].top


# ---------------------------------------------------------------------- paying
def affordable(s: ScytheState, seat: int, row: CardRow) -> bool:
    """Whether ``seat`` can pay the whole cost of ``row`` now (S-21.1: costs are payments)."""
    need = [0] * N_RESOURCES
    any_kind = 0
    for effect in row.cost:
        if isinstance(effect, Resources):
            if effect.resource == ANY_RESOURCE:
                any_kind += effect.amount
            else:
                need[RESOURCES.index(effect.resource)] += effect.amount
        elif isinstance(effect, Popularity):
            if s.popularity[seat] < effect.amount:
                return False
        elif isinstance(effect, Power):
            if s.power[seat] < effect.amount:
                return False
        elif isinstance(effect, CombatCards):
            if s.hand_size(seat) < effect.amount:
                return False
        elif isinstance(effect, Coins) and s.coins[seat] < effect.amount:
            return False
    if not any_kind and not any(need):
        return True
    owned = controlled(s, seat)
    short = 0
    spare = 0
    for r in range(N_RESOURCES):
        held = resource_on(s, owned, r)
        short += max(0, need[r] - held)
        spare += max(0, held - need[r])
    coerce = coercion_ready(s, seat)
    if short > coerce:
        return False
    # Coercion pays one token once per turn; what it did not cover may pay ``any``
    return spare + (coerce - short) >= any_kind


def take_row(s: ScytheState, seat: int, source: int, card: int, row: int, at: int) -> None:
    """Pay the row's cost and push its gains (``at``: where an encounter's gains go)."""
    record = card_row(source, card, row)
    stack = s.stack
    push_gains(s, seat, record.gain, source, card, row, (), at)
    for effect in reversed(record.cost):
        if isinstance(effect, Resources):
            if effect.resource == ANY_RESOURCE:
                stack.append((PayAny.key, seat, effect.amount))
            else:
                stack.append((Pay.key, seat, RESOURCES.index(effect.resource), effect.amount))
        elif isinstance(effect, CombatCards):
            stack.append((Discard.key, seat, effect.amount))
        elif isinstance(effect, Popularity):
            s.popularity[seat] -= effect.amount
        elif isinstance(effect, Power):
            s.power[seat] -= effect.amount
        elif isinstance(effect, Coins):
            s.coins[seat] -= effect.amount


def options_discard(s: ScytheState, f: Frame) -> list[Action]:
    row = f[PLAYER] * N_VALUES
    return [A.DISCARD[v] for v in range(N_VALUES) if s.hand[row + v]]


def resolve_discard(s: ScytheState, f: Frame, a: Action) -> None:
    _, seat, left = f
    v = A.INDEX_OF[a.id]
    s.hand[seat * N_VALUES + v] -= 1
    s.combat_discard[v] += 1
    _count_down(s, f, left)


def options_pay_any(s: ScytheState, f: Frame) -> list[Action]:
    seat = f[PLAYER]
    if coercion_ready(s, seat):
        return list(A.SPEND)
    owned = controlled(s, seat)
    return [A.SPEND[r] for r in range(N_RESOURCES) if resource_on(s, owned, r)]


def resolve_pay_any(s: ScytheState, f: Frame, a: Action) -> None:
    _, seat, left = f
    _count_down(s, f, left)
    s.stack.append((Pay.key, seat, A.INDEX_OF[a.id], 1))


def _count_down(s: ScytheState, f: Frame, left: int) -> None:
    """One token of ``f`` done: ``left`` is the last field of every frame counted here
    (``Discard``, ``PayAny``, ``CardPlace``, ``CardAny``)."""
    if left > 1:
        s.stack[-1] = (*f[:-1], left - 1)
    else:
        s.stack.pop()


# ---------------------------------------------------------------------- gaining
def push_gains(
    s: ScytheState,
    seat: int,
    gains: tuple[Effect, ...],
    source: int,
    card: int,
    row: int,
    path: tuple[int, ...],
    at: int,
) -> None:
    """Push one frame per gain, the first on top. ``path`` locates ``gains`` inside the row
    (the indexes of the enclosing ``choice`` gains and their lists)."""
    stack = s.stack
    for index in range(len(gains) - 1, -1, -1):
        effect = gains[index]
        there = at if getattr(effect, "at", AT_ENCOUNTER) == AT_ENCOUNTER else -1
        if isinstance(effect, Resources):
            if effect.resource == ANY_RESOURCE:
                stack.append((CardAny.key, seat, there, effect.amount))
            elif there >= 0:
                stack.append((CardTake.key, seat, RESOURCES.index(effect.resource),
                              effect.amount, there))
            else:
                stack.append((CardPlace.key, seat, RESOURCES.index(effect.resource),
                              effect.amount))
        elif isinstance(effect, Workers):
            if there >= 0:
                stack.append((CardTake.key, seat, WORKERS, effect.amount, there))
            else:
                stack.append((CardPlace.key, seat, WORKERS, effect.amount))
        elif isinstance(effect, Upgrade):
            stack.append((CardUpgrade.key, seat))
        elif isinstance(effect, Deploy):
            stack.append((CardDeploy.key, seat, there))
        elif isinstance(effect, Build):
            stack.append((CardBuild.key, seat, there))
        elif isinstance(effect, Enlist):
            stack.append((CardEnlist.key, seat))
        elif isinstance(effect, Produce):
            stack.append((frames.Produce.key, seat, effect.territories, 0, 0))
        elif isinstance(effect, Choice):
            stack.append((CardChoice.key, seat, source, card, row, (*path, index), at))
        elif isinstance(effect, Coins | Popularity | Power | CombatCards):
            stack.append((CardTrack.key, seat, _TRACK[effect.kind], effect.amount))
        # a Move gain is the Factory card's bottom row (factory.py), never pushed here


def run_track(s: ScytheState, f: Frame) -> None:
    s.stack.pop()
    _, seat, track, amount = f
    offer_gain(s, seat, track, amount)


def _mat_workers(s: ScytheState, seat: int) -> list[int]:
    base = seat * UNITS_PER_SEAT
    return [p for p in range(base + WORKER, base + UNITS_PER_SEAT) if s.units[p] == OFF_BOARD]


def options_take(s: ScytheState, f: Frame) -> list[Action]:
    seat, what, amount = f[PLAYER], f[CardTake.what], f[CardTake.amount]
    if what == WORKERS:
        amount = min(amount, len(_mat_workers(s, seat)))
    return [A.TAKE[n] for n in range(amount, -1, -1)]


def resolve_take(s: ScytheState, f: Frame, a: Action) -> None:
    _, seat, what, _, there = f
    s.stack.pop()
    count = A.INDEX_OF[a.id]
    if what == WORKERS:
        for piece in _mat_workers(s, seat)[:count]:  # leftmost first
            s.units[piece] = there
    else:
        s.resources[there * N_RESOURCES + what] += count


def options_place(s: ScytheState, f: Frame) -> list[Action]:
    seat, what = f[PLAYER], f[CardPlace.what]
    if what == WORKERS and not _mat_workers(s, seat):
        return []
    places = worker_territories(s, seat)
    if not places:
        return []
    return [*(A.AT[space] for space in bits(places)), A.DONE]


def resolve_place(s: ScytheState, f: Frame, a: Action) -> None:
    _, seat, what, left = f
    if a.kind == "done":
        s.stack.pop()
        return
    there = A.space_of(a)
    if what == WORKERS:
        s.units[_mat_workers(s, seat)[0]] = there
    else:
        s.resources[there * N_RESOURCES + what] += 1
    _count_down(s, f, left)


def options_any(s: ScytheState, f: Frame) -> list[Action]:
    if f[CardAny.territory] < 0 and not worker_territories(s, f[PLAYER]):
        return []
    return [*A.GAIN, A.DONE]


def resolve_any(s: ScytheState, f: Frame, a: Action) -> None:
    _, seat, there, left = f
    if a.kind == "done":
        s.stack.pop()
        return
    resource = A.INDEX_OF[a.id]
    if there >= 0:
        s.resources[there * N_RESOURCES + resource] += 1
        _count_down(s, f, left)
    else:
        s.stack.append((CardAnyAt.key, seat, resource))


def options_any_at(s: ScytheState, f: Frame) -> list[Action]:
    return [A.AT[space] for space in bits(worker_territories(s, f[PLAYER]))]


def resolve_any_at(s: ScytheState, f: Frame, a: Action) -> None:
    s.resources[A.space_of(a) * N_RESOURCES + f[CardAnyAt.resource]] += 1
    s.stack.pop()
    below = s.stack[-1]
    _count_down(s, below, below[CardAny.left])


def options_choice(s: ScytheState, f: Frame) -> list[Action]:
    return [A.CHOOSE[k] for k in range(len(_choice(f).options))]


def resolve_choice(s: ScytheState, f: Frame, a: Action) -> None:
    _, seat, source, card, row, path, at = f
    s.stack.pop()
    k = A.INDEX_OF[a.id]
    push_gains(s, seat, _choice(f).options[k], source, card, row, (*path, k), at)


def _choice(f: Frame) -> Choice:
    gains = card_row(f[CardChoice.source], f[CardChoice.card], f[CardChoice.row]).gain
    path = f[CardChoice.path]
    effect: Effect = gains[path[0]]
    for step in range(1, len(path), 2):
        assert isinstance(effect, Choice)
        effect = effect.options[path[step]][path[step + 1]]
    assert isinstance(effect, Choice)
    return effect


# ---------------------------------------------------------------------- whole or declined
def _or_skip(found: list[Action]) -> list[Action]:
    return [*found, A.SKIP] if found else []


def options_card_upgrade(s: ScytheState, f: Frame) -> list[Action]:
    return _or_skip(upgrade.options_upgrade(s, f))


def options_card_deploy(s: ScytheState, f: Frame) -> list[Action]:
    return _or_skip(deploy.options_deploy(s, f))


def options_card_build(s: ScytheState, f: Frame) -> list[Action]:
    return _or_skip(build.options_build(s, f))


def options_card_enlist(s: ScytheState, f: Frame) -> list[Action]:
    return _or_skip(enlist.options_enlist(s, f))


def resolve_card_upgrade(s: ScytheState, f: Frame, a: Action) -> None:
    if a.kind == "skip":
        s.stack.pop()
    else:
        upgrade.resolve_upgrade(s, f, a)


def resolve_card_deploy(s: ScytheState, f: Frame, a: Action) -> None:
    if a.kind == "skip":
        s.stack.pop()
    else:
        deploy.resolve_deploy(s, f, a)


def resolve_card_build(s: ScytheState, f: Frame, a: Action) -> None:
    if a.kind == "skip":
        s.stack.pop()
    else:
        build.resolve_build(s, f, a)


def resolve_card_enlist(s: ScytheState, f: Frame, a: Action) -> None:
    if a.kind == "skip":
        s.stack.pop()
    else:
        enlist.resolve_enlist(s, f, a)
