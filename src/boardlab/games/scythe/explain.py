"""What an option does for the seat to move, in words (``ScytheState.explain``, the terminal's
``?``, the browser's hover): its costs, its gains and what it enables, read from the mats,
the map and the cards the rules themselves use.

An explanation may speak of the seat's own coins, combat cards, objectives and the Factory
cards it has looked at; of another seat it says only what the table shows (power,
popularity, the number of combat cards, units). It is built only when asked, never while
the options are listed. The first line sums the option up; the lines after give numbers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from boardlab.engine import Action, Frame, IllegalAction
from boardlab.engine.layouts import KEY, PLAYER
from boardlab.games.scythe import actions as A
from boardlab.games.scythe import scoring
from boardlab.games.scythe.abilities_text import seat_ability_texts
from boardlab.games.scythe.board import (
    BIT,
    FACTORY,
    HOME,
    LAKES,
    NAMES,
    NEIGHBOR_MASK,
    NO_PRODUCT,
    PRODUCES_WORKER,
    PRODUCT,
    RIVER_MASK,
    TERRITORIES,
    TUNNELS,
    bits,
)
from boardlab.games.scythe.cards import card_row
from boardlab.games.scythe.combat import VECTOR_OF, slots, strength
from boardlab.games.scythe.content import BOTTOM_ACTIONS, CONTENT, TOP_ACTIONS
from boardlab.games.scythe.control import (
    controlled,
    fighters_mask,
    others_fighters_mask,
    resource_on,
    worker_territories,
)
from boardlab.games.scythe.decks import CardRow
from boardlab.games.scythe.encounters import describe
from boardlab.games.scythe.frames import (
    Bottom,
    Build,
    BuildAt,
    CardAnyAt,
    CardPlace,
    CombatCards,
    CombatFight,
    Combats,
    Deploy,
    DeployAt,
    Gain,
    Top,
    TradeAt,
)
from boardlab.games.scythe.move import Reach, active_abilities, spares_workers
from boardlab.games.scythe.objectives import held, holds
from boardlab.games.scythe.tables import (
    ARMORY,
    BOLSTER,
    BOLSTER_CARDS,
    BOLSTER_COST,
    BOLSTER_POWER,
    BOX_BOLSTER_CARDS,
    BOX_BOLSTER_POWER,
    BOX_GAIN_COINS,
    BOX_MOVE_UNITS,
    BOX_PRODUCE,
    BOX_TRADE_POPULARITY,
    BUILD,
    CHARACTER,
    COIN_BONUS,
    COMBAT_VALUES,
    COST_MIN,
    COST_START,
    DEPLOY,
    DIAL_MAX,
    ENLIST_BONUS,
    FACTION_ABILITY,
    GAIN_COINS,
    MECH,
    MECH_ABILITY,
    MILL,
    MONUMENT,
    MOVE,
    MOVE_UNITS,
    N_MECHS,
    N_SECTIONS,
    N_STRUCTURES,
    N_UPGRADES,
    N_VALUES,
    N_WORKERS,
    OBJECTIVES_HELD,
    OFF_BOARD,
    POPULARITY_MAX,
    POWER_MAX,
    PRODUCE_TERRITORIES,
    RECRUIT_BONUS,
    SECTION_OF_TOP,
    STARS_TO_END,
    TOP_UPGRADE_BOXES,
    TRADE,
    TRADE_COST,
    TRADE_POPULARITY,
    TRADE_RESOURCES,
    UNITS_PER_SEAT,
    UPGRADE,
    UPGRADE_SLOTS,
    WORKER,
)
from boardlab.games.scythe.tracks import coercion_ready
from boardlab.games.scythe.trade_produce import produce_cost, workers_off_mat
from boardlab.games.scythe.turn import bottom_cost, neighbours
from boardlab.games.scythe.upgrade import free_bottom_boxes
from boardlab.games.scythe.vocabulary import RESOURCES, STRUCTURES, TRACKS, Choice, Effect

if TYPE_CHECKING:
    from boardlab.games.scythe.state import ScytheState

#: How each track reads in a sentence.
TRACK_WORDS = ("coins", "popularity", "power", "combat cards")
#: What each structure adds to its top action, in words.
STRUCTURE_TEXT = {
    "mine": "its territory becomes a tunnel for your units only: they may move between it "
    "and every tunnel territory",
    "mill": "when you Produce on its territory it makes one more, like an extra worker",
    "armory": "every Trade you take also gives you 1 power",
    "monument": "every Bolster you take also gives you 1 popularity",
}


def explain(s: ScytheState, action: Action | str) -> str:
    """What ``action`` (an option of the pending decision, or its id) does for the seat to
    move; ``IllegalAction`` when it is not an option now."""
    decision = s.decision
    if decision is None:
        raise IllegalAction("the scythe game is over: there is no option to explain")
    text = action.strip() if isinstance(action, str) else action.id
    chosen = next((o for o in decision.options if o.id == text), None)
    if chosen is None:
        raise IllegalAction(
            f"{text!r} is not an option of the pending decision {decision.kind!r} of "
            f"P{decision.player + 1}; options: " + ", ".join(o.id for o in decision.options)
        )
    frame = s.stack[-1]
    seat = frame[PLAYER]
    if chosen.kind == "objective":
        lines = _objective(s, seat, A.INDEX_OF[chosen.id])
    else:
        lines = _BY_FRAME[frame[KEY]](s, frame, chosen)
    return "\n".join(lines)


# ---------------------------------------------------------------------- shared phrases
def _change(name: str, before: int, after: int) -> str:
    return f"{name} {before} -> {after}"


def _track_now(s: ScytheState, seat: int, track: int) -> int:
    if track == 0:
        return s.coins[seat]
    if track == 1:
        return s.popularity[seat]
    if track == 2:
        return s.power[seat]
    return s.hand_size(seat)


def _track_gain(s: ScytheState, seat: int, track: int, amount: int) -> str:
    """``power 3 -> 5`` for a gain (the tracks stop at their top)."""
    now = _track_now(s, seat, track)
    top = {1: POPULARITY_MAX, 2: POWER_MAX}.get(track)
    after = now + amount if top is None else min(top, now + amount)
    if track == 3:
        return f"draw {amount} combat card(s) ({_change('hand', now, after)} cards)"
    return _change(TRACK_WORDS[track], now, after)


def _plural(count: int, noun: str) -> str:
    if count == 1:
        return f"{count} {noun}"
    return f"{count} {noun[:-1]}ies" if noun.endswith("y") else f"{count} {noun}s"


def _seat(s: ScytheState, seat: int, viewer: int) -> str:
    return "you" if seat == viewer else f"P{seat + 1}"


def _units_at(s: ScytheState, space: int, viewer: int) -> list[str]:
    """Who stands on ``space``: ``your character``, ``P2's 2 mechs, 1 worker``."""
    found = []
    for seat in range(s.players):
        base = seat * UNITS_PER_SEAT
        row = s.units[base : base + UNITS_PER_SEAT]
        parts = []
        if row[CHARACTER] == space:
            parts.append("character")
        mechs = row[MECH:WORKER].count(space)
        if mechs:
            parts.append(_plural(mechs, "mech"))
        workers = row[WORKER:].count(space)
        if workers:
            parts.append(_plural(workers, "worker"))
        if parts:
            whose = "your" if seat == viewer else f"P{seat + 1}'s"
            found.append(f"{whose} {', '.join(parts)}")
    return found


