"""Scythe's observation vector, declared once (``boardlab.engine.vector``): what
``view(seat)`` shows, read from the state.

Seats are counted from the observer: ``seat0`` is the observing seat (seat 0 for a
spectator), ``seat1`` the next seat, and so on; every seat reference inside the vector
(the seat to move, the active seat, controllers, owners of units and structures, combat
sides, winners) uses the same rotation. Every entry lies in ``[low, high]`` = ``[0, 1]``:
flags and one-hots are 0/1, bounded counts are divided by their maximum (power by 16,
workers by 8, the discard pile by the cards of that value...), and the counts with no upper
bound (coins, scores, resources on a space, cards in hand) are squashed by
``x / (x + scale)``, which keeps their order. A space's static facts (terrain, rivers,
tunnels) are not repeated: its position in the vector names it.

From the envelope: the pending decision's kind (shown to the seat that decides, so
another seat's vector says only who is to move), the seat to move, whether the game is
over, the scores as the seat may know them (its own running score, ``scores_seen_by``;
all of them once over), the winners. The body gives the rest: control comes from
``control.all_controlled`` (a defender keeps a territory while its combat is pending,
ruling 21.3 #11), objectives met from ``objectives.Position``, produce costs from
``trade_produce.produce_cost``; see ``fields()`` and the package README.

Only seat 0 and the spectator share a rotation, and they do not see the same things (seat
0's decision, coins, score, hand, objectives, combat choices): the spectator's vector is
the same declaration without those ops, run as its own program (``DeclaredEncoder``'s
``spectator``).

>>> import boardlab
>>> state = boardlab.new("scythe", players=3, seed=1)
>>> encoder = observation_encoder(3, state.options)
>>> len(encoder.encode(state, 1)) == encoder.size
True
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from boardlab.engine import Ask
from boardlab.engine.layouts import KEY, PLAYER
from boardlab.engine.vector import (
    Op,
    VectorDeclaration,
    attr,
    bits,
    derived,
    each_seat,
    frame_derived,
    frame_field,
    framed,
    lookup,
    number,
    of_seat,
    onehot,
    part,
    seat,
)
from boardlab.engine.vector_encoder import DeclaredEncoder
from boardlab.games.scythe import objectives
from boardlab.games.scythe.board import N_SPACES, SPACE_IDS
from boardlab.games.scythe.codec import UNLIMITED_TURNS, check_players
from boardlab.games.scythe.combat import ATTACKER, DEFENDER
from boardlab.games.scythe.content import CONTENT, FACTION_IDS, STAR_GOALS, TOP_ACTIONS
from boardlab.games.scythe.control import all_controlled
from boardlab.games.scythe.flow import RULES
from boardlab.games.scythe.frames import CombatCards, CombatFight, EncounterOption
from boardlab.games.scythe.options import TURN_LIMIT
from boardlab.games.scythe.tables import (
    COMBAT_VALUES,
    COST_MIN,
    COST_START,
    DIAL_MAX,
    MECH,
    N_MECHS,
    N_RESOURCES,
    N_SECTIONS,
    N_STRUCTURES,
    N_VALUES,
    OBJECTIVES_HELD,
    ONCE_GOALS,
    POPULARITY_MAX,
    POWER_MAX,
    PRODUCE_COSTS,
    SECTION_TOP,
    TOP_STRUCTURE,
    TOP_UPGRADE_BOXES,
    UNITS_PER_SEAT,
    WORKER,
)
from boardlab.games.scythe.trade_produce import produce_cost
from boardlab.games.scythe.view import ENDED, _last_section
from boardlab.games.scythe.vocabulary import RESOURCES, STRUCTURES, TRACKS

if TYPE_CHECKING:
    pass

#: Every decision kind, in the order of the ``decision.kind`` one-hot (``flow.RULES`` order).
DECISION_KINDS: tuple[str, ...] = tuple(
    dict.fromkeys(
        rule.kind for rule in RULES.values() if isinstance(rule, Ask) and isinstance(rule.kind, str)
    )
)
MATS = tuple(mat.id for mat in CONTENT.mats)
BONUS_TILES = tuple(tile.id for tile in CONTENT.bonus_tiles)
#: The once-only star goals by their view names (``stars`` of a player).
ONCE_STARS = tuple(STAR_GOALS[goal] for goal in ONCE_GOALS)
#: ``upgrades`` of a player: the top-row box of each choice id (bit ``k`` of ``top_upgrades``).
UPGRADE_BOXES = tuple(
    CONTENT.mat_rules.top_actions[top].choices[c].id for top, c in TOP_UPGRADE_BOXES
)
#: ``enlist_bonuses`` of a player, by track (bit ``k`` of ``recruit_bonuses``).
ENLIST_BONUSES = tuple(bonus.track for bonus in CONTENT.mat_rules.enlist_bonuses)
#: ``last_section``: by the section's top action, or the Factory card.
LAST_SECTIONS = (*TOP_ACTIONS, "factory")
N_OBJECTIVES = len(CONTENT.objectives)
N_FACTORY = len(CONTENT.factory_cards)
N_ENCOUNTERS = len(CONTENT.encounters)
ENCOUNTER_OPTIONS = max(len(card.options) for card in CONTENT.encounters)
N_TILES = len(BONUS_TILES)
N_WORKERS = UNITS_PER_SEAT - WORKER
#: Cards of each value in the combat deck: the most a hand or the discard pile can hold.
VALUE_COUNTS = tuple(CONTENT.combat_deck.count(value) for value in COMBAT_VALUES)
N_CARDS = len(CONTENT.combat_deck)
#: The most cards one side adds to a combat: a character, four mechs, People's Army.
MAX_SLOTS = 1 + N_MECHS + 1
STARS_MAX = CONTENT.scoring.stars_per_player
ENCOUNTER_TOKENS = CONTENT.components.encounter_tokens
#: ``produce_cost``: the most each of power, popularity and coins can reach.
PRODUCE_TRACKS = ("power", "popularity", "coins")
PRODUCE_MAX = tuple(
    max(1, sum(amount for _, t, amount in PRODUCE_COSTS if t == TRACKS.index(track)))
    for track in PRODUCE_TRACKS
)
# fmt: off
#: ``seatK.tracks``, in order.
SEAT_TRACKS = (
    "power", "popularity", "coins", "coins_known", "combat_cards", "objectives_held",
    "workers_on_board",
)
#: ``seatK.sections``: per section of the mat, after its top action one-hot.
SECTION_FLAGS = ("bottom_cubes_placed", "recruit_enlisted", "structure_built")
#: Per space and seat: the character there, then mechs and workers (shares of the most).
SPACE_UNITS = ("character", "mechs", "workers")
#: ``decks``: the sizes of the decks and supplies, before the discard pile by value.
DECK_COUNTS = ("combat", "objectives", "encounters", "encounter_tokens", "factory_offer")
#: ``ended``: why the game ended, as the view says it.
ENDED_REASONS = tuple(ENDED.values())
COMBAT_SIDES = ("attacker", "defender")

# Scales of the unbounded counts: x / (x + scale) is 0.5 at the scale.
COIN_SCALE = 20.0
SCORE_SCALE = 50.0
RESOURCE_SCALE = 4.0
HAND_SCALE = 4.0

#: What the running score reads (``scoring.breakdown``, ``tiebreak``) and whether it is final.
SCORE_INPUTS = (
    "is_over", "coins", "popularity", "power", "star_goals", "combat_stars", "objective_stars",
    "units", "structures", "active", "resources", "bonus_tile",
)
#: What one seat's running score reads (``scoring.breakdown``): its own tracks and stars, the
#: board (control, resources, structures) and the bonus tile.
SEAT_SCORE_INPUTS = (
    "is_over", of_seat("coins"), of_seat("popularity"), of_seat("star_goals"),
    of_seat("combat_stars"), of_seat("objective_stars"), "units", "structures", "active",
    "resources", "bonus_tile",
)
#: What ``objectives.Position.holds`` reads of the state, with the cards held.
OBJECTIVE_INPUTS = (
    "objectives", "units", "structures", "active", "faction", "resources", "coins", "popularity",
    "power", "hand", "top_upgrades", "recruits", "star_goals", "combat_stars", "objective_stars",
)
DECK_INPUTS = (
    "combat_deck", "objective_deck", "encounter_deck", "encounter_tokens", "factory_offer",
    "combat_discard",
)
PIECES_WIDTH = len(PRODUCE_TRACKS) + N_MECHS + N_STRUCTURES
#: What ``_records`` reads: stars, objectives revealed, upgrades and sections of a seat.
RECORD_INPUTS = (
    "star_goals", "objective_stars", "combat_stars", "objectives_revealed", "top_upgrades", "mat",
    "bottom_cubes", "recruits", "structures",
)
# fmt: on
RECORDS_WIDTH = (
    3
    + len(ONCE_STARS)
    + N_OBJECTIVES
    + len(UPGRADE_BOXES)
    + N_SECTIONS * (len(TOP_ACTIONS) + len(SECTION_FLAGS))
)
FRAME_GROUPS = {
    CombatFight.key: "fight",
    CombatCards.key: "cards",
    EncounterOption.key: "encounter",
}

_KIND = {kind: i for i, kind in enumerate(DECISION_KINDS)}
_LAST = {name: i for i, name in enumerate(LAST_SECTIONS)}
_LABELS = "ABCDEFGH"[:ENCOUNTER_OPTIONS]


def _squash(x: float, scale: float) -> float:
    return x / (x + scale) if x > 0 else 0.0


def declare(players: int, turns: int, spectator: bool = False) -> VectorDeclaration:
    """The parts of the vector at ``players`` seats, in order; ``turns`` is a whole game's
    (for ``progress``); ``spectator`` leaves out what only a seat sees of itself."""
    n = players
    seen = not spectator
    seats = tuple(f"seat{k}" for k in range(n))
    values = tuple(f"value{value}" for value in COMBAT_VALUES)
    objective_names = tuple(f"objective{k}" for k in range(1, N_OBJECTIVES + 1))
    factory = tuple(f"card{k}" for k in range(1, N_FACTORY + 1))
    space_width = 1 + 2 * n + N_STRUCTURES + len(SPACE_UNITS) * n + N_RESOURCES
    # the decision changes at every step: no inputs (comparing decisions costs more)
    own = [] if spectator else [derived(_decision_kind, (), len(DECISION_KINDS))]
    v = VectorDeclaration(n)
    v.frames(FRAME_GROUPS)
    v.add(
        part("decision.kind", DECISION_KINDS, *own),
        part(
            "to_move",
            (*seats, "nobody"),
            seat(attr("decision.player")),
            number(attr("is_over"), at=n),
        ),
        part("over", ("game_over",), number(attr("is_over"))),
        part(
            "winners",
            seats,
            derived(_winners, SCORE_INPUTS, n),
        ),
        part(
            "scores",
            (f"{s}.{what}" for s in seats for what in ("score", "known")),
            # a seat's score is recomputed only when what it reads of that seat changed
            *each_seat(2, derived(functools.partial(_score, seen), SEAT_SCORE_INPUTS, 2)),
        ),
        part(
            "progress",
            ("turns_begun_share",),
            number(attr("turn"), scale=turns, cap=1.0),
        ),
        part("active", seats, seat(attr("active"))),
        part(
            "order",
            (f"{s}.place{k}" for s in seats for k in range(1, n + 1)),
            derived(_order, ("order",), n * n),
        ),
        part("ended", ENDED_REASONS, lookup(attr("ended"), {e: i for i, e in enumerate(ENDED)})),
        part("bonus_tile", BONUS_TILES, onehot(attr("bonus_tile"), N_TILES)),
        part(
            "decks",
            (*DECK_COUNTS, *(f"combat_discard.{value}" for value in values)),
            derived(_decks, DECK_INPUTS, len(DECK_COUNTS) + N_VALUES),
        ),
        part(
            "spaces",
            (
                f"{space}.{entry}"
                for space in SPACE_IDS
                for entry in (
                    "encounter_token",
                    *(f"controller.{s}" for s in seats),
                    *(f"structure_owner.{s}" for s in seats),
                    *(f"structure.{kind}" for kind in STRUCTURES),
                    *(f"{s}.{unit}" for s in seats for unit in SPACE_UNITS),
                    *(f"resources.{resource}" for resource in RESOURCES),
                )
            ),
            derived(
                functools.partial(_board, space_width),
                ("units", "structures", "active"),
                N_SPACES * space_width,
            ),
            derived(
                functools.partial(_supplies, space_width),
                ("encounter_tokens", "resources"),
                N_SPACES * space_width,
            ),
        ),
    )
    sections = (
        f"section{k}.{entry}"
        for k in range(1, N_SECTIONS + 1)
        for entry in (*(f"top.{top}" for top in TOP_ACTIONS), *SECTION_FLAGS)
    )
    v.seat_parts(
        part("faction", FACTION_IDS, onehot(of_seat("faction"), len(FACTION_IDS))),
        part("mat", MATS, onehot(of_seat("mat"), len(MATS))),
        part(
            "tracks",
            SEAT_TRACKS,
            number(of_seat("power"), scale=POWER_MAX),
            number(of_seat("popularity"), at=1, scale=POPULARITY_MAX),
            derived(functools.partial(_coins, seen), (of_seat("coins"), "ended"), 2, at=2),
            derived(_counts, ("hand", "objectives", "units"), 3, at=4),
        ),
        part(
            "stars",
            ("total", *ONCE_STARS, "objective", "combat"),
            derived(_records, RECORD_INPUTS, RECORDS_WIDTH),
        ),
        part("objectives_revealed", objective_names),
        part("upgrades", UPGRADE_BOXES),
        part("sections", sections),
        part(
            "produce_cost",
            PRODUCE_TRACKS,
            derived(_pieces, ("units", "structures"), PIECES_WIDTH),
        ),
        part("mechs", (f"mech{k}_deployed" for k in range(1, N_MECHS + 1))),
        part("structures", (f"{kind}_built" for kind in STRUCTURES)),
        part(
            "enlist_bonuses",
            ENLIST_BONUSES,
            bits(of_seat("recruit_bonuses"), len(ENLIST_BONUSES)),
        ),
        part(
            "last_section",
            LAST_SECTIONS,
            derived(_last, (of_seat("last_section"), of_seat("mat")), len(LAST_SECTIONS)),
        ),
        part("factory_card", factory, onehot(of_seat("factory_card"), N_FACTORY)),
    )

    def mine(*ops: Op) -> tuple[Op, ...]:
        return () if spectator else ops

    v.add(
        part("you.hand", values, *mine(derived(_hand, ("hand",), N_VALUES))),
        part(
            "you.objectives",
            objective_names,
            *mine(derived(_objectives, OBJECTIVE_INPUTS, 2 * N_OBJECTIVES)),
        ),
        part("you.objectives_met", objective_names),
        part(
            "you.factory_offer",
            ("looked_at", *factory),
            *mine(derived(_factory_offer, ("factory_seen", "factory_offer"), 1 + N_FACTORY)),
        ),
        part(
            "combat.territory",
            ("under_way", *SPACE_IDS),
            lookup(frame_field(KEY), {CombatFight.key: 0}),
            onehot(frame_field(CombatFight.territory), N_SPACES, at=1),
            from_frame="fight",
        ),
        part(
            "combat.sides",
            (
                *(f"{side}.{s}" for side in COMBAT_SIDES for s in seats),
                *(f"{side}_committed" for side in COMBAT_SIDES),
            ),
            seat(frame_field(PLAYER)),
            seat(frame_field(CombatFight.defender), at=n),
            frame_derived(_committed, 2, at=2 * n),
            from_frame="fight",
        ),
        part(
            "combat.own",
            ("known", "dial", *(f"cards.{value}" for value in values)),
            *mine(
                *framed("fight", frame_derived(_own_commit, 2 + N_VALUES)),
                *framed("cards", frame_derived(_own_dial, 2)),
            ),
        ),
        part(
            "encounter",
            (
                "under_way",
                *(f"seat.{s}" for s in seats),
                *(f"territory.{space}" for space in SPACE_IDS),
                *(f"card{k}" for k in range(1, N_ENCOUNTERS + 1)),
                *(f"option_taken.{label}" for label in _LABELS),
            ),
            lookup(frame_field(KEY), {EncounterOption.key: 0}),
            seat(frame_field(PLAYER), at=1),
            onehot(frame_field(EncounterOption.territory), N_SPACES, at=1 + n),
            onehot(frame_field(EncounterOption.card), N_ENCOUNTERS, at=1 + n + N_SPACES),
            bits(
                frame_field(EncounterOption.chosen),
                ENCOUNTER_OPTIONS,
                at=1 + n + N_SPACES + N_ENCOUNTERS,
            ),
            from_frame="encounter",
        ),
    )
    return v


# ---------------------------------------------------------------------- the header
def _decision_kind(s: Any, _seat: int, me: int) -> tuple[float, ...]:
    """The decision's kind, to the seat that decides only (as the envelope shows it)."""
    decision = s.decision
    if decision is not None and decision.player == me:
        return _ONE_HOT_KIND[_KIND[decision.kind]]
    return ()


