"""Builders for Konoten rule tests: reach a phase, hand out cards, build lenses, refresh caches."""

from __future__ import annotations

from collections.abc import Iterable

import boardlab
from boardlab.games.konoten import flow
from boardlab.games.konoten.audit import audit
from boardlab.games.konoten.state import KonotenState
from boardlab.games.konoten.tables import CARD_IDS, COST_MASK, FOUNDATION_COST, NODE_IDS

CARD = {card_id: i for i, card_id in enumerate(CARD_IDS)}
NODE = {node: i for i, node in enumerate(NODE_IDS)}


def new(players: int = 2, seed: int = 0, characters: list[str] | None = None) -> KonotenState:
    """A new game; with ``characters`` the boards are fixed per seat."""
    if characters is None:
        state = boardlab.new("konoten", players=players, seed=seed)
    else:
        state = boardlab.new("konoten", players=players, seed=seed, characters=characters)
    assert isinstance(state, KonotenState)
    return state


def refresh(state: KonotenState) -> KonotenState:
    """Run on to the decision after a test edited fields directly (the top frame re-asks)."""
    state.refresh()
    return state


def ids(state: KonotenState) -> list[str]:
    """The ids of the pending decision's options."""
    return [str(a) for a in state.legal_actions()]


def answer_supply(state: KonotenState) -> None:
    """Answer supply-phase decisions (tokens become assistants, no abilities) until main."""
    while state.decision is not None and state.decision.kind in ("supply_token", "supply_ability"):
        state.apply("assistant" if state.decision.kind == "supply_token" else "done")


def main_turn(state: KonotenState, seat: int) -> KonotenState:
    """Put ``seat`` on turn in the main phase (fields edited; the round is unchanged)."""
    state.phase = flow.MAIN
    state.ended = 0
    state.stack = [("turn", seat)]
    return refresh(state)


def take_card(state: KonotenState, card_id: str) -> int:
    """Remove a card from wherever it is (deck, display, hand) and return its index."""
    card = CARD[card_id]
    for deck in (state.normal_deck, state.vp_deck):
        if card in deck:
            deck.remove(card)
            return card
    if card in state.market:
        state.market[state.market.index(card)] = -1
        return card
    for p, hand in enumerate(state.hand):
        if hand >> card & 1:
            state.hand[p] &= ~(1 << card)
            return card
    raise AssertionError(f"card {card_id} is not free")


def give_cards(state: KonotenState, seat: int, card_ids: Iterable[str]) -> None:
    """Move the named cards into ``seat``'s hand."""
    for card_id in card_ids:
        state.hand[seat] |= 1 << take_card(state, card_id)
    refresh(state)


def take_foundation(state: KonotenState, cost: int) -> int:
    """Remove a foundation of ``cost`` from the supply and return its index."""
    pile = state.found & COST_MASK[cost]
    assert pile, f"no foundation of cost {cost} left"
    low = pile & -pile
    state.found ^= low
    return low.bit_length() - 1


def add_lens(
    state: KonotenState, owner: int, cards: dict[str, bool], cost: int, occupant: int = -1
) -> int:
    """Build a lens for ``owner`` directly: card id -> turned?, on a foundation of ``cost``."""
    mask = flipped = 0
    for card_id, turned in cards.items():
        card = take_card(state, card_id)
        mask |= 1 << card
        flipped |= int(turned) << card
    foundation = take_foundation(state, cost)
    assert FOUNDATION_COST[foundation] == cost
    state.lenses.append((owner, foundation, mask, flipped))
    state.lens_occ.append(occupant)
    state.lens_used.append(1 if occupant >= 0 else 0)
    if occupant >= 0:
        assert state.lobby_unused[occupant] > 0
        state.lobby_unused[occupant] -= 1
    refresh(state)
    return len(state.lenses) - 1


def play(state: KonotenState, *actions: str) -> KonotenState:
    """Apply action ids in order, checking conservation after each."""
    for action in actions:
        state.apply(action)
        assert audit(state) == [], audit(state)
    return state


def grown_nodes(state: KonotenState, seat: int) -> set[str]:
    """The ids of the grown nodes of ``seat``."""
    return {node for node, i in NODE.items() if state.grown[seat] >> i & 1}


def set_grown(state: KonotenState, seat: int, nodes: Iterable[str]) -> None:
    """Grow exactly ``nodes`` for ``seat``, keeping the 12 tokens conserved through the stock."""
    before = bin(state.grown[seat]).count("1")
    mask = 0
    for node in nodes:
        mask |= 1 << NODE[node]
    state.grown[seat] = mask
    state.stock[seat] += before - bin(mask).count("1")
    assert state.stock[seat] >= 0, "not enough tokens in stock for that chart"
    refresh(state)


def main_phase(characters: list[str], seed: int = 1) -> tuple[KonotenState, int]:
    """A game with these characters, past the supply phase: the state and the seat to move."""
    state = new(len(characters), seed=seed, characters=characters)
    answer_supply(state)
    assert state.to_move is not None
    return state, state.to_move
