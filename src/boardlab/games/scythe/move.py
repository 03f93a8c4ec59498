"""Move (S-6.1, S-8): units, steps, carrying, entering enemy territory, movement abilities.

Frames (``frames.py``, where each field is described):

* ``Move``: choose the next unit to move, or ``done``; a unit is chosen once per Move
  (S-8.1), and ``origins`` keeps where each unit's move began and the resources it brought
  on its last step (what S-21.3-3 needs to send it back).
* ``Path``: one unit's steps, each unit finishing its whole path before the next starts
  (S-21.3-1). Whatever a unit brings is set down where it arrives and may be taken along
  again on the next step, so resources and workers are picked up and dropped anywhere on
  the path (S-8.3, S-21.3-6).
* ``MoveEnd``: after the last unit, the combats, the encounter and the Factory card, in
  that order (S-21.3-1).
* ``Combats``: the attacker picks the next combat (S-9.1).
* ``Combat``, ``Encounter``, ``FactoryCard``: the combat, encounter and Factory rules
  (``combat.py``, ``encounters.py``, ``factory.py``); ``return_unfought`` sends a combat's
  ``returns`` back when the game ends first (S-21.3-3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.engine import Action, Frame
from boardlab.engine.layouts import KEY, PLAYER
from boardlab.games.scythe import actions as A
from boardlab.games.scythe.board import (
    BIT,
    FACTORY,
    HOME,
    LAKES,
    LAND,
    MOUNTAIN,
    RIVER_MASK,
    STEP_MASK,
    TERRAIN_MASK,
    TERRITORIES,
    TUNNELS,
    VILLAGE,
    bits,
)
from boardlab.games.scythe.content import FACTION_IDS
from boardlab.games.scythe.control import (
    controlled,
    fighters_mask,
    others_fighters_mask,
    units_mask,
)
from boardlab.games.scythe.frames import (
    BeforeCombats,
    Combat,
    Combats,
    Encounter,
    EncounterCheck,
    FactoryCard,
    FactoryCheck,
    Move,
    MoveEnd,
    Path,
)
from boardlab.games.scythe.tables import (
    BOX_GAIN_COINS,
    CHARACTER,
    COINS,
    FACTION_ABILITY,
    GAIN_COINS,
    MECH,
    MECH_ABILITY,
    MINE,
    N_RESOURCES,
    N_STRUCTURES,
    OFF_BOARD,
    UNITS_PER_SEAT,
    WORKER,
)
from boardlab.games.scythe.tracks import holds_objectives, lose_popularity, offer_gain

if TYPE_CHECKING:
    from boardlab.games.scythe.state import ScytheState

VILLAGES = TERRAIN_MASK[VILLAGE]
MOUNTAINS = TERRAIN_MASK[MOUNTAIN]
CRIMEA_HOME = HOME[FACTION_IDS.index("crimea")]
NO_LOADS = (0, 0, 0, 0)
WORKER_BITS = ((1 << UNITS_PER_SEAT) - 1) & ~((1 << WORKER) - 1)


def active_abilities(s: ScytheState, seat: int) -> tuple[str, ...]:
    """The mech abilities ``seat`` has unlocked: those whose mech is on the board (S-15)."""
    row = MECH_ABILITY[s.faction[seat]]
    base = seat * UNITS_PER_SEAT + MECH
    units = s.units
    return tuple(row[k] for k in range(len(row)) if units[base + k] != OFF_BOARD)


class Reach:
    """Where ``seat``'s units may step right now (S-8.2, S-8.5, S-8.6, S-15), computed once per
    decision: the board around the seat does not change while its options are built."""

    __slots__ = ("_links", "abilities", "blocks", "enemies", "enemy_fighters", "s", "seat",
                 "spare", "tunnels")

    def __init__(self, s: ScytheState, seat: int) -> None:
        self.s = s
        self.seat = seat
        self.abilities = active_abilities(s, seat)
        self.tunnels = TUNNELS | BIT[s.structures[seat * N_STRUCTURES + MINE]]
        self.enemies = 0
        self.enemy_fighters = 0
        for other in range(s.players):
            if other != seat:
                self.enemies |= units_mask(s, other)
                self.enemy_fighters |= units_mask(s, other, 0, WORKER)
        options = s.options
        self.blocks = options.get("loss_below_zero") == "blocks_action"
        self.spare = spares_workers(s, seat, self.abilities)
        self._links: tuple[int, int] | None = None

    def links(self) -> tuple[int, int]:
        """(Township's villages and Factory, Underpass's mountains and tunnels)."""
        if self._links is None:
            owned = controlled(self.s, self.seat)
            self._links = ((owned & VILLAGES) | BIT[FACTORY], (owned & MOUNTAINS) | self.tunnels)
        return self._links

    def fighter(self, here: int, character: bool) -> int:
        """The spaces a character (or a mech) on ``here`` may step to."""
        s = self.s
        abilities = self.abilities
        bit = BIT[here]
        mask = STEP_MASK[here]
        allowed = LAND
        if "riverwalk" in abilities:
            mask |= RIVER_MASK[here] & s.riverwalk[self.seat]
        if bit & self.tunnels:
            mask |= self.tunnels
        if "seaworthy" in abilities:
            allowed |= LAKES
        elif "submerge" in abilities and (
            character or s.options.get("submerge_units") != "character"
        ):
            allowed |= LAKES
            if bit & LAKES:
                mask |= LAKES
        elif "township" in abilities:
            villages = self.links()[0]
            if bit & villages:
                mask |= villages
        elif "underpass" in abilities:
            mountains = self.links()[1]
            if bit & mountains:
                mask |= mountains
        elif "wayfare" in abilities:
            homes = wayfare_homes(s)
            mask |= homes
            allowed |= homes
        mask &= allowed & ~bit
        if self.blocks and not self.spare:
            # a loss that would go below zero blocks the move (option of S-21.2-8)
            popularity = s.popularity[self.seat]
            for space in bits(mask & self.enemies & ~self.enemy_fighters):
                if displaced_count(s, self.seat, space) > popularity:
                    mask &= ~BIT[space]
        return mask

    def worker(self, here: int) -> int:
        """The spaces a worker on ``here`` may step to on its own (S-8.5, S-8.6, Swim)."""
        bit = BIT[here]
        if bit & (LAKES | self.enemy_fighters):
            return 0
        mask = STEP_MASK[here]
        if FACTION_ABILITY[self.s.faction[self.seat]] == "swim":
            mask |= RIVER_MASK[here]
        if bit & self.tunnels:
            mask |= self.tunnels
        return mask & LAND & ~bit & ~self.enemies

    def steps(self, piece: int, here: int) -> int:
        if piece >= WORKER:
            return self.worker(here)
        return self.fighter(here, piece == CHARACTER)


def wayfare_homes(s: ScytheState) -> int:
    """Wayfare's targets: the Crimean home base and those of base factions not in the game,
    never the unused Albion and Togawa slots (S-15.3, S-21.3-8)."""
    mask = BIT[CRIMEA_HOME]
    for f, home in enumerate(HOME):
        if f not in s.faction:
            mask |= BIT[home]
    return mask


def spares_workers(s: ScytheState, seat: int, abilities: tuple[str, ...]) -> bool:
    """Whether moving into a workers-only territory costs ``seat`` no popularity: only with
    Camaraderie and the option extending it (S-15.5, S-21.2-5: not by default)."""
    return "camaraderie" in abilities and bool(
        s.options.get("camaraderie_covers_worker_only_territories")
    )


def displaced_count(s: ScytheState, seat: int, space: int) -> int:
    count = 0
    units = s.units
    for other in range(s.players):
        if other != seat:
            base = other * UNITS_PER_SEAT
            count += units[base + WORKER : base + UNITS_PER_SEAT].count(space)
    return count


def gain_coins(s: ScytheState, seat: int) -> None:
    """Gain, the other half of Move/Gain: 1 coin, 2 upgraded (S-6.1)."""
    offer_gain(s, seat, COINS, GAIN_COINS[bool(s.top_upgrades[seat] & (1 << BOX_GAIN_COINS))])


def start_move(s: ScytheState, seat: int, units: int, steps: int, speed_adds: int) -> None:
    """Push a Move of up to ``units`` units (the top-row Move, or a Factory card's)."""
    s.stack.append((Move.key, seat, units, 0, 0, steps, speed_adds, ()))


# ---------------------------------------------------------------------- choosing a unit
def options_move(s: ScytheState, f: Frame) -> list[Action]:
    _, seat, units_left, moved, carried, _, _, _ = f
    if units_left <= 0:
        return [A.DONE]
    reach = Reach(s, seat)
    base = seat * UNITS_PER_SEAT
    units = s.units
    found: list[Action] = []
    here = units[base]
    if (
        not moved & 1
        and here >= 0
        and reach.fighter(here, True)
        and not _stranded(s, seat, here)
    ):
        found.append(A.UNIT[A.CHARACTER_KIND][here])
    mechs = 0
    for piece in range(MECH, WORKER):
        here = units[base + piece]
        if here >= 0 and not moved & (1 << piece):
            mechs |= BIT[here]
    for here in bits(mechs):
        if reach.fighter(here, False):
            found.append(A.UNIT[A.MECH_KIND][here])
    busy = moved if s.options.get("carried_worker_may_also_move_alone", True) else moved | carried
    workers = 0
    for piece in range(WORKER, UNITS_PER_SEAT):
        here = units[base + piece]
        if here >= 0 and not busy & (1 << piece):
            workers |= BIT[here]
    for here in bits(workers):
        if reach.worker(here):
            found.append(A.UNIT[A.WORKER_KIND][here])
    found.append(A.DONE)
    return found


def resolve_move(s: ScytheState, f: Frame, a: Action) -> None:
    _, seat, units_left, moved, carried, steps, speed_adds, origins = f
    if a.kind == "done":
        s.stack[-1] = (MoveEnd.key, seat, moved, origins)
        return
    here = A.space_of(a)
    base = seat * UNITS_PER_SEAT
    units = s.units
    if a.kind == "character":
        piece = CHARACTER
    else:
        first, stop = (MECH, WORKER) if a.kind == "mech" else (WORKER, UNITS_PER_SEAT)
        busy = moved
        if first == WORKER and not s.options.get("carried_worker_may_also_move_alone", True):
            busy |= carried
        piece = next(
            p for p in range(first, stop) if units[base + p] == here and not busy & (1 << p)
        )
    if all(entry[0] != piece for entry in origins):
        origins = (*origins, (piece, here, 0, 0, 0, 0))
    s.stack[-1] = (Move.key, seat, units_left - 1, moved | (1 << piece), carried, steps,
                   speed_adds, origins)
    total = steps
    if piece < WORKER and "speed" in active_abilities(s, seat):
        total += speed_adds
    s.stack.append((Path.key, seat, piece, total, 0, NO_LOADS, 0, NO_LOADS))


def _stranded(s: ScytheState, seat: int, here: int) -> bool:
    """A character alone on a lake with the seat's workers may not leave: it cannot take
    them along and they may not be left there (S-8.5)."""
    if not BIT[here] & LAKES:
        return False
    base = seat * UNITS_PER_SEAT
    units = s.units
    if here in units[base + MECH : base + WORKER]:
        return False
    return here in units[base + WORKER : base + UNITS_PER_SEAT]


# ---------------------------------------------------------------------- one unit's path
def _lake_cargo_ready(s: ScytheState, f: Frame, here: int) -> bool:
    """Leaving a lake, a mech takes along every worker of the seat there unless another of
    its mechs stays, and a character or mech every resource there unless another of them
    stays: workers and resources ride a mech onto a lake but are never left there (S-8.5)."""
    seat, piece, loads, loaded = f[PLAYER], f[Path.piece], f[Path.loads], f[Path.loaded]
    base = seat * UNITS_PER_SEAT
    units = s.units
    fighter_stays = mech_stays = False
    for p in range(CHARACTER, WORKER):
        if p != piece and units[base + p] == here:
            fighter_stays = True
            mech_stays = mech_stays or p >= MECH
    if not fighter_stays:
        row = here * N_RESOURCES
        if tuple(s.resources[row : row + N_RESOURCES]) != loads:
            return False
    if not mech_stays:
        for p in range(WORKER, UNITS_PER_SEAT):
            if units[base + p] == here and not loaded & (1 << p):
                return False
    return True


def options_path(s: ScytheState, f: Frame) -> list[Action]:
    _, seat, piece, _, taken, loads, loaded, _ = f
    base = seat * UNITS_PER_SEAT
    units = s.units
    here = units[base + piece]
    destinations = Reach(s, seat).steps(piece, here)
    if not destinations:
        return [A.STOP] if taken else []
    found: list[Action] = []
    row = here * N_RESOURCES
    resources = s.resources
    for r in range(N_RESOURCES):
        if resources[row + r] > loads[r]:
            found.append(A.LOAD[r])
    if MECH <= piece < WORKER:
        moved = _move_frame(s)[Move.moved]
        free = already = False
        for p in range(WORKER, UNITS_PER_SEAT):
            if units[base + p] == here and not loaded & (1 << p):
                if moved & (1 << p):
                    already = True
                else:
                    free = True
        if free:
            found.append(A.LOAD_WORKER)
        if already and s.options.get("carried_worker_may_also_move_alone", True):
            found.append(A.LOAD_MOVED_WORKER)
    if not BIT[here] & LAKES or _lake_cargo_ready(s, f, here):
        found.extend(A.TO[space] for space in bits(destinations))
    if taken:
        found.append(A.STOP)
    return found


def _move_frame(s: ScytheState) -> Frame:
    frame = s.stack[-2]
    assert frame[KEY] == Move.key, frame
    return frame


def resolve_path(s: ScytheState, f: Frame, a: Action) -> None:
    kind = a.kind
    if kind == "load":
        _load(s, f, a)
    elif kind == "to":
        _step(s, f, A.space_of(a))
    else:
        _finish(s, f, f[Path.arrived])


def _load(s: ScytheState, f: Frame, a: Action) -> None:
    _, seat, piece, left, taken, loads, loaded, arrived = f
    name = a.args[0]
    if name in ("worker", "moved_worker"):
        base = seat * UNITS_PER_SEAT
        here = s.units[base + piece]
        _, _, units_left, moved, carried, steps, speed_adds, origins = _move_frame(s)
        want = name == "moved_worker"
        worker = next(
            p
            for p in range(WORKER, UNITS_PER_SEAT)
            if s.units[base + p] == here
            and not loaded & (1 << p)
            and bool(moved & (1 << p)) == want
        )
        loaded |= 1 << worker
        if all(entry[0] != worker for entry in origins):
            origins = (*origins, (worker, here, 0, 0, 0, 0))
        s.stack[-2] = (Move.key, seat, units_left, moved, carried | (1 << worker), steps,
                       speed_adds, origins)
    else:
        r = A.INDEX_OF[a.id]
        loads = (*loads[:r], loads[r] + 1, *loads[r + 1 :])
    s.stack[-1] = (Path.key, seat, piece, left, taken, loads, loaded, arrived)


def _step(s: ScytheState, f: Frame, there: int) -> None:
    _, seat, piece, left, taken, loads, loaded, _ = f
    base = seat * UNITS_PER_SEAT
    units = s.units
    here = units[base + piece]
    if loads != NO_LOADS:
        resources = s.resources
        src, dst = here * N_RESOURCES, there * N_RESOURCES
        for r in range(N_RESOURCES):
            resources[src + r] -= loads[r]
            resources[dst + r] += loads[r]
    for worker in bits(loaded):
        units[base + worker] = there
    units[base + piece] = there
    ended = False
    if piece < WORKER:
        ended = _enter(s, seat, there)
        if piece == CHARACTER and BIT[there] & s.encounter_tokens:
            ended = True  # an encounter stops the character (S-8.7)
    if ended or left <= 1:
        _finish(s, f, loads)
    else:
        s.stack[-1] = (Path.key, seat, piece, left - 1, taken + 1, NO_LOADS, 0, loads)


def _enter(s: ScytheState, seat: int, there: int) -> bool:
    """A character or mech arrives on ``there``: whether its movement ends (S-8.6, S-8.8).

    Enemy workers alone there go home at once, leaving their resources, and the mover loses
    1 popularity per worker (S-8.6; Camaraderie only with its option, S-21.2-5)."""
    units = s.units
    enemy = False
    for other in range(s.players):
        if other != seat:
            base = other * UNITS_PER_SEAT
            if there in units[base : base + UNITS_PER_SEAT]:
                enemy = True
                if there in units[base : base + WORKER]:
                    return True
    if not enemy:
        return False
    sent = 0
    for other in range(s.players):
        if other != seat:
            base = other * UNITS_PER_SEAT
            home = HOME[s.faction[other]]
            for p in range(base + WORKER, base + UNITS_PER_SEAT):
                if units[p] == there:
                    units[p] = home
                    sent += 1
    if sent and not spares_workers(s, seat, active_abilities(s, seat)):
        lose_popularity(s, seat, sent)
    return True


def _finish(s: ScytheState, f: Frame, arrived: tuple[int, ...]) -> None:
    """The unit's path is over: record what it brought on its last step (S-21.3-3)."""
    piece = f[Path.piece]
    stack = s.stack
    stack.pop()
    if piece >= WORKER or arrived == NO_LOADS:
        return
    move = stack[-1]
    origins = tuple(
        (entry[0], entry[1], *arrived) if entry[0] == piece else entry
        for entry in move[Move.origins]
    )
    stack[-1] = (*move[: Move.origins], origins)


# ---------------------------------------------------------------------- after the Move
def run_move_end(s: ScytheState, f: Frame) -> None:
    """Combats in the attacker's order, then the encounter, then the Factory (S-21.3-1)."""
    _, seat, moved, origins = f
    stack = s.stack
    stack.pop()
    stack.append((FactoryCheck.key, seat))
    stack.append((EncounterCheck.key, seat, moved & 1))
    contested = fighters_mask(s, seat) & others_fighters_mask(s, seat) & TERRITORIES
    if contested:
        stack.append((Combats.key, seat, tuple(bits(contested)), origins))
        if holds_objectives(s, seat):  # a public fact: the reveal before the fights (S-5)
            stack.append((BeforeCombats.key, seat))


def options_combats(s: ScytheState, f: Frame) -> list[Action]:
    seat = f[PLAYER]
    contested = fighters_mask(s, seat) & others_fighters_mask(s, seat)
    return [A.FIGHT[space] for space in f[Combats.territories] if BIT[space] & contested]


def resolve_combats(s: ScytheState, f: Frame, a: Action) -> None:
    _, seat, territories, origins = f
    there = A.space_of(a)
    s.stack[-1] = (Combats.key, seat, tuple(t for t in territories if t != there), origins)
    units = s.units
    defender = next(
        other
        for other in range(s.players)
        if other != seat
        and there in units[other * UNITS_PER_SEAT : other * UNITS_PER_SEAT + WORKER]
    )
    base = seat * UNITS_PER_SEAT
    returns = tuple(entry for entry in origins if units[base + entry[0]] == there)
    s.stack.append((Combat.key, seat, there, defender, returns))


def run_encounter_check(s: ScytheState, f: Frame) -> None:
    """The character that ended its move on an encounter token has the encounter (S-10)."""
    _, seat, character_moved = f
    s.stack.pop()
    here = s.units[seat * UNITS_PER_SEAT + CHARACTER]
    if character_moved and here >= 0 and BIT[here] & s.encounter_tokens:
        s.stack.append((Encounter.key, seat, here))


def run_factory_check(s: ScytheState, f: Frame) -> None:
    """A character on the Factory after its Move, with no Factory card yet, takes one (S-11)."""
    seat = f[PLAYER]
    s.stack.pop()
    if (
        s.units[seat * UNITS_PER_SEAT + CHARACTER] == FACTORY
        and s.factory_card[seat] < 0
        and s.factory_offer
    ):
        s.stack.append((FactoryCard.key, seat, FACTORY))


def return_unfought(s: ScytheState) -> None:
    """The game ends before every combat of a Move is fought: the attacker's units that moved
    into a territory still contested go back where their move began, with the resources they
    brought on their last step; earlier displacements stand (S-21.3-3, S-8.9)."""
    for frame in reversed(s.stack):
        if frame[KEY] != Combats.key:
            continue
        _, seat, territories, origins = frame
        contested = fighters_mask(s, seat) & others_fighters_mask(s, seat)
        base = seat * UNITS_PER_SEAT
        units = s.units
        resources = s.resources
        for there in territories:
            if not BIT[there] & contested:
                continue
            for piece, origin, *loads in origins:
                if units[base + piece] != there:
                    continue
                units[base + piece] = origin
                for r, amount in enumerate(loads):
                    moved = min(amount, resources[there * N_RESOURCES + r])
                    resources[there * N_RESOURCES + r] -= moved
                    resources[origin * N_RESOURCES + r] += moved
        return