_ONE_HOT_KIND = tuple(
    tuple(float(k == i) for k in range(len(DECISION_KINDS))) for i in range(len(DECISION_KINDS))
)


def _winners(s: Any, _seat: int, me: int) -> dict[int, float]:
    """``winners`` once the game is over (``side_winners``)."""
    if not s.is_over:
        return {}
    n = s.players
    return {(p - me) % n: 1.0 for p in s.side_winners()}


def _score(seen: bool, s: Any, p: int, me: int) -> tuple[float, ...]:
    """``scores`` of seat ``p``: every score once over (``side_scores``), before that the
    observer's own running score (``scores_seen_by``), none for a spectator."""
    score: float | None
    if s.is_over:
        score = s.side_scores()[p]
    elif seen and p == me:
        score = s.scores_seen_by(me)[me]
    else:
        return ()
    if score is None:
        return ()
    return (_squash(float(score), SCORE_SCALE), 1.0)


def _order(s: Any, _seat: int, me: int) -> list[float]:
    n = s.players
    out = [0.0] * (n * n)
    for position, p in enumerate(s.order):
        out[(p - me) % n * n + position] = 1.0
    return out


def _decks(s: Any, _seat: int, _me: int) -> list[float]:
    return [
        len(s.combat_deck) / N_CARDS,
        len(s.objective_deck) / N_OBJECTIVES,
        len(s.encounter_deck) / N_ENCOUNTERS,
        s.encounter_tokens.bit_count() / ENCOUNTER_TOKENS,
        len(s.factory_offer) / N_FACTORY,
        *(count / total for count, total in zip(s.combat_discard, VALUE_COUNTS, strict=True)),
    ]


