"""The plumbing of the tiny perfect-information games of the search tests (``fork_game``,
``chain_game``): a state that is a few string fields, each empty until chosen."""

from __future__ import annotations

from typing import Any, ClassVar

from boardlab.engine import GameState


class ChoicesState(GameState):
    """A state of string fields named in ``CHOICES``; over when nothing is pending, won by the
    highest scores."""

    __slots__ = ()
    CHOICES: ClassVar[tuple[str, ...]] = ()

    def setup(self) -> None:
        for name in self.CHOICES:
            setattr(self, name, "")

    def winners(self) -> list[int]:
        if self.pending() is not None:
            return []
        points = self.scores()
        return [seat for seat, p in enumerate(points) if p == max(points)]

    def view_body(self, seat: int | None) -> dict[str, Any]:
        return self.snapshot()

    def render_text(self, seat: int | None) -> str:
        return ", ".join(f"{name} {getattr(self, name) or '-'}" for name in self.CHOICES)

    def copy_fields(self, twin: Any) -> None:
        for name in self.CHOICES:
            setattr(twin, name, getattr(self, name))

    def snapshot(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.CHOICES}

    def restore(self, data: dict[str, Any]) -> None:
        for name in self.CHOICES:
            setattr(self, name, data[name])
