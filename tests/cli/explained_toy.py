"""The toy game with its own ``explain`` and ``score_breakdown``, registered as ``toy_explained``:
what the terminal's ``?`` and final table show comes from these hooks, not from labels."""

from __future__ import annotations

from dataclasses import replace

import toy_game

from boardlab.engine import Action


class ExplainedToy(toy_game.ToyState):
    __slots__ = ()

    def explain(self, action: Action) -> str:
        if action.kind == "take":
            count = int(action.args[0])
            return f"you take {count} of the {self.pile} stones; {self.pile - count} stay"
        return f"{action.kind}: you {'keep' if action.kind == 'confirm' else 'put back'} them"

    def score_breakdown(self) -> list[dict[str, float]]:
        return [
            {"stones taken": taken, "secret bonus": bonus}
            for taken, bonus in zip(self.taken, self.bonus, strict=True)
        ]


SPEC = replace(toy_game.SPEC, name="toy_explained", state_class=ExplainedToy)
