"""Helpers that build Compounded situations: set fields, queue a phase, play to a decision."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import boardlab
from boardlab.games.compounded import frames as F
from boardlab.games.compounded.audit import audit
from boardlab.games.compounded.content import CONTENT, ELEMENTS, TRACKS
from boardlab.games.compounded.state import CompoundedState
from boardlab.games.compounded.workbench import (
    CARDS,
    CRYSTAL,
    EMPTY,
    WILD_SLOT,
    clear_items,
    put_items,
    return_claim,
    sync_claims,
)

PASSIVE = ("pass", "decline", "done", "none", "cancel")
EL = {symbol: i for i, symbol in enumerate(ELEMENTS)}
TR = {name: i for i, name in enumerate(TRACKS)}


def new_game(players: int = 3, seed: int = 1, **options: object) -> CompoundedState:
    state = boardlab.new("compounded", players, seed, **options)
    assert isinstance(state, CompoundedState)
    return state


def ids(state: CompoundedState) -> list[str]:
    """The ids of the legal actions."""
    return [str(a) for a in state.legal_actions()]


def passive(state: CompoundedState) -> str:
    """Decline whatever can be declined, otherwise take the first option."""
    options = ids(state)
    for word in PASSIVE:
        if word in options:
            return word
    return options[0]


def play_until(
    state: CompoundedState,
    kind: str,
    player: int | None = None,
    policy: Callable[[CompoundedState], str] = passive,
    limit: int = 20000,
) -> CompoundedState:
    """Apply ``policy`` until the pending decision has this kind (and player)."""
    for _ in range(limit):
        decision = state.decision
        assert decision is not None, f"the game ended before a {kind!r} decision"
        if decision.kind == kind and (player is None or decision.player == player):
            return state
        state.apply(policy(state))
    raise AssertionError(f"no {kind!r} decision within {limit} steps")


REST_OF_ROUND = {
    "lab": [
        (F.EndRound.key, -1),
        (F.LabKeyWindow.key, -1, 0),
        (F.Refill.key, -1),
        (F.LabTurns.key, -1, 0),
    ],
}
REST_OF_ROUND["research"] = [*REST_OF_ROUND["lab"], (F.ResearchPhase.key, -1, 0)]
REST_OF_ROUND["study"] = [
    *REST_OF_ROUND["research"],
    (F.RelocationRound.key, -1, 0),
    (F.StartClaims.key, -1),
]


def start_at(state: CompoundedState, phase: str, *extra: tuple[int, ...]) -> CompoundedState:
    """Replace the pending work by the rest of the round from ``phase`` (plus extra frames)."""
    stack = list(REST_OF_ROUND[phase])
    if phase == "discovery":
        raise ValueError("use start_discovery")
    stack.extend(extra)
    state.stack = stack
    state.refresh()
    return state


def start_discovery(state: CompoundedState, trading: bool = True) -> CompoundedState:
    """Queue a whole round from its Discovery phase (round number must be above 1)."""
    state.stack = [
        *REST_OF_ROUND["study"],
        (F.CapacityCheck.key, -1),
        *([(F.TradeOffer.key, state.lead, 0)] if trading else []),
        (F.Draws.key, -1),
    ]
    state.refresh()
    return state


# A decision whose answers change nothing (a trade reply to an empty offer): queued under
# the frames a test runs so that the state waits there once they are done.
STOP = (F.TradeReply.key, 0, 1, *([0] * 28))


def run_frames(state: CompoundedState, *frames: tuple[int, ...]) -> CompoundedState:
    """Run just these frames (the last one first), then wait at the stop decision."""
    state.stack = [STOP, *frames]
    state.refresh()
    return state


def stopped(state: CompoundedState) -> bool:
    """True when the frames a test queued with ``run_frames`` are all done."""
    return state.stack == [STOP]


def research_turn(state: CompoundedState, p: int) -> CompoundedState:
    """Put ``p`` at the start of a research turn; the state stops when the turn is over."""
    return run_frames(state, (F.PlaceItem.key, p, 0))


def instances(compound_id: str) -> list[int]:
    return [card for card, compound in enumerate(CARDS) if compound.id == compound_id]


def _take_crystal(state: CompoundedState, e: int) -> None:
    assert state.bag[e] > 0, f"no {ELEMENTS[e]} left in the bag for the test"
    state.bag[e] -= 1


def clear_card(state: CompoundedState, pos: int) -> None:
    """Return a field card's items to the bag and its claim disc to its owner."""
    card = state.field_card[pos]
    if card < 0:
        return
    return_claim(state, pos)
    clear_items(state, card, state.field_items[pos])
    put_items(state, pos, (EMPTY,) * CARDS[card].spaces)
    state.fire[pos] = 0
    state.burned[pos] = 0


def set_card(state: CompoundedState, pos: int, compound_id: str) -> int:
    """Put an instance of the compound at ``pos`` (swapping cards so every card stays once)."""
    clear_card(state, pos)
    old = state.field_card[pos]
    for card in instances(compound_id):
        if card == old:
            return card
        if card in state.deck:
            index = state.deck.index(card)
            if old >= 0:
                state.deck[index] = old
            else:
                del state.deck[index]
            break
        if card in state.discard:
            index = state.discard.index(card)
            if old >= 0:
                state.discard[index] = old
            else:
                del state.discard[index]
            break
    else:
        # take it from another field position, preferring one later in reading order
        spots = [i for i in range(16) if i != pos and state.field_card[i] in instances(compound_id)]
        other = max(spots)
        card = state.field_card[other]
        clear_card(state, other)
        state.field_card[other] = old
        if old >= 0:
            put_items(state, other, (EMPTY,) * CARDS[old].spaces)
    state.field_card[pos] = card
    put_items(state, pos, (EMPTY,) * CARDS[card].spaces)
    state.fire[pos] = 0
    state.burned[pos] = 0
    return card


