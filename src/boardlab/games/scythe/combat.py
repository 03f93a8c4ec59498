"""Combat (S-9): after the whole Move, one per contested territory in the attacker's order.

1. Pre-combat abilities, the attacker's then the defender's (S-9.2-1): Artillery (pay 1
   power, the opponent loses 2: ``artillery`` or ``skip``), Scout (a random card of the
   opponent's hand), Disarm (on a tunnel the opponent loses 2 power; on Saxony's own Mine
   too with ``disarm_counts_own_mine``, S-19 #13).
2. Each side, the attacker first, secretly sets its power dial, 0 to the lower of 7 and its
   power (``dial 3``), then adds at most one combat card per character or mech of its own
   there, one more with People's Army when a worker of it is there (``cards 5,2`` or
   ``cards none``; S-9.2-2, S-9.2-3, S-15.2). Both are **secret** options: until the reveal
   another seat's log shows that a dial was set and cards chosen, never which, and nothing
   leaves the hand or the power track before the reveal, so no view shows them either.
3. Reveal (``state.reveal`` of each secret step, ``announce("combat", ...)``): the higher
   total wins, a tie goes to the attacker; both pay their dial in power and discard the
   cards played (S-9.2-4, S-9.2-5).
4. The loser's character, mechs and workers there go home, leaving their resources; with
   Seaworthy (and ``seaworthy_may_retreat_to_adjacent_lake``) the character and mechs may
   go onto an adjacent lake instead, the workers aboard a mech (``retreat home`` /
   ``retreat r3c4``; S-9.2-7, S-15.1).
5. A winning attacker loses 1 popularity per defending worker sent home, unless it has
   Camaraderie (S-9.2-6, S-15.5); a loser that put in any power (dial above 0 or a card)
   draws one card (S-9.2-7); the winner places a combat star, two at most, Saxony without
   limit (S-9.3). A sixth star ends the game at once, once this combat is over (S-21.3-3).

Frames (``frames.py``): ``Combat`` (Step, pushed by ``move``), ``CombatAbility`` (Step),
``Artillery``, ``CombatFight`` (Step: the reveal once both sides committed; ``commits`` one
``(dial, cards, steps)`` per side committed so far, ``cards`` the counts by value,
``steps`` the history indexes of its secret choices), ``CombatDial``, ``CombatCards``,
``Retreat``, ``CombatEnd`` (Step).
"""

from __future__ import annotations

from itertools import product
from random import Random
from typing import TYPE_CHECKING, Any

from boardlab.engine import Action, Frame, Rng
from boardlab.engine.layouts import KEY, PLAYER
from boardlab.games.scythe import actions as A
from boardlab.games.scythe.board import (
    BIT,
    HOME,
    LAKES,
    NAMES,
    NEIGHBOR_MASK,
    SPACE_IDS,
    TUNNELS,
    bits,
)
from boardlab.games.scythe.control import fighters_mask, others_fighters_mask, others_mask
from boardlab.games.scythe.frames import (
    Artillery,
    CombatAbility,
    CombatCards,
    CombatDial,
    CombatEnd,
    CombatFight,
    Retreat,
)
from boardlab.games.scythe.move import active_abilities
from boardlab.games.scythe.stars import place_combat_star
from boardlab.games.scythe.tables import (
    COMBAT_VALUES,
    DIAL_MAX,
    MECH,
    MINE,
    N_MECHS,
    N_STRUCTURES,
    N_VALUES,
    UNITS_PER_SEAT,
    WORKER,
)
from boardlab.games.scythe.tracks import draw_cards, lose_popularity, lose_power

if TYPE_CHECKING:
    from boardlab.games.scythe.state import ScytheState

ATTACKER, DEFENDER = 0, 1
#: Power the opponent loses to Artillery and Disarm, and what Artillery costs (S-15).
ABILITY_LOSS = 2
ARTILLERY_COST = 1
#: The most cards one side may add: a character, four mechs, People's Army.
MAX_SLOTS = 1 + N_MECHS + 1
#: What other seats' logs say of a secret combat choice (``state.secret_note``).
SECRET_NOTES = {"combat_dial": "set a power dial", "combat_cards": "chose combat cards"}

Vector = tuple[int, ...]


def _vector_action(vector: Vector) -> Action:
    values = [COMBAT_VALUES[v] for v in reversed(range(N_VALUES)) for _ in range(vector[v])]
    if not values:
        return Action("cards", ("none",), label="no combat card", secret=True)
    shown = " + ".join(map(str, values))
    return Action("cards", tuple(values), label=f"combat cards {shown}", secret=True)


