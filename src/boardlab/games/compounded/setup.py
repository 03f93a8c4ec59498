"""Setup (C-4.1 to C-4.7): bag, workbenches, equipment supply, field, deck and first lead."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.games.compounded import events
from boardlab.games.compounded.content import CONTENT
from boardlab.games.compounded.frames import SETUP
from boardlab.games.compounded.workbench import (
    CARDS,
    EMPTY,
    EXT_ELEMENTS,
    LAB_FIRE,
    draw,
    open_mask,
)

if TYPE_CHECKING:
    from boardlab.games.compounded.state import CompoundedState

STARTER_CARDS = tuple(i for i, card in enumerate(CARDS) if card.starter)
REGULAR_CARDS = tuple(i for i, card in enumerate(CARDS) if not card.starter)


def build_deck(s: CompoundedState, regular: list[int]) -> list[int]:
    """The compound deck after the field is filled, top card LAST (C-4.6).

    Pile method: the cards are already shuffled, so consecutive runs are random piles;
    one safe pile goes on top, the others each get a Lab Fire on top, in random order.
    """
    rng = s.rng
    if s.options.get("shuffled_deck"):
        deck = regular + [LAB_FIRE] * CONTENT.lab_fire_cards
        rng.shuffle(deck)
        return deck
    piles: list[list[int]] = []
    start = 0
    for size in CONTENT.pile_sizes:
        piles.append(regular[start : start + size])
        start += size
    safe_index = [i for i, pile in enumerate(piles) if len(pile) == CONTENT.safe_top_pile_size]
    safe = piles.pop(safe_index[rng.randbelow(len(safe_index))])
    rng.shuffle(piles)
    top_to_bottom = list(safe)
    for pile in piles:
        top_to_bottom.append(LAB_FIRE)
        top_to_bottom.extend(pile)
    top_to_bottom.reverse()
    return top_to_bottom


def first_lead(s: CompoundedState) -> int:
    """The scientist with the rarest crystal; ties broken by a seeded draw (C-4.7, A26)."""
    ranks = [e.rarity_rank for e in CONTENT.elements]
    best: list[int] = []
    best_rank = 99
    for p in range(s.players):
        held = [ranks[e] for e in range(6) if s.storage[p * 6 + e] > 0]
        rank = min(held) if held else 99
        if rank < best_rank:
            best, best_rank = [p], rank
        elif rank == best_rank:
            best.append(p)
    return best[0] if len(best) == 1 else best[s.rng.randbelow(len(best))]


def deal(s: CompoundedState) -> None:
    """Deal a new game from ``s.rng`` and ``s.options`` (the state queues the first round)."""
    n = s.players
    s.bag = [e.count for e in CONTENT.elements]
    s.storage = [0] * (n * 6)
    s.pool = [0] * (n * 6)
    for p in range(n):
        drawn = draw(s, CONTENT.starting_elements)
        for e in drawn:
            s.storage[p * 6 + e] += 1
        s.announce("draw", events.drew, p, tuple(drawn), CONTENT.starting_elements, "storage")
    s.wild = [CONTENT.wild_tokens_per_player] * n
    s.wild_out = 0
    s.track_level = [0] * (n * 4)
    s.ap = [0] * n
    s.bonus = [0] * n
    s.reserve = [CONTENT.claim_discs_in_reserve] * n
    s.free_discs = [CONTENT.claim_discs - CONTENT.claim_discs_in_reserve] * n
    s.equip = [0] * (n * 6)
    s.equip_this_round = [0] * (n * 6)
    s.supply = [kind.put_out(n) for kind in CONTENT.equipment]
    s.used_cylinder = [0] * n
    s.used_pipette = [0] * n
    s.used_swap = [0] * n
    s.used_goggles = [0] * n
    s.used_paper = [0] * n
    s.offers = [0] * n
    s.extinguisher_holder = list(range(n))
    s.extinguisher_items = [(EMPTY,) * len(EXT_ELEMENTS)] * n

    positions = list(range(16))
    s.rng.shuffle(positions)
    s.field_card = [-1] * 16
    for card, pos in zip(STARTER_CARDS, positions, strict=False):
        s.field_card[pos] = card
    regular = list(REGULAR_CARDS)
    s.rng.shuffle(regular)
    regular.reverse()  # top card last
    for pos in range(16):
        if s.field_card[pos] < 0:
            s.field_card[pos] = regular.pop()
    regular.reverse()  # back to top-first order for the pile split
    s.field_items = [(EMPTY,) * CARDS[card].spaces for card in s.field_card]
    s.field_open = [open_mask(card, s.field_items[pos]) for pos, card in enumerate(s.field_card)]
    s.claim_owner = [-1] * 16
    s.claim_temp = [0] * 16
    s.claim_round = [0] * 16
    s.fire = [0] * 16
    s.burned = [0] * 16
    s.deck = build_deck(s, regular)
    s.discard = []
    s.scored = [()] * n
    s.lab_fires_drawn_at = []
    s.deck_drawn = 0
    s.lab_fire_waiting = 0
    s.lab_fire_this_round = 0
    s.deck_ran_out = 0
    s.scatter = []
    s.resolving_card = -1
    s.resolving_player = -1
    s.resolving_items = ()
    s.round = 1
    s.phase = SETUP
    s.lead = first_lead(s)
    s.next_lead = -1