def _space(s: ScytheState, space: int, viewer: int) -> str:
    """A space and what lies there now, as a person reads it on the map."""
    notes = []
    if BIT[space] & TUNNELS:
        notes.append("tunnel")
    if BIT[space] & s.encounter_tokens:
        notes.append("encounter token")
    product = PRODUCT[space]
    if product == PRODUCES_WORKER:
        notes.append("produces workers")
    elif product != NO_PRODUCT:
        notes.append(f"produces {RESOURCES[product]}")
    if BIT[space] & LAKES:
        notes.append("a lake: nothing is produced or built there")
    for seat in range(s.players):
        for k, structure in enumerate(STRUCTURES):
            if s.structures[seat * N_STRUCTURES + k] == space:
                whose = "your" if seat == viewer else f"P{seat + 1}'s"
                notes.append(f"{whose} {structure.capitalize()}")
    row = space * len(RESOURCES)
    lying = [f"{s.resources[row + r]} {name}" for r, name in enumerate(RESOURCES)
             if s.resources[row + r]]
    if lying:
        notes.append("holds " + ", ".join(lying))
    units = _units_at(s, space, viewer)
    notes.append("; ".join(units) if units else "no units")
    return f"{NAMES[space]} ({'; '.join(notes)})"


def _held(s: ScytheState, seat: int, resource: int) -> int:
    return resource_on(s, controlled(s, seat), resource)


def _hand(s: ScytheState, seat: int) -> list[int]:
    row = seat * N_VALUES
    return [COMBAT_VALUES[v] for v in reversed(range(N_VALUES)) for _ in range(s.hand[row + v])]


def _hand_text(s: ScytheState, seat: int) -> str:
    return " ".join(map(str, _hand(s, seat))) or "none"


def _star(goal: str, after: int, limit: int) -> str:
    if after >= limit:
        return f" (reaching {limit} places your {goal} star)"
    return f" ({limit} place a star)"


def _effects(effects: tuple[Effect, ...]) -> str:
    return ", ".join(describe(e) for e in effects) or "nothing"


def _row(s: ScytheState, seat: int, row: CardRow) -> list[str]:
    """A card row: what it costs and gives, with the seat's tracks after it."""
    lines = [f"It costs {_effects(row.cost)} and gives {_effects(row.gain)}."]
    changes = []
    for effect in (*row.cost, *row.gain):
        kind = effect.kind
        if kind in TRACKS and not isinstance(effect, Choice):
            sign = -1 if effect in row.cost else 1
            track = TRACKS.index(kind)
            now = _track_now(s, seat, track)
            amount = getattr(effect, "amount", 0)
            changes.append(_change(TRACK_WORDS[track], now, now + sign * amount))
    if changes:
        lines.append("Then: " + "; ".join(changes) + ".")
    if row.text:
        lines.append(f"Card: {row.text}")
    return lines


# ---------------------------------------------------------------------- the turn
def _top_summary(s: ScytheState, seat: int, top: int) -> str:
    upgrades = s.top_upgrades[seat]
    coins = s.coins[seat]
    built = [k for k in range(N_STRUCTURES) if s.structures[seat * N_STRUCTURES + k] != OFF_BOARD]
    if top == MOVE:
        units = MOVE_UNITS[bool(upgrades >> BOX_MOVE_UNITS & 1)]
        gain = GAIN_COINS[bool(upgrades >> BOX_GAIN_COINS & 1)]
        speed = " (two with Speed)" if "speed" in active_abilities(s, seat) else ""
        return (f"Top: Move up to {units} units one territory each{speed}, or Gain {gain} "
                f"coin(s) ({_change('coins', coins, coins + gain)}).")
    if top == TRADE:
        pop = TRADE_POPULARITY[bool(upgrades >> BOX_TRADE_POPULARITY & 1)]
        armory = " Your Armory adds 1 power." if ARMORY in built else ""
        text = (f"Top: pay {TRADE_COST} coin for {TRADE_RESOURCES} resources of your choice on "
                f"territories with your workers, or for {pop} popularity "
                f"({_change('popularity', s.popularity[seat], s.popularity[seat] + pop)}).{armory}")
        return text + ("" if coins >= TRADE_COST else " You have no coin: you cannot Trade.")
    if top == BOLSTER:
        power = BOLSTER_POWER[bool(upgrades >> BOX_BOLSTER_POWER & 1)]
        cards = BOLSTER_CARDS[bool(upgrades >> BOX_BOLSTER_CARDS & 1)]
        monument = " Your Monument adds 1 popularity." if MONUMENT in built else ""
        text = (f"Top: pay {BOLSTER_COST} coin for {power} power "
                f"({_change('power', s.power[seat], min(POWER_MAX, s.power[seat] + power))}) or "
                f"{cards} combat card(s).{monument}")
        return text + ("" if coins >= BOLSTER_COST else " You have no coin: you cannot Bolster.")
    return _produce_summary(s, seat)


