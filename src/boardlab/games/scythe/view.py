"""A first view body, text rendering and re-dealing of hidden cards (a fuller view, its
JSON Schema and the terminal map come later, see README.md).

Hidden from other seats (S-4.9, S-17, S-9.2): coins (shown to all once the game is over),
the values of combat cards in hand (their number is public), objective cards, every deck's
order and the Factory cards still on offer (only their number is shown).
"""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING, Any

from boardlab.engine import Rng
from boardlab.games.scythe import combat, factory
from boardlab.games.scythe.board import BIT, N_SPACES, NAMES, SPACE_IDS, bits
from boardlab.games.scythe.content import BOTTOM_ACTIONS, CONTENT, STAR_GOALS, TOP_ACTIONS
from boardlab.games.scythe.tables import (
    COMBAT_VALUES,
    FACTORY_SECTION,
    MECH_ABILITY,
    N_RESOURCES,
    N_SECTIONS,
    N_STRUCTURES,
    N_VALUES,
    OBJECTIVES_HELD,
    SECTION_TOP,
    UNITS_PER_SEAT,
    WORKER,
)
from boardlab.games.scythe.vocabulary import RESOURCES, STRUCTURES

if TYPE_CHECKING:
    from boardlab.games.scythe.state import ScytheState


def _where(space: int) -> str | None:
    return None if space < 0 else SPACE_IDS[space]


def _section(s: ScytheState, seat: int) -> str | None:
    last = s.last_section[seat]
    if last < 0:
        return None
    if last == FACTORY_SECTION:
        return "factory"
    return TOP_ACTIONS[SECTION_TOP[s.mat[seat]][last]]


def _player(s: ScytheState, seat: int, viewer: int | None, over: bool) -> dict[str, Any]:
    base = seat * UNITS_PER_SEAT
    units = s.units
    faction = s.faction[seat]
    mine = viewer == seat
    hand_row = s.hand[seat * N_VALUES : (seat + 1) * N_VALUES]
    return {
        "faction": CONTENT.factions[faction].id,
        "mat": CONTENT.mats[s.mat[seat]].id,
        "power": s.power[seat],
        "popularity": s.popularity[seat],
        "coins": s.coins[seat] if mine or over else None,
        "stars": s.stars(seat),
        "star_goals": [g for k, g in enumerate(STAR_GOALS) if s.star_goals[seat] & (1 << k)],
        "combat_stars": s.combat_stars[seat],
        "objective_stars": s.objective_stars[seat],
        "combat_cards": sum(hand_row),
        "hand": [v for k, v in enumerate(COMBAT_VALUES) for _ in range(hand_row[k])]
        if mine
        else None,
        "objectives": [
            CONTENT.objectives[card].number
            for card in s.objectives[seat * OBJECTIVES_HELD : (seat + 1) * OBJECTIVES_HELD]
            if card >= 0
        ]
        if mine
        else None,
        "character": _where(units[base]),
        "mechs": {
            ability: _where(units[base + 1 + k]) for k, ability in enumerate(MECH_ABILITY[faction])
        },
        "workers": [_where(x) for x in units[base + WORKER : base + UNITS_PER_SEAT]],
        "structures": {
            name: _where(s.structures[seat * N_STRUCTURES + k]) for k, name in enumerate(STRUCTURES)
        },
        "upgrades": s.top_upgrades[seat],
        "bottom_cubes": {
            name: s.bottom_cubes[seat * N_SECTIONS + b] for b, name in enumerate(BOTTOM_ACTIONS)
        },
        "recruits": [name for b, name in enumerate(BOTTOM_ACTIONS) if s.recruits[seat] & (1 << b)],
        "last_section": _section(s, seat),
        "factory_card": None
        if s.factory_card[seat] < 0
        else CONTENT.factory_cards[s.factory_card[seat]].number,
    }


def view_body(s: ScytheState, viewer: int | None) -> dict[str, Any]:
    over = s.ended != 0
    resources = {}
    for space in range(N_SPACES):
        row = s.resources[space * N_RESOURCES : (space + 1) * N_RESOURCES]
        if any(row):
            resources[SPACE_IDS[space]] = {
                RESOURCES[r]: row[r] for r in range(N_RESOURCES) if row[r]
            }
    return {
        "turn": s.turn,
        "active": s.active,
        "order": list(s.order),
        "ended": s.ended,
        "bonus_tile": CONTENT.bonus_tiles[s.bonus_tile].id,
        "players": [_player(s, seat, viewer, over) for seat in range(s.players)],
        "resources": resources,
        "encounter_tokens": [SPACE_IDS[x] for x in bits(s.encounter_tokens)],
        "combat_deck": len(s.combat_deck),
        "combat_discard": sum(s.combat_discard),
        "factory_offer": len(s.factory_offer),
    }


