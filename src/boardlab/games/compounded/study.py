"""Study phase (C-7): claiming rounds (D3), one relocation each (D4), the Study drop (D15)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.engine import Action
from boardlab.engine.layouts import PLAYER
from boardlab.games.compounded.actions import (
    CLAIM_NAMED,
    DECLINE,
    PASS,
    RELEASE_NAMED,
    RELOCATE_NAMED,
    RELOCATE_TO_NAMED,
    side,
)
from boardlab.games.compounded.board import ROW_COL, position
from boardlab.games.compounded.frames import (
    STUDY,
    Claim,
    Frame,
    ReleaseClaim,
    Relocate,
    RelocateTarget,
    offer_in_turn_order,
)
from boardlab.games.compounded.workbench import CARDS, over_study, permanent_claims

if TYPE_CHECKING:
    from boardlab.games.compounded.state import CompoundedState


def unclaimed(s: CompoundedState) -> list[int]:
    """Field positions holding an unclaimed compound (complete or not, A9)."""
    card = s.field_card
    owner = s.claim_owner
    return [pos for pos in range(16) if card[pos] >= 0 and owner[pos] < 0]


def start_claims(s: CompoundedState, frame: Frame) -> None:
    s.phase = STUDY
    s.stack[-1] = (Claim.key, s.lead, 0)


def claim_prompt(s: CompoundedState, frame: Frame) -> str:
    return f"{side(frame[PLAYER])}: claim an unclaimed compound or pass (a pass is final)"


def claim_options(s: CompoundedState, frame: Frame) -> tuple[Action, ...]:
    if s.free_discs[frame[PLAYER]] <= 0:
        return (PASS,)  # no available disc: treated as passed (C-7.1)
    card = s.field_card
    return (*(CLAIM_NAMED[pos][CARDS[card[pos]].index] for pos in unclaimed(s)), PASS)


def claim(s: CompoundedState, frame: Frame, action: Action) -> None:
    p, passed = frame[PLAYER], frame[Claim.passed]
    if action.kind == "pass":
        passed |= 1 << p
    else:
        pos = position(action.args)
        s.free_discs[p] -= 1
        s.claim_owner[pos] = p
        s.claim_temp[pos] = 0
        s.claim_round[pos] = s.round
    n = s.players
    for step in range(1, n + 1):
        q = (p + step) % n
        if not passed >> q & 1:
            s.stack[-1] = (Claim.key, q, passed)
            return
    s.stack.pop()


def relocatable(s: CompoundedState, p: int) -> list[int]:
    """Permanent claims of ``p`` placed in an earlier round (C-7.3)."""
    return [pos for pos in permanent_claims(s, p) if s.claim_round[pos] < s.round]


def relocation_round(s: CompoundedState, frame: Frame) -> None:
    offer_in_turn_order(s, frame, Relocate.key, lambda s, p: relocatable(s, p) and unclaimed(s))


def relocate_prompt(s: CompoundedState, frame: Frame) -> str:
    return f"{side(frame[PLAYER])}: move one earlier claim to an unclaimed compound, or decline"


def relocate_options(s: CompoundedState, frame: Frame) -> tuple[Action, ...]:
    if not unclaimed(s):
        return (DECLINE,)
    card = s.field_card
    moves = relocatable(s, frame[PLAYER])
    return (*(RELOCATE_NAMED[pos][CARDS[card[pos]].index] for pos in moves), DECLINE)


def relocate(s: CompoundedState, frame: Frame, action: Action) -> None:
    if action.kind == "decline":
        s.stack.pop()
        return
    s.stack[-1] = (RelocateTarget.key, frame[PLAYER], position(action.args))


def relocate_target_prompt(s: CompoundedState, frame: Frame) -> str:
    source = frame[RelocateTarget.source]
    row, col = ROW_COL[source]
    name = CARDS[s.field_card[source]].name
    return f"{side(frame[PLAYER])}: choose where your claim on {name} at {row},{col} moves"


def relocate_target_options(s: CompoundedState, frame: Frame) -> tuple[Action, ...]:
    card = s.field_card
    return tuple(RELOCATE_TO_NAMED[pos][CARDS[card[pos]].index] for pos in unclaimed(s))


def relocate_target(s: CompoundedState, frame: Frame, action: Action) -> None:
    p, source = frame[PLAYER], frame[RelocateTarget.source]
    target = position(action.args)
    s.claim_owner[source] = -1
    s.claim_temp[source] = 0
    s.claim_round[source] = 0
    s.claim_owner[target] = p
    s.claim_temp[target] = 0
    s.claim_round[target] = s.round
    s.stack.pop()


def study_drop(s: CompoundedState, frame: Frame) -> None:
    """C-7.4: give up available discs first, then let the scientist release permanent claims."""
    p = frame[PLAYER]
    while over_study(s, p):
        if s.free_discs[p] > 0:
            s.free_discs[p] -= 1
            s.reserve[p] += 1
            continue
        s.stack.append((ReleaseClaim.key, p))
        return
    s.stack.pop()


def release_claim_prompt(s: CompoundedState, frame: Frame) -> str:
    return f"{side(frame[PLAYER])}: Study fell below your claims; release one permanent claim"


def release_claim_options(s: CompoundedState, frame: Frame) -> tuple[Action, ...]:
    card = s.field_card
    claims = permanent_claims(s, frame[PLAYER])
    return tuple(RELEASE_NAMED[pos][CARDS[card[pos]].index] for pos in claims)


def release_claim(s: CompoundedState, frame: Frame, action: Action) -> None:
    pos = position(action.args)
    p = frame[PLAYER]
    s.claim_owner[pos] = -1
    s.claim_temp[pos] = 0
    s.claim_round[pos] = 0
    s.reserve[p] += 1
    s.stack.pop()