def _controlled(s: Any) -> list[int]:
    """``control.all_controlled``, kept while what it reads is equal (the board and the
    objectives met read it in one call)."""
    kept = _CONTROL[0]
    if s.active == kept[0] and s.units == kept[1] and s.structures == kept[2]:
        return kept[3]
    owned = all_controlled(s)
    _CONTROL[0] = (s.active, s.units.copy(), s.structures.copy(), owned)
    return owned


_CONTROL: list[tuple[int, list[int], list[int], list[int]]] = [(-1, [], [], [])]


def _board(width: int, s: Any, _seat: int, me: int) -> dict[int, float]:
    """Every space's controller, structure and each seat's units there (non-zero entries)."""
    n = s.players
    out: dict[int, float] = {}
    for p, mask in enumerate(_controlled(s)):
        column = 1 + (p - me) % n
        while mask:
            low = mask & -mask
            out[(low.bit_length() - 1) * width + column] = 1.0
            mask ^= low
    for k, space in enumerate(s.structures):
        if space >= 0:
            p, kind = divmod(k, N_STRUCTURES)
            at = space * width + 1
            out[at + n + (p - me) % n] = 1.0
            out[at + 2 * n + kind] = 1.0
    units = s.units
    for p in range(n):
        base = p * UNITS_PER_SEAT
        column = 1 + 2 * n + N_STRUCTURES + 3 * ((p - me) % n)
        for kind, (first, stop, most) in enumerate(_UNIT_KINDS):
            counts: dict[int, int] = {}
            for space in units[base + first : base + stop]:
                if space >= 0:
                    counts[space] = counts.get(space, 0) + 1
            at = column + kind
            for space, count in counts.items():
                out[space * width + at] = count / most
    return out


