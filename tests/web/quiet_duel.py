"""Quiet duel: the duel test game with an automa that always shows card 8, so that a round's
reveal draws no chance (the web undo rule's "a secret was revealed" case, alone)."""

from __future__ import annotations

import dataclasses
from types import MappingProxyType

import duel_game
from duel_game import DuelState

from boardlab.engine import Frame, Step

AUTOMA_CARD = 8


class QuietDuelState(DuelState):
    __slots__ = ()


def quiet_reveal(s: DuelState, frame: Frame) -> None:
    """Show the picks and score the round as the duel does, with the automa's card fixed."""
    s.stack.pop()
    for step in s.pick_steps:
        s.reveal(step)
    cards = [*s.picks, AUTOMA_CARD]
    best = max(cards)
    top = [side for side, card in enumerate(cards) if card == best]
    if len(top) == 1:
        s.points[top[0]] += sum(1 for card in cards if card)
    s.announce("reveal", f"round {s.round}: " + ", ".join(map(str, cards)))
    s.shown = cards
    s.picks = [0] * s.players
    s.pick_steps = []


QuietDuelState.RULES = MappingProxyType({**DuelState.RULES, "reveal": Step(quiet_reveal)})
SPEC = dataclasses.replace(duel_game.SPEC, name="quietduel", title="Quiet duel",
                           state_class=QuietDuelState)
