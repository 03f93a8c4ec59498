"""The decision loop: the top frame of the stack poses the pending decision; resolving runs on.

Each frame kind has a handler: ``options`` (the legal actions), ``resolve`` (apply one),
``step`` (automatic work; True when the frame waits on a player), a decision kind and a
prompt. Sub-choices with a single possibility (which node, which assistant, which
orientation, ...) are made automatically; the main-phase action is always asked.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from boardlab.engine import Action, Decision
from boardlab.games.konoten import effects, flow, grinding, main_phase
from boardlab.games.konoten.effects import Frame, lenses_owned
from boardlab.games.konoten.lenses import lens_info
from boardlab.games.konoten.tables import END_MASK, SUPPLY_MASK

if TYPE_CHECKING:
    from boardlab.games.konoten.state import KonotenState

Options = Callable[["KonotenState", Frame], list[Action]]
Resolve = Callable[["KonotenState", Frame, Action], None]
Step = Callable[["KonotenState", Frame], bool]


class Handler(NamedTuple):
    """How one frame kind is asked and resolved."""

    kind: Callable[[Frame], str]
    prompt: Callable[[KonotenState, Frame], str]
    options: Options
    resolve: Resolve
    step: Step | None  # None: auto-resolve when only one option is left


def _always_ask(s: KonotenState, f: Frame) -> bool:
    return True


def _named(name: str) -> Callable[[Frame], str]:
    return lambda f: name


def _supply_options(s: KonotenState, f: Frame) -> list[Action]:
    return effects.options_abilities(s, f, SUPPLY_MASK)


def _end_options(s: KonotenState, f: Frame) -> list[Action]:
    return effects.options_abilities(s, f, END_MASK)


def _turn_prompt(s: KonotenState, f: Frame) -> str:
    p = f[1]
    return f"player {p}, round {s.round}: choose an action (AP {s.ap[p]}, creativity {s.cr[p]})"


def _grind_prompt(s: KonotenState, f: Frame) -> str:
    if f[7] >= 0:
        return f"player {f[1]}: place card {f[7]} as printed or turned 180 degrees"
    return f"player {f[1]}: add a card to the lens ({f[6]} so far, result - material {f[5]})"


HANDLERS: dict[str, Handler] = {
    "character": Handler(
        _named("choose_character"),
        lambda s, f: f"player {f[1]}: choose a character board",
        flow.options_character,
        flow.resolve_character,
        None,
    ),
    "supply_token": Handler(
        _named("supply_token"),
        lambda s, f: f"player {f[1]}: the token from your stock becomes an assistant or grows",
        effects.options_token,
        effects.resolve_supply_token,
        effects.step_supply_token,
    ),
    "supply": Handler(
        _named("supply_ability"),
        lambda s, f: f"player {f[1]}: use a supply ability, or done",
        _supply_options,
        effects.resolve_ability,
        None,
    ),
    "end": Handler(
        _named("end_ability"),
        lambda s, f: f"player {f[1]}: use an end-phase ability, or done",
        _end_options,
        effects.resolve_ability,
        None,
    ),
    "turn": Handler(
        _named("main_action"),
        _turn_prompt,
        main_phase.options_turn,
        main_phase.resolve_turn,
        _always_ask,
    ),
    "grind": Handler(
        grinding.decision_kind_grind,
        _grind_prompt,
        grinding.options_grind,
        grinding.resolve_grind,
        None,
    ),
    "foundation": Handler(
        _named("grind_foundation"),
        lambda s, f: f"player {f[1]}: choose the foundation (cost at least {max(0, f[4])})",
        grinding.options_foundation,
        grinding.resolve_foundation,
        None,
    ),
    "follow_up": Handler(
        _named("grind_follow_up"),
        lambda s, f: f"player {f[1]}: place another assistant on new lens {f[2]} now?",
        grinding.options_follow_up,
        grinding.resolve_follow_up,
        None,
    ),
    "pay_growth": Handler(
        _named("pay_growth"),
        lambda s, f: f"player {f[1]}: pay a growth: which node returns to stock ({f[2]} left)",
        effects.options_pay_growth,
        effects.resolve_pay_growth,
        None,
    ),
    "pay_assistant": Handler(
        _named("pay_assistant"),
        lambda s, f: f"player {f[1]}: pay an assistant: which returns to stock ({f[2]} left)",
        effects.options_pay_assistant,
        effects.resolve_pay_assistant,
        None,
    ),
    "gain": Handler(
        _named("gain_order"),
        lambda s, f: f"player {f[1]}: which gain comes next",
        effects.options_gain,
        effects.resolve_gain,
        effects.step_gain,
    ),
    "discard": Handler(
        _named("discard_material"),
        lambda s, f: f"player {f[1]}: over capacity, discard a new material ({f[5]} left)",
        effects.options_discard,
        effects.resolve_discard,
        effects.step_discard,
    ),
    "grow": Handler(
        _named("grow_node"),
        lambda s, f: f"player {f[1]}: choose the node to grow",
        effects.options_grow,
        effects.resolve_grow,
        effects.step_grow,
    ),
    "check_tasks": Handler(
        _named("check_tasks"),
        lambda s, f: "",
        lambda s, f: [],
        lambda s, f, a: None,
        effects.step_check_tasks,
    ),
    "task": Handler(
        _named("task_reward"),
        lambda s, f: f"player {f[1]}: task {f[2]} done: its token becomes an assistant or grows",
        effects.options_token,
        effects.resolve_task,
        None,
    ),
}


def _auto_or_ask(s: KonotenState, f: Frame, handler: Handler) -> bool:
    """True when the frame waits on a player; otherwise it was resolved or dropped here."""
    options = handler.options(s, f)
    if len(options) > 1:
        return True
    if options:
        handler.resolve(s, f, options[0])
    else:
        s.stack.pop()
    return False


def advance(s: KonotenState) -> None:
    """Run automatic steps until a player must decide or the game is over."""
    stack = s.stack
    while True:
        if stack:
            f = stack[-1]
            if f[0] == "turn":
                return
            handler = HANDLERS[f[0]]
            step = handler.step
            if step is None:
                if _auto_or_ask(s, f, handler):
                    return
            elif step(s, f) and (step is _always_ask or _auto_or_ask(s, stack[-1], handler)):
                return
        elif not flow.phase_step(s):
            return


def pending(s: KonotenState) -> Decision | None:
    """The decision of the top frame, or None once the game is over."""
    if not s.stack:
        return None
    f = s.stack[-1]
    handler = HANDLERS[f[0]]
    return Decision(f[1], handler.kind(f), handler.prompt(s, f), tuple(handler.options(s, f)))


def resolve(s: KonotenState, action: Action) -> None:
    """Apply a legal action to the top frame, then run on to the next decision."""
    f = s.stack[-1]
    HANDLERS[f[0]].resolve(s, f, action)
    advance(s)


def tiebreak_key(s: KonotenState, p: int) -> tuple[int, int, int, int]:
    """VP, then lenses, cards in lenses, total result value of lenses (K-14.3)."""
    owned = [lens_info(lens) for lens in s.lenses if lens[0] == p]
    return (
        s.vp[p],
        lenses_owned(s, p),
        sum(info.cards for info in owned),
        sum(info.result for info in owned),
    )


def winners(s: KonotenState) -> list[int]:
    """The seats sharing first place after the tie-breakers; empty while the game runs."""
    if s.phase != flow.OVER:
        return []
    keys = [tiebreak_key(s, p) for p in range(s.players)]
    best = max(keys)
    return [p for p, key in enumerate(keys) if key == best]