#: Per unit kind of ``SPACE_UNITS``: its pieces and the most of them.
_UNIT_KINDS = ((0, MECH, 1), (MECH, WORKER, N_MECHS), (WORKER, UNITS_PER_SEAT, N_WORKERS))


def _supplies(width: int, s: Any, _seat: int, _me: int) -> dict[int, float]:
    """Every space's encounter token and the resources lying there (non-zero entries)."""
    out: dict[int, float] = {}
    tokens = s.encounter_tokens
    while tokens:
        low = tokens & -tokens
        out[(low.bit_length() - 1) * width] = 1.0
        tokens ^= low
    column = width - N_RESOURCES
    resources = s.resources
    for k in itertools.compress(range(len(resources)), resources):
        count = resources[k]
        space, r = divmod(k, N_RESOURCES)
        out[space * width + column + r] = count / (count + RESOURCE_SCALE)
    return out


# ---------------------------------------------------------------------- each seat
def _coins(seen: bool, s: Any, p: int, me: int) -> tuple[float, ...]:
    """``tracks``' coins: known to their seat, and to everyone once the game has ended (as
    the view says: ``ended``)."""
    if (seen and p == me) or s.ended:
        return (_squash(float(s.coins[p]), COIN_SCALE), 1.0)
    return ()


def _counts(s: Any, p: int, _me: int) -> tuple[float, float, float]:
    """``tracks``' combat cards in hand, objectives held and workers on the board."""
    held = s.objectives[p * OBJECTIVES_HELD : (p + 1) * OBJECTIVES_HELD]
    workers = s.units[p * UNITS_PER_SEAT + WORKER : (p + 1) * UNITS_PER_SEAT]
    return (
        _squash(float(s.hand_size(p)), HAND_SCALE),
        sum(card >= 0 for card in held) / OBJECTIVES_HELD,
        sum(x >= 0 for x in workers) / N_WORKERS,
    )


