"""Voyage (rules §9.5, §12): move a ship one space; the space pays (coloured spaces as many
times as the helm shows dots for their colour, +1 with ``helm_plus``); reaching the last
space completes the voyage.

``("voyage", p, lens)`` asks ``voyage_ship`` (a position in the player's voyage cards). The
ship chosen for a placement is kept in ``ship_sel`` so later repeats move the same ship
(a single option, applied at once; the frame's lens is -2 for a placement of a lens without
ability, -1 for a step no placement made); after a completion, or with ``split_ships``, it is asked
again (ruling 16).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.engine import Action, Frame
from boardlab.games.linnaeus import rewards
from boardlab.games.linnaeus.actions import act
from boardlab.games.linnaeus.content import CONTENT
from boardlab.games.linnaeus.explore import modifier

#: The lens field of a step that no placement made (a free action, an ``action`` reward).
FREE = -1

if TYPE_CHECKING:
    from boardlab.games.linnaeus.state import LinnaeusState


def incomplete(s: LinnaeusState, side: int) -> list[int]:
    """Positions of ``side``'s voyage cards whose ship has not arrived."""
    return [k for k, card in enumerate(s.voyages[side])
            if s.ships[side][k] < len(CONTENT.voyages[card].cells)]


def options_voyage(s: LinnaeusState, f: Frame) -> list[Action]:
    _, side, lens = f

    open_cards = incomplete(s, side)
    chosen = s.ship_sel[side]
    if lens != FREE and chosen in open_cards and not modifier(lens, "split_ships"):
        return [act("ship", s.voyages[side][chosen])]
    return [act("ship", s.voyages[side][k]) for k in open_cards]


def resolve_voyage(s: LinnaeusState, f: Frame, a: Action) -> None:
    _, side, lens = f

    s.stack.pop()
    pos = s.voyages[side].index(int(a.args[0]))
    if lens != FREE:
        s.ship_sel[side] = pos
    sail(s, side, pos, modifier(lens, "helm_plus"))


def completed(s: LinnaeusState, side: int) -> int:
    return sum(s.ships[side][k] >= len(CONTENT.voyages[card].cells)
               for k, card in enumerate(s.voyages[side]))


def sail(s: LinnaeusState, side: int, pos: int, helm_plus: int) -> None:
    """Move the ship of card ``pos`` one space and gain that space's reward."""
    card = CONTENT.voyages[s.voyages[side][pos]]
    ships = list(s.ships[side])
    ships[pos] += 1
    s.ships[side] = tuple(ships)
    cell = card.cells[ships[pos] - 1]
    times = 1 if cell.helm < 0 else CONTENT.helm[s.helm][cell.helm] + helm_plus
    if ships[pos] >= len(card.cells):
        s.ship_sel[side] = -1
    for _ in range(times):
        rewards.grant(s, side, cell.reward)
