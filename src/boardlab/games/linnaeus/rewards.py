"""Gaining rewards (rules §2.3) and the tracks they move: taxonomy (§7.1-7.2), lectures
(§13.1), knowledge (§2.2), sketches (§2.5), exotics (§12.4), cards from displays.

A reward is gained through the frame ``Gain`` (``frames.py``): its plain parts apply at
once, and every part that needs a choice becomes a decision of its own (§21.6), in the
order of the reward's fields: lecture steps, knowledge, sketch draws, activations, exotics,
advanced lenses, actions, books, voyage cards, a ``choice`` (a taxonomy lap's lens pick
first). Where that order can matter (§2.3: a lens pick with a coin still to come, on the
owner's turn) ``reward_order`` asks it; bonus corners on one point likewise ask
``corner_order`` (§9.2). A reward with ``pay`` first asks ``pay_reward`` (only when it can
be paid). The automa takes every reward at once by the
fixed choices of §19.4 (``automa_gain``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.engine import Action, Frame
from boardlab.engine.layouts import PLAYER
from boardlab.games.linnaeus.actions import PAY, SKIP, act, choice_key
from boardlab.games.linnaeus.content import (
    ADVANCED,
    CONTENT,
    LAST_SPACE,
    REWARDS,
    TAXONOMY_LOOP,
    Reward,
    intern,
)
from boardlab.games.linnaeus.frames import (
    ACTION_STEPS,
    Activate,
    BookPick,
    CornerOrder,
    ExoticPick,
    Gain,
    KnowledgePick,
    LectureStep,
    LensPick,
    LinkWaiting,
    PayReward,
    RewardChoice,
    RewardOrder,
    SketchStack,
    VoyagePick,
)

if TYPE_CHECKING:
    from boardlab.games.linnaeus.state import LinnaeusState

KNOWLEDGE_CAP = 2
OVERFLOW_VP = 2


# ---------------------------------------------------------------------------- paying
def can_pay(s: LinnaeusState, side: int, cost: tuple[int, ...]) -> bool:
    return (s.coins[side] >= cost[0] and s.containers[side] >= cost[1]
            and s.tools[side] >= cost[2])


def pay(s: LinnaeusState, side: int, cost: tuple[int, ...]) -> None:
    s.coins[side] -= cost[0]
    s.containers[side] -= cost[1]
    s.tools[side] -= cost[2]


def give(s: LinnaeusState, side: int, reward: int) -> None:
    """Push the gain of ``reward`` (nothing for the empty reward)."""
    if reward:
        s.stack.append((Gain.key, side, reward))


def grant(s: LinnaeusState, side: int, reward: int) -> None:
    """``side`` gains ``reward``: the automa at once (§19.4), a player through frames."""
    if side == s.automa:
        automa_gain(s, side, REWARDS[reward])
    else:
        give(s, side, reward)


# ---------------------------------------------------------------------------- tracks
def gain_knowledge(s: LinnaeusState, side: int, category: int) -> None:
    """One token of ``category``, or 2 VP when it already holds 2 (§2.2)."""
    at = side * 9 + category
    if s.knowledge[at] >= KNOWLEDGE_CAP:
        s.vp[side] += OVERFLOW_VP
    else:
        s.knowledge[at] += 1


def move_taxonomy(s: LinnaeusState, side: int, steps: int, picks: bool = True) -> int:
    """Move the full amount; one advanced lens per pass of space 0 (§7.1), its pick pushed
    unless ``picks`` is False. Returns the number of passes."""
    total = s.taxonomy[side] + steps
    s.taxonomy[side] = total % TAXONOMY_LOOP
    laps = total // TAXONOMY_LOOP
    for _ in range(laps):
        if side == s.automa:
            from boardlab.games.linnaeus import solo

            solo.automa_lap(s)
        elif picks:
            s.stack.append((LensPick.key, side))
    return laps


def lecture_step(s: LinnaeusState, side: int, track: int) -> None:
    """One step on ``track``: the reward of the space entered, the x4 space at the end."""
    at = side * 3 + track
    if s.lecture[at] >= LAST_SPACE:
        return
    s.lecture[at] += 1
    space = s.lecture[at]
    if space == LAST_SPACE and s.end_space[track] < 0:
        s.end_space[track] = side
    reward = CONTENT.tracks[track].rewards[space]
    if reward:
        if side == s.automa:
            automa_gain(s, side, REWARDS[reward])
        else:
            give(s, side, reward)


def fullest_stack(s: LinnaeusState) -> int:
    """The sketch stack with the most tiles (ties: lowest index); -1 when all are empty."""
    best = -1
    for k in range(3):
        if s.stacks[k] and (best < 0 or len(s.stacks[k]) > len(s.stacks[best])):
            best = k
    return best


def draw_sketch(s: LinnaeusState, stack: int) -> int:
    """The top tile of ``stack`` (the fullest one if it is empty), or -1."""
    if not s.stacks[stack]:
        stack = fullest_stack(s)
        if stack < 0:
            return -1
    tiles = s.stacks[stack]
    s.stacks[stack] = tiles[:-1]
    return tiles[-1]


def add_sketch(s: LinnaeusState, side: int, sketch: int) -> None:
    if sketch >= 0:
        s.sketches[side] = (*s.sketches[side], sketch)


def take_lens(s: LinnaeusState, side: int, slot: int) -> None:
    """Take the advanced lens of display ``slot``; the display refills at once (§7.2)."""
    code = s.lens_display[slot]
    s.available[side] = (*s.available[side], ADVANCED + code)
    s.lenses_acquired[side] += 1
    supply = s.lens_supply
    if supply:
        s.lens_display[slot] = supply[-1]
        s.lens_supply = supply[:-1]
    else:
        s.lens_display[slot] = -1


def take_exotic(s: LinnaeusState, side: int, slot: int) -> None:
    """Take the exotic of display ``slot`` and its knowledge (§12.4)."""
    exotic = s.exotic_display[slot]
    s.exotic_display[slot] = -1
    s.exotics[side] = (*s.exotics[side], exotic)
    for entry in CONTENT.exotics[exotic].knowledge:
        if side == s.automa:
            automa_knowledge(s, side, entry)
        elif entry >= 0:
            gain_knowledge(s, side, entry)
        else:
            s.stack.append((KnowledgePick.key, side, -1 - entry, 1))


def take_voyage(s: LinnaeusState, side: int, slot: int) -> None:
    """The voyage card of display ``slot``, a ship on its port; a waiting book links (§14.4)."""
    card = s.voyage_display[slot]
    s.voyage_display[slot] = -1
    s.voyages[side] = (*s.voyages[side], card)
    s.ships[side] = (*s.ships[side], 0)
    s.links[side] = (*s.links[side], -1)
    if s.waiting[side]:
        if side == s.automa:
            link_book(s, side, s.waiting[side][0], len(s.voyages[side]) - 1)
        else:
            s.stack.append((LinkWaiting.key, side, len(s.voyages[side]) - 1))


def link_book(s: LinnaeusState, side: int, book: int, card_pos: int) -> None:
    links = list(s.links[side])
    links[card_pos] = book
    s.links[side] = tuple(links)
    if book in s.waiting[side]:
        waiting = list(s.waiting[side])
        waiting.remove(book)
        s.waiting[side] = tuple(waiting)


def take_book(s: LinnaeusState, side: int, slot: int) -> None:
    book = s.book_display[slot]
    s.book_display[slot] = -1
    s.books[side] = (*s.books[side], book)


# ---------------------------------------------------------------------------- the gain frame
def run_gain(s: LinnaeusState, f: Frame) -> None:
    s.stack.pop()
    _, side, reward_id = f
    reward = REWARDS[reward_id]
    if side == s.automa:
        automa_gain(s, side, reward)
    elif reward.pay:
        if can_pay(s, side, reward.pay):
            s.stack.append((PayReward.key, side, reward_id))
    else:
        apply(s, side, reward)


def apply(s: LinnaeusState, side: int, r: Reward, picks: bool = True) -> int:
    """Gain ``r`` (no payment): plain parts now, a frame per choice (pushed so that they are
    asked in field order). When a lens pick and a coin still to come both follow, on the
    owner's turn, ``reward_order`` asks which comes first (§2.3, ``lens_order_matters``).
    With ``picks`` False the lens picks are not pushed: their number is returned."""
    if picks and (r.taxonomy or r.advanced_lens) and lens_order_matters(s, side, r):
        base = len(s.stack)
        lenses = apply(s, side, r, picks=False)
        s.stack.append((RewardOrder.key, side, lenses, base))
        return 0
    s.coins[side] += r.coins
    s.containers[side] += r.containers
    s.tools[side] += r.tools
    s.vp[side] += r.vp
    for category in r.knowledge:
        gain_knowledge(s, side, category)
    push = s.stack.append
    if r.choice:
        push((RewardChoice.key, side, intern(r)))
    if r.voyage_card:
        push((VoyagePick.key, side, r.voyage_card))
    if r.book:
        push((BookPick.key, side, r.book))
    if r.action:
        for action in range(len(r.action) - 1, -1, -1):
            for _ in range(r.action[action]):
                push((ACTION_STEPS[action].key, side, -1))
    if picks:
        for _ in range(r.advanced_lens):
            push((LensPick.key, side))
    if r.exotic:
        push((ExoticPick.key, side, r.exotic))
    if r.activate_sketch:
        push((Activate.key, side, r.activate_sketch))
    if r.sketch:
        push((SketchStack.key, side, r.sketch))
    if r.knowledge_any:
        push((KnowledgePick.key, side, -1, r.knowledge_any))
    if r.knowledge_domain:
        for domain in (2, 1, 0):
            if r.knowledge_domain[domain]:
                push((KnowledgePick.key, side, domain, r.knowledge_domain[domain]))
    if r.lecture_any:
        push((LectureStep.key, side, r.lecture_any))
    if r.lecture:
        for track in range(3):
            for _ in range(r.lecture[track]):
                lecture_step(s, side, track)
    laps = move_taxonomy(s, side, r.taxonomy, picks) if r.taxonomy else 0
    return 0 if picks else r.advanced_lens + laps



# ---------------------------------------------------------------------------- orders (§2.3)
def _coinish(reward: Reward) -> bool:
    """The reward gives a coin or something sold for one in a window (§8)."""
    return bool(reward.coins or reward.containers or reward.tools)


def _lecture_spaces(s: LinnaeusState, side: int, r: Reward) -> list[int]:
    """The rewards of the lecture spaces ``r``'s steps can reach (any track for
    ``lecture_any``)."""
    found: list[int] = []
    for track in range(3):
        steps = r.lecture_any + (r.lecture[track] if r.lecture else 0)
        at = s.lecture[side * 3 + track]
        found.extend(CONTENT.tracks[track].rewards[at + 1 : at + 1 + steps])
    return found


def may_bring_coins(s: LinnaeusState, side: int, r: Reward) -> bool:
    """A part of ``r`` that is gained after a decision or a step of its own can give a coin
    (or a container or tool): a lecture space it can reach, one of its choices, an
    activation of a held sketch, or an action."""
    if r.action or any(_coinish(REWARDS[c]) for c in r.choice):
        return True
    if r.activate_sketch and any(_coinish(REWARDS[CONTENT.sketches[k].bonus])
                                 for k in s.sketches[side]):
        return True
    if r.lecture or r.lecture_any:
        return any(_coinish(REWARDS[x]) for x in _lecture_spaces(s, side, r) if x)
    return False


def _own_turn(s: LinnaeusState, side: int) -> bool:
    """``free.in_window``: a lens pick has a window (free actions) on its owner's turn."""
    return side == s.active and side != s.automa


