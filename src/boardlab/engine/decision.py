"""The one decision the engine is waiting on."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import FrozenInstanceError
from typing import Any

from boardlab.engine.action import Action

Prompt = str | Callable[[], str]


class Decision:
    """Who decides (``player``), what about (``kind``, ``prompt``) and the legal ``options``.

    ``id`` numbers the decision: how many decisions had been answered since the game began
    when this one was posed (the engine sets it). ``prompt`` may be given as a function of
    no argument; it is then called the first time the prompt is read, so search and
    simulation, which never read it, never pay for the text. Read it before the state
    moves on: a lazy prompt describes the state as it is when it is read.
    Immutable and equal by value.
    """

    __slots__ = ("_prompt", "id", "kind", "options", "player")

    player: int
    kind: str
    options: tuple[Action, ...]
    id: int
    _prompt: Prompt

    def __init__(
        self, player: int, kind: str, prompt: Prompt, options: tuple[Action, ...], id: int = 0
    ) -> None:
        _set_player(self, player)
        _set_kind(self, kind)
        _set_prompt(self, prompt)
        _set_options(self, options)
        _set_id(self, id)

    @property
    def prompt(self) -> str:
        prompt = self._prompt
        if isinstance(prompt, str):
            return prompt
        text = prompt()
        _set_prompt(self, text)
        return text

    def numbered(self, id: int) -> Decision:
        """This decision with its ``id`` set (used once, by the engine, as it is posed)."""
        _set_id(self, id)
        return self

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Decision):
            return NotImplemented
        return (
            self.player == other.player
            and self.kind == other.kind
            and self.id == other.id
            and self.options == other.options
            and self.prompt == other.prompt
        )

    def __hash__(self) -> int:
        return hash((self.player, self.kind, self.id, self.options))

    def __repr__(self) -> str:
        return (
            f"Decision(player={self.player}, kind={self.kind!r}, id={self.id}, "
            f"options={len(self.options)})"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "kind": self.kind,
            "prompt": self.prompt,
            "options": [option.to_json() for option in self.options],
        }


# The slots' own setters: they bypass the refusing ``__setattr__`` (fields are set once).
_slot = Decision.__dict__
_set_player = _slot["player"].__set__
_set_kind = _slot["kind"].__set__
_set_prompt = _slot["_prompt"].__set__
_set_options = _slot["options"].__set__
_set_id = _slot["id"].__set__