def _produce_summary(s: ScytheState, seat: int) -> str:
    territories = PRODUCE_TERRITORIES[bool(s.top_upgrades[seat] >> BOX_PRODUCE & 1)]
    power, popularity, coins = produce_cost(s, seat)
    costs = [f"{n} {name}" for n, name in ((power, "power"), (popularity, "popularity"),
                                            (coins, "coin")) if n]
    cost = ", ".join(costs) or "nothing"
    places = _produce_places(s, seat)
    where = "; ".join(places) or "none of your territories can produce"
    return (f"Top: Produce on up to {territories} territories with your workers, for "
            f"{cost} ({workers_off_mat(s, seat)} workers off your mat). Each worker makes one "
            f"of its territory's product: {where}.")


def _produce_places(s: ScytheState, seat: int) -> list[str]:
    base = seat * UNITS_PER_SEAT
    workers = s.units[base + WORKER : base + UNITS_PER_SEAT]
    mill = s.structures[seat * N_STRUCTURES + MILL]
    owned = controlled(s, seat)
    found = []
    for space in bits(owned):
        count = workers.count(space) + (space == mill)
        product = PRODUCT[space]
        if count and product != NO_PRODUCT:
            what = "worker" if product == PRODUCES_WORKER else RESOURCES[product]
            found.append(f"{NAMES[space]} {count} {what}")
    return found


def _bottom_summary(s: ScytheState, seat: int, action: int) -> list[str]:
    mat = s.mat[seat]
    cost = bottom_cost(s, seat, action)
    pays = CONTENT.mat_rules.bottom_actions[action].pays
    resource = RESOURCES.index(pays)
    have = _held(s, seat, resource)
    coerce = " (+1 with Coercion)" if coercion_ready(s, seat) else ""
    ready = "you can pay it" if have + coercion_ready(s, seat) >= cost else "you cannot pay it now"
    lines = [
        f"Bottom: {BOTTOM_ACTIONS[action].capitalize()} for {cost} {pays} (printed "
        f"{COST_START[mat][action]}, at least {COST_MIN[mat][action]}); you have {have} {pays} "
        f"on your territories{coerce}: {ready}. " + _bottom_effect(s, seat, action),
    ]
    lines.append(_bottom_bonuses(s, seat, action))
    return lines


def _bottom_bonuses(s: ScytheState, seat: int, action: int) -> str:
    coins = COIN_BONUS[s.mat[seat]][action]
    track, amount = RECRUIT_BONUS[action]
    bit = 1 << action
    parts = [f"taking it gives you {_plural(coins, 'coin')}" if coins else "no coin bonus"]
    for other in neighbours(s, seat):
        if s.recruits[other] & bit:
            who = "you" if other == seat else f"P{other + 1} (recruit)"
            parts.append(f"{who} +{amount} {TRACK_WORDS[track]}")
    if not s.recruits[seat] & bit:
        parts.append(f"enlisting its recruit would add +{amount} {TRACK_WORDS[track]} for you")
    return "Bonuses: " + "; ".join(parts) + "."


def _bottom_effect(s: ScytheState, seat: int, action: int) -> str:
    if action == UPGRADE:
        left = N_UPGRADES - s.top_upgrades[seat].bit_count()
        boxes = len(free_bottom_boxes(s, seat))
        return (f"It moves a cube from a top-row box ({left} left) to a bottom action "
                f"({boxes} with room), making that top action stronger and that bottom action "
                "1 cheaper.")
    if action == DEPLOY:
        waiting = [name for k, name in enumerate(MECH_ABILITY[s.faction[seat]])
                   if s.units[seat * UNITS_PER_SEAT + MECH + k] == OFF_BOARD]
        return ("It puts a mech on a territory with your worker, unlocking its ability "
                f"(still on your mat: {', '.join(waiting) or 'none'}).")
    if action == BUILD:
        waiting = [name for k, name in enumerate(STRUCTURES)
                   if s.structures[seat * N_STRUCTURES + k] == OFF_BOARD]
        return ("It builds a structure on a territory with your worker "
                f"(still on your mat: {', '.join(waiting) or 'none'}).")
    waiting = [BOTTOM_ACTIONS[b] for b in range(N_SECTIONS) if not s.recruits[seat] >> b & 1]
    return ("It enlists a recruit: a one-time bonus now and an ongoing bonus "
            f"(recruits left: {', '.join(waiting) or 'none'}).")


def _turn(s: ScytheState, f: Frame, a: Action) -> list[str]:
    seat = f[PLAYER]
    if a.id == A.SECTION_FACTORY.id:
        return _factory_section(s, seat)
    top = A.SECTION_TOP_OF[a.id]
    mat = s.mat[seat]
    section = SECTION_OF_TOP[mat][top]
    lines = [
        f"Section {section + 1} of your {CONTENT.mats[mat].name} mat: the "
        f"{TOP_ACTIONS[top].capitalize()} top action, then the "
        f"{BOTTOM_ACTIONS[section].capitalize()} bottom action (either may be skipped).",
        _top_summary(s, seat, top),
        *_bottom_summary(s, seat, section),
    ]
    if section == s.last_section[seat]:
        lines.append("You used this section last turn: Relentless lets Rusviet take it again.")
    return lines


def _factory_section(s: ScytheState, seat: int) -> list[str]:
    card = CONTENT.factory_cards[s.factory_card[seat]]
    return [
        f"Use Factory card {card.number} ({card.name}) as your section this turn: its top "
        "row, then its Move; no coin or recruit bonus.",
        *_row(s, seat, card.top),
        _factory_move(s),
    ]


def _factory_move(s: ScytheState) -> str:
    distance = int(s.options.get("factory_card_move_distance", 3))
    return (f"Bottom row: move one unit up to {distance} territories (one more for a character "
            "or mech with Speed).")