def _lenses_of(s: LinnaeusState, side: int, r: Reward, taxonomy: int) -> int:
    """Advanced lenses ``r`` gives from taxonomy position ``taxonomy``."""
    return r.advanced_lens + (taxonomy + r.taxonomy) // TAXONOMY_LOOP


def lens_order_matters(s: LinnaeusState, side: int, r: Reward) -> bool:
    """The owner of ``r`` orders its parts when the order can change what they can do: on
    their own turn (where a lens pick has a window, §8), a lens to pick and a coin still to
    come from another part (the coin could pay a refresh or another free action first)."""
    return (_lenses_of(s, side, r, s.taxonomy[side]) > 0 and _own_turn(s, side)
            and may_bring_coins(s, side, r))


LENS_FIRST, LENS_LAST = act("lens_order", "first"), act("lens_order", "last")


def options_reward_order(s: LinnaeusState, f: Frame) -> list[Action]:
    return [LENS_FIRST, LENS_LAST]


def resolve_reward_order(s: LinnaeusState, f: Frame, a: Action) -> None:
    """The held-back lens picks go on top, or below the reward's other parts (at the
    stack height ``RewardOrder.base``)."""
    _, side, lenses, base = f
    s.stack.pop()
    picks = [(LensPick.key, side)] * lenses
    if a.args[0] == "first":
        s.stack.extend(picks)
    else:
        s.stack[base:base] = picks


