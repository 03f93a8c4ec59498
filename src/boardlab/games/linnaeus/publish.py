"""Publishing a book (rules §14): after the action, at most one book a turn; knowledge and
sketches paid, the book's VP and reward, the optional appendix, the link to a voyage card.

Frames (their fields in ``frames.py``): ``publish`` asks ``publish_book`` (a held book that
can be paid now, or ``skip``); then ``pay_knowledge`` for wildcard entries, ``pay_sketch``
per sketch entry (largest first), the reward's ``gain``, ``appendix`` (``appendix`` /
``skip``) and ``link``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.engine import Action, Frame
from boardlab.engine.layouts import PLAYER
from boardlab.games.linnaeus import rewards
from boardlab.games.linnaeus.actions import SKIP, act
from boardlab.games.linnaeus.content import CONTENT, Book
from boardlab.games.linnaeus.frames import Appendix, Link, PayKnowledge, PaySketch
from boardlab.games.linnaeus.free import BUY_COST

if TYPE_CHECKING:
    from boardlab.games.linnaeus.state import LinnaeusState


def knowledge_left(tokens: list[int], entries: tuple[int, ...]) -> list[int] | None:
    """The tokens left after paying ``entries`` (exact first, then wildcards by domain), or
    None when they cannot be paid."""
    left = tokens[:]
    for entry in entries:
        if entry >= 0:
            if left[entry] <= 0:
                return None
            left[entry] -= 1
    for entry in entries:
        if entry < 0:
            domain = -1 - entry
            cats = [c for c in range(domain * 3, domain * 3 + 3) if left[c] > 0]
            if not cats:
                return None
            best = max(cats, key=lambda c: left[c])
            left[best] -= 1
    return left


def sketches_fit(values: list[int], requirements: tuple[int, ...]) -> bool:
    """Sketches of these values can pay every requirement (a value at least the number)."""
    held = sorted(values, reverse=True)
    return len(held) >= len(requirements) and all(
        held[i] >= need for i, need in enumerate(sorted(requirements, reverse=True)))


def _values(s: LinnaeusState, side: int) -> list[int]:
    return [CONTENT.sketches[k].value for k in s.sketches[side]]


def can_publish(s: LinnaeusState, side: int, book: Book) -> bool:
    tokens = s.knowledge[side * 9 : side * 9 + 9]
    return (knowledge_left(tokens, book.knowledge) is not None
            and sketches_fit(_values(s, side), book.sketches))


def could_take_and_publish(s: LinnaeusState, side: int) -> bool:
    """A book of the display could be taken now (a tool, or the coins to buy one) and then
    paid: its sketches are held and the player holds as many tokens as its entries (moving
    knowledge may place them)."""
    if not s.tools[side] and s.coins[side] + s.containers[side] < BUY_COST:
        return False
    values = _values(s, side)
    tokens = sum(s.knowledge[side * 9 : side * 9 + 9])
    for b in s.book_display:
        if b >= 0:
            book = CONTENT.books[b]
            if len(book.knowledge) <= tokens and sketches_fit(values, book.sketches):
                return True
    return False


def options_publish(s: LinnaeusState, f: Frame) -> list[Action]:
    side = f[PLAYER]
    if not s.books[side]:
        # the window before publishing (ruling 23) matters with no book held only when a
        # book taken in it could be published this turn (§14.1); else the end window serves
        return [SKIP] if could_take_and_publish(s, side) else []
    found = [act("publish", b) for b in sorted(set(s.books[side]))
             if can_publish(s, side, CONTENT.books[b])]
    # ``skip`` alone is answered at once, unless free actions (which may make a book
    # payable: moving knowledge, ruling 23) are added to it
    return [*found, SKIP]


def resolve_publish(s: LinnaeusState, f: Frame, a: Action) -> None:
    side = f[PLAYER]
    s.stack.pop()
    if a.kind == "skip":
        return
    publish(s, side, int(a.args[0]))


def publish(s: LinnaeusState, side: int, b: int) -> None:
    book = CONTENT.books[b]
    held = list(s.books[side])
    held.remove(b)
    s.books[side] = tuple(held)
    s.published[side] = (*s.published[side], b)
    base = side * 9
    wild = [0, 0, 0]
    for entry in book.knowledge:
        if entry >= 0:
            s.knowledge[base + entry] -= 1
        else:
            wild[-1 - entry] += 1
    s.vp[side] += book.vp
    push = s.stack.append
    push((Link.key, side, b))
    if book.appendix_cost:
        push((Appendix.key, side, b))
    rewards.give(s, side, book.reward)
    if book.sketches:
        push((PaySketch.key, side, b, book.sketches, 1))
    for domain in (2, 1, 0):
        if wild[domain]:
            push((PayKnowledge.key, side, domain, wild[domain]))


def options_pay_knowledge(s: LinnaeusState, f: Frame) -> list[Action]:
    side, domain = f[PLAYER], f[PayKnowledge.domain]
    return [act("token", c) for c in range(domain * 3, domain * 3 + 3)
            if s.knowledge[side * 9 + c] > 0]


def resolve_pay_knowledge(s: LinnaeusState, f: Frame, a: Action) -> None:
    _, side, domain, count = f
    if count > 1:
        s.stack[-1] = (PayKnowledge.key, side, domain, count - 1)
    else:
        s.stack.pop()
    s.knowledge[side * 9 + int(a.args[0])] -= 1


def options_pay_sketch(s: LinnaeusState, f: Frame) -> list[Action]:
    side, requirements = f[PLAYER], f[PaySketch.requirements]
    need, rest = requirements[0], requirements[1:]
    held = s.sketches[side]
    found = []
    for k in sorted(set(held)):
        if CONTENT.sketches[k].value < need:
            continue
        others = list(held)
        others.remove(k)
        if sketches_fit([CONTENT.sketches[x].value for x in others], rest):
            found.append(act("sketch", k))
    return found


def resolve_pay_sketch(s: LinnaeusState, f: Frame, a: Action) -> None:
    _, side, b, requirements, face_up = f
    if len(requirements) > 1:
        s.stack[-1] = (PaySketch.key, side, b, requirements[1:], face_up)
    else:
        s.stack.pop()
    k = int(a.args[0])
    held = list(s.sketches[side])
    held.remove(k)
    s.sketches[side] = tuple(held)
    s.sketches_paid[side] = (*s.sketches_paid[side], k)
    sketch = CONTENT.sketches[k]
    if face_up and sketch.colour == CONTENT.books[b].colour:
        rewards.give(s, side, sketch.bonus)


_APPENDIX = act("appendix")


def options_appendix(s: LinnaeusState, f: Frame) -> list[Action]:
    side, book = f[PLAYER], CONTENT.books[f[Appendix.book]]
    if rewards.can_pay(s, side, book.appendix_cost) and sketches_fit(
            _values(s, side), book.appendix_sketches):
        return [_APPENDIX, SKIP]
    return []


def resolve_appendix(s: LinnaeusState, f: Frame, a: Action) -> None:
    _, side, b = f
    s.stack.pop()
    if a.kind == "skip":
        return
    book = CONTENT.books[b]
    rewards.pay(s, side, book.appendix_cost)
    s.vp[side] += book.appendix_vp
    if book.appendix_sketches:
        s.stack.append((PaySketch.key, side, b, book.appendix_sketches, 0))


def unlinked(s: LinnaeusState, side: int) -> list[int]:
    return [k for k, linked in enumerate(s.links[side]) if linked < 0]


def prepare_link(s: LinnaeusState, f: Frame) -> bool:
    _, side, book = f
    if unlinked(s, side):
        return True
    s.stack.pop()
    s.waiting[side] = (*s.waiting[side], book)
    return False


def options_link(s: LinnaeusState, f: Frame) -> list[Action]:
    side = f[PLAYER]
    return [act("link", s.voyages[side][k]) for k in unlinked(s, side)]


def resolve_link(s: LinnaeusState, f: Frame, a: Action) -> None:
    s.stack.pop()
    _, side, book = f
    rewards.link_book(s, side, book, s.voyages[side].index(int(a.args[0])))

