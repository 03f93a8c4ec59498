"""Toy-game variants for agent tests, each a subclass with its own spec and name, so
registering one never changes the plain toy game that other tests use.

* ``toy_eval``: the toy with an evaluation (stones taken, bonus, stones chosen);
* ``toy_modest``: an evaluation that dislikes stones, to show where search uses it;
* ``toy_sealed``: a real state that fails the test when an agent reads it beyond what the
  deciding seat may use (it may only ``determinize`` it, ``view`` it, read its ``log`` and
  list its options);
* ``toy_shy``: a seat may take at most its secret bonus + 1 stones, so the options of
  the other seats differ between determinizations; applying an option that is not legal
  in a world fails;
* ``toy_tuned`` declares its own mcts settings (``Tuning.search``), and
  ``toy_mistuned`` a setting out of range;
* ``toy_closing``: ``toy_modest``'s misleading evaluation, with an endgame (``Tuning.
  endgame``) once 10 stones or fewer are left, where search may play the game out.

Their tunings (``TUNINGS``) are declared with ``boardlab.tuning.declare`` while they are
registered (see ``conftest.py``).
"""

from __future__ import annotations

from random import Random
from typing import Any

from toy_game import SPEC, TAKE, ToyState

import boardlab
from boardlab.engine import Action, Decision, GameSpec, GameState, Rng
from boardlab.tuning import Tuning


class EvalToy(ToyState):
    __slots__ = ()


def toy_evaluate(state: GameState, seat: int) -> float:
    """Stones taken plus bonus, counting stones chosen but not yet confirmed."""
    assert isinstance(state, ToyState)
    if getattr(state, "sealed", False):
        raise AssertionError("an agent evaluated the real state")
    pending = state.chosen if state.turn == seat else 0
    return state.taken[seat] + state.bonus[seat] + pending


class ModestToy(ToyState):
    __slots__ = ()


def modest_evaluate(state: GameState, seat: int) -> float:
    """The opposite of ``toy_evaluate``: fewer stones look better."""
    return -toy_evaluate(state, seat)


class SealedToy(EvalToy):
    """Cloning, scoring or evaluating this state raises; ``determinize`` works and is counted."""

    __slots__ = ("determinized", "sealed")

    def seal(self) -> SealedToy:
        self.sealed = True
        self.determinized = 0
        return self

    def clone(self) -> GameState:
        if getattr(self, "sealed", False):
            raise AssertionError("an agent cloned the real state (hidden information)")
        return super().clone()

    def determinize(self, seat: int | None, rng: Random | Rng) -> GameState:
        self.sealed = False
        try:
            twin = super().determinize(seat, rng)
        finally:
            self.sealed = True
        self.determinized += 1
        return twin

    def scores(self) -> list[float]:
        if getattr(self, "sealed", False):
            raise AssertionError("an agent read the real state's scores (hidden bonuses)")
        return super().scores()

    def scores_seen_by(self, seat: int | None) -> list[float | None]:
        """What ``view(seat)`` shows of the scores: allowed, it hides the others' bonuses."""
        sealed, self.sealed = getattr(self, "sealed", False), False
        try:
            return super().scores_seen_by(seat)
        finally:
            self.sealed = sealed

    def winners(self) -> list[int]:
        if getattr(self, "sealed", False):
            raise AssertionError("an agent read the real state's winners")
        return super().winners()


class ShyToy(EvalToy):
    __slots__ = ()

    def pending(self) -> Decision | None:
        decision = super().pending()
        if decision is None or decision.kind != "take":
            return decision
        most = min(3, self.pile, self.bonus[self.turn] + 1)
        return Decision(decision.player, "take", decision.prompt, TAKE[:most])

    def resolve(self, action: Action) -> None:
        options = self.pending().options  # type: ignore[union-attr]
        assert action in options, f"{action} applied where only {options} are legal"
        super().resolve(action)


class ClosingToy(ModestToy):
    __slots__ = ()


def closing_endgame(state: GameState) -> bool:
    assert isinstance(state, ToyState)
    return state.pile <= CLOSING_PILE


CLOSING_PILE = 10


class TunedToy(EvalToy):
    __slots__ = ()


class MistunedToy(EvalToy):
    __slots__ = ()


def toy_spec(name: str, state_class: type[GameState], evaluate: Any = toy_evaluate) -> GameSpec:
    """The toy game's spec under another name and state class."""
    return GameSpec(
        name=name,
        title=f"Toy stones ({name})",
        min_players=SPEC.min_players,
        max_players=SPEC.max_players,
        state_class=state_class,
        options=SPEC.options,
        evaluate=evaluate,
    )


EVAL_SPEC = toy_spec("toy_eval", EvalToy)
MODEST_SPEC = toy_spec("toy_modest", ModestToy, modest_evaluate)
SEALED_SPEC = toy_spec("toy_sealed", SealedToy)
SHY_SPEC = toy_spec("toy_shy", ShyToy)
TUNED_SPEC = toy_spec("toy_tuned", TunedToy)
CLOSING_SPEC = toy_spec("toy_closing", ClosingToy, modest_evaluate)
MISTUNED_SPEC = toy_spec("toy_mistuned", MistunedToy)
TUNINGS = {
    "toy_tuned": Tuning(search={"c": 0.05, "depth": 0}),
    "toy_closing": Tuning(search={"depth": 0}, endgame=closing_endgame),
    "toy_mistuned": Tuning(search={"c": -1.0}),
}


def position(game: str, seed: int = 0, players: int = 2, **fields: Any) -> Any:
    """A new toy-variant game with some fields overwritten before its first decision."""
    state = boardlab.new(game, players=players, seed=seed)
    for name, value in fields.items():
        setattr(state, name, value)
    return state