def corners_matter(s: LinnaeusState, side: int, gains: tuple[int, ...]) -> bool:
    """Bonus corners resolved on one point are ordered by their owner (§9.2 step 2,
    §21.3 ``corner_order``) when, on their own turn, one of them brings a lens and another
    may bring a coin before it."""
    if not _own_turn(s, side):
        return False
    taxonomy = s.taxonomy[side] + sum(REWARDS[g].taxonomy for g in gains)
    lens = [g for g in gains if REWARDS[g].advanced_lens
            or (REWARDS[g].taxonomy and taxonomy >= TAXONOMY_LOOP)]
    return bool(lens) and any(
        g not in lens and (_coinish(REWARDS[g]) or may_bring_coins(s, side, REWARDS[g]))
        for g in gains)


def prepare_corner_order(s: LinnaeusState, f: Frame) -> bool:
    """Asked while the order matters; else the corners left are gained in slot order."""
    side, gains = f[PLAYER], f[CornerOrder.gains]
    if len(gains) > 1 and corners_matter(s, side, gains):
        return True
    s.stack.pop()
    for reward in reversed(gains):
        give(s, side, reward)
    return False


def options_corner_order(s: LinnaeusState, f: Frame) -> list[Action]:
    return [act("corner", k) for k in f[CornerOrder.specimens]]