def render_text(s: ScytheState, viewer: int | None) -> str:
    over = s.ended != 0
    lines = [f"Scythe, turn {s.turn}" + (" (over)" if over else f", P{s.active + 1} to play")]
    for seat in range(s.players):
        p = _player(s, seat, viewer, over)
        coins = "?" if p["coins"] is None else p["coins"]
        lines.append(
            f"P{seat + 1} {p['faction']:8} {p['mat']:12} power {p['power']:2} "
            f"popularity {p['popularity']:2} coins {coins} stars {p['stars']} "
            f"cards {p['combat_cards']}"
        )
    for space in range(N_SPACES):
        parts = []
        for seat in range(s.players):
            base = seat * UNITS_PER_SEAT
            row = s.units[base : base + UNITS_PER_SEAT]
            c = "C" if row[0] == space else ""
            m = sum(1 for x in row[1:WORKER] if x == space)
            w = sum(1 for x in row[WORKER:] if x == space)
            here = c + (f"M{m}" if m else "") + (f"W{w}" if w else "")
            built = [STRUCTURES[k] for k in range(N_STRUCTURES)
                     if s.structures[seat * N_STRUCTURES + k] == space]
            if here or built:
                parts.append(f"P{seat + 1}:{here}{'+' + built[0] if built else ''}")
        row_r = s.resources[space * N_RESOURCES : (space + 1) * N_RESOURCES]
        if any(row_r):
            parts.append(
                " ".join(f"{RESOURCES[r]}{row_r[r]}" for r in range(N_RESOURCES) if row_r[r])
            )
        if BIT[space] & s.encounter_tokens:
            parts.append("encounter")
        if parts:
            lines.append(f"  {NAMES[space]:22} " + "  ".join(parts))
    return "\n".join(lines)


def resample_hidden(s: ScytheState, viewer: int | None, rng: Random | Rng) -> None:
    """Re-deal what ``viewer`` cannot see: other seats' combat card values (their number
    kept) with the combat deck, other seats' objectives with the objective deck, the order
    of the encounter deck, the Factory cards on offer unless the viewer has looked at them
    (``factory.resample_offer``), and other seats' combat choices not revealed yet
    (``combat.resample_commits``, after the hands). Each pool is sorted before it is
    shuffled, so the re-deal depends only on what the viewer sees.

    Still to refine: cards put back under a deck are known to be there.
    """
    others = [seat for seat in range(s.players) if seat != viewer]
    pool = list(s.combat_deck)
    for seat in others:
        for v in range(N_VALUES):
            pool.extend([COMBAT_VALUES[v]] * s.hand[seat * N_VALUES + v])
    pool.sort()
    rng.shuffle(pool)
    for seat in others:
        count = sum(s.hand[seat * N_VALUES : (seat + 1) * N_VALUES])
        row = [0] * N_VALUES
        for _ in range(count):
            row[COMBAT_VALUES.index(pool.pop())] += 1
        s.hand[seat * N_VALUES : (seat + 1) * N_VALUES] = row
    s.combat_deck = tuple(pool)
    cards = list(s.objective_deck)
    for seat in others:
        row = s.objectives[seat * OBJECTIVES_HELD : (seat + 1) * OBJECTIVES_HELD]
        cards.extend(card for card in row if card >= 0)
    cards.sort()
    rng.shuffle(cards)
    for seat in others:
        for k in range(OBJECTIVES_HELD):
            if s.objectives[seat * OBJECTIVES_HELD + k] >= 0:
                s.objectives[seat * OBJECTIVES_HELD + k] = cards.pop()
    s.objective_deck = tuple(cards)
    encounters = sorted(s.encounter_deck)
    rng.shuffle(encounters)
    s.encounter_deck = tuple(encounters)
    factory.resample_offer(s, viewer, rng)
    combat.resample_commits(s, viewer, rng)
