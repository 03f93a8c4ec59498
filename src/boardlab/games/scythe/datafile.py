"""Reading the JSON component files with errors that name the file and the field.

>>> try:
...     Field("factions.json", "", {"power": "x"})["power"].as_int()
... except ContentError as error:
...     print(error)
factions.json: power: expected an integer, got 'x'
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import NoReturn


class ContentError(ValueError):
    """The component data breaks a documented constraint; the message names file and field."""


class Field:
    """One value of a data file with its path (``factions[2].starting_power``) for errors."""

    __slots__ = ("file", "path", "value")

    def __init__(self, file: str, path: str, value: object) -> None:
        self.file = file
        self.path = path
        self.value = value

    @classmethod
    def read(cls, directory: Path, name: str) -> Field:
        """The top-level object of ``directory/name``; ``ContentError`` if unreadable."""
        try:
            value = json.loads((directory / name).read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise ContentError(f"{name}: cannot be read as JSON: {error}") from None
        field = cls(name, "", value)
        field.as_object()
        return field

    def fail(self, message: str) -> NoReturn:
        raise ContentError(f"{self.file}: {self.path or 'top level'}: {message}")

    def _child(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    # ------------------------------------------------------------------ objects and lists
    def as_object(self) -> dict[str, object]:
        if not isinstance(self.value, dict):
            self.fail(f"expected an object, got {self.value!r}")
        return self.value

    def has(self, key: str) -> bool:
        return key in self.as_object()

    def __getitem__(self, key: str) -> Field:
        data = self.as_object()
        if key not in data:
            raise ContentError(f"{self.file}: {self._child(key)}: missing")
        return Field(self.file, self._child(key), data[key])

    def get(self, key: str) -> Field | None:
        """The field ``key``, or None when absent."""
        return self[key] if self.has(key) else None

    def only(self, allowed: Iterable[str]) -> None:
        """``ContentError`` naming the first key that is not one of ``allowed`` (a typo)."""
        known = set(allowed)
        for key in self.as_object():
            if key not in known:
                raise ContentError(
                    f"{self.file}: {self._child(key)}: unknown field "
                    f"(accepted: {', '.join(sorted(known))})"
                )

    def entries(self) -> list[tuple[str, Field]]:
        """The ``(key, field)`` pairs of an object, in file order."""
        return [(key, Field(self.file, self._child(key), v)) for key, v in self.as_object().items()]

    def items(self, count: int | None = None) -> list[Field]:
        """The elements of a list (exactly ``count`` of them when given)."""
        if not isinstance(self.value, list):
            self.fail(f"expected a list, got {self.value!r}")
        if count is not None and len(self.value) != count:
            self.fail(f"expected {count} entries, got {len(self.value)}")
        return [Field(self.file, f"{self.path}[{i}]", v) for i, v in enumerate(self.value)]

    # ------------------------------------------------------------------ scalars
    def as_int(self, low: int | None = None, high: int | None = None) -> int:
        value = self.value
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(f"expected an integer, got {value!r}")
        if (low is not None and value < low) or (high is not None and value > high):
            lo = "" if low is None else f"{low}"
            hi = "" if high is None else f"{high}"
            self.fail(f"expected an integer in [{lo}, {hi}], got {value}")
        return value

    def as_bool(self) -> bool:
        if not isinstance(self.value, bool):
            self.fail(f"expected true or false, got {self.value!r}")
        return self.value

    def as_str(self, choices: Iterable[str] | None = None) -> str:
        value = self.value
        if not isinstance(value, str) or not value:
            self.fail(f"expected a non-empty string, got {value!r}")
        if choices is not None:
            accepted = tuple(choices)
            if value not in accepted:
                self.fail(f"{value!r} is not one of {', '.join(accepted)}")
        return value

    def as_strs(
        self, choices: Iterable[str] | None = None, count: int | None = None
    ) -> tuple[str, ...]:
        """A list of distinct strings (each among ``choices`` when given)."""
        accepted = None if choices is None else tuple(choices)
        values = tuple(item.as_str(accepted) for item in self.items(count))
        if len(set(values)) != len(values):
            self.fail(f"entries must be distinct, got {list(values)}")
        return values
