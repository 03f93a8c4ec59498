"""One decision stack for every game: frames of pending work and a table of their rules.

A frame is a tuple ``(key, player, *data)`` naming things only by plain values; the top
frame of ``state.stack`` is the work to do next. Each game gives one table, ``RULES``, from
each frame key to its ``Rule``, written out in the game's ``flow.py`` so the whole turn
structure reads top to bottom:

* ``Step(run)``: automatic work; ``run(state, frame)`` changes the state and pops, replaces
  or pushes frames.
* ``Ask(kind, prompt, options, resolve)``: a decision of ``frame[1]``. A decision with one
  option is answered at once, out of the history, unless ``always_ask``: then the engine
  plays that option as an action of the seat, in the history and the log (no decision
  with a single option reaches a player either way); one with none is dropped.
  ``prepare(state, frame)``, when given, runs first and returns False when it changed
  the stack (the driver then looks at the new top).

When the stack is empty the game's ``refill()`` may push the next frames (start the next
phase) and return True; the game is over when it returns False.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar, Generic, TypeVar

from boardlab.engine.action import Action
from boardlab.engine.decision import Decision
from boardlab.engine.state import GameState

Frame = tuple[Any, ...]
S = TypeVar("S", bound="StackState")


@dataclass(frozen=True, slots=True)
class Step(Generic[S]):
    """An automatic frame: ``run`` does its work and pops, replaces or pushes frames."""

    run: Callable[[S, Frame], None]


@dataclass(frozen=True, slots=True)
class Ask(Generic[S]):
    """A decision of the frame's player (``frame[1]``).

    ``kind`` is the decision kind, or a function of the frame giving it. ``options`` lists
    the legal actions in a deterministic order; ``resolve`` applies a legal one.
    """

    kind: str | Callable[[Frame], str]
    prompt: Callable[[S, Frame], str]
    options: Callable[[S, Frame], Sequence[Action]]
    resolve: Callable[[S, Frame, Action], None]
    prepare: Callable[[S, Frame], bool] | None = None
    always_ask: bool = False


Rule = Step[S] | Ask[S]


class StackState(GameState):
    """A game driven by a stack of frames and its table of rules (see the module doc)."""

    __slots__ = ("_ready", "stack")

    RULES: ClassVar[Mapping[Any, Rule[Any]]]

    stack: list[Frame]
    _ready: tuple[Frame, tuple[Action, ...]] | None

    def refill(self) -> bool:
        """Push the next frames when the stack runs empty; False once the game is over."""
        return False

    def advance(self) -> None:
        """Run automatic work and forced answers until a real decision waits or the game ends."""
        stack = self.stack
        rules = self.RULES
        while True:
            if not stack:
                if self.refill():
                    continue
                self._ready = None
                return
            frame = stack[-1]
            rule = rules[frame[0]]
            if isinstance(rule, Step):
                rule.run(self, frame)
                continue
            if rule.prepare is not None:
                if not rule.prepare(self, frame):
                    continue
                frame = stack[-1]
            options = rule.options(self, frame)
            if len(options) > 1 or (options and rule.always_ask):
                self._ready = (frame, tuple(options))
                return
            if options:
                rule.resolve(self, frame, options[0])
            else:
                stack.pop()

    def forced_option(self) -> Action | None:
        ready = self._ready
        if ready is not None:
            options = ready[1]
            if len(options) == 1:
                return options[0]
        return None

    def pending(self) -> Decision | None:
        ready = self._ready
        if ready is None:
            return None
        frame, options = ready
        rule: Ask[Any] = self.RULES[frame[0]]  # type: ignore[assignment]
        kind = rule.kind
        return Decision(
            frame[1],
            kind if isinstance(kind, str) else kind(frame),
            partial(rule.prompt, self, frame),
            options,
            len(self.history),
        )

    def resolve(self, action: Action) -> None:
        frame = self.stack[-1]
        rule: Ask[Any] = self.RULES[frame[0]]  # type: ignore[assignment]
        rule.resolve(self, frame, action)
        self.advance()

    def refresh(self) -> None:
        """Run on after fields were set by hand (tests, tools): re-pose the decision."""
        self.advance()
        self.forget_decision()

    def reopen(self) -> None:
        """After a trusted restore: pose the top frame's decision again, running nothing."""
        stack = self.stack
        if not stack:
            self._ready = None
            return
        frame = stack[-1]
        rule: Ask[Any] = self.RULES[frame[0]]  # type: ignore[assignment]
        self._ready = (frame, tuple(rule.options(self, frame)))
        self.forget_decision()

    def clone(self) -> StackState:
        twin: StackState = super().clone()  # type: ignore[assignment]
        twin.stack = self.stack.copy()
        twin._ready = self._ready
        return twin


def rules_table(rules: Mapping[Any, Rule[Any]]) -> Mapping[Any, Rule[Any]]:
    """The table as given, checked: every rule is a ``Step`` or an ``Ask``."""
    for key, rule in rules.items():
        if not isinstance(rule, Step | Ask):
            raise TypeError(f"frame {key!r}: a rule is a Step or an Ask, got {rule!r}")
    return dict(rules)