def _top(s: ScytheState, f: Frame, a: Action) -> list[str]:
    seat = f[PLAYER]
    upgrades = s.top_upgrades[seat]
    coins = s.coins[seat]
    kind = a.kind
    if kind == "skip":
        section = f[Top.section]
        return [f"Take no top action; the {BOTTOM_ACTIONS[section].capitalize()} bottom "
                "action comes next.", *_bottom_summary(s, seat, section)]
    if kind == "move":
        units = MOVE_UNITS[bool(upgrades >> BOX_MOVE_UNITS & 1)]
        reach = Reach(s, seat)
        base = seat * UNITS_PER_SEAT
        ready = sum(1 for p in range(UNITS_PER_SEAT)
                    if s.units[base + p] >= 0 and reach.steps(p, s.units[base + p]))
        speed = " (two for a character or mech: Speed)" if "speed" in reach.abilities else ""
        return [f"Move up to {units} of your units one territory each{speed}; {ready} of "
                "your units can move now.",
                "Moving a character or mech onto enemy units starts a combat after the Move; "
                "a character ending on an encounter token meets it."]
    if kind == "gain":
        gain = GAIN_COINS[bool(upgrades >> BOX_GAIN_COINS & 1)]
        return [f"Gain {gain} coin(s) instead of moving: {_change('coins', coins, coins + gain)}."]
    armory = s.structures[seat * N_STRUCTURES + ARMORY] != OFF_BOARD
    monument = s.structures[seat * N_STRUCTURES + MONUMENT] != OFF_BOARD
    if kind == "trade" and a.args[0] == "resources":
        places = ", ".join(NAMES[x] for x in bits(worker_territories(s, seat)))
        return [f"Pay {TRADE_COST} coin ({_change('coins', coins, coins - TRADE_COST)}) for "
                f"{TRADE_RESOURCES} resources of your choice, put on territories with your "
                f"workers: {places}." + (" Your Armory adds 1 power." if armory else "")]
    if kind == "trade":
        pop = TRADE_POPULARITY[bool(upgrades >> BOX_TRADE_POPULARITY & 1)]
        return [f"Pay {TRADE_COST} coin ({_change('coins', coins, coins - TRADE_COST)}) for "
                f"{pop} popularity ({_track_gain(s, seat, 1, pop)})."
                + (" Your Armory adds 1 power." if armory else "")]
    if kind == "bolster":
        extra = " Your Monument adds 1 popularity." if monument else ""
        if a.args[0] == "cards":
            cards = BOLSTER_CARDS[bool(upgrades >> BOX_BOLSTER_CARDS & 1)]
            got = _track_gain(s, seat, 3, cards)
        else:
            power = BOLSTER_POWER[bool(upgrades >> BOX_BOLSTER_POWER & 1)]
            got = _track_gain(s, seat, 2, power)
        return [f"Pay {BOLSTER_COST} coin ({_change('coins', coins, coins - BOLSTER_COST)}) and "
                f"{got}.{extra}"]
    return [_produce_summary(s, seat).removeprefix("Top: ")]


def _bottom(s: ScytheState, f: Frame, a: Action) -> list[str]:
    seat, action = f[PLAYER], f[Bottom.section]
    if a.kind == "skip":
        return [f"Leave the {BOTTOM_ACTIONS[action].capitalize()} bottom action: you pay "
                "nothing and get no coin or recruit bonus; your turn then ends."]
    return _bottom_summary(s, seat, action)


# ---------------------------------------------------------------------- paying
def _pay(s: ScytheState, f: Frame, a: Action) -> list[str]:
    _, seat, resource, left = f
    name = RESOURCES[resource]
    more = f" {left - 1} more {name} to pay after this." if left > 1 else " That pays it all."
    if a.kind == "card":
        value = a.args[0]
        return [f"Pay a combat card of value {value} instead of 1 {name} (Coercion, once this "
                f"turn); your hand {_hand_text(s, seat)} loses it.{more}"]
    space = A.space_of(a)
    there = s.resources[space * len(RESOURCES) + resource]
    return [f"Take 1 {name} off {NAMES[space]} ({_change(name, there, there - 1)} there; "
            f"{_held(s, seat, resource)} {name} on all your territories).{more}"]


def _discard(s: ScytheState, f: Frame, a: Action) -> list[str]:
    _, seat, left = f
    more = f" {left - 1} more to discard." if left > 1 else ""
    return [f"Discard a combat card of value {a.args[0]} from your hand ({_hand_text(s, seat)})"
            f" to pay the card's cost.{more}"]


def _pay_any(s: ScytheState, f: Frame, a: Action) -> list[str]:
    _, seat, left = f
    r = A.INDEX_OF[a.id]
    more = f" {left - 1} more resource(s) to pay after it." if left > 1 else ""
    return [f"Pay the next resource with {RESOURCES[r]}: you have {_held(s, seat, r)} on your "
            f"territories.{more}"]


# ---------------------------------------------------------------------- moving
def _move(s: ScytheState, f: Frame, a: Action) -> list[str]:
    _, seat, units_left, moved, _, steps, speed_adds, _ = f
    if a.kind == "done":
        return _move_done(s, seat, moved)
    here = A.space_of(a)
    piece = {"character": CHARACTER, "mech": MECH, "worker": WORKER}[a.kind]
    reach = Reach(s, seat)
    targets = reach.steps(piece, here)
    steps += speed_adds if piece < WORKER and "speed" in reach.abilities else 0
    names = ", ".join(NAMES[t] for t in bits(targets))
    lines = [f"Move your {a.kind} from {_space(s, here, seat)}, up to {_plural(steps, 'step')}; "
             f"{units_left - 1} more unit(s) may move after it.",
             f"First step: {names}."]
    if a.kind == "mech":
        lines.append("A mech may carry your workers and any resources along.")
    elif a.kind == "character":
        lines.append("The character carries resources (not workers); it meets an encounter "
                     "and takes a Factory card where it stops.")
    else:
        lines.append("A worker never enters enemy units; it carries resources along.")
    return lines


def _move_done(s: ScytheState, seat: int, moved: int) -> list[str]:
    lines = [f"End the Move ({_plural(moved.bit_count(), 'unit')} moved)."]
    fights = fighters_mask(s, seat) & others_fighters_mask(s, seat) & TERRITORIES
    contested = [NAMES[space] for space in bits(fights)]
    if contested:
        lines.append(f"Then the combats on {', '.join(contested)}.")
    character = s.units[seat * UNITS_PER_SEAT + CHARACTER]
    if moved & 1 and character >= 0 and BIT[character] & s.encounter_tokens:
        lines.append(f"Your character meets the encounter on {NAMES[character]}.")
    if character == FACTORY and s.factory_card[seat] < 0 and s.factory_offer:
        lines.append("Your character on the Factory takes a Factory card.")
    if len(lines) == 1:
        lines.append("No combat, encounter or Factory card follows.")
    return lines


