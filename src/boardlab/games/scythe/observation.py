"""Scythe's observation vector for learning environments, built from ``view(seat)`` only.

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
over, the scores as the seat may know them, the winners. The body gives the rest; see
``fields()`` and the package README.

>>> import boardlab
>>> state = boardlab.new("scythe", players=3, seed=1)
>>> encoder = observation_encoder(3, state.options)
>>> len(encoder.encode(state, 1)) == encoder.size
True
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from boardlab.engine import Ask
from boardlab.games.scythe.board import INDEX, N_SPACES, SPACE_IDS
from boardlab.games.scythe.codec import UNLIMITED_TURNS, check_players
from boardlab.games.scythe.content import (
    CONTENT,
    FACTION_IDS,
    STAR_GOALS,
    TOP_ACTIONS,
)
from boardlab.games.scythe.flow import RULES
from boardlab.games.scythe.options import TURN_LIMIT
from boardlab.games.scythe.tables import (
    COMBAT_VALUES,
    DIAL_MAX,
    N_MECHS,
    N_SECTIONS,
    N_STRUCTURES,
    N_VALUES,
    OBJECTIVES_HELD,
    ONCE_GOALS,
    POPULARITY_MAX,
    POWER_MAX,
    PRODUCE_COSTS,
    TOP_UPGRADE_BOXES,
    UNITS_PER_SEAT,
    WORKER,
)
from boardlab.games.scythe.view import ENDED
from boardlab.games.scythe.vocabulary import RESOURCES, STRUCTURES, TRACKS

if TYPE_CHECKING:
    from boardlab.engine import GameState
    from boardlab.games.scythe.fast_observation import FastScytheEncoder

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
#: ``upgrades`` of a player: the top-row box of each choice id.
UPGRADE_BOXES = tuple(
    CONTENT.mat_rules.top_actions[top].choices[c].id for top, c in TOP_UPGRADE_BOXES
)
#: ``enlist_bonuses`` of a player, by track.
ENLIST_BONUSES = tuple(bonus.track for bonus in CONTENT.mat_rules.enlist_bonuses)
#: ``last_section``: by the section's top action, or the Factory card.
LAST_SECTIONS = (*TOP_ACTIONS, "factory")
N_OBJECTIVES = len(CONTENT.objectives)
N_FACTORY = len(CONTENT.factory_cards)
N_ENCOUNTERS = len(CONTENT.encounters)
ENCOUNTER_OPTIONS = max(len(card.options) for card in CONTENT.encounters)
N_TILES = len(BONUS_TILES)
N_RESOURCES = len(RESOURCES)
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

_KIND = {kind: i for i, kind in enumerate(DECISION_KINDS)}
_FACTION = {faction: i for i, faction in enumerate(FACTION_IDS)}
_MAT = {mat: i for i, mat in enumerate(MATS)}
_TILE = {tile: i for i, tile in enumerate(BONUS_TILES)}
_STRUCTURE = {name: i for i, name in enumerate(STRUCTURES)}
_TOP = {name: i for i, name in enumerate(TOP_ACTIONS)}
_UPGRADE = {name: i for i, name in enumerate(UPGRADE_BOXES)}
_ENLIST = {track: i for i, track in enumerate(ENLIST_BONUSES)}
_LAST = {name: i for i, name in enumerate(LAST_SECTIONS)}
_VALUE = {value: v for v, value in enumerate(COMBAT_VALUES)}
_LABEL = {label: k for k, label in enumerate("ABCDEFGH"[:ENCOUNTER_OPTIONS])}


Relative = Callable[[int], int]


def _squash(x: float, scale: float) -> float:
    return x / (x + scale) if x > 0 else 0.0


class ScytheObservationEncoder:
    """A fixed-length vector of one seat's view at one player count (see ``fields()``)."""

    __slots__ = ("_fields", "_seat_width", "_space_width", "players", "size", "turns")

    low = 0.0
    high = 1.0

    def __init__(self, players: int, turn_limit: int) -> None:
        self.players = n = players
        #: Turns in a whole game, for ``progress``.
        self.turns = (turn_limit if turn_limit > 0 else UNLIMITED_TURNS) * players
        # per space: encounter token, controller, structure owner and kind, each seat's
        # character / mechs / workers, resources
        self._space_width = 1 + n + n + N_STRUCTURES + len(SPACE_UNITS) * n + N_RESOURCES
        parts: list[tuple[str, int]] = [
            ("decision.kind", len(DECISION_KINDS)),
            ("to_move", n + 1),
            ("over", 1),
            ("winners", n),
            ("scores", 2 * n),
            ("progress", 1),
            ("active", n),
            ("order", n * n),
            ("ended", len(ENDED_REASONS)),
            ("bonus_tile", N_TILES),
            ("decks", len(DECK_COUNTS) + N_VALUES),
            ("spaces", N_SPACES * self._space_width),
        ]
        seat_parts = (
            ("faction", len(FACTION_IDS)),
            ("mat", len(MATS)),
            ("tracks", len(SEAT_TRACKS)),
            ("stars", 3 + len(ONCE_STARS)),  # total, once-only goals, objective, combat
            ("objectives_revealed", N_OBJECTIVES),
            ("upgrades", len(UPGRADE_BOXES)),
            ("sections", N_SECTIONS * (len(TOP_ACTIONS) + len(SECTION_FLAGS))),
            ("produce_cost", len(PRODUCE_TRACKS)),
            ("mechs", N_MECHS),
            ("structures", N_STRUCTURES),
            ("enlist_bonuses", len(ENLIST_BONUSES)),
            ("last_section", len(LAST_SECTIONS)),
            ("factory_card", N_FACTORY),
        )
        self._seat_width = sum(width for _, width in seat_parts)
        for k in range(n):
            parts += [(f"seat{k}.{name}", width) for name, width in seat_parts]
        parts += [
            ("you.hand", N_VALUES),
            ("you.objectives", N_OBJECTIVES),
            ("you.objectives_met", N_OBJECTIVES),
            ("you.factory_offer", 1 + N_FACTORY),
            ("combat.territory", 1 + N_SPACES),
            ("combat.sides", 2 * n + 2),  # attacker, defender, committed of each
            ("combat.own", 2 + N_VALUES),  # known, dial, cards by value
            ("encounter", 1 + n + N_SPACES + N_ENCOUNTERS + ENCOUNTER_OPTIONS),
        ]
        fields: dict[str, tuple[int, int]] = {}
        start = 0
        for name, width in parts:
            fields[name] = (start, start + width)
            start += width
        self._fields = fields
        self.size = start

    def fields(self) -> dict[str, tuple[int, int]]:
        """Named parts of the vector as ``(start, stop)`` ranges that tile it in order."""
        return dict(self._fields)

    def entries(self) -> tuple[str, ...]:
        """One name per entry, in vector order: its block of ``fields()``, a dot, and what
        the entry holds (``seat1.tracks.power``, ``spaces.r3c4.controller.seat0``)."""
        return _entry_names(self.players)

    def fast(self) -> FastScytheEncoder:
        """The same vector straight from the state (``fast_observation.py``)."""
        return _fast(self)

    def encode(self, state: GameState, seat: int | None) -> list[float]:
        """The vector of what ``seat`` (None: a spectator) sees in ``state``: its view's."""
        return self.encode_view(state.view(seat), seat)

    def encode_view(self, view: dict[str, Any], seat: int | None) -> list[float]:
        """The vector of ``view`` (``state.view(seat)``), seats rotated to put ``seat`` first."""
        n = self.players
        me = seat or 0
        f = self._fields
        v = [0.0] * self.size
        body = view["body"]

        def rel(p: int) -> int:
            return (p - me) % n

        decision = view["decision"]
        if decision is not None:
            v[f["decision.kind"][0] + _KIND[decision["kind"]]] = 1.0
        to_move = view["to_move"]
        v[f["to_move"][0] + (n if to_move is None else rel(to_move))] = 1.0
        v[f["over"][0]] = float(view["over"])
        at = f["winners"][0]
        for side in view["winners"]:
            v[at + rel(view["sides"].index(side))] = 1.0
        at = f["scores"][0]
        for p, score in enumerate(view["scores"][:n]):
            if score is not None:
                v[at + 2 * rel(p)] = _squash(float(score), SCORE_SCALE)
                v[at + 2 * rel(p) + 1] = 1.0
        v[f["progress"][0]] = min(1.0, body["turn"] / self.turns)
        v[f["active"][0] + rel(body["active"])] = 1.0
        at = f["order"][0]
        for position, p in enumerate(body["order"]):
            v[at + rel(p) * n + position] = 1.0
        ended = body["ended"]
        if ended is not None:
            v[f["ended"][0] + (0 if ended == "sixth_star" else 1)] = 1.0
        v[f["bonus_tile"][0] + _TILE[body["bonus_tile"]["id"]]] = 1.0
        self._decks(body["decks"], v, f["decks"][0])
        self._spaces(body["spaces"], v, f["spaces"][0], rel)
        seat_at = f["seat0.faction"][0]
        for player in body["players"]:
            self._player(player, v, seat_at + rel(player["seat"]) * self._seat_width)
        if body["you"] is not None:
            self._own(body["you"], v)
        if body["combat"] is not None:
            self._combat(body["combat"], v, rel, seat)
        if body["encounter"] is not None:
            self._encounter(body["encounter"], v, rel)
        return v

    @staticmethod
    def _decks(decks: dict[str, Any], v: list[float], at: int) -> None:
        v[at] = decks["combat"] / N_CARDS
        v[at + 1] = decks["objectives"] / N_OBJECTIVES
        v[at + 2] = decks["encounters"] / N_ENCOUNTERS
        v[at + 3] = decks["encounter_tokens"] / ENCOUNTER_TOKENS
        v[at + 4] = decks["factory_offer"] / N_FACTORY
        discard = decks["combat_discard"]
        for k, value in enumerate(COMBAT_VALUES):
            v[at + 5 + k] = discard[str(value)] / VALUE_COUNTS[k]

    def _spaces(self, spaces: list[dict[str, Any]], v: list[float], at: int, rel: Relative) -> None:
        n = self.players
        width = self._space_width
        for space in spaces:
            if space["encounter"]:
                v[at] = 1.0
            controller = space["controlled_by"]
            if controller is not None:
                v[at + 1 + rel(controller)] = 1.0
            structure = space["structure"]
            if structure is not None:
                v[at + 1 + n + rel(structure["seat"])] = 1.0
                v[at + 1 + 2 * n + _STRUCTURE[structure["kind"]]] = 1.0
            units_at = at + 1 + 2 * n + N_STRUCTURES
            for units in space["units"]:
                b = units_at + 3 * rel(units["seat"])
                v[b] = float(units["character"])
                v[b + 1] = units["mechs"] / N_MECHS
                v[b + 2] = units["workers"] / N_WORKERS
            b = units_at + 3 * n
            resources = space["resources"]
            for r, name in enumerate(RESOURCES):
                count = resources[name]
                if count:
                    v[b + r] = count / (count + RESOURCE_SCALE)
            at += width

    @staticmethod
    def _player(player: dict[str, Any], v: list[float], at: int) -> None:
        v[at + _FACTION[player["faction"]]] = 1.0
        at += len(FACTION_IDS)
        v[at + _MAT[player["mat"]]] = 1.0
        at += len(MATS)
        v[at] = player["power"] / POWER_MAX
        v[at + 1] = player["popularity"] / POPULARITY_MAX
        coins = player["coins"]
        if coins is not None:
            v[at + 2] = _squash(float(coins), COIN_SCALE)
            v[at + 3] = 1.0
        v[at + 4] = _squash(float(player["combat_cards"]), HAND_SCALE)
        v[at + 5] = player["objectives_held"] / OBJECTIVES_HELD
        v[at + 6] = player["workers_on_board"] / N_WORKERS
        at += 7
        stars = player["stars"]
        v[at] = stars["total"] / STARS_MAX
        for k, name in enumerate(ONCE_STARS):
            v[at + 1 + k] = float(stars[name])
        at += 1 + len(ONCE_STARS)
        v[at] = stars["objective"] / OBJECTIVES_HELD
        v[at + 1] = stars["combat"] / STARS_MAX
        at += 2
        for objective in player["objectives_revealed"]:
            v[at + objective["number"] - 1] = 1.0
        at += N_OBJECTIVES
        for name in player["upgrades"]:
            v[at + _UPGRADE[name]] = 1.0
        at += len(UPGRADE_BOXES)
        for section in player["sections"]:
            top, bottom = section["top"], section["bottom"]
            v[at + _TOP[top["action"]]] = 1.0
            at += len(TOP_ACTIONS)
            room = bottom["cost_start"] - bottom["cost_min"]
            if room > 0:
                v[at] = (bottom["cost_start"] - bottom["cost"]) / room
            v[at + 1] = float(bottom["recruit_enlisted"])
            v[at + 2] = float(top["structure_built"])
            at += 3
        cost = player["produce_cost"]
        v[at] = cost["power"] / PRODUCE_MAX[0]
        v[at + 1] = cost["popularity"] / PRODUCE_MAX[1]
        v[at + 2] = cost["coins"] / PRODUCE_MAX[2]
        at += 3
        for k, mech in enumerate(player["mechs"]):
            if mech["at"] is not None:
                v[at + k] = 1.0
        at += N_MECHS
        for k, name in enumerate(STRUCTURES):
            if player["structures"][name] is not None:
                v[at + k] = 1.0
        at += N_STRUCTURES
        for track in player["enlist_bonuses"]:
            v[at + _ENLIST[track]] = 1.0
        at += len(ENLIST_BONUSES)
        if player["last_section"] is not None:
            v[at + _LAST[player["last_section"]]] = 1.0
        at += len(LAST_SECTIONS)
        if player["factory_card"] is not None:
            v[at + player["factory_card"]["number"] - 1] = 1.0

    def _own(self, own: dict[str, Any], v: list[float]) -> None:
        f = self._fields
        at = f["you.hand"][0]
        for value in own["hand"]:
            v[at + _VALUE[value]] += 1.0 / VALUE_COUNTS[_VALUE[value]]
        held, met = f["you.objectives"][0], f["you.objectives_met"][0]
        for objective in own["objectives"]:
            v[held + objective["number"] - 1] = 1.0
            if objective["met"]:
                v[met + objective["number"] - 1] = 1.0
        offer = own["factory_offer"]
        if offer is not None:
            at = f["you.factory_offer"][0]
            v[at] = 1.0
            for card in offer:
                v[at + card["number"]] = 1.0

    def _combat(
        self, combat: dict[str, Any], v: list[float], rel: Relative, seat: int | None
    ) -> None:
        n = self.players
        f = self._fields
        at = f["combat.territory"][0]
        v[at] = 1.0
        v[at + 1 + INDEX[combat["territory"]]] = 1.0
        at = f["combat.sides"][0]
        for side, name in enumerate(("attacker", "defender")):
            entry = combat[name]
            v[at + side * n + rel(entry["seat"])] = 1.0
            v[at + 2 * n + side] = float(entry["committed"])
            if entry["seat"] == seat and "dial" in entry:
                own = f["combat.own"][0]
                v[own] = 1.0
                v[own + 1] = entry["dial"] / DIAL_MAX
                for value in entry.get("cards", ()):
                    v[own + 2 + _VALUE[value]] += 1.0 / MAX_SLOTS

    def _encounter(self, encounter: dict[str, Any], v: list[float], rel: Relative) -> None:
        n = self.players
        at = self._fields["encounter"][0]
        v[at] = 1.0
        v[at + 1 + rel(encounter["seat"])] = 1.0
        at += 1 + n
        v[at + INDEX[encounter["territory"]]] = 1.0
        at += N_SPACES
        v[at + encounter["number"] - 1] = 1.0
        at += N_ENCOUNTERS
        for option in encounter["options"]:
            if option["taken"]:
                v[at + _LABEL[option["label"]]] = 1.0


