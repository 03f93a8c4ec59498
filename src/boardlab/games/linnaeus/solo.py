"""The automa of the solo game (rules §19): part of the game, not a bot. Its turns are
Steps (no decision): the card drawn from its shuffled deck is chance, every choice follows
the fixed lists of §19.4-19.5, and it is the side ``"automa"``.

Frames (their fields in ``frames.py``): ``automa_turn`` draws the card, puts it on a tool,
pays the tool's automa bonus and the green lens under it, then pushes an ``automa_row`` for
each row the tool executes (top row first) and ``turn_end``. A row that cannot be executed
gives 3 coins. When a row gives the human a reward that needs a choice (the top reward of
a bed the automa completes), that decision is posed before the next row.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.engine import Frame
from boardlab.engine.layouts import PLAYER
from boardlab.games.linnaeus import correspond, explore, garden, rewards, turn, voyage
from boardlab.games.linnaeus.content import (
    ACTIONS,
    CONTENT,
    DISTANCE,
    REWARDS,
    SPECIMEN_SITES,
    TOOLS,
)
from boardlab.games.linnaeus.frames import AutomaRow, TurnEnd

if TYPE_CHECKING:
    from boardlab.games.linnaeus.state import LinnaeusState

BED_ORDER = tuple(range(len(CONTENT.beds)))  # T1, L1, Q1, L2, Q2, T2, L3 as in garden.json


def automa_lap(s: LinnaeusState) -> None:
    """A taxonomy lap or ``advanced_lens``: the top green lens under the first tool without
    one, else ``lap_vp`` (3 VP, §19.4); a lens gained so counts as acquired (ruling 43)."""
    side = s.automa
    if s.green_supply and -1 in s.green_under:
        s.green_under[s.green_under.index(-1)] = s.green_supply[-1]
        s.green_supply = s.green_supply[:-1]
        s.lenses_acquired[side] += 1
    else:
        s.vp[side] += CONTENT.solo.lap_vp


def run_turn(s: LinnaeusState, f: Frame) -> None:
    side = f[PLAYER]
    s.stack.pop()
    s.active = side
    card = s.automa_deck[-1]
    s.automa_deck = s.automa_deck[:-1]
    info = CONTENT.solo_cards[card]
    order = (0, 1, 2) if info.ltr else (2, 1, 0)
    tool = next(t for t in order if s.on_tool[side * 3 + t] < 0)
    s.on_tool[side * 3 + tool] = card
    s.announce("automa", f"the automa reveals {info.id} and puts it on its {TOOLS[tool]}")
    s.stack.append((TurnEnd.key, side))
    for row in range(tool, -1, -1):
        s.stack.append((AutomaRow.key, side, card, row))
    if tool == turn.GLASSES:
        rewards.automa_gain(s, side, REWARDS[CONTENT.solo.glasses_bonus])
    elif tool == turn.MAGNIFIER:
        rewards.automa_gain(s, side, REWARDS[CONTENT.solo.magnifier_bonus])
    elif s.round < turn.LAST_ROUND:
        empty = [k for k in range(4) if s.next_spaces[k] < 0]
        if empty:
            turn.place_order(s, side, empty[-1])
    green = s.green_under[tool]
    if green >= 0:
        rewards.automa_gain(s, side, REWARDS[CONTENT.green[green]])


def run_row(s: LinnaeusState, f: Frame) -> None:
    _, side, card, row = f

    s.stack.pop()
    info = CONTENT.solo_cards[card].rows[row]
    done = ROWS[info.do](s, side, info.domain, info.slot, info.track, info.amount)
    if not done:
        s.coins[side] += CONTENT.solo.failed_row_coins
    s.announce("automa", row_text, card, row, done)


def row_text(card: int, row: int, done: bool) -> str:
    """The log's line for one row of the automa's card (§19.5)."""
    info = CONTENT.solo_cards[card].rows[row]
    what = ROW_WORDS.get(info.do, info.do)
    if info.amount:
        what += f" ({info.amount})"
    if done:
        return f"the automa's {TOOLS[row]} row: {what}"
    coins = CONTENT.solo.failed_row_coins
    return f"the automa's {TOOLS[row]} row: {what} cannot be done, so it takes {coins} coins"


def _explore(s: LinnaeusState, side: int, domain: int, slot: str, track: int,
             amount: int) -> bool:
    here = s.explorer[side]
    with_tile = [loc for loc in SPECIMEN_SITES if s.sites[loc] >= 0]
    if not with_tile:
        return False
    fresh = [loc for loc in with_tile if not s.visited[side] >> loc & 1]
    pool = fresh or with_tile
    target = min(pool, key=lambda loc: (DISTANCE[here][loc], loc))
    if here != target:
        step = min((other for other, _ in CONTENT.adjacent[here]
                    if DISTANCE[other][target] == DISTANCE[here][target] - 1))
        s.explorer[side] = here = step
    place = CONTENT.locations[here]
    if place.kind == "sketch":
        rewards.automa_gain(s, side, REWARDS[place.reward])
        sketch = s.site_sketch[here]
        if sketch >= 0:
            s.site_sketch[here] = -1
        else:
            sketch = rewards.draw_sketch(s, place.sketch_stack)
        rewards.add_sketch(s, side, sketch)
    elif place.kind == "specimen":
        if not s.visited[side] >> here & 1:
            s.visited[side] |= 1 << here
            spaces = explore.open_spaces(s, here)
            if spaces:
                explore.mark_first_visit(s, side, here, spaces[0])
        tile = s.sites[here]
        if tile >= 0:
            s.sites[here] = -1
            s.researched[side] = (*s.researched[side], tile)
        else:
            rewards.automa_gain(s, side, REWARDS[place.reward])
    return True


def _research(s: LinnaeusState, side: int, domain: int, slot: str, track: int,
              amount: int) -> bool:
    rewards.automa_knowledge(s, side, -1 - domain)
    return True


def _write(s: LinnaeusState, side: int, domain: int, slot: str, track: int,
           amount: int) -> bool:
    filled = [k for k in range(3) if s.letter_display[k] >= 0]
    if not filled:
        return False
    k = filled[0] if slot == "left" else filled[-1]
    s.letters[side] = (*s.letters[side], s.letter_display[k])
    s.letter_display[k] = -1
    return True


def _send(s: LinnaeusState, side: int, domain: int, slot: str, track: int,
          amount: int) -> bool:
    if not s.letters[side]:
        return False
    column = correspond.place_letter(s, side, s.letters[side][0])
    s.vp[side] += len(column)
    return True


def _plant(s: LinnaeusState, side: int, domain: int, slot: str, track: int,
           amount: int) -> bool:
    value = next((v for v in (3, 2, 1) if s.flowers[side * 3 + v - 1]), 0)
    beds = [b for b in BED_ORDER if any(s.spot_owner[x] < 0 for x in CONTENT.beds[b].spots)]
    if not value or not beds:
        return False
    bed = min(beds, key=lambda b: (sum(s.spot_owner[x] < 0 for x in CONTENT.beds[b].spots), b))
    spot = next(x for x in CONTENT.beds[bed].spots if s.spot_owner[x] < 0)
    garden.plant(s, side, value, spot)
    return True


def _cultivate(s: LinnaeusState, side: int, domain: int, slot: str, track: int,
               amount: int) -> bool:
    spot = next((x for x in range(len(s.spot_owner))
                 if s.spot_owner[x] == side and not s.spot_dark[x]), -1)
    if spot < 0:
        return False
    garden.cultivate(s, side, spot)
    return True


def _leftmost_voyage(s: LinnaeusState, side: int) -> bool:
    slots = [k for k in range(3) if s.voyage_display[k] >= 0]
    if not slots:
        return False
    rewards.take_voyage(s, side, slots[0])
    return True


def _voyage(s: LinnaeusState, side: int, domain: int, slot: str, track: int,
            amount: int) -> bool:
    open_cards = voyage.incomplete(s, side)
    if not open_cards:
        if not _leftmost_voyage(s, side):
            return False
        open_cards = voyage.incomplete(s, side)
    pos = open_cards[0]
    voyage.sail(s, side, pos, 0)
    if pos not in voyage.incomplete(s, side):
        _leftmost_voyage(s, side)
    return True


def _publish(s: LinnaeusState, side: int, domain: int, slot: str, track: int,
             amount: int) -> bool:
    tokens = sum(s.knowledge[side * 9 : side * 9 + 9])
    candidates = [(b, -1) for b in s.books[side]]
    candidates += [(s.book_display[k], k) for k in range(3) if s.book_display[k] >= 0]
    fit = [(b, k) for b, k in candidates if len(CONTENT.books[b].knowledge) <= tokens]
    if not fit:
        return False
    best = max(CONTENT.books[b].vp for b, _ in fit)
    b, k = next((b, k) for b, k in fit if CONTENT.books[b].vp == best)
    book = CONTENT.books[b]
    if k >= 0:
        s.book_display[k] = -1
    else:
        held = list(s.books[side])
        held.remove(b)
        s.books[side] = tuple(held)
    _pay_tokens(s, side, book.knowledge)
    s.published[side] = (*s.published[side], b)
    s.vp[side] += book.vp
    free = [p for p, linked in enumerate(s.links[side]) if linked < 0]
    if free:
        rewards.link_book(s, side, b, free[0])
    else:
        s.waiting[side] = (*s.waiting[side], b)
    rewards.automa_gain(s, side, REWARDS[book.reward])
    return True


def _pay_tokens(s: LinnaeusState, side: int, entries: tuple[int, ...]) -> None:
    """Exact matches first, then the wildcard's domain, then the most plentiful (§19.5)."""
    base = side * 9
    k = s.knowledge
    owed = 0
    for entry in entries:
        if entry >= 0 and k[base + entry]:
            k[base + entry] -= 1
        elif entry >= 0:
            owed += 1
    for entry in entries:
        if entry < 0:
            cats = [c for c in range((-1 - entry) * 3, (-1 - entry) * 3 + 3) if k[base + c]]
            if cats:
                best = max(cats, key=lambda c: (k[base + c], -c))
                k[base + best] -= 1
            else:
                owed += 1
    for _ in range(owed):
        best = max(range(9), key=lambda c: (k[base + c], -c))
        k[base + best] -= 1