def resolve_corner_order(s: LinnaeusState, f: Frame, a: Action) -> None:
    _, side, specimens, gains = f
    k = specimens.index(int(a.args[0]))
    rest = specimens[:k] + specimens[k + 1 :], gains[:k] + gains[k + 1 :]
    s.stack[-1] = (CornerOrder.key, side, *rest)
    give(s, side, gains[k])


def _again(s: LinnaeusState, f: Frame, left: int) -> None:
    """Replace a repeated choice frame by the same with ``left`` more, or pop it (its
    ``left`` is its last field in every layout that repeats)."""
    if left > 0:
        s.stack[-1] = (*f[:-1], left)
    else:
        s.stack.pop()


# ---------------------------------------------------------------------------- choice decisions
def options_pay(s: LinnaeusState, f: Frame) -> list[Action]:
    return [PAY, SKIP]


def resolve_pay(s: LinnaeusState, f: Frame, a: Action) -> None:
    s.stack.pop()
    if a is PAY or a == PAY:
        side, reward = f[PLAYER], REWARDS[f[PayReward.reward]]
        pay(s, side, reward.pay)
        apply(s, side, reward.unpaid)


def options_choice(s: LinnaeusState, f: Frame) -> list[Action]:
    return [act("choose", choice_key(c)) for c in REWARDS[f[RewardChoice.reward]].choice]