def _path(s: ScytheState, f: Frame, a: Action) -> list[str]:
    _, seat, piece, left, _, loads, loaded, _ = f
    here = s.units[seat * UNITS_PER_SEAT + piece]
    kind = "character" if piece == CHARACTER else ("mech" if piece < WORKER else "worker")
    if a.kind == "load":
        name = str(a.args[0])
        if name in ("worker", "moved_worker"):
            base = seat * UNITS_PER_SEAT
            there = s.units[base + WORKER : base + UNITS_PER_SEAT].count(here)
            already = " (one that already moved on its own)" if name == "moved_worker" else ""
            return [f"Your mech takes one of your {there} worker(s) on {NAMES[here]} along"
                    f"{already}; {_plural(loaded.bit_count(), 'worker')} loaded so far. It is "
                    "set down where the mech stops."]
        r = RESOURCES.index(name)
        lying = s.resources[here * len(RESOURCES) + r]
        return [f"Your {kind} takes one {name} along from {NAMES[here]} ({lying} there, "
                f"{loads[r]} taken already); it is set down where the unit stops."]
    if a.kind == "stop":
        return [f"Stop your {kind} on {_space(s, here, seat)}, "
                f"{_plural(left, 'step')} unused; what it carries is set down there."]
    return _step(s, seat, piece, kind, here, A.space_of(a), left, loads, loaded)


def _step(s: ScytheState, seat: int, piece: int, kind: str, here: int, there: int,
          left: int, loads: tuple[int, ...], loaded: int) -> list[str]:
    lines = [f"Move your {kind} to {_space(s, there, seat)}."]
    how = _route(s, seat, piece, here, there)
    if how:
        lines.append(how)
    carried = [f"{n} {RESOURCES[r]}" for r, n in enumerate(loads) if n]
    if loaded:
        carried.append(_plural(loaded.bit_count(), "worker"))
    if carried:
        lines.append(f"It carries {', '.join(carried)}.")
    stops = False
    enemy_fighters = []
    enemy_workers = 0
    for other in range(s.players):
        if other == seat:
            continue
        base = other * UNITS_PER_SEAT
        row = s.units[base : base + UNITS_PER_SEAT]
        if there in row[:WORKER]:
            enemy_fighters.append(other)
        enemy_workers += row[WORKER:].count(there)
    if piece < WORKER and enemy_fighters:
        stops = True
        for other in enemy_fighters:
            lines.append(
                f"It stops: a combat against P{other + 1} follows the Move (P{other + 1} has "
                f"{s.power[other]} power and {s.hand_size(other)} combat card(s); you have "
                f"{s.power[seat]} power and {s.hand_size(seat)})."
            )
    elif piece < WORKER and enemy_workers:
        stops = True
        spared = spares_workers(s, seat, active_abilities(s, seat))
        after = max(0, s.popularity[seat] - enemy_workers)
        cost = "" if spared else (
            f"; you lose {enemy_workers} popularity "
            f"({_change('popularity', s.popularity[seat], after)})"
        )
        lines.append(f"It stops: the {_plural(enemy_workers, 'enemy worker')} there go home{cost}.")
    if piece == CHARACTER and BIT[there] & s.encounter_tokens:
        stops = True
        lines.append("The character stops on the encounter token and meets it after the Move.")
    if piece == CHARACTER and there == FACTORY and s.factory_card[seat] < 0 and s.factory_offer:
        lines.append("Ending the Move here, the character takes one of the Factory cards.")
    if BIT[there] & LAKES:
        lines.append("On a lake, workers and resources must stay aboard: they leave with a "
                     "mech or character.")
    if not stops and left > 1:
        lines.append(f"{_plural(left - 1, 'step')} left after it.")
    elif not stops:
        lines.append("That is its last step.")
    if BIT[there] & TERRITORIES and not enemy_fighters and not enemy_workers:
        lines.append("You control that territory once you are there.")
    return lines


def _route(s: ScytheState, seat: int, piece: int, here: int, there: int) -> str:
    """Which rule lets the step happen when it is not a plain step to a neighbour."""
    if BIT[there] & RIVER_MASK[here]:
        if piece >= WORKER:
            return "It crosses a river (Swim)."
        return "It crosses a river (Riverwalk)."
    if BIT[there] & NEIGHBOR_MASK[here]:
        return ""
    mine = s.structures[seat * N_STRUCTURES]
    tunnels = TUNNELS | BIT[mine]
    if BIT[here] & tunnels and BIT[there] & tunnels:
        return "It goes through the tunnels (one step)."
    abilities = active_abilities(s, seat)
    for ability, note in (("submerge", "from lake to lake (Submerge)"),
                          ("township", "between your villages and the Factory (Township)"),
                          ("underpass", "between your mountains and tunnels (Underpass)"),
                          ("wayfare", "straight to a home base (Wayfare)")):
        if ability in abilities:
            return f"It jumps {note}."
    return ""


def _combats(s: ScytheState, f: Frame, a: Action) -> list[str]:
    seat = f[PLAYER]
    there = A.space_of(a)
    others = [t for t in f[Combats.territories] if t != there]
    later = f" The combats on {', '.join(NAMES[t] for t in others)} come after." if others else ""
    return [f"Fight next on {_space(s, there, seat)}.{later}",
            f"Your power {s.power[seat]}, combat cards {_hand_text(s, seat)}."]


# ---------------------------------------------------------------------- trade, produce
def _trade(s: ScytheState, f: Frame, a: Action) -> list[str]:
    _, seat, left, fixed = f
    if a.kind == "done":
        return [f"Take no more resources: {_plural(left, 'resource')} of Trade's are lost."]
    r = A.INDEX_OF[a.id]
    name = RESOURCES[r]
    places = ", ".join(NAMES[x] for x in bits(worker_territories(s, seat)))
    if fixed >= 0:
        places = NAMES[fixed]
    return [f"Take 1 {name} ({left - 1} more after it), put on a territory of yours with a "
            f"worker: {places}.",
            f"You have {_held(s, seat, r)} {name} on your territories; "
            + _uses(name) + "."]


