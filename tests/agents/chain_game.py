"""A turn that is a chain of two choices, for the search's prior: an item, then a space.

Seat 0 either plays ``safe`` (a 1-1 tie at once) or takes the ``item`` and then puts it on
one of eight spaces: space 0 wins 5-0, every other space loses 0-1. Seat 1 never decides.
The evaluation of a pending second step is its best outcome, as Compounded's is. A search
that tries every space once and averages them thinks ``item`` worth less than the tie;
one that starts each option from its one-step value (``prior``) sees the winning line.
"""

from __future__ import annotations

from boardlab.engine import Action, Decision, GameSpec, GameState

from .two_choices import ChoicesState

FIRST = (Action("safe"), Action("item"))
SPACES = tuple(Action("space", str(i)) for i in range(8))
WINNING_SPACE = "space 0"


class ChainState(ChoicesState):
    __slots__ = ("first", "space")
    CHOICES = ("first", "space")

    first: str
    space: str

    def pending(self) -> Decision | None:
        if not self.first:
            return Decision(0, "first", "safe, or take the item", FIRST)
        if self.first == "item" and not self.space:
            return Decision(0, "space", "put the item on a space", SPACES)
        return None

    def resolve(self, action: Action) -> None:
        if self.first:
            self.space = str(action)
        else:
            self.first = action.kind

    def scores(self) -> list[float]:
        if self.first == "safe":
            return [1.0, 1.0]
        if not self.space:
            return [0.0, 0.0]
        return [5.0, 0.0] if self.space == WINNING_SPACE else [0.0, 1.0]



def chain_evaluate(state: GameState, seat: int) -> float:
    """The points of the position, a pending space valued at its best one (5-0)."""
    assert isinstance(state, ChainState)
    if state.first == "item" and not state.space:
        return (5.0, 0.0)[seat]
    return state.scores()[seat]


SPEC = GameSpec(
    name="chain",
    title="Chain",
    min_players=2,
    max_players=2,
    state_class=ChainState,
    evaluate=chain_evaluate,
)