#: Every way to add up to ``MAX_SLOTS`` cards, as counts by value, fewest cards first and
#: higher values first; the option of each.
VECTORS: tuple[Vector, ...] = tuple(
    sorted(
        (v for v in product(range(MAX_SLOTS + 1), repeat=N_VALUES) if sum(v) <= MAX_SLOTS),
        key=lambda v: (sum(v), [-COMBAT_VALUES[i] for i in reversed(range(N_VALUES))
                                for _ in range(v[i])]),
    )
)
CARDS: dict[Vector, Action] = {vector: _vector_action(vector) for vector in VECTORS}
VECTOR_OF: dict[str, Vector] = {action.id: vector for vector, action in CARDS.items()}


def strength(vector: Vector) -> int:
    return sum(COMBAT_VALUES[v] * vector[v] for v in range(N_VALUES))


def slots(s: ScytheState, seat: int, territory: int) -> int:
    """Cards ``seat`` may add: one per character or mech of its there, one more with People's
    Army when one of its workers is there (S-9.2-3, S-15.2)."""
    base = seat * UNITS_PER_SEAT
    units = s.units
    count = units[base : base + WORKER].count(territory)
    if territory in units[base + WORKER : base + UNITS_PER_SEAT] and (
        "peoples_army" in active_abilities(s, seat)
    ):
        count += 1
    return count


def card_options(s: ScytheState, seat: int, territory: int) -> list[Action]:
    """``cards ...`` options of ``seat``: what its hand allows within its slots."""
    hand = s.hand[seat * N_VALUES : (seat + 1) * N_VALUES]
    most = min(slots(s, seat, territory), sum(hand))
    return [
        CARDS[vector]
        for vector in VECTORS
        if sum(vector) <= most and all(vector[v] <= hand[v] for v in range(N_VALUES))
    ]


def _dial_limit(s: ScytheState, seat: int) -> int:
    return min(DIAL_MAX, s.power[seat])


# ---------------------------------------------------------------------- start, abilities
def run_combat(s: ScytheState, f: Frame) -> None:
    _, attacker, territory, defender, returns = f
    stack = s.stack
    if not BIT[territory] & fighters_mask(s, attacker) & others_fighters_mask(s, attacker):
        stack.pop()
        return
    s.announce("combat", f"P{attacker + 1} attacks P{defender + 1} on {NAMES[territory]}")
    stack[-1] = (CombatFight.key, attacker, territory, defender, returns, ())
    stack.append((CombatDial.key, attacker, ATTACKER, territory))
    stack.append((CombatAbility.key, defender, attacker, territory))
    stack.append((CombatAbility.key, attacker, defender, territory))


def run_ability(s: ScytheState, f: Frame) -> None:
    """One side's pre-combat ability (S-9.2-1), once per combat."""
    _, seat, opponent, territory = f
    abilities = active_abilities(s, seat)
    if "artillery" in abilities and s.power[seat] >= ARTILLERY_COST and s.power[opponent]:
        s.stack[-1] = (Artillery.key, seat, opponent)
        return
    s.stack.pop()
    if "scout" in abilities and s.hand_size(opponent):
        _scout(s, seat, opponent)
    elif "disarm" in abilities and (
        BIT[territory] & TUNNELS
        or (
            s.options.get("disarm_counts_own_mine", False)
            and s.structures[seat * N_STRUCTURES + MINE] == territory
        )
    ):
        lose_power(s, opponent, ABILITY_LOSS)
        s.announce("combat", f"Disarm: P{opponent + 1} loses {ABILITY_LOSS} power")


def _scout(s: ScytheState, seat: int, opponent: int) -> None:
    """Take one card at random from the opponent's hand (S-15.3)."""
    row = opponent * N_VALUES
    pick = s.rng.randbelow(s.hand_size(opponent))
    for v in range(N_VALUES):
        if pick < s.hand[row + v]:
            s.hand[row + v] -= 1
            s.hand[seat * N_VALUES + v] += 1
            break
        pick -= s.hand[row + v]
    s.announce("combat", f"Scout: P{seat + 1} takes a random combat card from P{opponent + 1}")


def options_artillery(s: ScytheState, f: Frame) -> list[Action]:
    return [A.ARTILLERY, A.SKIP]


