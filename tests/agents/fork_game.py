"""A two-move game of perfect information for search tests: a branch, then a reply.

Seat 0 picks ``left`` or ``right``, then seat 1 replies ``a`` or ``b``. After ``left`` the
reply decides everything (``a``: seat 0 wins 5-0; ``b``: seat 1 wins 1-0); after ``right``
seat 0 wins either way (1-0 or 2-1). A search that lets each seat play for itself goes
right; one that backs up the root seat's value everywhere imagines a helpful reply ``a``
and goes left.
"""

from __future__ import annotations

from boardlab.engine import Action, Decision, GameSpec

from .two_choices import ChoicesState

BRANCHES = (Action("left"), Action("right"))
REPLIES = (Action("a"), Action("b"))
POINTS = {
    ("left", "a"): (5, 0),
    ("left", "b"): (0, 1),
    ("right", "a"): (1, 0),
    ("right", "b"): (2, 1),
}


class ForkState(ChoicesState):
    __slots__ = ("branch", "reply")
    CHOICES = ("branch", "reply")

    branch: str
    reply: str

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



SPEC = GameSpec(name="fork", title="Fork", min_players=2, max_players=2, state_class=ForkState)
