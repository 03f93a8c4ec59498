"""Lab phase (C-9, C-10): scoring turns, resolving compounds, reactions, cylinder, refill, keys."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.engine import Action
from boardlab.engine.layouts import PLAYER
from boardlab.games.compounded import events, fire
from boardlab.games.compounded.actions import (
    APPROVE,
    APPROVE_SPLIT,
    CYLINDER,
    DECLINE,
    ELEMENT_OF,
    ITEM,
    KEEP,
    NONE,
    RAISE,
    SCORE_NAMED,
    TRACK_OF,
    USE_LAB_KEY,
    WILD_ITEM,
    side,
)
from boardlab.games.compounded.board import position
from boardlab.games.compounded.content import (
    CORROSIVE,
    ELEMENTS,
    EXPLOSIVE,
    HANDLE_WITH_CARE,
    LAB_KEY,
    PAPER,
    STABILITY,
    TRACKS,
    VOLATILE,
)
from boardlab.games.compounded.content import (
    CYLINDER as CYLINDER_KIND,
)
from boardlab.games.compounded.content import (
    LAB as LAB_TRACK,
)
from boardlab.games.compounded.content import (
    STUDY as STUDY_TRACK,
)
from boardlab.games.compounded.frames import (
    LAB,
    Cylinder,
    CylinderCheck,
    Experiment,
    Explode,
    Frame,
    HandleItem,
    HandleRound,
    HandleSpace,
    LabFire,
    LabKey,
    LabKeyWindow,
    LabTurns,
    Paper,
    ResolveEquipment,
    ResolveItems,
    ResolveReaction,
    Score,
    ScoringTurn,
    Stability,
    StudyDrop,
    offer_in_turn_order,
)
from boardlab.games.compounded.workbench import (
    CARDS,
    CRYSTAL,
    EMPTY,
    LAB_FIRE,
    TRACK_TOP,
    WILD_SLOT,
    clear_items,
    clear_position,
    lower_experiment,
    place_card,
    raise_experiment,
    return_claim,
    take_equipment,
    usable,
)

if TYPE_CHECKING:
    from boardlab.games.compounded.state import CompoundedState


def points(s: CompoundedState, card: int) -> int:
    """A card's atomic points; without the cap option, the uncapped data rule."""
    compound = CARDS[card]
    return compound.atomic_points if s.options.get("ap_cap", True) else compound.uncapped_points


def lab_turns(s: CompoundedState, frame: Frame) -> None:
    """C-9.1: scoring turns in lead order, each followed by the holder's cylinder use (C-9.5)."""
    k = frame[LabTurns.turn]
    n = s.players
    s.phase = LAB
    if k >= n:
        s.stack.pop()
        return
    p = (s.lead + k) % n
    s.stack[-1] = (LabTurns.key, -1, k + 1)
    s.stack.append((CylinderCheck.key, p))
    s.stack.append((ScoringTurn.key, p))


def ready_to_score(s: CompoundedState, p: int) -> list[int]:
    """Complete field compounds claimed by ``p`` (either face)."""
    owner, card, opened = s.claim_owner, s.field_card, s.field_open
    return [pos for pos in range(16) if owner[pos] == p and card[pos] >= 0 and not opened[pos]]


def scoring_turn(s: CompoundedState, frame: Frame) -> None:
    if ready_to_score(s, frame[PLAYER]):
        s.stack.append((Score.key, frame[PLAYER]))
    else:
        s.stack.pop()


def score_prompt(s: CompoundedState, frame: Frame) -> str:
    return f"{side(frame[PLAYER])}: choose the next complete compound to resolve"


def score_options(s: CompoundedState, frame: Frame) -> tuple[Action, ...]:
    card = s.field_card
    return tuple(
        SCORE_NAMED[pos][CARDS[card[pos]].index] for pos in ready_to_score(s, frame[PLAYER])
    )


def score(s: CompoundedState, frame: Frame, action: Action) -> None:
    s.stack.pop()
    begin_resolution(s, frame[PLAYER], position(action.args))


