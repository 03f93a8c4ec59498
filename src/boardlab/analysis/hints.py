"""Hints: the options the analysis rates highest for the decision at hand."""

from __future__ import annotations

from dataclasses import dataclass

from boardlab.analysis.chances import Setting, judge
from boardlab.engine import GameState

HINTS = 3


@dataclass(frozen=True, slots=True)
class Hint:
    """One option recommended, by id and label, with the chance to win it leaves."""

    option: str
    label: str
    chance: float

    def to_json(self) -> dict[str, object]:
        return {"option": self.option, "label": self.label, "chance": round(self.chance, 4)}


def hints(
    state: GameState, seat: int, k: int = HINTS, setting: Setting | None = None
) -> list[Hint]:
    """The ``k`` options rated highest for ``seat``'s pending decision, best first, judged
    from ``seat``'s knowledge only; ``ValueError`` when ``seat`` is not the one to decide.

    >>> [hint.option for hint in hints(state, state.to_move)]
    """
    state.check_seat(seat)
    decision = state.decision
    if decision is None or decision.player != seat:
        raise ValueError(f"seat {seat} has no decision to take now")
    if k < 1:
        raise ValueError(f"k must be at least 1, got {k}")
    judged = judge(state, setting)
    labels = {option.id: option for option in decision.options}
    ranked = sorted(judged.after.items(), key=lambda item: -item[1])[:k]
    return [Hint(option, labels[option].label, chance) for option, chance in ranked]
