"""A two-move game of perfect information for search tests: a branch, then a reply.

Seat 0 picks ``left`` or ``right``, then seat 1 replies ``a`` or ``b``. After ``left`` the
reply decides everything (``a``: seat 0 wins 5-0; ``b``: seat 1 wins 1-0); after ``right``
seat 0 wins either way (1-0 or 2-1). A search that lets each seat play for itself goes
right; one that backs up the root seat's value everywhere imagines a helpful reply ``a``
and goes left.
"""

from __future__ import annotations

from typing import Any

from boardlab.engine import Action, Decision, GameSpec, GameState

BRANCHES = (Action("left"), Action("right"))
REPLIES = (Action("a"), Action("b"))
POINTS = {
    ("left", "a"): (5, 0),
    ("left", "b"): (0, 1),
    ("right", "a"): (1, 0),
    ("right", "b"): (2, 1),
}


class ForkState(GameState):
    __slots__ = ("branch", "reply")

    branch: str
    reply: str

    def setup(self) -> None:
        self.branch = ""
        self.reply = ""

    def pending(self) -> Decision | None:
        if not self.branch:
            return Decision(0, "branch", "pick a branch", BRANCHES)
        if not self.reply:
            return Decision(1, "reply", "pick a reply", REPLIES)
        return None

    def resolve(self, action: Action) -> None:
        if self.branch:
            self.reply = action.kind
        else:
            self.branch = action.kind

    def scores(self) -> list[float]:
        return list(POINTS.get((self.branch, self.reply), (0, 0)))

    def winners(self) -> list[int]:
        if not self.reply:
            return []
        points = self.scores()
        return [seat for seat, p in enumerate(points) if p == max(points)]

    def view_body(self, seat: int | None) -> dict[str, Any]:
        return self.snapshot()

    def render_text(self, seat: int | None) -> str:
        return f"branch {self.branch or '-'}, reply {self.reply or '-'}"

    def copy_fields(self, twin: Any) -> None:
        twin.branch = self.branch
        twin.reply = self.reply

    def snapshot(self) -> dict[str, Any]:
        return {"branch": self.branch, "reply": self.reply}

    def restore(self, data: dict[str, Any]) -> None:
        self.branch = data["branch"]
        self.reply = data["reply"]


SPEC = GameSpec(name="fork", title="Fork", min_players=2, max_players=2, state_class=ForkState)