def _lecture(s: LinnaeusState, side: int, domain: int, slot: str, track: int,
             amount: int) -> bool:
    if s.lecture[side * 3 + track] >= 8:
        return False
    for _ in range(amount):
        rewards.lecture_step(s, side, track)
    return True


def _taxonomy(s: LinnaeusState, side: int, domain: int, slot: str, track: int,
              amount: int) -> bool:
    rewards.move_taxonomy(s, side, amount)
    return True


def _vp(s: LinnaeusState, side: int, domain: int, slot: str, track: int, amount: int) -> bool:
    s.vp[side] += amount
    return True


ROW_WORDS = {
    "explore": "explore toward the nearest specimen", "research": "research",
    "write": "write a letter", "send": "send a letter", "plant": "plant in its garden",
    "cultivate": "cultivate", "voyage": "take a voyage", "publish": "publish",
    "lecture": "lecture", "taxonomy": "advance on taxonomy", "vp": "score VP",
}
ROWS = {
    "explore": _explore, "research": _research, "write": _write, "send": _send,
    "plant": _plant, "cultivate": _cultivate, "voyage": _voyage, "publish": _publish,
    "lecture": _lecture, "taxonomy": _taxonomy, "vp": _vp,
}
assert set(ACTIONS) - set(ROWS) == {"correspond"}