def begin_resolution(s: CompoundedState, p: int, pos: int) -> None:
    """C-9.2 steps 1-3, then queue steps 4-7."""
    card = s.field_card[pos]
    s.resolving_card = card
    s.resolving_player = p
    s.resolving_items = s.field_items[pos]
    s.scored[p] = (*s.scored[p], card)
    return_claim(s, pos)
    clear_position(s, pos)  # fire tokens go back to the (unlimited) supply
    gained = points(s, card) if CARDS[card].reaction != STABILITY else 0
    s.ap[p] += gained
    s.announce("score", events.scored, p, card, pos, gained)
    s.stack.append((ResolveItems.key, p, 1))
    s.stack.append((ResolveReaction.key, p))
    s.stack.append((ResolveEquipment.key, p))
    s.stack.append((Experiment.key, p))


def experiment_prompt(s: CompoundedState, frame: Frame) -> str:
    card = CARDS[s.resolving_card]
    track = TRACKS[card.experiment]
    return f"{side(frame[PLAYER])}: {card.name} is scored; raise {track}, raise lab, or none"


def experiment_options(s: CompoundedState, frame: Frame) -> tuple[Action, ...]:
    base = frame[PLAYER] * 4
    track = CARDS[s.resolving_card].experiment
    options = [RAISE[t] for t in (track, LAB_TRACK) if s.track_level[base + t] < TRACK_TOP[t]]
    options.append(NONE)
    return tuple(options)


def experiment(s: CompoundedState, frame: Frame, action: Action) -> None:
    s.stack.pop()
    if action.kind == "raise":
        raise_experiment(s, frame[PLAYER], TRACK_OF[str(action.args[0])])


def equipment_step(s: CompoundedState, frame: Frame) -> None:
    """C-9.2 step 5: the card's equipment token, if the supply has one (A14)."""
    s.stack.pop()
    kind = CARDS[s.resolving_card].equipment
    if kind >= 0:
        take_equipment(s, frame[PLAYER], kind)


def reaction_step(s: CompoundedState, frame: Frame) -> None:
    """C-9.2 step 6: the card's reaction (C-10)."""
    s.stack.pop()
    p = frame[PLAYER]
    reaction = CARDS[s.resolving_card].reaction
    if reaction == STABILITY:
        s.stack.append((Stability.key, p))
    elif reaction == VOLATILE:
        s.stack.append((LabFire.key, -1))  # not counted toward the Lab Fire limit (A18)
    elif reaction == HANDLE_WITH_CARE:
        s.stack.append((HandleRound.key, -1, 0))
    elif reaction == CORROSIVE:
        if lower_experiment(s, p, STUDY_TRACK):
            s.stack.append((StudyDrop.key, p))
    elif reaction == EXPLOSIVE:
        mask = 0
        for pos in range(16):
            if s.field_card[pos] >= 0 and s.fire[pos] > 0:
                mask |= 1 << pos
        if mask:
            s.stack.append((Explode.key, -1, mask))


# ---------------------------------------------------------------- stability (C-10.1, A16)
def stability_prompt(s: CompoundedState, frame: Frame) -> str:
    return f"{side(frame[PLAYER])}: stability approval; name another scientist and an experiment"


def stability_options(s: CompoundedState, frame: Frame) -> tuple[Action, ...]:
    p = frame[PLAYER]
    options: list[Action] = []
    for q in range(s.players):
        if q == p:
            continue
        below = [t for t in range(4) if s.track_level[q * 4 + t] < TRACK_TOP[t]]
        if below:
            options.extend(APPROVE[q][t] for t in below)
        else:
            options.append(APPROVE_SPLIT[q])
    return tuple(options)


def stability(s: CompoundedState, frame: Frame, action: Action) -> None:
    s.stack.pop()
    p = frame[PLAYER]
    q = int(action.args[0])
    value = points(s, s.resolving_card)
    if len(action.args) == 1:
        s.ap[p] += value // 2
        s.ap[q] += value // 2
    else:
        raise_experiment(s, q, TRACK_OF[str(action.args[1])])
        s.ap[p] += value


# ---------------------------------------------------------------- handle with care (C-10.3)
def resolving_codes(s: CompoundedState) -> list[int]:
    """Item codes on the card being resolved: element per crystal, ``WILD_ITEM`` per wild token."""
    elements = CARDS[s.resolving_card].space_elements
    return [
        elements[i] if slot == CRYSTAL else WILD_ITEM
        for i, slot in enumerate(s.resolving_items)
        if slot
    ]


