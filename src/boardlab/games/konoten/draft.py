"""The character draft (K1, A17): with ``assignment="draft"`` each seat picks a board in turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.engine import Action, Frame
from boardlab.engine.layouts import PLAYER
from boardlab.games.konoten import actions as A
from boardlab.games.konoten.tables import N_CHARACTERS

if TYPE_CHECKING:
    from boardlab.games.konoten.state import KonotenState


def options_character(s: KonotenState, f: Frame) -> list[Action]:
    """Every board not taken yet."""
    taken = set(s.char)
    return [A.CHARACTER[c] for c in range(N_CHARACTERS) if c not in taken]


def resolve_character(s: KonotenState, f: Frame, action: Action) -> None:
    s.char[f[PLAYER]] = A.CHARACTER_INDEX[str(action.args[0])]
    s.stack.pop()
