"""Correspond (rules §9.3): write a letter from the display, or send 1-2 unsent letters
(3 with ``send_limit``) into the columns of their colour, re-triggering the column.

``("correspond", p, lens)`` asks ``correspond`` (``write k`` a display slot, or ``send L`` the
first letter of a send); ``("send_more", p, left)`` asks ``send_letter`` (another letter or
``stop``). Each paid send reward asks ``pay_reward`` through its ``gain`` frame.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.engine import Action, Frame
from boardlab.engine.layouts import PLAYER
from boardlab.games.linnaeus import rewards
from boardlab.games.linnaeus.actions import STOP, act
from boardlab.games.linnaeus.content import CONTENT
from boardlab.games.linnaeus.explore import modifier
from boardlab.games.linnaeus.frames import SendMore

if TYPE_CHECKING:
    from boardlab.games.linnaeus.state import LinnaeusState

SEND_LIMIT = 2
COLUMN_MAX = 3


def options_correspond(s: LinnaeusState, f: Frame) -> list[Action]:
    side = f[PLAYER]
    found = [act("write", letter) for letter in s.letter_display if letter >= 0]
    found.extend(act("send", letter) for letter in sorted(set(s.letters[side])))
    return found


def resolve_correspond(s: LinnaeusState, f: Frame, a: Action) -> None:
    _, side, lens = f
    s.stack.pop()
    if a.kind == "write":
        letter = int(a.args[0])
        s.letter_display[s.letter_display.index(letter)] = -1
        s.letters[side] = (*s.letters[side], letter)
        rewards.give(s, side, CONTENT.letters[letter].write)
        return
    limit = modifier(lens, "send_limit") or SEND_LIMIT
    if limit > 1:
        s.stack.append((SendMore.key, side, limit - 1))
    send(s, side, int(a.args[0]))


def options_send_more(s: LinnaeusState, f: Frame) -> list[Action]:
    letters = sorted(set(s.letters[f[PLAYER]]))
    if not letters:
        return []
    return [*(act("send", letter) for letter in letters), STOP]


def resolve_send_more(s: LinnaeusState, f: Frame, a: Action) -> None:
    _, side, left = f
    if a.kind == "stop":
        s.stack.pop()
        return
    if left > 1:
        s.stack[-1] = (SendMore.key, side, left - 1)

    else:
        s.stack.pop()
    send(s, side, int(a.args[0]))


def column_for(s: LinnaeusState, side: int, colour: int) -> int:
    """The open column of ``colour`` (1-2 letters), or a new column number."""
    sent, cols = s.sent[side], s.sent_col[side]
    for col in sorted(set(cols), reverse=True):
        members = [x for x, c in zip(sent, cols, strict=True) if c == col]
        if CONTENT.letters[members[0]].colour == colour:
            return col if len(members) < COLUMN_MAX else max(cols) + 1
    return max(cols, default=-1) + 1


def place_letter(s: LinnaeusState, side: int, letter: int) -> list[int]:
    """Move ``letter`` from unsent to its column; the column's letters, oldest first."""
    held = list(s.letters[side])
    held.remove(letter)
    s.letters[side] = tuple(held)
    col = column_for(s, side, CONTENT.letters[letter].colour)
    s.sent[side] = (*s.sent[side], letter)
    s.sent_col[side] = (*s.sent_col[side], col)
    return [x for x, c in zip(s.sent[side], s.sent_col[side], strict=True) if c == col]


def send(s: LinnaeusState, side: int, letter: int) -> None:
    """Send one letter: every letter of its column pays its send reward, oldest first."""
    column = place_letter(s, side, letter)
    for member in reversed(column):
        rewards.give(s, side, CONTENT.letters[member].send)