def _uses(resource: str) -> str:
    for action, pays in enumerate(b.pays for b in CONTENT.mat_rules.bottom_actions):
        if pays == resource:
            return f"{resource} pays for {BOTTOM_ACTIONS[action].capitalize()}"
    return ""


def _at(s: ScytheState, f: Frame, a: Action) -> list[str]:
    """``at r3c3`` of every decision that places something."""
    key, seat = f[KEY], f[PLAYER]
    there = A.space_of(a)
    place = _space(s, there, seat)
    if key == TradeAt.key:
        return [f"Put the {RESOURCES[f[TradeAt.resource]]} on {place}."]
    if key == CardAnyAt.key:
        return [f"Put the {RESOURCES[f[CardAnyAt.resource]]} on {place}."]
    if key == CardPlace.key:
        _, _, what_index, left = f
        what = "worker from your mat" if what_index == len(RESOURCES) else RESOURCES[what_index]
        return [f"Put a {what} on {place}; {left - 1} more to place after it."]
    if key == DeployAt.key:
        ability = MECH_ABILITY[s.faction[seat]][f[DeployAt.slot]]
        text = seat_ability_texts(s, seat)[ability]
        return [f"Deploy the {ability} mech on {place}.", f"It unlocks {text}"]
    structure = f[BuildAt.structure]
    return [f"Build the {STRUCTURES[structure].capitalize()} on {place}.",
            _bonus_tile(s, seat, structure, there)]


def _bonus_tile(s: ScytheState, seat: int, structure: int, there: int) -> str:
    tile = CONTENT.bonus_tiles[s.bonus_tile]
    twin = s.clone()
    assert isinstance(twin, type(s))
    before = scoring.bonus_count(s, seat)
    if there >= 0:
        twin.structures[seat * N_STRUCTURES + structure] = there
        after = scoring.bonus_count(twin, seat)
        return (f"Structure bonus tile '{tile.name}': your count {before} -> {after} "
                f"(worth {tile.coins(before)} -> {tile.coins(after)} coins at the end).")
    return f"Structure bonus tile '{tile.name}': your count is {before} now."


def _produce(s: ScytheState, f: Frame, a: Action) -> list[str]:
    _, seat, left, _, may_mill = f
    if a.kind == "done":
        return [f"Stop producing: {_plural(left, 'territory')} of Produce stay unused."]
    there = A.space_of(a)
    base = seat * UNITS_PER_SEAT
    workers = s.units[base + WORKER : base + UNITS_PER_SEAT].count(there)
    mill = may_mill and s.structures[seat * N_STRUCTURES + MILL] == there
    count = workers + mill
    product = PRODUCT[there]
    if product == PRODUCES_WORKER:
        on_mat = s.units[base + WORKER : base + UNITS_PER_SEAT].count(OFF_BOARD)
        gain = f"{min(count, on_mat)} new worker(s) from your mat ({on_mat} there)"
    else:
        name = RESOURCES[product]
        lying = s.resources[there * len(RESOURCES) + product]
        gain = f"{count} {name} ({_change(name, lying, lying + count)} there)"
    by = f"{_plural(workers, 'worker')}" + (" and your Mill" if mill else "")
    return [f"Produce on {NAMES[there]}: {by} make {gain}; {_plural(left - 1, 'territory')} "
            "more after it."]


# ---------------------------------------------------------------------- bottom-row effects
def _upgrade(s: ScytheState, f: Frame, a: Action) -> list[str]:
    seat = f[PLAYER]
    if a.kind == "skip":
        return ["Decline the free Upgrade: your mat stays as it is."]
    box = A.INDEX_OF[a.id]
    top, c = TOP_UPGRADE_BOXES[box]
    choice = CONTENT.mat_rules.top_actions[top].choices[c]
    done = s.top_upgrades[seat].bit_count()
    rooms = ", ".join(f"{BOTTOM_ACTIONS[b]} {bottom_cost(s, seat, b)} -> "
                      f"{bottom_cost(s, seat, b) - 1}" for b in free_bottom_boxes(s, seat))
    return [f"Uncover the {TOP_ACTIONS[top].capitalize()} box: "
            f"{choice.id.replace('_', ' ')} goes from {choice.base} to {choice.upgraded}.",
            f"The cube then makes one bottom action cheaper ({rooms}). Upgrades "
            f"{done} -> {done + 1}{_star('upgrades', done + 1, N_UPGRADES)}."]


def _upgrade_to(s: ScytheState, f: Frame, a: Action) -> list[str]:
    seat = f[PLAYER]
    b = A.INDEX_OF[a.id]
    cost = bottom_cost(s, seat, b)
    slots_left = UPGRADE_SLOTS[s.mat[seat]][b] - s.bottom_cubes[seat * N_SECTIONS + b] - 1
    pays = CONTENT.mat_rules.bottom_actions[b].pays
    return [f"{BOTTOM_ACTIONS[b].capitalize()} will cost {cost - 1} {pays} instead of {cost} "
            f"({slots_left} more cube(s) fit there)."]


def _deploy(s: ScytheState, f: Frame, a: Action) -> list[str]:
    seat = f[PLAYER]
    if a.kind == "skip":
        return ["Decline the free Deploy: your mechs stay on your faction mat."]
    ability = str(a.args[0])
    deployed = sum(1 for k in range(N_MECHS) if s.units[seat * UNITS_PER_SEAT + MECH + k] >= 0)
    fixed = f[Deploy.territory]  # CardDeploy frames: the same field
    where = NAMES[fixed] if fixed >= 0 else (
        ", ".join(NAMES[x] for x in bits(worker_territories(s, seat))))
    return [f"Deploy the mech unlocking {seat_ability_texts(s, seat)[ability]}",
            f"It may go on: {where}. Mechs deployed {deployed} -> {deployed + 1}"
            f"{_star('mechs', deployed + 1, N_MECHS)}."]


def _build(s: ScytheState, f: Frame, a: Action) -> list[str]:
    seat = f[PLAYER]
    if a.kind == "skip":
        return ["Decline the free Build: your structures stay on your mat."]
    k = A.INDEX_OF[a.id]
    name = STRUCTURES[k]
    built = sum(1 for x in s.structures[seat * N_STRUCTURES : (seat + 1) * N_STRUCTURES]
                if x != OFF_BOARD)
    top = CONTENT.structures[k].top_action
    return [f"Build the {name.capitalize()} (it boosts {top.capitalize()}): "
            f"{STRUCTURE_TEXT[name]}.",
            f"Structures built {built} -> {built + 1}{_star('structures', built + 1, 4)}.",
            _bonus_tile(s, seat, k, f[Build.territory])]  # as CardBuild's


