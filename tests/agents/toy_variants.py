"""Toy-game variants for agent tests, each a subclass with its own spec and name, so
registering one never changes the plain toy game that other tests use.

* ``toy_eval``: the toy with an evaluation (stones taken, bonus, stones chosen);
* ``toy_modest``: an evaluation that dislikes stones, to show where search uses it;
* ``toy_sealed``: a real state that fails the test when an agent reads it beyond what the
  deciding seat may use (it may only ``determinize`` it, ``view`` it and list its options);
* ``toy_shy``: a seat may take at most its secret bonus + 1 stones, so the options of
  the other seats differ between determinizations; applying an option that is not legal
  in a world fails;
* ``toy_tuned`` declares its own mcts settings (``search_defaults``), and
  ``toy_mistuned`` a setting out of range;
* ``toy_closing``: ``toy_modest``'s misleading evaluation, with an endgame (``GameSpec.
  endgame``) once 10 stones or fewer are left, where search may play the game out.
"""

from __future__ import annotations

from random import Random
from typing import Any

from toy_game import SPEC, TAKE, ToyState

import boardlab
from boardlab.engine import Action, Decision, GameSpec, GameState, Rng


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


def _spec(
    name: str,
    state_class: type[GameState],
    evaluate: Any = toy_evaluate,
    search_defaults: tuple[tuple[str, Any], ...] = (),
    endgame: Any = None,
) -> GameSpec:
    return GameSpec(
        name=name,
        title=f"Toy stones ({name})",
        min_players=SPEC.min_players,
        max_players=SPEC.max_players,
        state_class=state_class,
        options=SPEC.options,
        evaluate=evaluate,
        search_defaults=search_defaults,
        endgame=endgame,
    )


EVAL_SPEC = _spec("toy_eval", EvalToy)
MODEST_SPEC = _spec("toy_modest", ModestToy, modest_evaluate)
SEALED_SPEC = _spec("toy_sealed", SealedToy)
SHY_SPEC = _spec("toy_shy", ShyToy)
TUNED_SPEC = _spec("toy_tuned", TunedToy, search_defaults=(("c", 0.05), ("depth", 0)))
CLOSING_SPEC = _spec(
    "toy_closing", ClosingToy, modest_evaluate, (("depth", 0),), endgame=closing_endgame
)
MISTUNED_SPEC = _spec("toy_mistuned", MistunedToy, search_defaults=(("c", -1.0),))


def position(game: str, seed: int = 0, players: int = 2, **fields: Any) -> Any:
    """A new toy-variant game with some fields overwritten before its first decision."""
    state = boardlab.new(game, players=players, seed=seed)
    for name, value in fields.items():
        setattr(state, name, value)
    return state
