"""Setup (K-4), the round structure (K-5): supply (K-6), main (K-7), end (K-13), graduation (K-14).

``phase_step`` runs when no frame is pending: it starts the next player's part of the
current phase or moves to the next phase, and returns False once the game is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.engine import Action
from boardlab.games.konoten import actions as A
from boardlab.games.konoten.content import CONTENT
from boardlab.games.konoten.effects import Frame, lenses_owned
from boardlab.games.konoten.tables import (
    ABILITIES,
    ALL_FOUNDATIONS,
    ALL_TASKS,
    CHARACTER_IDS,
    N_CHARACTERS,
    N_DEVICES,
    NORMAL_CARDS,
    PASSIVES,
    START_BIT,
    VP_CARDS,
)

if TYPE_CHECKING:
    from boardlab.games.konoten.state import KonotenState

DRAFT, SUPPLY, MAIN, END, OVER = range(5)
PHASE_NAMES = ("draft", "supply", "main", "end", "over")


def setup(s: KonotenState) -> None:
    """Deal a new game (K-4); the caller then runs the rules to the first decision."""
    n = s.players
    rng = s.rng
    normal = list(NORMAL_CARDS)
    rng.shuffle(normal)
    vp_deck = list(VP_CARDS)
    rng.shuffle(vp_deck)
    s.normal_deck = normal
    s.vp_deck = vp_deck
    s.market = [normal.pop() for _ in range(CONTENT.normal_display)] + [
        vp_deck.pop() for _ in range(CONTENT.vp_display)
    ]
    s.found = ALL_FOUNDATIONS
    s.start = rng.randbelow(n)
    start = CONTENT.setup
    s.ap = [start.ap] * n
    s.cr = [start.creativity] * n
    s.vp = [0] * n
    s.stock = [start.tokens_in_stock] * n
    s.tasks = [ALL_TASKS] * n
    s.grown = [START_BIT] * n
    s.will_used = [0] * n
    s.lobby_unused = [start.assistants_in_lobby_unused] * n
    s.lobby_used = [0] * n
    s.hand = [0] * n
    s.mats = list(start.materials) * n
    s.dev_occ = [0] * (N_DEVICES * n)
    s.dev_uses = [0] * N_DEVICES
    s.lenses = []
    s.lens_occ = []
    s.lens_used = []
    s.stack = []
    s.round = 1
    s.order_pos = 0
    s.main_next = s.start
    s.ended = 0
    s.next_start = -1
    chosen = list(s.options.get("characters") or ())
    if chosen:
        if len(chosen) != n or len(set(chosen)) != n:
            raise ValueError(
                f"option 'characters' needs {n} different characters (one per seat), "
                f"got {chosen}; characters: {', '.join(CHARACTER_IDS)}"
            )
        s.char = [A.CHARACTER_INDEX[c] for c in chosen]
        s.phase = SUPPLY
    elif s.options.get("assignment", "random") == "draft":
        s.char = [-1] * n
        s.phase = DRAFT
        for k in range(n):  # A17: reverse start order, so the seat before the start picks first
            s.stack.append(("character", (s.start + k) % n))
    else:
        order = list(range(N_CHARACTERS))
        rng.shuffle(order)
        s.char = order[:n]
        s.phase = SUPPLY


def phase_step(s: KonotenState) -> bool:
    """Start the next part of the round when nothing is pending; False once the game is over."""
    n = s.players
    phase = s.phase
    if phase == SUPPLY:
        if s.order_pos < n:
            supply_player(s, (s.start + s.order_pos) % n)
            s.order_pos += 1
        else:
            s.phase = MAIN
            s.ended = 0
            s.main_next = s.start
        return True
    if phase == MAIN:
        ended = s.ended
        for k in range(n):
            p = (s.main_next + k) % n
            if not ended >> p & 1:
                s.stack.append(("turn", p))
                return True
        s.phase = END
        s.order_pos = 0
        end_phase_returns(s)
        return True
    if phase == END:
        if s.order_pos < n:
            s.stack.append(("end", (s.start + s.order_pos) % n, 0))
            s.order_pos += 1
            return True
        if s.next_start >= 0:  # K-13.4
            s.start = s.next_start
        if s.round >= CONTENT.rounds:
            graduation(s)
            s.phase = OVER
            return False
        s.round += 1
        begin_round(s)
        return True
    if phase == DRAFT:
        begin_round(s)
        return True
    return False


def begin_round(s: KonotenState) -> None:
    """Open a round's supply phase; once-per-round records start afresh (A15, R1)."""
    n = s.players
    s.phase = SUPPLY
    s.order_pos = 0
    s.will_used = [0] * n
    s.dev_uses = [0] * N_DEVICES
    s.next_start = -1


def supply_player(s: KonotenState, p: int) -> None:
    """K-6.1 gains, then the token step (K-6.2) and the supply abilities (K-6.3)."""
    s.ap[p] += CONTENT.supply_ap
    s.cr[p] += CONTENT.supply_creativity
    s.stack.append(("supply", p, 0))
    if s.stock[p]:
        s.stack.append(("supply_token", p))


def end_phase_returns(s: KonotenState) -> None:
    """K-13.1 every assistant turns unused (A9); K-13.2 device assistants go home."""
    n = s.players
    for p in range(n):
        s.lobby_unused[p] += s.lobby_used[p]
        s.lobby_used[p] = 0
        for d in range(N_DEVICES):
            s.lobby_unused[p] += s.dev_occ[d * n + p]
            s.dev_occ[d * n + p] = 0
    s.lens_used = [0] * len(s.lens_used)


def graduation(s: KonotenState) -> None:
    """K-14.1 sediment penalty, then K-14.2 final abilities (A24)."""
    for p in range(s.players):
        ch, grown = s.char[p], s.grown[p]
        sediment = s.mats[p * 3 + 2]
        s.vp[p] += sediment * PASSIVES[ch][grown].sediment_vp
        for node, ability in enumerate(ABILITIES[ch]):
            if ability.type != "final" or not grown >> node & 1:
                continue
            quantity = final_quantity(s, p, ability.count)
            if ability.per > 0:
                s.vp[p] += ability.vp * (quantity // ability.per)
            elif quantity == ability.equals:
                s.vp[p] += ability.vp


def final_quantity(s: KonotenState, p: int, count: str) -> int:
    """The quantity a final ability counts (K-11.5)."""
    if count == "light":
        return s.mats[p * 3]
    if count == "rainbow":
        return s.mats[p * 3 + 1]
    if count == "sediment":
        return s.mats[p * 3 + 2]
    if count == "ap":
        return s.ap[p]
    if count == "creativity":
        return s.cr[p]
    return lenses_owned(s, p)


# ---------------------------------------------------------------- character draft (K1, A17)
def options_character(s: KonotenState, f: Frame) -> list[Action]:
    taken = set(s.char)
    return [A.CHARACTER[c] for c in range(N_CHARACTERS) if c not in taken]


def resolve_character(s: KonotenState, f: Frame, action: Action) -> None:
    s.char[f[1]] = A.CHARACTER_INDEX[str(action.args[0])]
    s.stack.pop()