def resolve_artillery(s: ScytheState, f: Frame, a: Action) -> None:
    _, seat, opponent = f
    s.stack.pop()
    if a.kind == "artillery":
        s.power[seat] -= ARTILLERY_COST
        lose_power(s, opponent, ABILITY_LOSS)


# ---------------------------------------------------------------------- secret choices
def options_dial(s: ScytheState, f: Frame) -> list[Action]:
    return list(A.DIAL[: _dial_limit(s, f[PLAYER]) + 1])


def resolve_dial(s: ScytheState, f: Frame, a: Action) -> None:
    _, seat, side, territory = f
    # a decision of one option is applied without being recorded: nothing to reveal then
    step = len(s.history) - 1 if _dial_limit(s, seat) else -1
    s.stack[-1] = (CombatCards.key, seat, side, territory, A.INDEX_OF[a.id], step)


def options_cards(s: ScytheState, f: Frame) -> list[Action]:
    return card_options(s, f[PLAYER], f[CombatCards.territory])


def resolve_cards(s: ScytheState, f: Frame, a: Action) -> None:
    _, seat, side, territory, dial, dial_step = f
    recorded = len(card_options(s, seat, territory)) > 1
    steps = tuple(
        step for step in (dial_step, len(s.history) - 1 if recorded else -1) if step >= 0
    )
    stack = s.stack
    stack.pop()
    fight = stack[-1]
    commits = (*fight[CombatFight.commits], (dial, VECTOR_OF[a.id], steps))
    stack[-1] = (*fight[:CombatFight.commits], commits)
    if side == ATTACKER:
        stack.append((CombatDial.key, fight[CombatFight.defender], DEFENDER, territory))


# ---------------------------------------------------------------------- reveal and after
def run_fight(s: ScytheState, f: Frame) -> None:
    """Reveal, compare, pay (S-9.2-4, S-9.2-5); then the loser's retreat."""
    _, attacker, territory, defender, _, commits = f
    (a_dial, a_cards, a_steps), (d_dial, d_cards, d_steps) = commits
    for step in (*a_steps, *d_steps):
        s.reveal(step)
    a_total = a_dial + strength(a_cards)
    d_total = d_dial + strength(d_cards)
    winner, loser = (attacker, defender) if a_total >= d_total else (defender, attacker)
    for seat, dial, vector in ((attacker, a_dial, a_cards), (defender, d_dial, d_cards)):
        s.power[seat] -= dial
        row = seat * N_VALUES
        for v in range(N_VALUES):
            s.hand[row + v] -= vector[v]
            s.combat_discard[v] += vector[v]
    s.announce(
        "combat",
        f"on {NAMES[territory]}: P{attacker + 1} {_shown(a_dial, a_cards)} against "
        f"P{defender + 1} {_shown(d_dial, d_cards)}: P{winner + 1} wins",
    )
    base = loser * UNITS_PER_SEAT
    sent_home = s.units[base + WORKER : base + UNITS_PER_SEAT].count(territory)
    dial, vector = (a_dial, a_cards) if loser == attacker else (d_dial, d_cards)
    consolation = int(dial > 0 or sum(vector) > 0)
    s.stack[-1] = (CombatEnd.key, attacker, territory, defender, winner, sent_home, consolation)
    s.stack.append((Retreat.key, loser, territory))


def _shown(dial: int, vector: Vector) -> str:
    values = [COMBAT_VALUES[v] for v in reversed(range(N_VALUES)) for _ in range(vector[v])]
    cards = " + ".join(map(str, values))
    return f"dial {dial}" + (f" + cards {cards}" if cards else "") + f" = {dial + sum(values)}"


def lake_retreats(s: ScytheState, seat: int, territory: int) -> int:
    """Lakes next to ``territory`` a Seaworthy loser may retreat onto: no other seat's unit
    is there (S-15.1, S-19 #4)."""
    if not s.options.get("seaworthy_may_retreat_to_adjacent_lake", True):
        return 0
    if "seaworthy" not in active_abilities(s, seat):
        return 0
    return NEIGHBOR_MASK[territory] & LAKES & ~others_mask(s, seat)


def options_retreat(s: ScytheState, f: Frame) -> list[Action]:
    _, seat, territory = f
    return [A.RETREAT_HOME, *(A.RETREAT_TO[x] for x in bits(lake_retreats(s, seat, territory)))]


