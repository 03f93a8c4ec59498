"""Actions: small immutable values with a short stable id that round-trips through text."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Arg = int | str


@dataclass(frozen=True, slots=True)
class Action:
    """One option of a decision, equal by ``(kind, args)``.

    ``str(action)`` is its id, for example ``Action("claim", (2, 3))`` -> ``"claim 2,3"``
    and ``Action("pass")`` -> ``"pass"``. ``label`` is a description for a person and
    takes no part in equality.
    """

    kind: str
    args: tuple[Arg, ...] = ()
    label: str = field(default="", compare=False)
    id: str = field(default="", compare=False, repr=False)

    def __post_init__(self) -> None:
        if type(self.args) is not tuple:
            object.__setattr__(self, "args", tuple(self.args))
        if not self.id:
            text = self.kind if not self.args else f"{self.kind} {','.join(map(str, self.args))}"
            object.__setattr__(self, "id", text)
        if not self.label:
            object.__setattr__(self, "label", self.id)

    def __str__(self) -> str:
        return self.id

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict: ``{"id", "kind", "args", "label"}``."""
        return {"id": self.id, "kind": self.kind, "args": list(self.args), "label": self.label}