def _enlist(s: ScytheState, f: Frame, a: Action) -> list[str]:
    seat = f[PLAYER]
    if a.kind == "skip":
        return ["Decline the free Enlist: your recruits stay on your mat."]
    b = A.INDEX_OF[a.id]
    track, amount = RECRUIT_BONUS[b]
    others = [f"P{o + 1}" for o in neighbours(s, seat)[1:]]
    count = s.recruits[seat].bit_count()
    free = [f"+{n} {TRACK_WORDS[t]}" for k, (t, n) in enumerate(ENLIST_BONUS)
            if not s.recruit_bonuses[seat] >> k & 1]
    return [f"Enlist the {BOTTOM_ACTIONS[b].capitalize()} recruit: from now on you gain "
            f"+{amount} {TRACK_WORDS[track]} each time you or {' or '.join(others)} take "
            f"{BOTTOM_ACTIONS[b].capitalize()}.",
            f"Then you choose a one-time bonus ({', '.join(free)}). Recruits {count} -> "
            f"{count + 1}{_star('recruits', count + 1, 4)}."]


def _enlist_bonus(s: ScytheState, f: Frame, a: Action) -> list[str]:
    seat = f[PLAYER]
    track, amount = ENLIST_BONUS[A.INDEX_OF[a.id]]
    return [f"Take the one-time bonus now: {_track_gain(s, seat, track, amount)}; the space "
            "is then covered for good."]


# ---------------------------------------------------------------------- combat
def _opponent(s: ScytheState, seat: int) -> int:
    for frame in reversed(s.stack):
        if frame[KEY] == CombatFight.key:
            attacker, defender = frame[PLAYER], frame[CombatFight.defender]
            return int(defender if attacker == seat else attacker)
    raise IllegalAction("no combat is being fought")


def _artillery(s: ScytheState, f: Frame, a: Action) -> list[str]:
    _, seat, other = f
    if a.kind == "skip":
        return [f"Keep your power at {s.power[seat]}; P{other + 1} keeps {s.power[other]}."]
    return [f"Artillery: {_change('your power', s.power[seat], s.power[seat] - 1)}; "
            f"{_change(f'P{other + 1} power', s.power[other], max(0, s.power[other] - 2))}, "
            "so their dial can go less high."]


def _dial(s: ScytheState, f: Frame, a: Action) -> list[str]:
    _, seat, side, territory = f
    dial = int(a.args[0])
    other = _opponent(s, seat)
    mine = slots(s, seat, territory)
    best = sum(_hand(s, seat)[:mine])
    theirs = min(slots(s, other, territory), s.hand_size(other))
    top = min(DIAL_MAX, s.power[other]) + max(COMBAT_VALUES) * theirs
    tie = "you win a tie (attacker)" if side == 0 else "the attacker wins a tie"
    return [f"Set your dial to {dial}: you pay {dial} power at the reveal "
            f"({_change('power', s.power[seat], s.power[seat] - dial)}).",
            f"With your best {_plural(mine, 'card')} (hand {_hand_text(s, seat)}) your total "
            f"can reach {dial + best}. P{other + 1} has {s.power[other]} power and "
            f"{s.hand_size(other)} combat card(s), {theirs} playable here: at most {top}; {tie}."]


def _cards(s: ScytheState, f: Frame, a: Action) -> list[str]:
    seat, dial = f[PLAYER], f[CombatCards.dial]
    vector = VECTOR_OF[a.id]
    power = strength(vector)
    hand = s.hand[seat * N_VALUES : (seat + 1) * N_VALUES]
    kept = [COMBAT_VALUES[v] for v in reversed(range(N_VALUES)) for _ in range(hand[v] - vector[v])]
    other = _opponent(s, seat)
    played = "no card" if not power else f"cards worth {power}"
    return [f"Play {played} with your dial {dial}: your total is {dial + power}.",
            f"Cards played are discarded; your hand keeps {' '.join(map(str, kept)) or 'none'}. "
            f"P{other + 1} has {s.power[other]} power and {s.hand_size(other)} card(s)."]


def _retreat(s: ScytheState, f: Frame, a: Action) -> list[str]:
    _, seat, territory = f
    if a.args[0] == "home":
        home = HOME[s.faction[seat]]
        return [f"Your units on {NAMES[territory]} go back to {NAMES[home]}; the resources "
                "there stay behind for the winner."]
    there = A.space_of(a)
    return [f"Your character and mechs on {NAMES[territory]} retreat onto {NAMES[there]} "
            "(Seaworthy), your workers riding a mech (without one they go home); resources "
            "stay behind."]


# ---------------------------------------------------------------------- cards
def _encounter(s: ScytheState, f: Frame, a: Action) -> list[str]:
    _, seat, territory, card, _, picks = f
    if a.kind == "done":
        return ["Take no second option of this encounter (Meander allows two)."]
    row = CONTENT.encounters[card].options[A.INDEX_OF[a.id]]
    more = " Meander: you may take a second option after it." if picks > 1 else ""
    return [f"Take option {row.label}; what it places goes on {NAMES[territory]}.{more}",
            *_row(s, seat, row)]


def _factory_card(s: ScytheState, f: Frame, a: Action) -> list[str]:
    seat = f[PLAYER]
    card = CONTENT.factory_cards[A.INDEX_OF[a.id]]
    return [f"Keep Factory card {card.number} ({card.name}): from your next turn it is a fifth "
            "section you may choose instead of a mat section.",
            *_row(s, seat, card.top),
            _factory_move(s)]


def _factory_top(s: ScytheState, f: Frame, a: Action) -> list[str]:
    seat = f[PLAYER]
    card = CONTENT.factory_cards[s.factory_card[seat]]
    if a.kind == "skip":
        return [f"Skip the top row of Factory card {card.number}; its Move still follows.",
                _factory_move(s)]
    return [f"Take the top row of Factory card {card.number} ({card.name}).",
            *_row(s, seat, card.top)]


