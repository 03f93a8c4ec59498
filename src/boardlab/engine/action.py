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
    takes no part in equality. A ``secret`` option (a combat dial, a card played face
    down) is known to its own seat only once applied, until the rules reveal it: other
    seats' logs show that it was played, not which.
    """

    kind: str
    args: tuple[Arg, ...] = ()
    label: str = field(default="", compare=False)
    id: str = field(default="", compare=False, repr=False)
    secret: bool = field(default=False, compare=False, repr=False)

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
        """A JSON-able dict: ``{"id", "kind", "args", "label"}``, and ``"secret": true`` for a
        secret option."""
        data: dict[str, Any] = {
            "id": self.id,
            "kind": self.kind,
            "args": list(self.args),
            "label": self.label,
        }
        if self.secret:
            data["secret"] = True
        return data

    @classmethod
    def from_json(cls, data: Any) -> Action:
        """The action ``to_json`` wrote; ``ValueError`` when ``data`` is not one."""
        if not isinstance(data, dict):
            raise ValueError(f"an action is a JSON object, got {data!r}")
        kind, args, label, text = (data.get(k) for k in ("kind", "args", "label", "id"))
        if not isinstance(kind, str) or not isinstance(args, list) or not isinstance(label, str):
            raise ValueError(f"not an action: {data!r}")
        if not isinstance(text, str) or not all(type(a) in (int, str) for a in args):
            raise ValueError(f"not an action: {data!r}")
        return cls(kind, tuple(args), label, text, bool(data.get("secret", False)))