def handle_kinds(s: CompoundedState) -> list[int]:
    """Item codes on the resolving card that have an empty matching space on the field."""
    reachable = 0
    for m in s.field_open:
        reachable |= m
    kinds: list[int] = []
    for code in resolving_codes(s):
        if code in kinds:
            continue
        if reachable if code == WILD_ITEM else reachable >> code & 1:
            kinds.append(code)
    return kinds


def handle_round(s: CompoundedState, frame: Frame) -> None:
    offer_in_turn_order(s, frame, HandleItem.key, lambda s, p: handle_kinds(s))


def handle_item_prompt(s: CompoundedState, frame: Frame) -> str:
    name = CARDS[s.resolving_card].name
    return f"{side(frame[PLAYER])}: Handle with care; take an item from the {name} being scored"


def handle_item_options(s: CompoundedState, frame: Frame) -> tuple[Action, ...]:
    return tuple(ITEM[code] for code in handle_kinds(s))


def handle_item(s: CompoundedState, frame: Frame, action: Action) -> None:
    s.stack[-1] = (HandleSpace.key, frame[PLAYER], fire.item_code(action))


def handle_space_prompt(s: CompoundedState, frame: Frame) -> str:
    code = frame[HandleSpace.item]
    what = "the wild token" if code == WILD_ITEM else ELEMENTS[code]
    return f"{side(frame[PLAYER])}: choose a field space for {what}"


def handle_space_options(s: CompoundedState, frame: Frame) -> tuple[Action, ...]:
    return tuple(fire.spaces_for(s, range(16), frame[HandleSpace.item]))


def take_from_resolving(s: CompoundedState, code: int) -> None:
    """Remove one item (a crystal of element ``code`` or a wild token) from the resolving card."""
    items = list(s.resolving_items)
    if code == WILD_ITEM:
        items[items.index(WILD_SLOT)] = EMPTY
    else:
        for i in CARDS[s.resolving_card].spaces_of[code]:
            if items[i] == CRYSTAL:
                items[i] = EMPTY
                break
    s.resolving_items = tuple(items)


def handle_space(s: CompoundedState, frame: Frame, action: Action) -> None:
    code = frame[HandleSpace.item]
    take_from_resolving(s, code)
    fire.put_on_field(s, action, code)  # no temporary claim (C-10.3)
    s.stack.pop()


# ---------------------------------------------------------------- items and the paper (step 7)
def paper_ready(s: CompoundedState, p: int) -> bool:
    """An academic paper from an earlier round not yet used this Lab phase (C-9.2 step 7)."""
    return usable(s, p, PAPER) - s.used_paper[p] > 0


def items_step(s: CompoundedState, frame: Frame) -> None:
    p, may_keep = frame[PLAYER], frame[ResolveItems.may_keep]
    if may_keep and paper_ready(s, p) and CRYSTAL in s.resolving_items:
        s.stack[-1] = (Paper.key, p)
        return
    clear_items(s, s.resolving_card, s.resolving_items)
    s.resolving_card = -1
    s.resolving_player = -1
    s.resolving_items = ()
    s.stack.pop()


def paper_prompt(s: CompoundedState, frame: Frame) -> str:
    name = CARDS[s.resolving_card].name
    return f"{side(frame[PLAYER])}: use an academic paper to keep one crystal from {name}?"


def paper_options(s: CompoundedState, frame: Frame) -> tuple[Action, ...]:
    kinds = sorted({code for code in resolving_codes(s) if code != WILD_ITEM})
    return (*(KEEP[e] for e in kinds), NONE)


def paper(s: CompoundedState, frame: Frame, action: Action) -> None:
    p = frame[PLAYER]
    if action.kind == "none":
        s.stack[-1] = (ResolveItems.key, p, 0)
        return
    e = ELEMENT_OF[str(action.args[0])]
    take_from_resolving(s, e)
    s.storage[p * 6 + e] += 1
    s.used_paper[p] += 1
    s.stack[-1] = (ResolveItems.key, p, 1)


