"""An action codec and observation encoder for the toy game, registered as ``toy_rl``.

They follow the contract of ``boardlab/adapters/README.md`` and prove the adapters
before the real games have codecs. ``toy_rl_automa`` has them too, for a game that a side
no seat plays can win (``AUTOMA_SPEC``, registered by the tests that use it).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

import toy_game
from agents.toy_v2 import AutomaToy

from boardlab.engine import Action, GameState, registry

NAME = "toy_rl"
MAX_TAKE = 3
BONUS_POOL = toy_game.BONUS_POOL
# take 1..3 at 0..2, then confirm, then undo
_OFFSETS = {"take": 0, "confirm": MAX_TAKE, "undo": MAX_TAKE + 1}


class ToyCodec:
    """One index per toy action: ``take 1..3``, ``confirm``, ``undo``."""

    size = MAX_TAKE + 2
    max_game_length = 2000

    def __init__(self, players: int, options: Mapping[str, Any]) -> None:
        self.players = players

    def encode(self, action: Action) -> int:
        if action.kind == "take":
            count = int(action.args[0])
            if not 1 <= count <= MAX_TAKE:
                raise ValueError(f"toy codec: no index for {action}")
            return _OFFSETS["take"] + count - 1
        if action.kind in _OFFSETS and not action.args:
            return _OFFSETS[action.kind]
        raise ValueError(f"toy codec: no index for {action}")

    def decode(self, index: int, state: GameState) -> Action:
        for option in state.legal_actions():
            if self.encode(option) == index:
                return option
        raise ValueError(f"toy codec: index {index} is not a legal action now")

    def mask(self, state: GameState) -> list[int]:
        mask = [0] * self.size
        for option in state.legal_actions():
            mask[self.encode(option)] = 1
        return mask


class ToyEncoder:
    """Pile, pending choice, turn and stones taken (seats counted from the viewer), own bonus."""

    low = 0.0
    high = 1.0

    def __init__(self, players: int, options: Mapping[str, Any]) -> None:
        self.players = players
        self._fields: dict[str, tuple[int, int]] = {}
        start = 0
        for name, width in (
            ("pile", 1),
            ("chosen", MAX_TAKE + 1),
            ("turn", players),
            ("taken", players),
            ("own_bonus", len(BONUS_POOL)),
        ):
            self._fields[name] = (start, start + width)
            start += width
        self.size = start

    def fields(self) -> dict[str, tuple[int, int]]:
        return dict(self._fields)

    def entries(self) -> tuple[str, ...]:
        seats = [f"seat{k}" for k in range(self.players)]
        return (
            "pile.share",
            *(f"chosen.take{k}" for k in range(MAX_TAKE + 1)),
            *(f"turn.{seat}" for seat in seats),
            *(f"taken.{seat}" for seat in seats),
            *(f"own_bonus.bonus{bonus}" for bonus in BONUS_POOL),
        )

    def encode(self, state: GameState, seat: int | None) -> list[float]:
        """The vector of ``view(seat)``: the v2 envelope, whose ``body`` is the toy's own."""
        body = state.view(seat)["body"]
        vector = [0.0] * self.size
        me = 0 if seat is None else seat
        players = self.players

        def put(field: str, offset: int, value: float) -> None:
            vector[self._fields[field][0] + offset] = value

        put("pile", 0, min(body["pile"], 20) / 20)
        put("chosen", body["chosen"], 1.0)
        put("turn", (body["turn"] - me) % players, 1.0)
        for other, taken in enumerate(body["taken"]):
            put("taken", (other - me) % players, min(taken, 20) / 20)
        if seat is not None and body["bonus"][seat] is not None:
            put("own_bonus", BONUS_POOL.index(body["bonus"][seat]), 1.0)
        return vector


class ToyRLState(toy_game.ToyState):
    """The toy state under its own spec, so the original toy spec stays untouched."""

    __slots__ = ()


SPEC = dataclasses.replace(
    toy_game.SPEC,
    name=NAME,
    title="Toy stones (with encodings)",
    state_class=ToyRLState,
    action_codec=ToyCodec,
    observation_encoder=ToyEncoder,
)


class AutomaRLState(AutomaToy):
    """``toy_automa`` (an automa side that may win) with the toy's encodings."""

    __slots__ = ()


AUTOMA_NAME = "toy_rl_automa"
AUTOMA_SPEC = dataclasses.replace(
    SPEC,
    name=AUTOMA_NAME,
    title="Toy stones against an automa (with encodings)",
    min_players=1,
    state_class=AutomaRLState,
    body_schema=None,
)


def register() -> str:
    """Add ``toy_rl`` to the game registry; returns its name."""
    registry.register(SPEC)
    return NAME


def unregister() -> None:
    registry.unregister(NAME)