def _take(s: ScytheState, f: Frame, a: Action) -> list[str]:
    seat = f[PLAYER]
    n = A.INDEX_OF[a.id]
    if f[KEY] == Gain.key:
        return _gain(s, seat, f[Gain.track], f[Gain.amount], n)
    _, _, what, amount, there = f
    if what == len(RESOURCES):
        base = seat * UNITS_PER_SEAT
        on_mat = s.units[base + WORKER : base + UNITS_PER_SEAT].count(OFF_BOARD)
        board = N_WORKERS - on_mat
        return [f"Put {n} of the {amount} workers offered from your mat on {NAMES[there]} "
                f"(workers on the board {board} -> {board + n}"
                f"{_star('workers', board + n, N_WORKERS)})."]
    name = RESOURCES[what]
    lying = s.resources[there * len(RESOURCES) + what]
    return [f"Take {n} of the {amount} {name} offered, on {NAMES[there]} "
            f"({_change(name, lying, lying + n)} there)."]


def _gain(s: ScytheState, seat: int, track: int, amount: int, n: int) -> list[str]:
    now = _track_now(s, seat, track)
    lines = [f"Take {n} of the {amount} {TRACK_WORDS[track]}: {_track_gain(s, seat, track, n)}."]
    top = {1: POPULARITY_MAX, 2: POWER_MAX}.get(track)
    if top is not None and now + n >= top:
        lines.append(f"Reaching {top} places your {TRACK_WORDS[track]} star.")
    elif top is not None and now + amount >= top:
        lines.append(f"Stopping short of {top} keeps your {TRACK_WORDS[track]} star for later.")
    elif n < amount:
        lines.append("Taking less can keep an objective's upper limit met.")
    return lines


def _place_or_done(s: ScytheState, f: Frame, a: Action) -> list[str]:
    if a.kind == "done":
        _, _, what_index, left = f
        what = "worker(s)" if what_index == len(RESOURCES) else "resource(s)"
        return [f"Place no more: the {left} {what} still to place are lost."]
    return _at(s, f, a)


def _card_any(s: ScytheState, f: Frame, a: Action) -> list[str]:
    _, seat, there, left = f
    if a.kind == "done":
        return [f"Take no more: the {left} resource(s) still offered are lost."]
    r = A.INDEX_OF[a.id]
    where = NAMES[there] if there >= 0 else "a territory of yours with a worker"
    return [f"Take 1 {RESOURCES[r]} on {where} ({left - 1} more after it); you have "
            f"{_held(s, seat, r)} {RESOURCES[r]} on your territories; {_uses(RESOURCES[r])}."]


def _choice(s: ScytheState, f: Frame, a: Action) -> list[str]:
    k = A.INDEX_OF[a.id]
    _, _, source, card, row, path, _ = f
    effect: Effect = card_row(source, card, row).gain[path[0]]
    for step in range(1, len(path), 2):
        assert isinstance(effect, Choice)
        effect = effect.options[path[step]][path[step + 1]]
    assert isinstance(effect, Choice)
    option = effect.options[k]
    return [f"Take choice {k + 1}: {_effects(option)}."]


# ---------------------------------------------------------------------- objectives, the end
def _objective(s: ScytheState, seat: int, card: int) -> list[str]:
    record = CONTENT.objectives[card]
    stars = s.stars(seat)
    saxony = FACTION_ABILITY[s.faction[seat]] == "dominate"
    other = [c for c in held(s, seat) if c != card]
    rest = ""
    if other:
        rest = (" You keep your other objective (Dominate)." if saxony
                else " Your other objective goes back under the deck.")
    ends = " Your sixth star ends the game." if stars + 1 >= STARS_TO_END else ""
    met = "holds now" if holds(s, seat, card) else "does not hold now"
    return [f"Reveal objective {record.number} ({record.name}): {record.text}",
            f"Its condition {met}: you place a star (stars {stars} -> {stars + 1}).{rest}{ends}"]


def _turn_end(s: ScytheState, f: Frame, a: Action) -> list[str]:
    seat = f[PLAYER]
    cards = held(s, seat)
    notes = [f"{CONTENT.objectives[c].number} {CONTENT.objectives[c].name} "
             f"({'met' if holds(s, seat, c) else 'not met'})" for c in cards]
    order = s.order
    following = order[(order.index(seat) + 1) % len(order)]
    kept = "; ".join(notes) or "none"
    return [f"End your turn without revealing; P{following + 1} plays next.",
            f"Your objectives ({OBJECTIVES_HELD} at most): {kept}."]


def _before_combats(s: ScytheState, f: Frame, a: Action) -> list[str]:
    seat = f[PLAYER]
    frame = next(x for x in reversed(s.stack) if x[KEY] == Combats.key)
    places = ", ".join(NAMES[t] for t in frame[Combats.territories])
    return [f"Reveal nothing now and go on to the combats on {places}.",
            f"Your power {s.power[seat]}, combat cards {_hand_text(s, seat)}."]


Explainer = Callable[["ScytheState", Frame, Action], list[str]]

_BY_FRAME: dict[str, Explainer] = {
    "turn": _turn,
    "top": _top,
    "bottom": _bottom,
    "pay": _pay,
    "move": _move,
    "path": _path,
    "combats": _combats,
    "trade": _trade,
    "trade_at": _at,
    "produce": _produce,
    "upgrade": _upgrade,
    "card_upgrade": _upgrade,
    "upgrade_to": _upgrade_to,
    "deploy": _deploy,
    "card_deploy": _deploy,
    "deploy_at": _at,
    "build": _build,
    "card_build": _build,
    "build_at": _at,
    "enlist": _enlist,
    "card_enlist": _enlist,
    "enlist_bonus": _enlist_bonus,
    "artillery": _artillery,
    "combat_dial": _dial,
    "combat_cards": _cards,
    "retreat": _retreat,
    "encounter_option": _encounter,
    "factory_card": _factory_card,
    "factory_top": _factory_top,
    "discard": _discard,
    "pay_any": _pay_any,
    "card_take": _take,
    "gain": _take,
    "card_place": _place_or_done,
    "card_any": _card_any,
    "card_any_at": _at,
    "card_choice": _choice,
    "turn_end": _turn_end,
    "before_combats": _before_combats,
}