# ---------------------------------------------------------------- graduated cylinder (C-9.5)
def cylinder_pairs(s: CompoundedState, p: int) -> list[Action]:
    base = p * 4
    levels = s.track_level
    return [
        CYLINDER[lo][hi]
        for lo in range(4)
        if levels[base + lo] > 0
        for hi in range(4)
        if hi != lo and levels[base + hi] < TRACK_TOP[hi]
    ]


def cylinder_step(s: CompoundedState, frame: Frame) -> None:
    p = frame[PLAYER]
    if usable(s, p, CYLINDER_KIND) - s.used_cylinder[p] > 0 and cylinder_pairs(s, p):
        s.stack[-1] = (Cylinder.key, p)
    else:
        s.stack.pop()


def cylinder_prompt(s: CompoundedState, frame: Frame) -> str:
    return f"{side(frame[PLAYER])}: graduated cylinder; lower one experiment to raise another?"


def cylinder_options(s: CompoundedState, frame: Frame) -> tuple[Action, ...]:
    return (*cylinder_pairs(s, frame[PLAYER]), DECLINE)


def cylinder(s: CompoundedState, frame: Frame, action: Action) -> None:
    p = frame[PLAYER]
    if action.kind == "decline":
        s.stack.pop()
        return
    s.used_cylinder[p] += 1
    drop = lower_experiment(s, p, TRACK_OF[str(action.args[0])])
    raise_experiment(s, p, TRACK_OF[str(action.args[1])])
    s.stack[-1] = (CylinderCheck.key, p)
    if drop:
        s.stack.append((StudyDrop.key, p))


# ---------------------------------------------------------------- refill (C-9.6, C-9.7)
def refill_field(s: CompoundedState, frame: Frame) -> None:
    """Fill vacancies in reading order; a first Lab Fire waits, then burns; no choices."""
    deck = s.deck
    placed: list[int] = []  # positions and cards, alternating, for the log
    for pos in range(16):
        while s.field_card[pos] < 0:
            if not deck:
                if not s.deck_ran_out:
                    s.announce("deck", events.DECK_EMPTY)
                s.deck_ran_out = 1  # end condition C
                break
            card = deck.pop()
            s.deck_drawn += 1
            if card == LAB_FIRE:
                s.lab_fires_drawn_at.append(s.deck_drawn - 1)
                if not s.lab_fire_this_round and not s.lab_fire_waiting:
                    s.lab_fire_waiting = 1
                else:
                    s.discard.append(LAB_FIRE)
                    s.announce("lab_fire", events.LAB_FIRE_AGAIN)
                continue
            place_card(s, pos, card)
            placed += (pos, card)
        if not deck and s.field_card[pos] < 0:
            break
    if placed:
        s.announce("refill", events.refilled, tuple(placed))
    if s.lab_fire_waiting:
        s.announce("lab_fire", events.LAB_FIRE)
        s.lab_fire_waiting = 0
        s.lab_fire_this_round = 1
        s.discard.append(LAB_FIRE)
        s.stack.append((LabFire.key, -1))  # this refill runs again for the fire's vacancies
        return
    s.stack.pop()


# ---------------------------------------------------------------- Lab Key window (C-9.9)
def lab_key_window(s: CompoundedState, frame: Frame) -> None:
    i = frame[LabKeyWindow.visited]
    n = s.players
    while i < n:
        p = (s.lead + i) % n
        if usable(s, p, LAB_KEY) > 0:
            s.stack[-1] = (LabKey.key, p, i)
            return
        i += 1
    s.stack.pop()


def lab_key_prompt(s: CompoundedState, frame: Frame) -> str:
    return f"{side(frame[PLAYER])}: discard a Lab Key token to lead the next round?"


def lab_key_options(s: CompoundedState, frame: Frame) -> tuple[Action, ...]:
    return (USE_LAB_KEY, DECLINE)


def lab_key(s: CompoundedState, frame: Frame, action: Action) -> None:
    p, i = frame[PLAYER], frame[LabKey.visited]
    if action.kind == "decline":
        s.stack[-1] = (LabKeyWindow.key, -1, i + 1)
        return
    s.equip[p * 6 + LAB_KEY] -= 1
    s.supply[LAB_KEY] += 1
    s.next_lead = p  # the first use ends the window (A24)
    s.stack.pop()
