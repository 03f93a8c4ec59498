"""The frame table ``RULES`` and the round structure (K-5): supply (K-6), main (K-7), end (K-13).

Every pending piece of work is a frame ``(key, seat, *data)`` on ``state.stack`` (layouts in
``frames.py``); ``RULES`` says, for each key, the decision it poses and how an answer
is applied (``Ask``), or the work it does by itself (``Step``). A decision with a single
option is answered at once, except the main-phase action, which is always asked (K-7.1).
When the stack runs empty ``refill`` starts the next seat's part of the phase, or the next
phase, and ends the game with graduation (K-14) after the last round.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from boardlab.engine import Ask, Frame, Step
from boardlab.engine.layouts import KEY, PLAYER
from boardlab.games.konoten import abilities, draft, effects, grinding, growth, scoring, tasks
from boardlab.games.konoten import main_phase as main
from boardlab.games.konoten.content import CONTENT
from boardlab.games.konoten.frames import (
    LAYOUTS,
    Character,
    CheckTasks,
    Discard,
    EndAbilities,
    FollowUp,
    Foundation,
    Gain,
    Grind,
    Grow,
    PayAssistant,
    PayGrowth,
    SupplyAbilities,
    SupplyToken,
    Task,
    Turn,
)
from boardlab.games.konoten.tables import CARD_IDS, N_DEVICES, bits
from boardlab.games.konoten.wording import card_name, lens_name, seat_name

if TYPE_CHECKING:
    from boardlab.games.konoten.state import KonotenState

DRAFT, SUPPLY, MAIN, END, OVER = range(5)
PHASE_NAMES = ("draft", "supply", "main", "end", "over")


def _turn_prompt(s: KonotenState, f: Frame) -> str:
    p = f[PLAYER]
    return (
        f"{seat_name(p)}, round {s.round}: choose an action "
        f"(AP {s.ap[p]}, creativity {s.creativity[p]})"
    )


def _grind_prompt(s: KonotenState, f: Frame) -> str:
    _, p, cards, flipped, _, diff, _, awaiting = f
    if awaiting >= 0:
        return (
            f"{seat_name(p)}: place {CARD_IDS[awaiting]} as printed (upright) "
            "or turned 180 degrees (flip)"
        )
    stack = " ".join(card_name(c, flipped >> c & 1) for c in bits(cards)) or "none"
    return (
        f"{seat_name(p)}: add a card to the lens, or done "
        f"(cards so far: {stack}; result - material {diff:+d})"
    )


def _prompt(text: str) -> Callable[[KonotenState, Frame], str]:
    """A prompt ``"P1: <text>"``; ``text`` may name the frame's fields (``{left}``)."""
    return lambda s, f: f"{seat_name(f[PLAYER])}: " + text.format_map(
        dict(zip(LAYOUTS[f[KEY]].fields, f, strict=True))
    )


RULES: Mapping[str, Step[KonotenState] | Ask[KonotenState]] = {
    # the character draft (K1, A17)
    Character.key: Ask(
        "choose_character",
        _prompt("choose a character board"),
        draft.options_character,
        draft.resolve_character,
    ),
    # supply phase (K-6): the token (K-6.2), then the supply abilities (K-6.3)
    SupplyToken.key: Ask(
        "supply_token",
        _prompt("the token from your stock becomes an assistant or grows a node"),
        growth.options_token,
        growth.resolve_supply_token,
        prepare=growth.prepare_supply_token,
    ),
    SupplyAbilities.key: Ask(
        "supply_ability",
        _prompt("use a supply ability, or done"),
        abilities.options_supply,
        abilities.resolve_ability,
    ),
    # main phase (K-7): one action per turn until every seat has ended
    Turn.key: Ask(
        "main_action", _turn_prompt, main.options_turn, main.resolve_turn, always_ask=True
    ),
    # grinding a lens (K-9): cards and orientations, a foundation, the optional follow-up
    Grind.key: Ask(
        grinding.grind_kind, _grind_prompt, grinding.options_grind, grinding.resolve_grind
    ),
    Foundation.key: Ask(
        "grind_foundation",
        lambda s, f: (
            f"{seat_name(f[PLAYER])}: choose the foundation's cost "
            f"(at least {max(0, f[Foundation.diff])})"
        ),
        grinding.options_foundation,
        grinding.resolve_foundation,
    ),
    FollowUp.key: Ask(
        "grind_follow_up",
        lambda s, f: (
            f"{seat_name(f[PLAYER])}: place another assistant on your new lens "
            f"{lens_name(f[FollowUp.lens])}?"
        ),
        grinding.options_follow_up,
        grinding.resolve_follow_up,
    ),
    # executing an effect (K-10): colour-token inputs, then the gains
    PayGrowth.key: Ask(
        "pay_growth",
        _prompt("pay a growth: which node's token returns to your stock ({left} to pay)"),
        effects.options_pay_growth,
        effects.resolve_pay_growth,
    ),
    PayAssistant.key: Ask(
        "pay_assistant",
        _prompt("pay an assistant: which returns to your stock ({left} to pay)"),
        effects.options_pay_assistant,
        effects.resolve_pay_assistant,
    ),
    Gain.key: Ask(
        "gain_order",
        _prompt("which gain comes next"),
        effects.options_gain,
        effects.resolve_gain,
        prepare=effects.prepare_gain,
    ),
    Discard.key: Ask(
        "discard_material",
        _prompt("over capacity, discard a new material ({excess} to discard)"),
        effects.options_discard,
        effects.resolve_discard,
        prepare=effects.prepare_discard,
    ),
    # growth (K-11) and tasks (K-12), checked after every effect (A16)
    Grow.key: Ask(
        "grow_node",
        _prompt("choose the node to grow"),
        growth.options_grow,
        growth.resolve_grow,
        prepare=growth.prepare_grow,
    ),
    CheckTasks.key: Step(tasks.check_tasks),
    Task.key: Ask(
        "task_reward",
        lambda s, f: (
            f"{seat_name(f[PLAYER])}: task {CONTENT.tasks[f[Task.task]]} done: "
            "its token becomes an assistant or grows a node"
        ),
        growth.options_token,
        tasks.resolve_task,
    ),
    # end phase (K-13.3)
    EndAbilities.key: Ask(
        "end_ability",
        _prompt("use an end-phase ability, or done"),
        abilities.options_end,
        abilities.resolve_ability,
    ),
}


ROUND_BEGINS = "round {} begins: every scientist gains {} AP and {} creativity"
ROUND_ENDS = "round {} ends: every assistant goes back to its lobby, unused"


def refill(s: KonotenState) -> bool:
    """Start the next part of the round when nothing is pending; False once the game is over."""
    n = s.players
    phase = s.phase
    if phase == SUPPLY:
        if s.order_pos == 0:
            s.announce("round", ROUND_BEGINS, s.round, CONTENT.supply_ap, CONTENT.supply_creativity)
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
                s.stack.append((Turn.key, p))
                return True
        s.phase = END
        s.order_pos = 0
        end_phase_returns(s)
        s.announce("round", ROUND_ENDS, s.round)
        return True
    if phase == END:
        if s.order_pos < n:
            s.stack.append((EndAbilities.key, (s.start + s.order_pos) % n, 0))
            s.order_pos += 1
            return True
        if s.next_start >= 0:  # K-13.4
            s.start = s.next_start
        if s.round >= CONTENT.rounds:
            scoring.graduate(s)
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
    s.creativity[p] += CONTENT.supply_creativity
    s.stack.append((SupplyAbilities.key, p, 0))
    if s.stock[p]:
        s.stack.append((SupplyToken.key, p))


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
