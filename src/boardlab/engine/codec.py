"""Fixed-size encodings of actions and views, for learning environments.

The engine keeps structured actions; each game's package provides an ``ActionCodec`` (a
fixed action space in which one index always means the same thing: an offset per decision
kind plus a local index) and an ``ObservationEncoder`` (a fixed-length vector built from
``view(seat)`` only, so it can never show hidden information). Adapters turn these into
numpy arrays; the game packages need no numpy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from boardlab.engine.action import Action

if TYPE_CHECKING:
    from boardlab.engine.state import GameState


class ActionCodec(Protocol):
    """A fixed action space for one game at one player count and option set."""

    size: int

    def encode(self, action: Action) -> int:
        """The index of ``action``; the same action always has the same index."""
        ...

    def decode(self, index: int, state: GameState) -> Action:
        """The legal action of ``state`` with this index; ``ValueError`` if there is none."""
        ...

    def mask(self, state: GameState) -> list[int]:
        """One 0/1 entry per index: 1 where the index is a legal action now."""
        ...


class ObservationEncoder(Protocol):
    """A fixed-length numeric vector of what a seat may see."""

    size: int

    def encode(self, state: GameState, seat: int | None) -> list[float]:
        """The vector of what ``seat`` (None: a spectator) sees in ``state``; it reads only
        what ``state.view(seat)`` shows (each game's tests redraw the rest and compare)."""
        ...

    def fields(self) -> dict[str, tuple[int, int]]:
        """Named parts of the vector as ``(start, stop)`` index ranges."""
        ...

    def entries(self) -> tuple[str, ...]:
        """One unique name per entry, in vector order (``size`` of them): the name of the
        entry's part in ``fields()``, a dot, then what the entry holds, one-hot entries
        naming their value (``seat1.counters.vp``, ``market.D07``)."""
        ...


class BlockCodec:
    """An action space laid out as a row of blocks, one per action kind, each a fixed list of
    a game's prebuilt actions: an action has the same index in every decision, for ever.

    ``title`` names the game in errors ("Konoten"); ``blocks`` is ``((name, actions in
    local-index order), ...)`` in index order; action ids must be unique across the space.
    """

    __slots__ = ("_actions", "_blocks", "_index", "game", "players", "size", "title")

    def __init__(
        self, title: str, players: int, blocks: tuple[tuple[str, tuple[Action, ...]], ...]
    ) -> None:
        self.title = title
        self.game = title.lower()
        self.players = players
        actions: list[Action] = []
        starts: dict[str, tuple[int, int]] = {}
        for name, members in blocks:
            starts[name] = (len(actions), len(actions) + len(members))
            actions.extend(members)
        self._actions = tuple(actions)
        self._blocks = starts
        self._index = {action.id: i for i, action in enumerate(actions)}
        if len(self._index) != len(actions):
            raise ValueError(f"two {title} actions share an id; the action space is ambiguous")
        self.size = len(actions)

    def blocks(self) -> dict[str, tuple[int, int]]:
        """The ``(start, stop)`` index range of each action kind, in index order."""
        return dict(self._blocks)

    def action(self, index: int) -> Action:
        """The action that ``index`` stands for, legal or not; ``ValueError`` out of range."""
        if not 0 <= index < self.size:
            raise ValueError(f"{self.game} action index {index} is outside 0..{self.size - 1}")
        return self._actions[index]

    def encode(self, action: Action) -> int:
        """The index of ``action``; ``ValueError`` for an action the game never offers."""
        index = self._index.get(action.id)
        if index is None or self._actions[index] != action:
            raise ValueError(f"{action.id!r} is not a {self.title} action")
        return index

    def decode(self, index: int, state: GameState) -> Action:
        """The legal action of ``state`` with this index; ``ValueError`` if there is none."""
        decision = state.decision
        if decision is not None and 0 <= index < self.size:
            wanted = self._actions[index].id
            for option in decision.options:
                if option.id == wanted:
                    return option
        where = "the game is over" if decision is None else f"decision {decision.kind!r}"
        raise ValueError(f"{self.game} action index {index} is not a legal action now ({where})")

    def mask(self, state: GameState) -> list[int]:
        """One 0/1 entry per index: 1 exactly where the index is a legal action now."""
        mask = [0] * self.size
        decision = state.decision
        if decision is not None:
            index = self._index
            for option in decision.options:
                mask[index[option.id]] = 1
        return mask

    def legal_indices(self, state: GameState) -> list[int]:
        """The indices of the legal actions, in the order of the decision's options."""
        decision = state.decision
        if decision is None:
            return []
        index = self._index
        return [index[option.id] for option in decision.options]
