"""The contract every game state keeps; a game subclasses ``GameState`` and fills in its rules.

A subclass supplies:

* ``setup()``: deal the game from ``self.rng`` and ``self.options``;
* ``pending()``: the ``Decision`` waited on now, or ``None`` once the game is over;
* ``resolve(action)``: change the state for a legal option (legality is already checked);
* ``scores()``, ``winners()``, ``view(seat)``, ``render(seat)``;
* ``copy_fields(twin)``: copy its own slots into a bare new instance (no generic deepcopy);
* ``snapshot()``: every field of the game as JSON-able data (the engine adds the generator),
  the basis of equality and of saves;
* ``resample_hidden(seat, rng)``: re-deal what ``seat`` cannot see (default: nothing).
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping
from random import Random
from types import MappingProxyType
from typing import Any, ClassVar

from boardlab.engine.action import Action
from boardlab.engine.decision import Decision
from boardlab.engine.errors import IllegalAction
from boardlab.engine.rng import Rng
from boardlab.engine.spec import GameSpec

SAVE_FORMAT = "boardlab-save"
SAVE_VERSION = 1
_UNSET: Any = object()


class GameState(ABC):
    """A game in progress: waits on one decision of one player until it is over."""

    __slots__ = ("_decision", "history", "options", "players", "rng", "seed")

    SPEC: ClassVar[GameSpec]

    players: int
    seed: int
    options: Mapping[str, Any]
    history: list[str]
    rng: Rng
    _decision: Any

    # ------------------------------------------------------------------ construction
    @classmethod
    def create(cls, players: int, seed: int, options: Mapping[str, Any]) -> GameState:
        """A new game; ``options`` must already be resolved by the spec."""
        state = cls.__new__(cls)
        state.players = players
        state.seed = seed
        state.options = MappingProxyType(dict(options))
        state.history = []
        state.rng = Rng(seed)
        state._decision = _UNSET
        state.setup()
        return state

    @property
    def game(self) -> str:
        return self.SPEC.name

    # ------------------------------------------------------------------ game hooks
    @abstractmethod
    def setup(self) -> None: ...

    @abstractmethod
    def pending(self) -> Decision | None: ...

    @abstractmethod
    def resolve(self, action: Action) -> None: ...

    @abstractmethod
    def scores(self) -> list[float]: ...

    @abstractmethod
    def winners(self) -> list[int]: ...

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]: ...

    @abstractmethod
    def render(self, seat: int | None = None) -> str: ...

    @abstractmethod
    def copy_fields(self, twin: Any) -> None: ...

    @abstractmethod
    def snapshot(self) -> dict[str, Any]: ...

    def resample_hidden(self, seat: int | None, rng: Random | Rng) -> None:
        """Re-deal everything hidden from ``seat``; games with hidden cards override this."""
        return None

    # ------------------------------------------------------------------ deciding
    @property
    def decision(self) -> Decision | None:
        decision = self._decision
        if decision is _UNSET:
            decision = self._decision = self.pending()
        return decision  # type: ignore[no-any-return]

    @property
    def to_move(self) -> int | None:
        decision = self.decision
        return None if decision is None else decision.player

    @property
    def is_over(self) -> bool:
        return self.decision is None

    def legal_actions(self) -> list[Action]:
        decision = self.decision
        return [] if decision is None else list(decision.options)

    def apply(self, action: Action | str) -> None:
        """Play one option of the pending decision, given as an ``Action`` or its id.

        Raises ``IllegalAction`` and leaves the state unchanged for anything else.
        """
        chosen = self._match(action)
        self.resolve(chosen)
        self.history.append(chosen.id)
        self._decision = _UNSET

    def forget_decision(self) -> None:
        """Drop the cached pending decision, after fields were edited directly (tests, tools)."""
        self._decision = _UNSET

    def apply_unchecked(self, action: Action) -> None:
        """Search fast path: ``action`` must be one of ``legal_actions()``; nothing checks it."""
        self.resolve(action)
        self.history.append(action.id)
        self._decision = _UNSET

    def _match(self, action: Action | str) -> Action:
        decision = self.decision
        if decision is None:
            raise IllegalAction(f"the {self.game} game is over; no action can be applied")
        if isinstance(action, str):
            text = action.strip()
            for option in decision.options:
                if option.id == text:
                    return option
        elif isinstance(action, Action):
            for option in decision.options:
                if option == action:
                    return option
        else:
            raise IllegalAction(
                f"an action is an Action or its id string, got {type(action).__name__}, "
                f"for the pending decision {decision.kind!r} of player {decision.player} "
                f"({decision.prompt})"
            )
        shown = ", ".join(option.id for option in decision.options[:12])
        more = f", ... ({len(decision.options)} in all)" if len(decision.options) > 12 else ""
        raise IllegalAction(
            f"{str(action)!r} is not an option of the pending decision {decision.kind!r} "
            f"of player {decision.player} ({decision.prompt}); options: {shown}{more}"
        )

    # ------------------------------------------------------------------ copying
    def clone(self) -> GameState:
        """An independent copy: static content is shared, mutable fields are copied."""
        cls = type(self)
        twin = cls.__new__(cls)
        twin.players = self.players
        twin.seed = self.seed
        twin.options = self.options
        twin.history = self.history.copy()
        twin.rng = self.rng.clone()
        twin._decision = self._decision
        self.copy_fields(twin)
        return twin

    def determinize(self, seat: int | None, rng: Random | Rng) -> GameState:
        """A clone in which everything hidden from ``seat`` is re-sampled with ``rng``.

        The clone's own generator is re-seeded from ``rng`` too, so future chance events
        (bag draws, shuffles) are not the real ones.
        """
        twin = self.clone()
        twin.rng = Rng(rng.getrandbits(64))
        twin.resample_hidden(seat, rng)
        twin._decision = _UNSET
        return twin

    # ------------------------------------------------------------------ saving
    def to_json(self) -> str:
        """The whole game as text; ``boardlab.load`` reads it back."""
        return json.dumps(self.save_data(), separators=(",", ":"))

    def save_data(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.game,
            "game_version": self.SPEC.version,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "history": list(self.history),
            "rng": self.rng.state,
            "state": self.snapshot(),
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState) or type(other) is not type(self):
            return NotImplemented
        return (
            self.players == other.players
            and self.seed == other.seed
            and dict(self.options) == dict(other.options)
            and self.history == other.history
            and self.rng == other.rng
            and self.snapshot() == other.snapshot()
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"<{self.game} players={self.players} seed={self.seed} "
            f"moves={len(self.history)} to_move={self.to_move}>"
        )