def vacate(state: CompoundedState, pos: int) -> None:
    """Empty a field position; its card goes to the discard pile."""
    clear_card(state, pos)
    state.discard.append(state.field_card[pos])
    state.field_card[pos] = -1
    state.field_items[pos] = ()
    state.field_open[pos] = 0


def fill(state: CompoundedState, pos: int, leave: Iterable[str] = ()) -> None:
    """Fill every empty space of a field compound with crystals from the bag, except one
    space of each element listed in ``leave``."""
    card = CARDS[state.field_card[pos]]
    skip = [EL[symbol] for symbol in leave]
    items = list(state.field_items[pos])
    for i, e in enumerate(card.space_elements):
        if items[i] != EMPTY:
            continue
        if e in skip:
            skip.remove(e)
            continue
        _take_crystal(state, e)
        items[i] = CRYSTAL
    put_items(state, pos, tuple(items))


def put_wild(state: CompoundedState, pos: int, index: int, from_player: int) -> None:
    """Move a wild token held by ``from_player`` onto a field space."""
    assert state.wild[from_player] > 0
    state.wild[from_player] -= 1
    items = list(state.field_items[pos])
    assert items[index] == EMPTY
    items[index] = WILD_SLOT
    put_items(state, pos, tuple(items))


def set_storage(state: CompoundedState, p: int, **counts: int) -> None:
    """Return ``p``'s storage to the bag and take exactly these crystals from it."""
    for e in range(6):
        state.bag[e] += state.storage[p * 6 + e]
        state.storage[p * 6 + e] = 0
    for symbol, count in counts.items():
        e = EL[symbol]
        for _ in range(count):
            _take_crystal(state, e)
        state.storage[p * 6 + e] = count


def set_level(state: CompoundedState, p: int, track: str, level: int) -> None:
    """Set an experiment to a 1-based level (claims follow I-1 upward)."""
    state.track_level[p * 4 + TR[track]] = level - 1
    sync_claims(state, p)


def claim_for(
    state: CompoundedState, pos: int, p: int, temporary: bool = False, placed: int = 0
) -> None:
    """Put ``p``'s disc on a field compound: permanent from available, temporary from reserve."""
    assert state.claim_owner[pos] < 0
    if temporary:
        assert state.reserve[p] > 0
        state.reserve[p] -= 1
    else:
        assert state.free_discs[p] > 0, "raise Study first to have an available disc"
        state.free_discs[p] -= 1
    state.claim_owner[pos] = p
    state.claim_temp[pos] = int(temporary)
    state.claim_round[pos] = placed or state.round


def complete_ext(state: CompoundedState, x: int) -> None:
    """Fill extinguisher ``x`` with crystals from the bag."""
    from boardlab.games.compounded.workbench import EXT_ELEMENTS

    for e in EXT_ELEMENTS:
        _take_crystal(state, e)
    state.extinguisher_items[x] = (CRYSTAL,) * len(EXT_ELEMENTS)


def give_equipment(state: CompoundedState, p: int, short: str, fresh: bool = False) -> None:
    """Move one equipment token from the supply to ``p``."""
    k = next(kind.index for kind in CONTENT.equipment if kind.short == short)
    assert state.supply[k] > 0
    state.supply[k] -= 1
    state.equip[p * 6 + k] += 1
    if fresh:
        state.equip_this_round[p * 6 + k] += 1


def held(state: CompoundedState, p: int, short: str) -> int:
    k = next(kind.index for kind in CONTENT.equipment if kind.short == short)
    return state.equip[p * 6 + k]


def storage(state: CompoundedState, p: int) -> dict[str, int]:
    return {ELEMENTS[e]: state.storage[p * 6 + e] for e in range(6) if state.storage[p * 6 + e]}


def pos_of(row: int, col: int) -> int:
    return row * 4 + col


def assert_clean(state: CompoundedState) -> None:
    problems = audit(state)
    assert problems == [], problems


def quiet_field(state: CompoundedState) -> None:
    """Fill the whole field with non-flammable, unclaimed, empty compounds (no fire risk)."""
    safe = [c.id for c in CONTENT.compounds if not c.flammable and c.reaction < 0]
    used: list[str] = []
    for pos in range(16):
        for compound_id in safe:
            if used.count(compound_id) < len(instances(compound_id)):
                used.append(compound_id)
                set_card(state, pos, compound_id)
                break


def eager_choice(state: CompoundedState, rng: Any) -> Any:
    """A random policy that rarely declines, so that scoring, fires and reactions happen."""
    options = state.legal_actions()
    kind = state.decision.kind if state.decision is not None else ""
    if kind == "trade_offer":
        return options[-1] if rng.random() < 0.8 else rng.choice(options)
    if kind == "trade_build":
        return rng.choice(options)
    busy = [a for a in options if a.id not in PASSIVE]
    if kind == "place_item":
        places = [a for a in busy if a.kind == "place"]
        if places:
            return rng.choice(places)
    return rng.choice(busy) if busy else options[0]


def lab_table(players: int = 3, seed: int = 11, lead: int = 0) -> CompoundedState:
    """A game with a quiet field (no compound in play) and the given lead scientist."""
    state = new_game(players, seed=seed)
    state.lead = lead
    quiet_field(state)
    return state


def ready(
    state: CompoundedState, pos: int, compound_id: str, p: int, temporary: bool = False
) -> None:
    """A complete compound at ``pos`` claimed by ``p``."""
    set_card(state, pos, compound_id)
    fill(state, pos)
    claim_for(state, pos, p, temporary=temporary)
