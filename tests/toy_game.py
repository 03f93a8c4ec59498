"""A tiny game for engine tests: take 1-3 stones from a pile; each seat holds a secret bonus.

It has the plainest form of each feature (chance during apply, hidden information, a
two-step decision, running scores partly hidden) on a hand-written ``pending``/``resolve``,
so engine tests do not depend on a real game's rules. ``duel_game.py`` covers the rest
(the stack driver, secret actions, an automa side).
"""

from __future__ import annotations

from random import Random
from types import MappingProxyType
from typing import Any

from boardlab.engine import Action, Decision, GameSpec, GameState, OptionSpec, Rng

TAKE = tuple(Action("take", (n,), label=f"take {n} stone(s)") for n in (1, 2, 3))
CONFIRM = (Action("confirm", label="confirm"), Action("undo", label="choose again"))
BONUS_POOL = (0, 1, 2, 3, 4, 5)


class ToyState(GameState):
    __slots__ = ("bonus", "chosen", "pile", "taken", "turn")

    bonus: list[int]
    chosen: int
    pile: int
    taken: list[int]
    turn: int

    def setup(self) -> None:
        pool = list(BONUS_POOL)
        self.rng.shuffle(pool)
        self.bonus = pool[: self.players]
        self.pile = self.options["pile"]
        self.taken = [0] * self.players
        self.turn = 0
        self.chosen = 0

    def pending(self) -> Decision | None:
        if self.pile <= 0:
            return None
        if self.chosen:
            return Decision(self.turn, "confirm", f"confirm taking {self.chosen}?", CONFIRM)
        return Decision(self.turn, "take", "take stones", TAKE[: min(3, self.pile)])

    def resolve(self, action: Action) -> None:
        if action.kind == "take":
            self.chosen = int(action.args[0])
        elif action.kind == "undo":
            self.chosen = 0
        else:
            self.pile -= self.chosen
            self.taken[self.turn] += self.chosen
            self.chosen = 0
            if self.pile > 0 and self.rng.randbelow(4) == 0:
                self.pile += 1
            self.turn = (self.turn + 1) % self.players

    def scores(self) -> list[float]:
        return [t + b for t, b in zip(self.taken, self.bonus, strict=True)]

    def winners(self) -> list[int]:
        if not self.is_over:
            return []
        scores = self.scores()
        best = max(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    def scores_seen_by(self, seat: int | None) -> list[float | None]:
        """A score holds the secret bonus: only the seat's own is known before the end."""
        return [score if s == seat else None for s, score in enumerate(self.scores())]

    def view_body(self, seat: int | None) -> dict[str, Any]:
        return {
            "pile": self.pile,
            "taken": list(self.taken),
            "turn": self.turn,
            "chosen": self.chosen,
            "bonus": [b if s == seat else None for s, b in enumerate(self.bonus)],
        }

    def render_text(self, seat: int | None) -> str:
        return f"pile {self.pile}; taken {self.taken}"

    def copy_fields(self, twin: Any) -> None:
        twin.bonus = self.bonus.copy()
        twin.chosen = self.chosen
        twin.pile = self.pile
        twin.taken = self.taken.copy()
        twin.turn = self.turn

    def snapshot(self) -> dict[str, Any]:
        return {
            "bonus": list(self.bonus),
            "chosen": self.chosen,
            "pile": self.pile,
            "taken": list(self.taken),
            "turn": self.turn,
        }

    def restore(self, data: dict[str, Any]) -> None:
        self.bonus = list(data["bonus"])
        self.chosen = data["chosen"]
        self.pile = data["pile"]
        self.taken = list(data["taken"])
        self.turn = data["turn"]

    def resample_hidden(self, seat: int | None, rng: Random | Rng) -> None:
        if self.pile <= 0:
            return  # the final scores show every bonus
        unseen = [b for s, b in enumerate(self.bonus) if s != seat]
        unseen += [b for b in BONUS_POOL if b not in self.bonus]
        unseen.sort()
        rng.shuffle(unseen)
        for s in range(self.players):
            if s != seat:
                self.bonus[s] = unseen.pop()


BODY_SCHEMA = MappingProxyType(
    {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "toy view body",
        "type": "object",
        "additionalProperties": False,
        "required": ["pile", "taken", "turn", "chosen", "bonus"],
        "properties": {
            "pile": {"type": "integer", "minimum": 0},
            "taken": {"type": "array", "items": {"type": "integer", "minimum": 0}},
            "turn": {"type": "integer", "minimum": 0},
            "chosen": {"type": "integer", "minimum": 0, "maximum": 3},
            "bonus": {"type": "array", "items": {"type": ["integer", "null"]}},
        },
    }
)

SPEC = GameSpec(
    name="toy",
    title="Toy stones",
    min_players=2,
    max_players=4,
    state_class=ToyState,
    options=(OptionSpec("pile", 15, "stones in the pile at the start", choices=(5, 10, 15, 20)),),
    body_schema=BODY_SCHEMA,
)