def resolve_choice(s: LinnaeusState, f: Frame, a: Action) -> None:
    s.stack.pop()
    choices = REWARDS[f[RewardChoice.reward]].choice
    give(s, f[PLAYER], next(c for c in choices if choice_key(c) == a.args[0]))


def options_lecture(s: LinnaeusState, f: Frame) -> list[Action]:
    base = f[PLAYER] * 3
    return [act("track", t) for t in range(3) if s.lecture[base + t] < LAST_SPACE]


def resolve_lecture(s: LinnaeusState, f: Frame, a: Action) -> None:
    _again(s, f, f[LectureStep.left] - 1)
    lecture_step(s, f[PLAYER], int(a.args[0]))


def options_knowledge(s: LinnaeusState, f: Frame) -> list[Action]:
    domain = f[KnowledgePick.domain]
    cats = range(9) if domain < 0 else range(domain * 3, domain * 3 + 3)
    return [act("knowledge", c) for c in cats]


def resolve_knowledge(s: LinnaeusState, f: Frame, a: Action) -> None:
    _again(s, f, f[KnowledgePick.left] - 1)
    gain_knowledge(s, f[PLAYER], int(a.args[0]))


def options_stack(s: LinnaeusState, f: Frame) -> list[Action]:
    return [act("stack", k) for k in range(3) if s.stacks[k]]


def resolve_stack(s: LinnaeusState, f: Frame, a: Action) -> None:
    _again(s, f, f[SketchStack.left] - 1)
    add_sketch(s, f[PLAYER], draw_sketch(s, int(a.args[0])))


def options_activate(s: LinnaeusState, f: Frame) -> list[Action]:
    return [act("activate", k) for k in sorted(set(s.sketches[f[PLAYER]]))]


def resolve_activate(s: LinnaeusState, f: Frame, a: Action) -> None:
    _again(s, f, f[Activate.left] - 1)
    give(s, f[PLAYER], CONTENT.sketches[int(a.args[0])].bonus)


def options_exotic(s: LinnaeusState, f: Frame) -> list[Action]:
    return [act("exotic", x) for x in s.exotic_display if x >= 0]


def resolve_exotic(s: LinnaeusState, f: Frame, a: Action) -> None:
    _again(s, f, f[ExoticPick.left] - 1)
    take_exotic(s, f[PLAYER], s.exotic_display.index(int(a.args[0])))


def options_lens(s: LinnaeusState, f: Frame) -> list[Action]:
    side = f[PLAYER]
    found = [act("lens", x) for x in s.lens_display if x >= 0]
    if found and side == s.active and s.coins[side] >= 1 and s.lens_supply:
        found.append(act("refresh_lenses"))
    return found


def resolve_lens(s: LinnaeusState, f: Frame, a: Action) -> None:
    if a.kind == "refresh_lenses":
        s.coins[f[PLAYER]] -= 1
        refresh_lenses(s)
        return
    s.stack.pop()
    take_lens(s, f[PLAYER], s.lens_display.index(int(a.args[0])))


def refresh_lenses(s: LinnaeusState) -> None:
    """Draw up to 4 new lenses into the display, shuffle the old ones into the supply (§7.2)."""
    old = [x for x in s.lens_display if x >= 0]
    supply = list(s.lens_supply)
    new = [supply.pop() for _ in range(min(4, len(supply)))]
    supply.extend(old)
    s.rng.shuffle(supply)
    s.lens_supply = tuple(supply)
    s.lens_display = new + [-1] * (4 - len(new))
    while -1 in s.lens_display and s.lens_supply:
        s.lens_display[s.lens_display.index(-1)] = s.lens_supply[-1]
        s.lens_supply = s.lens_supply[:-1]