def resolve_retreat(s: ScytheState, f: Frame, a: Action) -> None:
    """Every unit of the loser there goes home, its resources staying (S-9.2-7); onto a lake
    the workers ride a mech, or go home without one (S-8.5)."""
    _, seat, territory = f
    s.stack.pop()
    home = HOME[s.faction[seat]]
    there = home if a.args[0] == "home" else A.space_of(a)
    base = seat * UNITS_PER_SEAT
    units = s.units
    mech_goes = territory in units[base + MECH : base + WORKER]
    for piece in range(base, base + UNITS_PER_SEAT):
        if units[piece] == territory:
            worker = piece - base >= WORKER
            units[piece] = home if worker and not mech_goes else there


def run_end(s: ScytheState, f: Frame) -> None:
    """The winner's popularity loss, the loser's card, the winner's star (S-9.2-6, S-9.2-7,
    S-9.3); the game ends after all of it on a sixth star (S-21.3-3)."""
    _, attacker, territory, defender, winner, sent_home, consolation = f
    s.stack.pop()
    loser = defender if winner == attacker else attacker
    popularity = s.popularity[attacker]
    if winner == attacker and sent_home and "camaraderie" not in active_abilities(s, attacker):
        lose_popularity(s, attacker, sent_home)
    s.announce("combat", aftermath_text, winner, loser, territory, sent_home,
               popularity - s.popularity[attacker] if winner == attacker else 0, consolation)
    if consolation:
        draw_cards(s, loser, 1)
    place_combat_star(s, winner)


def aftermath_text(winner: int, loser: int, territory: int, sent_home: int, popularity: int,
                   consolation: int) -> str:
    """What a combat cost (S-9.2-6, S-9.2-7): the loser's retreat, the winner's popularity,
    the loser's consolation card."""
    parts = [f"P{loser + 1} retreats from {NAMES[territory]}"]
    if sent_home:
        parts.append(f"P{winner + 1} loses {popularity} popularity for the {sent_home} "
                     f"worker{'s' if sent_home > 1 else ''} sent home")
    if consolation:
        parts.append(f"P{loser + 1} draws a combat card for having spent power or cards")
    return "; ".join(parts)


# ---------------------------------------------------------------------- hidden choices
def resample_commits(s: ScytheState, viewer: int | None, rng: Random | Rng) -> None:
    """Re-sample the combat choices ``viewer`` has not seen: a dial set or cards chosen by
    another seat and not revealed yet, among the options that seat had (called by
    ``view.resample_hidden`` after the hands were re-dealt, so the cards are in the hand)."""
    stack = s.stack
    for i, frame in enumerate(stack):
        key = frame[KEY]
        if key == CombatFight.key and frame[CombatFight.commits]:
            _, attacker, territory, defender, _, committed = frame
            commits = []
            for side, commit in enumerate(committed):
                seat = attacker if side == ATTACKER else defender
                if seat == viewer:
                    commits.append(commit)
                    continue
                vector = VECTOR_OF[rng.choice(card_options(s, seat, territory)).id]
                commits.append((rng.randrange(_dial_limit(s, seat) + 1), vector, commit[2]))
            stack[i] = (*frame[:CombatFight.commits], tuple(commits))
        elif key == CombatCards.key and frame[PLAYER] != viewer:
            dial = rng.randrange(_dial_limit(s, frame[PLAYER]) + 1)
            stack[i] = (*frame[:CombatCards.dial], dial, frame[CombatCards.dial_step])


def combat_view(s: ScytheState, viewer: int | None) -> dict[str, Any] | None:
    """The combat being fought as ``viewer`` may know it (for the view body), or None: who,
    where, which sides have committed, and the viewer's own unrevealed choice."""
    fight: Frame | None = None
    pending: Frame | None = None
    for frame in s.stack:
        if frame[KEY] == CombatFight.key:
            fight = frame
        elif frame[KEY] == CombatCards.key:
            pending = frame
    if fight is None:
        return None
    _, attacker, territory, defender, _, commits = fight
    sides: list[dict[str, Any]] = []
    for side, seat in enumerate((attacker, defender)):
        entry: dict[str, Any] = {"seat": seat, "committed": side < len(commits)}
        if seat == viewer:
            if side < len(commits):
                dial, vector, _ = commits[side]
                entry["dial"] = dial
                entry["cards"] = [COMBAT_VALUES[v] for v in reversed(range(N_VALUES))
                                  for _ in range(vector[v])]
            elif pending is not None and pending[PLAYER] == seat:
                entry["dial"] = pending[CombatCards.dial]
        sides.append(entry)
    return {
        "territory": SPACE_IDS[territory],
        "attacker": sides[ATTACKER],
        "defender": sides[DEFENDER],
    }