def _records(s: Any, p: int, _me: int) -> list[float]:
    """``stars``, ``objectives_revealed``, ``upgrades`` and ``sections`` of seat ``p``."""
    goals = s.star_goals[p]
    out = [
        s.stars(p) / STARS_MAX,
        *(float(goals >> goal & 1) for goal in ONCE_GOALS),
        s.objective_stars[p] / OBJECTIVES_HELD,
        s.combat_stars[p] / STARS_MAX,
    ]
    revealed = [0.0] * N_OBJECTIVES
    for card in s.objectives_revealed[p * OBJECTIVES_HELD : (p + 1) * OBJECTIVES_HELD]:
        if card >= 0:
            revealed[CONTENT.objectives[card].number - 1] = 1.0
    out += revealed
    out += (float(s.top_upgrades[p] >> box & 1) for box in range(len(UPGRADE_BOXES)))
    mat = s.mat[p]
    structures = s.structures[p * N_STRUCTURES : (p + 1) * N_STRUCTURES]
    for section, top in enumerate(SECTION_TOP[mat]):
        # its top action, the bottom action's cubes placed (a share of those it takes),
        # its recruit enlisted, the top action's structure built
        row = [0.0] * (len(TOP_ACTIONS) + len(SECTION_FLAGS))
        row[top] = 1.0
        room = COST_START[mat][section] - COST_MIN[mat][section]
        if room > 0:
            row[-3] = s.bottom_cubes[p * N_SECTIONS + section] / room
        row[-2] = float(s.recruits[p] >> section & 1)
        row[-1] = float(structures[TOP_STRUCTURE[top]] >= 0)
        out += row
    return out


