"""Scythe's observation vector straight from the state: the same numbers as
``observation.ScytheObservationEncoder.encode(state.view(seat), seat)``, without the view.

It reads only what ``view(seat)`` shows: other seats' coins only once the game is over, the
running score of the seat itself only, its own hand, objectives and the Factory offer it
has seen, a combat's dial and cards of the seat itself, decks as sizes. It writes only the
non-zero entries into a zeroed buffer, or (``update``) rewrites only the blocks whose
inputs changed since its previous call. ``observation.py`` stays the definition;
``tests/adapters/test_fast_observation.py`` checks the two agree on random positions and
along whole playouts.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

from boardlab.engine.layouts import KEY, PLAYER
from boardlab.engine.observe import BlockEncoder, Watched, zeros
from boardlab.games.scythe import objectives
from boardlab.games.scythe.board import (
    FACTORY,
    FARM,
    HOME_ADJACENT,
    HOME_DISTANCE,
    LINE_NEXT,
    N_SPACES,
    N_TERRITORIES,
    NEIGHBOR_MASK,
    TERRAIN_MASK,
    TUNDRA,
    TUNNELS,
    bits,
    mask_of,
)
from boardlab.games.scythe.combat import ATTACKER, DEFENDER
from boardlab.games.scythe.content import (
    CONTENT,
    FACTION_IDS,
    STAR_GOALS,
    TOP_ACTIONS,
    BonusTile,
)
from boardlab.games.scythe.control import all_controlled, resources_on
from boardlab.games.scythe.frames import CombatCards, CombatFight, EncounterOption
from boardlab.games.scythe.observation import (
    _ENLIST,
    _KIND,
    _LABEL,
    _LAST,
    _TOP,
    _UPGRADE,
    COIN_SCALE,
    ENCOUNTER_TOKENS,
    HAND_SCALE,
    LAST_SECTIONS,
    MATS,
    MAX_SLOTS,
    N_CARDS,
    N_ENCOUNTERS,
    N_FACTORY,
    N_OBJECTIVES,
    N_WORKERS,
    ONCE_STARS,
    PRODUCE_MAX,
    RESOURCE_SCALE,
    SCORE_SCALE,
    STARS_MAX,
    UPGRADE_BOXES,
    VALUE_COUNTS,
    ScytheObservationEncoder,
)
from boardlab.games.scythe.scoring import _NEAR_TARGET, bonus_count, territories
from boardlab.games.scythe.stars import SIXTH_STAR, TURN_LIMIT
from boardlab.games.scythe.tables import (
    COINS,
    COST_MIN,
    COST_START,
    DIAL_MAX,
    FACTORY_SECTION,
    MECH,
    N_MECHS,
    N_RESOURCES,
    N_SECTIONS,
    N_STRUCTURES,
    N_VALUES,
    OBJECTIVES_HELD,
    ONCE_GOALS,
    POPULARITY,
    POPULARITY_MAX,
    POWER,
    POWER_MAX,
    PRODUCE_COSTS,
    SECTION_TOP,
    TOP_STRUCTURE,
    UNITS_PER_SEAT,
    WORKER,
)
from boardlab.games.scythe.trade_produce import produce_cost
from boardlab.games.scythe.vocabulary import (
    RESOURCES,
    STATS,
    STRUCTURES,
    AllOf,
    AnyOf,
    Around,
    Condition,
    Filter,
    Lead,
    Measure,
    NeighborCount,
    ResourceCount,
    Spread,
    StructureCount,
    TerritoryCount,
    UnitAt,
    UnitCount,
)

if TYPE_CHECKING:
    from boardlab.engine import GameState
    from boardlab.engine.observe import NativeEncoder, Out
    from boardlab.games.scythe.state import ScytheState

_N_FACTIONS = len(FACTION_IDS)
_N_TOPS = len(TOP_ACTIONS)
#: Per section of each mat: the ``sections`` one-hot index of its top action.
_TOP_INDEX = tuple(tuple(_TOP[TOP_ACTIONS[top]] for top in row) for row in SECTION_TOP)
_UPGRADE_INDEX = tuple(_UPGRADE[name] for name in UPGRADE_BOXES)
_ENLIST_INDEX = tuple(_ENLIST[bonus.track] for bonus in CONTENT.mat_rules.enlist_bonuses)
_LAST_INDEX = tuple(tuple(_LAST[TOP_ACTIONS[top]] for top in row) for row in SECTION_TOP)
_FACTORY_LAST = _LAST["factory"]
_ONCE_GOALS = tuple(ONCE_GOALS)
_OBJECTIVE_NUMBER = tuple(card.number for card in CONTENT.objectives)
_FACTORY_NUMBER = tuple(card.number for card in CONTENT.factory_cards)
_ENCOUNTER_NUMBER = tuple(card.number for card in CONTENT.encounters)
_OPTION_INDEX = tuple(
    tuple(_LABEL[row.label] for row in card.options) for card in CONTENT.encounters
)
_ENDED = {SIXTH_STAR: 0, TURN_LIMIT: 1}
_RESOURCE_SLOTS = range(N_SPACES * N_RESOURCES)
_INV_VALUE = tuple(1.0 / count for count in VALUE_COUNTS)
_COST_ROOM = tuple(
    tuple(start - low for start, low in zip(starts, lows, strict=True))
    for starts, lows in zip(COST_START, COST_MIN, strict=True)
)
assert len(ONCE_STARS) == len(_ONCE_GOALS) and all(
    STAR_GOALS[goal] == name for goal, name in zip(_ONCE_GOALS, ONCE_STARS, strict=True)
)
assert len(MATS) == len(CONTENT.mats) and len(LAST_SECTIONS) == _N_TOPS + 1
assert len(STRUCTURES) == N_STRUCTURES


def _score(s: ScytheState, seat: int, owned: int) -> float:
    """``scoring.final_scores(s)[seat]`` from the seat's controlled territories ``owned``."""
    tier = CONTENT.scoring.tier(s.popularity[seat])
    total = (
        s.coins[seat]
        + s.stars(seat) * tier.per_star
        + territories(owned) * tier.per_territory
        + (resources_on(s, owned) // 2) * tier.per_resource_pair
        + CONTENT.bonus_tiles[s.bonus_tile].coins(bonus_count(s, seat))
    )
    return float(total)


def _squash(x: float, scale: float) -> float:
    return x / (x + scale) if x > 0 else 0.0


#: The watched blocks: the controlled territories and the seat's score (kept: derived
#: values), the spaces, then each seat's.
OWNED, SCORE, SPACES, SEATS = range(4)
BLOCKS = SEATS + 5


class FastScytheEncoder(BlockEncoder):
    """``encode_into`` / ``update`` for one player count and turn limit.

    Blocks: the header (decision, scores, turn order...) and the decks, always rewritten;
    the board's spaces and each seat's block, rewritten when what they read changed; the
    seat's own cards, a combat and an encounter, always rewritten.
    """

    blocks = BLOCKS

    __slots__ = ("_at", "_seat_width", "_space_width", "_spans", "_zeros", "players", "size",
                 "turns")

    def __init__(self, encoder: ScytheObservationEncoder) -> None:
        self.players = encoder.players
        self.size = encoder.size
        self.turns = encoder.turns
        fields = encoder.fields()
        self._at = {name: span[0] for name, span in fields.items()}
        self._seat_width = encoder._seat_width
        self._space_width = encoder._space_width
        self._spans = (
            (0, fields["decks"][1]),
            fields["spaces"],
            (fields["you.hand"][0], self.size),
        )
        self._zeros = zeros(self.size)

    def native(self, scale: object, low: object, high: object) -> NativeEncoder | None:
        """The compiled twin of this encoder (``_observe.c``), writing the vector already
        normalised with the observer's float32 ``scale`` (or None) and clipped into ``[low,
        high]``; ``None`` when the extension was not built. Every table it reads comes from
        ``_native_config``."""
        try:
            from boardlab.games.scythe import _observe
        except ImportError:
            return None
        return _observe.Encoder(_native_config(self), scale, low, high)

    def _clear(self, out: Out, block: int) -> None:
        a, b = self._spans[block]
        out[a:b] = self._zeros[a:b]

    def update(
        self, state: GameState, seat: int | None, out: Out, watched: list[Watched]
    ) -> None:
        """Rewrite the blocks of ``out`` whose inputs (kept in ``watched``) changed."""
        s: ScytheState = state  # type: ignore[assignment]
        n = self.players
        me = seat or 0
        at = self._at
        decision = s.decision
        over = decision is None
        memo = watched[OWNED]
        if memo.changed([s.units, s.structures, s.active]):
            memo.kept = all_controlled(s)
        owned: list[int] = memo.kept  # type: ignore[assignment]
        self._clear(out, 0)
        if decision is not None and seat is not None and decision.player == seat:
            out[at["decision.kind"] + _KIND[decision.kind]] = 1
        out[at["to_move"] + (n if decision is None else (decision.player - me) % n)] = 1
        if over:
            out[at["over"]] = 1
            o = at["winners"]
            for p in s.side_winners():
                out[o + (p - me) % n] = 1
            scores: list[float | None] = list(s.side_scores())
        else:
            scores = [None] * n  # only the seat's own running score is known to it
            if seat is not None:
                memo = watched[SCORE]
                if memo.changed([
                    seat, s.coins[seat], s.popularity[seat], s.star_goals[seat],
                    s.combat_stars[seat], s.objective_stars[seat], owned[seat], s.resources,
                    s.bonus_tile, s.structures,
                ]):
                    memo.kept = _score(s, seat, owned[seat])
                scores[seat] = memo.kept  # type: ignore[call-overload]
        o = at["scores"]
        for p in range(n):
            score = scores[p]
            if score is not None:
                b = o + 2 * ((p - me) % n)
                out[b] = _squash(float(score), SCORE_SCALE)
                out[b + 1] = 1
        out[at["progress"]] = min(1.0, s.turn / self.turns)
        out[at["active"] + (s.active - me) % n] = 1
        o = at["order"]
        for position, p in enumerate(s.order):
            out[o + (p - me) % n * n + position] = 1
        ended = _ENDED.get(s.ended)
        if ended is not None:
            out[at["ended"] + ended] = 1
        out[at["bonus_tile"] + s.bonus_tile] = 1
        self._decks(s, out, at["decks"])
        if watched[SPACES].changed([me, s.encounter_tokens, s.units, s.structures, s.resources]):
            self._clear(out, 1)
            self._spaces(s, owned, out, at["spaces"], me)
        seat_at = at["seat0.faction"]
        width = self._seat_width
        for p in range(n):
            where = (p - me) % n
            seen = p == seat or over
            b4, b5 = p * OBJECTIVES_HELD, p * N_SECTIONS
            base, bs = p * UNITS_PER_SEAT, p * N_STRUCTURES
            if watched[SEATS + where].changed([
                s.coins[p] if seen else None, s.faction[p], s.mat[p], s.power[p],
                s.popularity[p], s.hand_size(p),  # sizes only: the cards are secret
                OBJECTIVES_HELD - s.objectives[b4 : b4 + OBJECTIVES_HELD].count(-1),
                s.units[base : base + UNITS_PER_SEAT],
                s.star_goals[p], s.objective_stars[p], s.combat_stars[p],
                s.objectives_revealed[b4 : b4 + OBJECTIVES_HELD], s.top_upgrades[p],
                s.structures[bs : bs + N_STRUCTURES], s.recruits[p],
                s.bottom_cubes[b5 : b5 + N_SECTIONS], s.recruit_bonuses[p], s.last_section[p],
                s.factory_card[p],
            ]):
                b = seat_at + where * width
                out[b : b + width] = self._zeros[b : b + width]
                self._player(s, p, seen, out, b)
        self._clear(out, 2)
        if seat is not None:
            self._own(s, seat, owned, out)
        self._combat(s, seat, out, me)
        self._encounter(s, out, me)

    @staticmethod
    def _decks(s: ScytheState, out: Out, at: int) -> None:
        """The decks' sizes and the combat discard (the range is zeroed before)."""
        out[at] = len(s.combat_deck) / N_CARDS
        out[at + 1] = len(s.objective_deck) / N_OBJECTIVES
        out[at + 2] = len(s.encounter_deck) / N_ENCOUNTERS
        out[at + 3] = s.encounter_tokens.bit_count() / ENCOUNTER_TOKENS
        out[at + 4] = len(s.factory_offer) / N_FACTORY
        for v in range(N_VALUES):
            count = s.combat_discard[v]
            if count:
                out[at + 5 + v] = count / VALUE_COUNTS[v]

    def _spaces(self, s: ScytheState, owned: list[int], out: Out, at: int, me: int) -> None:
        n = self.players
        width = self._space_width
        tokens = s.encounter_tokens
        for space in bits(tokens):
            out[at + space * width] = 1
        for p, mask in enumerate(owned):
            r = (p - me) % n
            for space in bits(mask):
                out[at + space * width + 1 + r] = 1
        for k, space in enumerate(s.structures):
            if space >= 0:
                p, kind = divmod(k, N_STRUCTURES)
                b = at + space * width
                out[b + 1 + n + (p - me) % n] = 1
                out[b + 1 + 2 * n + kind] = 1
        units_at = at + 1 + 2 * n + N_STRUCTURES
        units = s.units
        mechs: dict[int, int] = {}
        workers: dict[int, int] = {}
        for p in range(n):
            base = p * UNITS_PER_SEAT
            r = 3 * ((p - me) % n)
            for piece in range(MECH):
                space = units[base + piece]
                if space >= 0:
                    out[units_at + space * width + r] = 1
            mechs.clear()
            workers.clear()
            for piece in range(MECH, WORKER):
                space = units[base + piece]
                if space >= 0:
                    mechs[space] = mechs.get(space, 0) + 1
            for piece in range(WORKER, UNITS_PER_SEAT):
                space = units[base + piece]
                if space >= 0:
                    workers[space] = workers.get(space, 0) + 1
            for space, count in mechs.items():
                out[units_at + space * width + r + 1] = count / N_MECHS
            for space, count in workers.items():
                out[units_at + space * width + r + 2] = count / N_WORKERS
        resources_at = units_at + 3 * n
        row = s.resources
        for k in compress(_RESOURCE_SLOTS, row):  # the non-zero counts only
            count = row[k]
            space, r = divmod(k, N_RESOURCES)
            out[resources_at + space * width + r] = count / (count + RESOURCE_SCALE)

    @staticmethod
    def _player(s: ScytheState, p: int, coins_seen: bool, out: Out, at: int) -> None:
        faction = s.faction[p]
        mat = s.mat[p]
        out[at + faction] = 1
        at += _N_FACTIONS
        out[at + mat] = 1
        at += len(MATS)
        out[at] = s.power[p] / POWER_MAX
        out[at + 1] = s.popularity[p] / POPULARITY_MAX
        if coins_seen:
            out[at + 2] = _squash(float(s.coins[p]), COIN_SCALE)
            out[at + 3] = 1
        out[at + 4] = _squash(float(s.hand_size(p)), HAND_SCALE)
        held = s.objectives[p * OBJECTIVES_HELD : (p + 1) * OBJECTIVES_HELD]
        out[at + 5] = sum(1 for card in held if card >= 0) / OBJECTIVES_HELD
        base = p * UNITS_PER_SEAT
        on_board = sum(1 for x in s.units[base + WORKER : base + UNITS_PER_SEAT] if x >= 0)
        out[at + 6] = on_board / N_WORKERS
        at += 7
        out[at] = s.stars(p) / STARS_MAX
        goals = s.star_goals[p]
        for k, goal in enumerate(_ONCE_GOALS):
            if goals >> goal & 1:
                out[at + 1 + k] = 1
        at += 1 + len(_ONCE_GOALS)
        out[at] = s.objective_stars[p] / OBJECTIVES_HELD
        out[at + 1] = s.combat_stars[p] / STARS_MAX
        at += 2
        for card in s.objectives_revealed[p * OBJECTIVES_HELD : (p + 1) * OBJECTIVES_HELD]:
            if card >= 0:
                out[at + _OBJECTIVE_NUMBER[card] - 1] = 1
        at += N_OBJECTIVES
        upgrades = s.top_upgrades[p]
        for box, index in enumerate(_UPGRADE_INDEX):
            if upgrades >> box & 1:
                out[at + index] = 1
        at += len(_UPGRADE_INDEX)
        tops, rooms = _TOP_INDEX[mat], _COST_ROOM[mat]
        structures = s.structures[p * N_STRUCTURES : (p + 1) * N_STRUCTURES]
        recruits = s.recruits[p]
        section_tops = SECTION_TOP[mat]
        for section in range(N_SECTIONS):
            out[at + tops[section]] = 1
            at += _N_TOPS
            room = rooms[section]
            if room > 0:
                cubes = s.bottom_cubes[p * N_SECTIONS + section]
                if cubes:
                    out[at] = cubes / room
            if recruits >> section & 1:
                out[at + 1] = 1
            if structures[TOP_STRUCTURE[section_tops[section]]] >= 0:
                out[at + 2] = 1
            at += 3
        power, popularity, coins = produce_cost(s, p)
        out[at] = power / PRODUCE_MAX[0]
        out[at + 1] = popularity / PRODUCE_MAX[1]
        out[at + 2] = coins / PRODUCE_MAX[2]
        at += 3
        for k in range(N_MECHS):
            if s.units[base + MECH + k] >= 0:
                out[at + k] = 1
        at += N_MECHS
        for k in range(N_STRUCTURES):
            if structures[k] >= 0:
                out[at + k] = 1
        at += N_STRUCTURES
        bonuses = s.recruit_bonuses[p]
        for k, index in enumerate(_ENLIST_INDEX):
            if bonuses >> k & 1:
                out[at + index] = 1
        at += len(_ENLIST_INDEX)
        last = s.last_section[p]
        if last >= 0:
            out[at + (_FACTORY_LAST if last == FACTORY_SECTION else _LAST_INDEX[mat][last])] = 1
        at += len(LAST_SECTIONS)
        card = s.factory_card[p]
        if card >= 0:
            out[at + _FACTORY_NUMBER[card] - 1] = 1

    def _own(self, s: ScytheState, seat: int, owned: list[int], out: Out) -> None:
        at = self._at
        o = at["you.hand"]
        hand = s.hand
        for v in range(N_VALUES):
            count = hand[seat * N_VALUES + v]
            if count:
                total = 0.0
                step = _INV_VALUE[v]
                for _ in range(count):
                    total += step
                out[o + v] = total
        held, met = at["you.objectives"], at["you.objectives_met"]
        position = objectives.Position(s, seat, owned)  # ``objectives.holds``, control known
        for card in objectives.held(s, seat):
            number = _OBJECTIVE_NUMBER[card]
            out[held + number - 1] = 1
            if position.holds(CONTENT.objectives[card].condition):
                out[met + number - 1] = 1
        if s.factory_seen >> seat & 1:
            o = at["you.factory_offer"]
            out[o] = 1
            for card in s.factory_offer:
                out[o + _FACTORY_NUMBER[card]] = 1

    def _combat(self, s: ScytheState, seat: int | None, out: Out, me: int) -> None:
        fight = pending = None
        for frame in s.stack:
            key = frame[KEY]
            if key == CombatFight.key:
                fight = frame
            elif key == CombatCards.key:
                pending = frame
        if fight is None:
            return
        n = self.players
        at = self._at
        _, attacker, territory, defender, _, commits = fight
        o = at["combat.territory"]
        out[o] = 1
        out[o + 1 + territory] = 1
        o = at["combat.sides"]
        for side, who in ((ATTACKER, attacker), (DEFENDER, defender)):
            out[o + side * n + (who - me) % n] = 1
            committed = side < len(commits)
            if committed:
                out[o + 2 * n + side] = 1
            if who != seat:
                continue
            own = at["combat.own"]
            if committed:
                dial, vector, _ = commits[side]
                out[own] = 1
                out[own + 1] = dial / DIAL_MAX
                for v in range(N_VALUES):
                    if vector[v]:
                        total = 0.0
                        for _ in range(vector[v]):
                            total += 1.0 / MAX_SLOTS
                        out[own + 2 + v] = total
            elif pending is not None and pending[PLAYER] == who:
                out[own] = 1
                out[own + 1] = pending[CombatCards.dial] / DIAL_MAX

    def _encounter(self, s: ScytheState, out: Out, me: int) -> None:
        frame = None
        for f in s.stack:
            if f[KEY] == EncounterOption.key:
                frame = f
        if frame is None:
            return
        n = self.players
        at = self._at["encounter"]
        _, who, territory, card, chosen, _ = frame
        out[at] = 1
        out[at + 1 + (who - me) % n] = 1
        at += 1 + n
        out[at + territory] = 1
        at += N_SPACES
        out[at + _ENCOUNTER_NUMBER[card] - 1] = 1
        at += N_ENCOUNTERS
        for k, index in enumerate(_OPTION_INDEX[card]):
            if chosen >> k & 1:
                out[at + index] = 1


# ---------------------------------------------------------------------- the compiled twin
#: Opcodes of the objective programs ``_observe.c`` runs (``_ObjectivePrograms``).
_ALL, _ANY, _WITHIN, _LEAD, _UNIT_AT, _AROUND, _SPREAD = range(7)
_M_TERRITORIES, _M_UNITS, _M_STRUCTURES, _M_RESOURCES, _M_STAT = range(5)
#: ``Filter.controlled_by`` / ``home_adjacent`` codes (``Position.mask``: any other value of
#: ``controlled_by`` reads as "nobody", of ``home_adjacent`` as "opponent").
_CONTROLLED = {None: 0, "self": 1, "opponent": 2}
_HOME_ADJACENT = {None: 0, "self": 1}
#: ``bonus_count`` kinds: structures' neighbours in a mask, structures on a mask, a line.
_TILE_NEAR, _TILE_ON, _TILE_LINE = range(3)


class _ObjectivePrograms:
    """The objective cards' conditions as one flat int program for ``_observe.c``, which
    evaluates it as ``objectives.Position.holds`` does (the map parts of filters are
    ``objectives._static_mask``; ``min_home_distance`` becomes a mask per faction).

    Layouts (offsets into ``code``): a filter ``[static mask, controlled_by, own_structure
    (-1: any), home_adjacent, offset of the per-faction distance masks or -1, offset of the
    excluded filter or -1]``; a measure ``[_M_TERRITORIES, filter]``, ``[_M_UNITS, filter,
    k, piece...]``, ``[_M_STRUCTURES, filter, k, structure...]``, ``[_M_RESOURCES, k,
    resource...]``, ``[_M_STAT, STATS index]``; a condition ``[_ALL | _ANY, k, part...]``,
    ``[_WITHIN, measure, has min, min, has max, max]``, ``[_LEAD, measure, margin]``,
    ``[_UNIT_AT, filter, alone, k, piece..., w, (first piece, stop piece, count)...,
    m, (filter, min)...]``, ``[_AROUND, filter, m, (filter, min)...]``, ``[_SPREAD, k,
    piece..., min, non_adjacent]``. Parts are written before what refers to them.
    """

    def __init__(self) -> None:
        self.code: list[int] = []
        self._filters: dict[Filter, int] = {}

    def _emit(self, *items: int) -> int:
        at = len(self.code)
        self.code += items
        return at

    def filter(self, where: Filter) -> int:
        at = self._filters.get(where)
        if at is not None:
            return at
        exclude = -1 if where.exclude is None else self.filter(where.exclude)
        distance = -1
        if where.min_home_distance is not None:
            least = where.min_home_distance
            distance = self._emit(*(
                mask_of(x for x in range(N_TERRITORIES) if row[x] >= least)
                for row in HOME_DISTANCE
            ))
        own = -1 if where.own_structure is None else int(where.own_structure)
        at = self._filters[where] = self._emit(
            objectives._static_mask(where),
            _CONTROLLED.get(where.controlled_by, 3),
            own,
            _HOME_ADJACENT.get(where.home_adjacent, 2),
            distance,
            exclude,
        )
        return at

    @staticmethod
    def _pieces(kinds: tuple[str, ...]) -> list[int]:
        return [piece for kind in kinds for piece in objectives._PIECES[kind]]

    def measure(self, measure: Measure) -> int:
        if isinstance(measure, TerritoryCount):
            return self._emit(_M_TERRITORIES, self.filter(measure.where))
        if isinstance(measure, UnitCount):
            pieces = self._pieces(measure.units)
            return self._emit(_M_UNITS, self.filter(measure.where), len(pieces), *pieces)
        if isinstance(measure, StructureCount):
            kinds = [STRUCTURES.index(name) for name in measure.structures]
            return self._emit(_M_STRUCTURES, self.filter(measure.where), len(kinds), *kinds)
        if isinstance(measure, ResourceCount):
            kinds = [RESOURCES.index(name) for name in measure.resources]
            return self._emit(_M_RESOURCES, len(kinds), *kinds)
        return self._emit(_M_STAT, STATS.index(measure.stat))

    def _neighbors(self, entries: tuple[NeighborCount, ...]) -> list[int]:
        flat = [len(entries)]
        for entry in entries:
            flat += [self.filter(entry.where), entry.at_least]
        return flat

    def condition(self, condition: Condition) -> int:
        if isinstance(condition, AllOf | AnyOf):
            parts = [self.condition(part) for part in condition.parts]
            op = _ALL if isinstance(condition, AllOf) else _ANY
            return self._emit(op, len(parts), *parts)
        if isinstance(condition, Lead):
            return self._emit(_LEAD, self.measure(condition.measure), condition.margin)
        if isinstance(condition, UnitAt):
            where = self.filter(condition.where)
            pieces = self._pieces(condition.units)
            with_units = [len(condition.with_units)]
            for name, count in condition.with_units:
                kind = objectives._PIECES[name]
                with_units += [kind.start, kind.stop, count]
            neighbors = self._neighbors(condition.neighbors)
            return self._emit(
                _UNIT_AT, where, int(condition.alone), len(pieces), *pieces, *with_units,
                *neighbors,
            )
        if isinstance(condition, Around):
            center = self.filter(condition.center)
            return self._emit(_AROUND, center, *self._neighbors(condition.neighbors))
        if isinstance(condition, Spread):
            pieces = self._pieces(condition.units)
            return self._emit(
                _SPREAD, len(pieces), *pieces, condition.at_least, int(condition.non_adjacent)
            )
        low, high = condition.at_least, condition.at_most
        return self._emit(
            _WITHIN,
            self.measure(condition),
            int(low is not None),
            0 if low is None else low,
            int(high is not None),
            0 if high is None else high,
        )


def _tile(tile: BonusTile) -> tuple[int, ...]:
    """``bonus_count`` and ``BonusTile.coins`` of one tile: kind, mask, then (band low,
    coins) of each payout band."""
    if tile.id in _NEAR_TARGET:
        kind, mask = _TILE_NEAR, _NEAR_TARGET[tile.id]
    elif tile.id == "on_tunnels":
        kind, mask = _TILE_ON, TUNNELS
    elif tile.id == "on_farms_tundras":  # TERRAIN in (FARM, TUNDRA)
        kind, mask = _TILE_ON, TERRAIN_MASK[FARM] | TERRAIN_MASK[TUNDRA]
    else:
        kind, mask = _TILE_LINE, 0
    bands = [x for band in tile.payout for x in (band.low, band.coins)]
    return (kind, mask, len(tile.payout), *bands)


def _native_config(fast: FastScytheEncoder) -> dict[str, object]:
    """Everything ``_observe.c`` reads besides the state: the layout of the vector, the
    scales and per-card tables this module uses, the scoring and the objective programs."""
    at = fast._at
    programs = _ObjectivePrograms()
    roots = tuple(programs.condition(card.condition) for card in CONTENT.objectives)
    tiles = [_tile(tile) for tile in CONTENT.bonus_tiles]
    width = max(len(row) for row in tiles)
    options = max(len(row) for row in _OPTION_INDEX)
    offsets = {
        name.replace(".", "_"): at[name]
        for name in (
            "decision.kind", "to_move", "over", "winners", "scores", "progress", "active",
            "order", "ended", "bonus_tile", "decks", "spaces", "seat0.faction", "you.hand",
            "you.objectives", "you.objectives_met", "you.factory_offer",
            "combat.territory", "combat.sides", "combat.own", "encounter",
        )
    }
    dims = {
        "players": fast.players,
        "size": fast.size,
        "turns": fast.turns,
        "seat_width": fast._seat_width,
        "space_width": fast._space_width,
        **{f"at_{name}": value for name, value in offsets.items()},
        "n_spaces": N_SPACES,
        "n_territories": N_TERRITORIES,
        "n_resources": N_RESOURCES,
        "n_structures": N_STRUCTURES,
        "n_values": N_VALUES,
        "units_per_seat": UNITS_PER_SEAT,
        "mech": MECH,
        "worker": WORKER,
        "n_mechs": N_MECHS,
        "n_workers": N_WORKERS,
        "objectives_held": OBJECTIVES_HELD,
        "n_sections": N_SECTIONS,
        "factory_section": FACTORY_SECTION,
        "n_factions": _N_FACTIONS,
        "n_mats": len(MATS),
        "n_tops": _N_TOPS,
        "n_objectives": N_OBJECTIVES,
        "n_factory": N_FACTORY,
        "n_encounters": N_ENCOUNTERS,
        "encounter_options": options,
        "n_tiles": len(CONTENT.bonus_tiles),
        "tile_width": width,
        "n_tiers": len(CONTENT.scoring.tiers),
        "n_produce_costs": len(PRODUCE_COSTS),
        "n_last": len(LAST_SECTIONS),
        "factory_last": _FACTORY_LAST,
        "sixth_star": SIXTH_STAR,
        "turn_limit": TURN_LIMIT,
        "attacker": ATTACKER,
        "defender": DEFENDER,
        "factory_space": FACTORY,
        "factory_extra": CONTENT.scoring.factory_territories - 1,
        "n_cards": N_CARDS,
        "encounter_tokens": ENCOUNTER_TOKENS,
        "power_max": POWER_MAX,
        "popularity_max": POPULARITY_MAX,
        "stars_max": STARS_MAX,
        "dial_max": DIAL_MAX,
        "max_slots": MAX_SLOTS,
    }
    scales = {
        "coin_scale": COIN_SCALE,
        "score_scale": SCORE_SCALE,
        "resource_scale": RESOURCE_SCALE,
        "hand_scale": HAND_SCALE,
    }
    produce = (POWER, POPULARITY, COINS)
    tables: dict[str, tuple[int, ...] | tuple[float, ...]] = {
        "top_index": tuple(x for row in _TOP_INDEX for x in row),
        "cost_room": tuple(x for row in _COST_ROOM for x in row),
        "top_structure": tuple(
            TOP_STRUCTURE[top] for row in SECTION_TOP for top in row
        ),
        "last_index": tuple(x for row in _LAST_INDEX for x in row),
        "upgrade_index": _UPGRADE_INDEX,
        "enlist_index": _ENLIST_INDEX,
        "once_goals": _ONCE_GOALS,
        "objective_number": _OBJECTIVE_NUMBER,
        "factory_number": _FACTORY_NUMBER,
        "encounter_number": _ENCOUNTER_NUMBER,
        "option_count": tuple(len(row) for row in _OPTION_INDEX),
        "option_index": tuple(
            x for row in _OPTION_INDEX for x in (*row, *(-1,) * (options - len(row)))
        ),
        "inv_value": _INV_VALUE,
        "value_counts": VALUE_COUNTS,
        "produce_costs": tuple(
            x for least, track, amount in PRODUCE_COSTS
            for x in (least, produce.index(track), amount)
        ),
        "produce_max": PRODUCE_MAX,
        "tiers": tuple(
            x for tier in CONTENT.scoring.tiers
            for x in (tier.popularity_max, tier.per_star, tier.per_territory,
                      tier.per_resource_pair)
        ),
        "tiles": tuple(x for row in tiles for x in (*row, *(0,) * (width - len(row)))),
        "line_next": tuple(x for row in LINE_NEXT for x in row),
        "neighbor_mask": NEIGHBOR_MASK,
        "physical": objectives._PHYSICAL,
        "home_adjacent": HOME_ADJACENT,
        "program": tuple(programs.code),
        "roots": roots,
    }
    return {
        "dims": dims,
        "scales": scales,
        "tables": tables,
        "kinds": tuple(_KIND),
        "stats": STATS,
    }