@functools.cache
def _entry_names(players: int) -> tuple[str, ...]:
    """The names of ``ScytheObservationEncoder.entries`` (built on first use)."""
    seats = tuple(f"seat{k}" for k in range(players))
    values = tuple(f"value{value}" for value in COMBAT_VALUES)
    objectives = tuple(f"objective{k}" for k in range(1, N_OBJECTIVES + 1))
    factory = tuple(f"card{k}" for k in range(1, N_FACTORY + 1))
    names: list[str] = []

    def block(name: str, *parts: Iterable[str]) -> None:
        names.extend(f"{name}.{part}" for entries in parts for part in entries)

    block("decision.kind", DECISION_KINDS)
    block("to_move", seats, ("nobody",))
    block("over", ("game_over",))
    block("winners", seats)
    block("scores", (f"{seat}.{what}" for seat in seats for what in ("score", "known")))
    block("progress", ("turns_begun_share",))
    block("active", seats)
    block("order", (f"{seat}.place{k}" for seat in seats for k in range(1, players + 1)))
    block("ended", ENDED_REASONS)
    block("bonus_tile", BONUS_TILES)
    block("decks", DECK_COUNTS, (f"combat_discard.{value}" for value in values))
    for space in SPACE_IDS:
        block(
            "spaces",
            (f"{space}.encounter_token",),
            (f"{space}.controller.{seat}" for seat in seats),
            (f"{space}.structure_owner.{seat}" for seat in seats),
            (f"{space}.structure.{kind}" for kind in STRUCTURES),
            (f"{space}.{seat}.{unit}" for seat in seats for unit in SPACE_UNITS),
            (f"{space}.resources.{resource}" for resource in RESOURCES),
        )
    for seat in seats:
        block(f"{seat}.faction", FACTION_IDS)
        block(f"{seat}.mat", MATS)
        block(f"{seat}.tracks", SEAT_TRACKS)
        block(f"{seat}.stars", ("total",), ONCE_STARS, ("objective", "combat"))
        block(f"{seat}.objectives_revealed", objectives)
        block(f"{seat}.upgrades", UPGRADE_BOXES)
        for k in range(1, N_SECTIONS + 1):
            block(
                f"{seat}.sections",
                (f"section{k}.top.{top}" for top in TOP_ACTIONS),
                (f"section{k}.{what}" for what in SECTION_FLAGS),
            )
        block(f"{seat}.produce_cost", PRODUCE_TRACKS)
        block(f"{seat}.mechs", (f"mech{k}_deployed" for k in range(1, N_MECHS + 1)))
        block(f"{seat}.structures", (f"{kind}_built" for kind in STRUCTURES))
        block(f"{seat}.enlist_bonuses", ENLIST_BONUSES)
        block(f"{seat}.last_section", LAST_SECTIONS)
        block(f"{seat}.factory_card", factory)
    block("you.hand", values)
    block("you.objectives", objectives)
    block("you.objectives_met", objectives)
    block("you.factory_offer", ("looked_at",), factory)
    block("combat.territory", ("under_way",), SPACE_IDS)
    block(
        "combat.sides",
        (f"{side}.{seat}" for side in COMBAT_SIDES for seat in seats),
        (f"{side}_committed" for side in COMBAT_SIDES),
    )
    block("combat.own", ("known", "dial"), (f"cards.{value}" for value in values))
    block(
        "encounter",
        ("under_way",),
        (f"seat.{seat}" for seat in seats),
        (f"territory.{space}" for space in SPACE_IDS),
        (f"card{k}" for k in range(1, N_ENCOUNTERS + 1)),
        (f"option_taken.{label}" for label in _LABEL),
    )
    return tuple(names)


@functools.cache
def _fast(encoder: ScytheObservationEncoder) -> FastScytheEncoder:
    from boardlab.games.scythe.fast_observation import FastScytheEncoder

    return FastScytheEncoder(encoder)


@functools.cache
def _encoder(players: int, turn_limit: int) -> ScytheObservationEncoder:
    return ScytheObservationEncoder(players, turn_limit)


def observation_encoder(players: int, options: Mapping[str, Any]) -> ScytheObservationEncoder:
    """The (cached) encoder for ``players``; of the options only ``turn_limit`` counts (for
    ``progress``)."""
    check_players(players)
    return _encoder(players, int(options.get("turn_limit", TURN_LIMIT)))
