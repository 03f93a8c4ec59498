"""Toy variants with what contract v2 added, for agent, simulation, command-line and adapter
tests. Each is the toy game (``tests/toy_game.py``) with ``toy_evaluate``, under its own name:

* ``toy_secret``: taking stones is a secret option. Other seats read "P1 took stones in
  secret" in their log, and see no ``chosen`` count in their view, until the next seat
  confirms its own take, which reveals it.
* ``toy_automa`` (1 to 4 players): a side no seat plays, ``"automa"``, takes up to three
  stones as a public event after every confirmed take and scores the stones it took. It may win:
  ``winners()`` then lists no seat and ``outcome()`` names it.
* ``toy_guarded``: both, and reading ``state.history`` from code that serves a seat
  (``boardlab.agents``, ``boardlab.cli``, ``boardlab.adapters``) fails the test. The
  engine, ``boardlab.api`` and the referee's replay of a saved game
  (``boardlab.cli.timeline``) may read it.
"""

from __future__ import annotations

import sys
from typing import Any

import toy_game

from boardlab.engine import Action, Decision, GameSpec, GameState

from .toy_variants import EvalToy, toy_evaluate

SECRET_TAKE = tuple(
    Action("take", (n,), label=f"take {n} stone(s)", secret=True) for n in (1, 2, 3)
)
SERVING = ("boardlab.agents", "boardlab.cli", "boardlab.adapters")
REFEREE = ("boardlab.cli.timeline",)


class V2Toy(EvalToy):
    """The toy with a secret take (``SECRET``) and an automa side (``AUTOMA``), as chosen."""

    __slots__ = ("automa", "hidden")

    SECRET = False
    AUTOMA = False

    automa: int
    hidden: list[int]  # per seat, the history step of its take not revealed yet, or -1

    def setup(self) -> None:
        super().setup()
        self.automa = 0
        self.hidden = [-1] * self.players

    def pending(self) -> Decision | None:
        decision = super().pending()
        if not self.SECRET or decision is None or decision.kind != "take":
            return decision
        options = SECRET_TAKE[: len(decision.options)]
        return Decision(decision.player, "take", "take stones", options)

    def resolve(self, action: Action) -> None:
        seat = self.turn
        if self.SECRET and action.kind == "take":
            self.hidden[seat] = len(self.history) - 1  # the step the engine just recorded
        elif self.SECRET and action.kind == "confirm":
            before = (seat - 1) % self.players
            if self.hidden[before] >= 0:
                self.reveal(self.hidden[before])
                self.hidden[before] = -1
        super().resolve(action)
        if self.AUTOMA and action.kind == "confirm" and self.pile > 0:
            taken = min(3, self.pile)
            self.pile -= taken
            self.automa += taken
            self.announce("automa_take", f"the automa takes {taken} stone(s)")

    def secret_note(self, kind: str) -> str:
        return "took stones in secret"

    def other_sides(self) -> tuple[str, ...]:
        return ("automa",) if self.AUTOMA else ()

    def side_scores(self) -> list[float]:
        return [*self.scores(), float(self.automa)] if self.AUTOMA else self.scores()

    def side_winners(self) -> list[int]:
        if not self.is_over:
            return []
        scores = self.side_scores()
        best = max(scores)
        return [side for side, score in enumerate(scores) if score == best]

    def winners(self) -> list[int]:
        return [side for side in self.side_winners() if side < self.players]

    def view_body(self, seat: int | None) -> dict[str, Any]:
        body = super().view_body(seat)
        if self.SECRET and seat != self.turn:
            body["chosen"] = None
        if self.AUTOMA:
            body["automa"] = self.automa
        return body

    def copy_fields(self, twin: Any) -> None:
        super().copy_fields(twin)
        twin.automa = self.automa
        twin.hidden = self.hidden.copy()

    def snapshot(self) -> dict[str, Any]:
        return {**super().snapshot(), "automa": self.automa, "hidden": list(self.hidden)}

    def restore(self, data: dict[str, Any]) -> None:
        super().restore(data)
        self.automa = data["automa"]
        self.hidden = list(data["hidden"])


class SecretToy(V2Toy):
    __slots__ = ()
    SECRET = True


class AutomaToy(V2Toy):
    __slots__ = ()
    AUTOMA = True


class HistoryGuard:
    """A mixin: ``history`` raises when a module that serves a seat reads it."""

    __slots__ = ()

    @property
    def history(self) -> list[str]:
        caller = sys._getframe(1).f_globals.get("__name__", "")
        if caller.startswith(SERVING) and not caller.startswith(REFEREE):
            raise AssertionError(f"{caller} read state.history, the referee's whole truth")
        return GameState.history.__get__(self)  # type: ignore[attr-defined,no-any-return]

    @history.setter
    def history(self, value: list[str]) -> None:
        GameState.history.__set__(self, value)  # type: ignore[attr-defined]


class GuardedToy(HistoryGuard, V2Toy):
    __slots__ = ()
    SECRET = True
    AUTOMA = True


def _spec(name: str, state_class: type[GameState], min_players: int = 2) -> GameSpec:
    return GameSpec(
        name=name,
        title=f"Toy stones ({name})",
        min_players=min_players,
        max_players=toy_game.SPEC.max_players,
        state_class=state_class,
        options=toy_game.SPEC.options,
        evaluate=toy_evaluate,
    )


SECRET_SPEC = _spec("toy_secret", SecretToy)
AUTOMA_SPEC = _spec("toy_automa", AutomaToy, min_players=1)
GUARDED_SPEC = _spec("toy_guarded", GuardedToy, min_players=1)
SPECS = (SECRET_SPEC, AUTOMA_SPEC, GUARDED_SPEC)