def _pieces(s: Any, p: int, _me: int) -> list[float]:
    """``produce_cost`` (``trade_produce.produce_cost``), ``mechs`` deployed and
    ``structures`` built."""
    power, popularity, coins = produce_cost(s, p)
    base = p * UNITS_PER_SEAT + MECH
    out = [power / PRODUCE_MAX[0], popularity / PRODUCE_MAX[1], coins / PRODUCE_MAX[2]]
    out += [1.0 if x >= 0 else 0.0 for x in s.units[base : base + N_MECHS]]
    out += [1.0 if x >= 0 else 0.0 for x in s.structures[p * N_STRUCTURES : (p + 1) * N_STRUCTURES]]
    return out


def _last(s: Any, p: int, _me: int) -> tuple[float, ...]:
    section = _last_section(s, p)
    return () if section is None else _ONE_HOT_LAST[_LAST[section]]


_ONE_HOT_LAST = tuple(
    tuple(float(k == i) for k in range(len(LAST_SECTIONS))) for i in range(len(LAST_SECTIONS))
)


# ---------------------------------------------------------------------- the observer's own
def _hand(s: Any, _seat: int, me: int) -> list[float]:
    row = s.hand[me * N_VALUES : (me + 1) * N_VALUES]
    return [sum([1.0 / VALUE_COUNTS[v]] * count) for v, count in enumerate(row)]


