"""Conservation checks (``SPEC.audit``): every component in one place, every track in bounds.

Units and structures have one slot each in ``units`` and ``structures``, so conservation
means every slot holds a real place and the rules of where pieces may stand hold: a
character always on the board, a structure only on a land territory and alone there,
workers and resources on a lake only with a unit that brought them (S-8.5), nothing on the
unused home bases. The cards are counted: the 42 combat cards by value between the deck,
the discard pile and the hands (a committed combat choice stays in the hand until the
reveal); the objective cards between the deck and the hands, each revealed card under the
deck and as many of them as the seat's objective stars; the encounter cards all in the
deck (each goes under it as it is drawn); the Factory cards kept or on offer, ``players +
1`` of them. Tracks: power 0-16, popularity 0-18, coins and resources never negative (both
are unlimited, S-3.7). Stars: at most six, combat and objective stars within their limits
(Saxony excepted), once-only goals starred only when met for the goals that never go back,
upgrade cubes and recruits moved in pairs.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, cast

from boardlab.engine.layouts import KEY
from boardlab.games.scythe.board import (
    BIT,
    ENCOUNTER_SPACES,
    LAKES,
    N_SPACES,
    SPACE_IDS,
    TERRITORIES,
    UNUSED_HOMES,
)
from boardlab.games.scythe.content import CONTENT
from boardlab.games.scythe.frames import CombatFight
from boardlab.games.scythe.stars import reached
from boardlab.games.scythe.tables import (
    ALL_BOTTOM,
    ALL_UPGRADES,
    CHARACTER,
    COMBAT_STARS_MAX,
    COMBAT_VALUES,
    DIAL_MAX,
    FACTION_ABILITY,
    FACTORY_SECTION,
    GOAL_MECHS,
    GOAL_RECRUITS,
    GOAL_STRUCTURES,
    GOAL_UPGRADES,
    GOAL_WORKERS,
    N_RESOURCES,
    N_SECTIONS,
    N_STRUCTURES,
    N_VALUES,
    NO_SECTION,
    OBJECTIVE_STARS_MAX,
    OBJECTIVES_HELD,
    OFF_BOARD,
    ONCE_GOALS,
    POPULARITY_MAX,
    POWER_MAX,
    STARS_TO_END,
    UNITS_PER_SEAT,
    UPGRADE_SLOTS,
    WORKER,
)
from boardlab.games.scythe.vocabulary import RESOURCES, STRUCTURES

if TYPE_CHECKING:
    from boardlab.engine import GameState
    from boardlab.games.scythe.state import ScytheState

_ONCE_MASK = sum(1 << goal for goal in ONCE_GOALS)
#: Goals whose condition never goes back once met: a star placed for one must still hold.
_LASTING = (GOAL_UPGRADES, GOAL_MECHS, GOAL_STRUCTURES, GOAL_RECRUITS, GOAL_WORKERS)
_CARD_COUNTS = Counter(CONTENT.combat_deck)
_PER_SEAT = (
    "coins", "power", "popularity", "star_goals", "star_pending", "combat_stars",
    "objective_stars", "top_upgrades", "recruits", "recruit_bonuses", "last_section",
    "factory_card",
)


def audit(state: GameState) -> list[str]:
    """Every broken conservation invariant, in words; empty when all is well."""
    s = cast("ScytheState", state)
    problems = _shapes(s)
    if not problems:
        problems = _places(s)
    if problems:
        return problems  # the other checks index tables with these lists and spaces
    return (
        _pieces(s)
        + _resources(s)
        + _combat_cards(s)
        + _decks(s)
        + _tracks(s)
        + _stars(s)
        + _mats(s)
    )


def _shapes(s: ScytheState) -> list[str]:
    n = s.players
    sizes = {
        "units": n * UNITS_PER_SEAT,
        "structures": n * N_STRUCTURES,
        "resources": N_SPACES * N_RESOURCES,
        "hand": n * N_VALUES,
        "objectives": n * OBJECTIVES_HELD,
        "objectives_revealed": n * OBJECTIVES_HELD,
        "bottom_cubes": n * N_SECTIONS,
        "combat_discard": N_VALUES,
        "faction": n,
        "mat": n,
        "order": n,
        **{name: n for name in _PER_SEAT},
    }
    problems = [
        f"{name} holds {len(getattr(s, name))} entries, expected {size}"
        for name, size in sizes.items()
        if len(getattr(s, name)) != size
    ]
    if sorted(s.order) != list(range(n)):
        problems.append(f"turn order {list(s.order)} is not every seat once")
    if not 0 <= s.active < n:
        problems.append(f"active seat {s.active} is not a seat")
    if len(set(s.faction)) != n or not all(0 <= f < len(CONTENT.factions) for f in s.faction):
        problems.append(f"factions {list(s.faction)} are not distinct factions")
    if len(set(s.mat)) != n or not all(0 <= m < len(CONTENT.mats) for m in s.mat):
        problems.append(f"player mats {list(s.mat)} are not distinct mats")
    return problems


def _places(s: ScytheState) -> list[str]:
    """Every piece and structure on a space of the map or off the board."""
    problems = [
        f"P{k // UNITS_PER_SEAT + 1}: piece {k % UNITS_PER_SEAT} on unknown space {space}"
        for k, space in enumerate(s.units)
        if not OFF_BOARD <= space < N_SPACES
    ]
    problems.extend(
        f"P{k // N_STRUCTURES + 1}: {STRUCTURES[k % N_STRUCTURES]} on unknown space {space}"
        for k, space in enumerate(s.structures)
        if not OFF_BOARD <= space < N_SPACES
    )
    return problems


def _pieces(s: ScytheState) -> list[str]:
    problems = []
    units = s.units
    for seat in range(s.players):
        base = seat * UNITS_PER_SEAT
        for piece in range(UNITS_PER_SEAT):
            space = units[base + piece]
            kind = "character" if piece == CHARACTER else ("mech" if piece < WORKER else "worker")
            if space == OFF_BOARD and piece == CHARACTER:
                problems.append(f"P{seat + 1}: the character is off the board")
            elif BIT[space] & UNUSED_HOMES:
                problems.append(f"P{seat + 1}: {kind} on an unused home base {SPACE_IDS[space]}")
            elif (
                piece >= WORKER
                and BIT[space] & LAKES
                and space not in units[base : base + WORKER]
            ):
                problems.append(
                    f"P{seat + 1}: a worker on the lake {SPACE_IDS[space]} with no character "
                    "or mech of its own there"
                )
    seen: dict[int, str] = {}
    for seat in range(s.players):
        for k in range(N_STRUCTURES):
            space = s.structures[seat * N_STRUCTURES + k]
            name = f"P{seat + 1}'s {STRUCTURES[k]}"
            if space == OFF_BOARD:
                continue
            if not BIT[space] & TERRITORIES & ~LAKES:
                problems.append(f"{name} stands on {space}, not a land territory")
                continue
            if space in seen:
                problems.append(f"{name} and {seen[space]} share {SPACE_IDS[space]}")
            seen[space] = name
    return problems


def _resources(s: ScytheState) -> list[str]:
    problems = []
    occupied = 0
    for space in s.units:
        occupied |= BIT[space]
    for space in range(N_SPACES):
        row = s.resources[space * N_RESOURCES : (space + 1) * N_RESOURCES]
        for r, count in enumerate(row):
            if count < 0:
                problems.append(f"{count} {RESOURCES[r]} on {SPACE_IDS[space]}")
        if any(row) and BIT[space] & LAKES and not BIT[space] & occupied:
            problems.append(f"resources left on the lake {SPACE_IDS[space]} with no unit there")
    return problems


def _combat_cards(s: ScytheState) -> list[str]:
    problems = []
    counts = Counter(s.combat_deck)
    for v, value in enumerate(COMBAT_VALUES):
        if s.combat_discard[v] < 0:
            problems.append(f"{s.combat_discard[v]} cards of value {value} discarded")
        counts[value] += s.combat_discard[v]
        for seat in range(s.players):
            held = s.hand[seat * N_VALUES + v]
            if held < 0:
                problems.append(f"P{seat + 1} holds {held} combat cards of value {value}")
            counts[value] += held
    if counts != _CARD_COUNTS:
        found = ", ".join(f"{counts[v]} of value {v}" for v in sorted(counts))
        wanted = ", ".join(f"{_CARD_COUNTS[v]} of value {v}" for v in sorted(_CARD_COUNTS))
        problems.append(f"combat cards in play: {found}; expected {wanted}")
    for f in s.stack:
        if f[KEY] != CombatFight.key:
            continue
        _, attacker, _, defender, _, commits = f
        for side, (dial, vector, _) in enumerate(commits):
            seat = attacker if side == 0 else defender
            row = s.hand[seat * N_VALUES : (seat + 1) * N_VALUES]
            if any(vector[v] > row[v] for v in range(N_VALUES)):
                problems.append(f"P{seat + 1} committed combat cards it does not hold")
            if not 0 <= dial <= min(DIAL_MAX, s.power[seat]):
                problems.append(f"P{seat + 1} committed dial {dial} beyond its power")
    return problems


def _decks(s: ScytheState) -> list[str]:
    problems = []
    held = [card for card in s.objectives if card != -1]
    objectives = sorted([*s.objective_deck, *held])
    if objectives != list(range(len(CONTENT.objectives))):
        problems.append(
            f"objective cards: {len(s.objective_deck)} in the deck and {held} held are not "
            f"the {len(CONTENT.objectives)} cards once each"
        )
    deck = set(s.objective_deck)
    for seat in range(s.players):
        who = f"P{seat + 1}"
        row = s.objectives[seat * OBJECTIVES_HELD : (seat + 1) * OBJECTIVES_HELD]
        if any(card < -1 for card in row):
            problems.append(f"{who} holds objective entries {row}")
        shown = [
            card
            for card in s.objectives_revealed[seat * OBJECTIVES_HELD : (seat + 1) * OBJECTIVES_HELD]
            if card != -1
        ]
        if len(shown) != s.objective_stars[seat]:
            problems.append(
                f"{who} revealed {len(shown)} objectives and has {s.objective_stars[seat]} "
                "objective stars"
            )
        if any(card not in deck for card in shown):
            problems.append(f"{who}'s revealed objectives {shown} are not under the deck")
    revealed = [card for card in s.objectives_revealed if card != -1]
    if len(set(revealed)) != len(revealed):
        problems.append(f"objectives revealed twice: {revealed}")
    if sorted(s.encounter_deck) != list(range(len(CONTENT.encounters))):
        problems.append(
            f"the encounter deck holds {len(s.encounter_deck)} cards, not the "
            f"{len(CONTENT.encounters)} once each"
        )
    if s.encounter_tokens & ~ENCOUNTER_SPACES:
        problems.append("an encounter token lies where none was printed")
    kept = [card for card in s.factory_card if card != -1]
    factory = [*s.factory_offer, *kept]
    if len(set(factory)) != len(factory) or not all(
        0 <= card < len(CONTENT.factory_cards) for card in factory
    ):
        problems.append(f"Factory cards {factory} (offer, then kept) are not distinct cards")
    if len(factory) != s.players + 1:
        problems.append(
            f"{len(factory)} Factory cards kept or on offer, expected {s.players + 1}"
        )
    return problems


def _tracks(s: ScytheState) -> list[str]:
    problems = []
    for seat in range(s.players):
        who = f"P{seat + 1}"
        if not 0 <= s.power[seat] <= POWER_MAX:
            problems.append(f"{who}: power {s.power[seat]} outside 0-{POWER_MAX}")
        if not 0 <= s.popularity[seat] <= POPULARITY_MAX:
            problems.append(f"{who}: popularity {s.popularity[seat]} outside 0-{POPULARITY_MAX}")
        if s.coins[seat] < 0:
            problems.append(f"{who}: {s.coins[seat]} coins")
    return problems


def _stars(s: ScytheState) -> list[str]:
    problems = []
    ended = 0
    for seat in range(s.players):
        who = f"P{seat + 1}"
        goals = s.star_goals[seat]
        saxony = FACTION_ABILITY[s.faction[seat]] == "dominate"
        if goals & ~_ONCE_MASK or s.star_pending[seat] & ~_ONCE_MASK:
            problems.append(f"{who}: star goal bits {goals:b} beyond the once-only goals")
        if s.combat_stars[seat] < 0 or (s.combat_stars[seat] > COMBAT_STARS_MAX and not saxony):
            problems.append(f"{who}: {s.combat_stars[seat]} combat stars")
        if s.objective_stars[seat] < 0 or (
            s.objective_stars[seat] > (OBJECTIVES_HELD if saxony else OBJECTIVE_STARS_MAX)
        ):
            problems.append(f"{who}: {s.objective_stars[seat]} objective stars")
        stars = s.stars(seat)
        if stars > STARS_TO_END:
            problems.append(f"{who}: {stars} stars placed, the game ends at {STARS_TO_END}")
        ended += stars >= STARS_TO_END
        met = reached(s, seat)
        for goal in _LASTING:
            if goals & (1 << goal) and not met & (1 << goal):
                problems.append(f"{who}: a star for goal {goal} that is not met")
    if s.ended == 1 and not ended:
        problems.append("the game ended on a sixth star that nobody placed")
    if s.ended not in (0, 1, 2):
        problems.append(f"ended is {s.ended}")
    if s.ended == 0 and ended:
        problems.append("a sixth star is placed and the game goes on")
    return problems


def _mats(s: ScytheState) -> list[str]:
    problems = []
    for seat in range(s.players):
        who = f"P{seat + 1}"
        slots = UPGRADE_SLOTS[s.mat[seat]]
        cubes = s.bottom_cubes[seat * N_SECTIONS : (seat + 1) * N_SECTIONS]
        for b in range(N_SECTIONS):
            if not 0 <= cubes[b] <= slots[b]:
                problems.append(f"{who}: {cubes[b]} cubes on bottom action {b} ({slots[b]} boxes)")
        upgrades = s.top_upgrades[seat]
        if upgrades & ~ALL_UPGRADES:
            problems.append(f"{who}: top-row upgrade bits {upgrades:b} beyond the six boxes")
        elif sum(cubes) != upgrades.bit_count():
            problems.append(
                f"{who}: {upgrades.bit_count()} cubes taken from the top row, {sum(cubes)} "
                "placed on the bottom row"
            )
        recruits, bonuses = s.recruits[seat], s.recruit_bonuses[seat]
        if recruits & ~ALL_BOTTOM or bonuses & ~ALL_BOTTOM:
            problems.append(f"{who}: recruit bits {recruits:b} / {bonuses:b} out of range")
        elif recruits.bit_count() != bonuses.bit_count():
            problems.append(
                f"{who}: {recruits.bit_count()} recruits enlisted, {bonuses.bit_count()} "
                "one-time bonuses covered"
            )
        last = s.last_section[seat]
        if not NO_SECTION <= last <= FACTORY_SECTION:
            problems.append(f"{who}: last section {last}")
        elif last == FACTORY_SECTION and s.factory_card[seat] < 0:
            problems.append(f"{who}: used the Factory card without holding one")
    return problems


__all__ = ["audit"]
