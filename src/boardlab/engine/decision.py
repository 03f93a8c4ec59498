"""The one decision the engine is waiting on."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from boardlab.engine.action import Action


@dataclass(frozen=True, slots=True)
class Decision:
    """Who decides (``player``), what about (``kind``, ``prompt``) and the legal ``options``."""

    player: int
    kind: str
    prompt: str
    options: tuple[Action, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "kind": self.kind,
            "prompt": self.prompt,
            "options": [option.to_json() for option in self.options],
        }