def _objectives(s: Any, _seat: int, me: int) -> dict[int, float]:
    """``you.objectives`` and ``you.objectives_met`` (``objectives.Position.holds``)."""
    out: dict[int, float] = {}
    held = objectives.held(s, me)
    if not held:
        return out
    position = objectives.Position(s, me, _controlled(s))
    for card in held:
        record = CONTENT.objectives[card]
        out[record.number - 1] = 1.0
        if position.holds(record.condition):
            out[N_OBJECTIVES + record.number - 1] = 1.0
    return out


def _factory_offer(s: Any, _seat: int, me: int) -> list[float]:
    out = [0.0] * (1 + N_FACTORY)
    if s.factory_seen >> me & 1:
        out[0] = 1.0
        for card in s.factory_offer:
            out[CONTENT.factory_cards[card].number] = 1.0
    return out


def _committed(fight: tuple[Any, ...], _me: int) -> tuple[float, ...]:
    return (1.0,) * len(fight[CombatFight.commits])


def _own_commit(fight: tuple[Any, ...], me: int) -> list[float]:
    """The observer's dial and cards, once its side committed them."""
    commits = fight[CombatFight.commits]
    for side, who in ((ATTACKER, fight[PLAYER]), (DEFENDER, fight[CombatFight.defender])):
        if who == me and side < len(commits):
            dial, cards, _ = commits[side]
            return [1.0, dial / DIAL_MAX, *(sum([1.0 / MAX_SLOTS] * k) for k in cards)]
    return []


def _own_dial(cards: tuple[Any, ...], me: int) -> tuple[float, ...]:
    """The observer's dial while it picks its cards (the frame sits on its fight's)."""
    if cards[PLAYER] == me:
        return (1.0, cards[CombatCards.dial] / DIAL_MAX)
    return ()


# ---------------------------------------------------------------------- the encoder
@functools.cache
def _encoder(players: int, turn_limit: int) -> DeclaredEncoder:
    turns = (turn_limit if turn_limit > 0 else UNLIMITED_TURNS) * players
    return DeclaredEncoder(
        declare(players, turns).compile(), declare(players, turns, spectator=True).compile()
    )


def observation_encoder(players: int, options: Mapping[str, Any]) -> DeclaredEncoder:
    """The (cached) encoder for ``players``; of the options only ``turn_limit`` counts (for
    ``progress``)."""
    check_players(players)
    return _encoder(players, int(options.get("turn_limit", TURN_LIMIT)))
