"""Builders for Scythe tests: a dealt game and
tools to set up a situation by hand and play option ids in it."""

from __future__ import annotations

from collections.abc import Sequence

from boardlab.engine import Frame
from boardlab.games.scythe import SPEC
from boardlab.games.scythe.board import INDEX
from boardlab.games.scythe.content import CONTENT, FACTION_IDS
from boardlab.games.scythe.state import ScytheState
from boardlab.games.scythe.tables import (
    CHARACTER,
    MECH,
    MECH_SLOT,
    N_RESOURCES,
    OFF_BOARD,
    UNITS_PER_SEAT,
    WORKER,
)
from boardlab.games.scythe.vocabulary import RESOURCES, STRUCTURES

MATS = ("industrial", "engineering", "patriotic", "mechanical", "agricultural")


def new(players: int = 2, seed: int = 0, **options: object) -> ScytheState:
    """A new game, as ``boardlab.new("scythe", ...)`` will give once the game is declared."""
    SPEC.check_players(players)
    state = ScytheState.create(players, seed, SPEC.resolve_options(options))
    assert isinstance(state, ScytheState)
    return state


def at(space_id: str) -> int:
    """The space index of a map id such as ``"r3c3"``."""
    return INDEX[space_id]


def game(
    factions: Sequence[str] = ("nordic", "rusviet"),
    mats: Sequence[str] | None = None,
    seed: int = 0,
    **options: object,
) -> ScytheState:
    """A game with chosen factions and mats (default mats: Industrial, Engineering... in seat
    order, so seat 0 plays first when the factions are given clockwise)."""
    chosen = list(mats) if mats is not None else list(MATS[: len(factions)])
    return new(len(factions), seed, factions=list(factions), mats=chosen, **options)


def clear(s: ScytheState) -> None:
    """Every worker back on its mat, every mech on its faction mat, characters at home, no
    resources anywhere, no encounter tokens, no objective cards held (they go under the
    deck, so no reveal is offered in the decisions of a turn), nothing pending."""
    for seat in range(s.players):
        base = seat * UNITS_PER_SEAT
        for piece in range(UNITS_PER_SEAT):
            s.units[base + piece] = OFF_BOARD
        s.units[base + CHARACTER] = at(CONTENT.factions[s.faction[seat]].home)
    s.resources = [0] * len(s.resources)
    s.encounter_tokens = 0
    s.objective_deck = (*(card for card in s.objectives if card >= 0), *s.objective_deck)
    s.objectives = [-1] * len(s.objectives)
    s.stack = []


def seat_of(s: ScytheState, faction: str) -> int:
    return s.faction.index(FACTION_IDS.index(faction))


def character(s: ScytheState, seat: int, space_id: str) -> None:
    s.units[seat * UNITS_PER_SEAT + CHARACTER] = at(space_id)


def mech(s: ScytheState, seat: int, ability: str, space_id: str) -> None:
    """Deploy the mech unlocking ``ability`` on ``space_id``."""
    slot = MECH_SLOT[s.faction[seat]][ability]
    s.units[seat * UNITS_PER_SEAT + MECH + slot] = at(space_id)


def workers(s: ScytheState, seat: int, space_id: str, count: int = 1) -> None:
    """Put ``count`` more workers of ``seat`` from its mat on ``space_id``."""
    base = seat * UNITS_PER_SEAT
    for piece in range(base + WORKER, base + UNITS_PER_SEAT):
        if count and s.units[piece] == OFF_BOARD:
            s.units[piece] = at(space_id)
            count -= 1
    assert count == 0, "no worker left on the mat"


def worker_spaces(s: ScytheState, seat: int) -> list[int]:
    base = seat * UNITS_PER_SEAT
    return sorted(x for x in s.units[base + WORKER : base + UNITS_PER_SEAT] if x != OFF_BOARD)


def structure(s: ScytheState, seat: int, name: str, space_id: str) -> None:
    s.structures[seat * len(STRUCTURES) + STRUCTURES.index(name)] = at(space_id)


def resource(s: ScytheState, space_id: str, name: str, count: int) -> None:
    s.resources[at(space_id) * N_RESOURCES + RESOURCES.index(name)] = count


def tokens(s: ScytheState, space_id: str) -> dict[str, int]:
    row = s.resources[at(space_id) * N_RESOURCES : (at(space_id) + 1) * N_RESOURCES]
    return {name: row[r] for r, name in enumerate(RESOURCES) if row[r]}


def pose(s: ScytheState, *frames: Frame, active: int | None = None) -> ScytheState:
    """Put ``frames`` on the stack (the last one on top) and run to the next decision."""
    s.stack = list(frames)
    if active is not None:
        s.active = active
    s.refresh()
    return s


def turn(s: ScytheState, seat: int) -> ScytheState:
    """Start ``seat``'s turn now (with nothing else pending)."""
    s.turn += 1
    return pose(s, ("turn", seat), active=seat)


def options(s: ScytheState) -> list[str]:
    return [action.id for action in s.legal_actions()]


def play(s: ScytheState, *ids: str) -> ScytheState:
    """Apply option ids in order (each must be an option of the pending decision)."""
    for action_id in ids:
        s.apply(action_id)
    return s


def kind(s: ScytheState) -> str | None:
    decision = s.decision
    return None if decision is None else decision.kind