def options_book(s: LinnaeusState, f: Frame) -> list[Action]:
    return [act("book", b) for b in s.book_display if b >= 0]


def resolve_book(s: LinnaeusState, f: Frame, a: Action) -> None:
    _again(s, f, f[BookPick.left] - 1)
    take_book(s, f[PLAYER], s.book_display.index(int(a.args[0])))


def options_voyage_card(s: LinnaeusState, f: Frame) -> list[Action]:
    return [act("voyage_card", v) for v in s.voyage_display if v >= 0]


def resolve_voyage_card(s: LinnaeusState, f: Frame, a: Action) -> None:
    _again(s, f, f[VoyagePick.left] - 1)
    take_voyage(s, f[PLAYER], s.voyage_display.index(int(a.args[0])))


def options_link_waiting(s: LinnaeusState, f: Frame) -> list[Action]:
    return [act("link_book", b) for b in s.waiting[f[PLAYER]]]


def resolve_link_waiting(s: LinnaeusState, f: Frame, a: Action) -> None:
    s.stack.pop()
    link_book(s, f[PLAYER], int(a.args[0]), f[LinkWaiting.card_position])



# ---------------------------------------------------------------------------- the automa (§19.4)
def automa_knowledge(s: LinnaeusState, side: int, entry: int) -> None:
    """An exact category as printed; a domain (``-1 - domain``) or any (``-9``): the category
    with the fewest tokens, ties in §2.2 order."""
    if entry >= 0:
        gain_knowledge(s, side, entry)
        return
    cats = range(9) if entry == -9 else range((-1 - entry) * 3, (-1 - entry) * 3 + 3)
    base = side * 9
    gain_knowledge(s, side, min(cats, key=lambda c: (s.knowledge[base + c], c)))


def automa_gain(s: LinnaeusState, side: int, r: Reward) -> None:
    """The automa gains ``r`` with the fixed choices of §19.4 (paid rewards are skipped)."""
    if r.pay:
        return
    s.coins[side] += r.coins + r.activate_sketch + sum(r.action)
    s.containers[side] += r.containers
    s.tools[side] += r.tools
    s.vp[side] += r.vp
    for category in r.knowledge:
        gain_knowledge(s, side, category)
    for domain, n in enumerate(r.knowledge_domain):
        for _ in range(n):
            automa_knowledge(s, side, -1 - domain)
    for _ in range(r.knowledge_any):
        automa_knowledge(s, side, -9)
    for track, n in enumerate(r.lecture):
        for _ in range(n):
            lecture_step(s, side, track)
    base = side * 3
    for _ in range(r.lecture_any):
        track = min(range(3), key=lambda t: (s.lecture[base + t], t))
        lecture_step(s, side, track)
    for _ in range(r.sketch):
        stack = fullest_stack(s)
        if stack >= 0:
            add_sketch(s, side, draw_sketch(s, stack))
    for _ in range(r.exotic):
        slots = [k for k in range(3) if s.exotic_display[k] >= 0]
        if slots:
            take_exotic(s, side, slots[0])
    for _ in range(r.advanced_lens):
        from boardlab.games.linnaeus import solo

        solo.automa_lap(s)
    for _ in range(r.book):
        slots = [k for k in range(3) if s.book_display[k] >= 0]
        if slots:
            take_book(s, side, slots[0])
    for _ in range(r.voyage_card):
        slots = [k for k in range(3) if s.voyage_display[k] >= 0]
        if slots:
            take_voyage(s, side, slots[0])
    if r.choice:
        automa_gain(s, side, REWARDS[r.choice[0]])
    if r.taxonomy:
        move_taxonomy(s, side, r.taxonomy)
