"""The contract every game state keeps; a game subclasses ``GameState`` and fills in its rules.

A subclass supplies:

* ``setup()``: deal the game from ``self.rng`` and ``self.options``;
* ``pending()``: the ``Decision`` waited on now, or ``None`` once the game is over;
* ``resolve(action)``: change the state for a legal option (legality is already checked);
* ``scores()``, ``winners()``;
* ``view_body(seat)``: the game's own part of ``view(seat)`` (the engine adds the envelope),
  and ``render_text(seat)``; the seat is already checked;
* ``copy_fields(twin)``: copy its own slots into a bare new instance (no generic deepcopy);
* ``snapshot()``: every field of the game as JSON-able data (the engine adds the generator),
  the basis of equality and of saves, and ``restore(data)``, its inverse; a game that
  declares its fields once in ``FIELDS`` (``engine.fields``) gets these three made for it;
* ``resample_hidden(seat, rng)``: re-deal what ``seat`` cannot see (default: nothing);
* for a game with sides no person plays (an automa): ``other_sides()``, ``side_scores()``
  and ``side_winners()``; for a game whose running scores are partly hidden,
  ``scores_seen_by(seat)`` (final scores are public).

Games built on a stack of pending frames subclass ``engine.stack.StackState`` instead,
which supplies ``pending`` and ``resolve`` from the game's table of frame rules.

A decision with a single option is never posed: the engine plays it itself, after
``setup()`` and after every ``apply``, and records it in ``history`` and the log like any
action (so its id still counts as a decision answered). Replays re-apply a recorded
history with ``apply_raw``, which plays nothing by itself (the forced ids are in the
history), then ``settle()``.

During ``resolve`` (or ``setup``) a game tells the engine what the rules make public:
``announce(kind, text)`` logs an event no seat chose (a reveal, an automa's turn), and
``reveal(step)`` makes the secret action at history index ``step`` known to every seat.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from random import Random
from types import MappingProxyType
from typing import Any, ClassVar

from boardlab.engine.action import Action
from boardlab.engine.decision import Decision
from boardlab.engine.errors import IllegalAction
from boardlab.engine.fields import Fields
from boardlab.engine.rng import Rng
from boardlab.engine.spec import GameSpec
from boardlab.engine.trail import (
    Trail,
    TrailEntry,
    entries_since,
    log_entry,
    records,
    records_text,
    segment_node,
)

SAVE_FORMAT = "boardlab-save"
SAVE_VERSION = 2
#: Save versions ``load`` still reads (by replaying their history).
READABLE_VERSIONS = (1, 2)
VIEW_VERSION = 2
_UNSET: Any = object()


class GameState(ABC):
    """A game in progress: waits on one decision of one player until it is over."""

    __slots__ = ("_decision", "_revealed", "_trail", "history", "options", "players", "rng", "seed")

    SPEC: ClassVar[GameSpec]
    #: The game's own fields, declared once (``engine.fields``): a subclass that sets it gets
    #: ``copy_fields``, ``snapshot`` and ``restore`` made from it.
    FIELDS: ClassVar[Fields | None] = None

    players: int
    seed: int
    options: Mapping[str, Any]
    history: list[str]
    rng: Rng
    _decision: Any
    _trail: Trail
    _revealed: frozenset[int]

    # ------------------------------------------------------------------ construction
    @classmethod
    def create(cls, players: int, seed: int, options: Mapping[str, Any]) -> GameState:
        """A new game; ``options`` must already be resolved by the spec."""
        state = cls.unsettled(players, seed, options)
        state.settle()
        return state

    @classmethod
    def unsettled(cls, players: int, seed: int, options: Mapping[str, Any]) -> GameState:
        """A new game as ``setup()`` leaves it, a forced decision included: where a replay
        starts, since the recorded history holds the ids the engine plays itself."""
        state = cls._bare(players, seed, options, [], Rng(seed))
        state.setup()
        return state

    @classmethod
    def _bare(
        cls,
        players: int,
        seed: int,
        options: Mapping[str, Any],
        history: list[str],
        rng: Rng,
    ) -> GameState:
        state = cls.__new__(cls)
        state.players = players
        state.seed = seed
        state.options = MappingProxyType(dict(options))
        state.history = history
        state.rng = rng
        state._decision = _UNSET
        state._trail = None
        state._revealed = frozenset()
        return state

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        fields = cls.__dict__.get("FIELDS")
        if fields is not None:
            fields.install(cls)

    @classmethod
    def current_snapshot(cls, data: Any) -> Any:
        """A saved snapshot under today's field names (saves from before a rename still load)."""
        return data if cls.FIELDS is None else cls.FIELDS.current(data)

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
    def view_body(self, seat: int | None) -> dict[str, Any]: ...

    @abstractmethod
    def render_text(self, seat: int | None) -> str: ...

    # A game that declares ``FIELDS`` gets these three made from it (``engine.fields``).
    def copy_fields(self, twin: Any) -> None:
        """Copy the game's own fields into ``twin``, a bare new instance (no deepcopy)."""
        raise NotImplementedError(f"{type(self).__name__} declares no FIELDS and no copy_fields")

    def snapshot(self) -> dict[str, Any]:
        """Every field of the game as JSON-able data (the engine adds the generator)."""
        raise NotImplementedError(f"{type(self).__name__} declares no FIELDS and no snapshot")

    def restore(self, data: dict[str, Any]) -> None:
        """Set every field of the game from ``snapshot()`` output (a trusted restore)."""
        raise NotImplementedError(f"{type(self).__name__} declares no FIELDS and no restore")

    def resample_hidden(self, seat: int | None, rng: Random | Rng) -> None:
        """Re-deal everything hidden from ``seat``; games with hidden cards override this."""
        return None

    def reopen(self) -> None:
        """After ``restore``: rebuild whatever the game caches about the pending decision."""
        self._decision = _UNSET

    def other_sides(self) -> tuple[str, ...]:
        """Names of the sides that score but no seat plays (Linnaeus's solo ``"automa"``)."""
        return ()

    def side_scores(self) -> list[float]:
        """One score per side of ``sides``: the seats' ``scores()``, then the other sides'."""
        return self.scores()

    def scores_seen_by(self, seat: int | None) -> list[float | None]:
        """``side_scores()`` as ``seat`` may know them (``None`` where a score is hidden)."""
        return list(self.side_scores())

    def side_winners(self) -> list[int]:
        """Indexes into ``sides`` of the winners; never empty once over."""
        return self.winners()

    def explain(self, action: Action) -> str:
        """What choosing ``action`` (an option of the pending decision) would do for the seat
        to move, in words for a person: its costs, gains and what it enables (the terminal's
        ``?``). It may speak of that seat's own hidden holdings, never of another's.
        Default: the option's label."""
        return action.label

    def score_breakdown(self) -> list[dict[str, float]]:
        """Per side, the points each scoring source gave (named as the player's guide names
        them); each side's values add up to its ``side_scores()`` entry. Default: one
        source, ``"points"``."""
        return [{"points": score} for score in self.side_scores()]

    def end_reason(self) -> str:
        """Why the game ended, one sentence for a person (which end condition fired, and
        who brought it about); ``""`` while the game is being played. Default: a generic
        sentence."""
        return "The game reached its end." if self.is_over else ""

    def secret_note(self, kind: str) -> str:
        """What other seats read of a secret action of decision ``kind`` ("set a power dial")."""
        return f"made a secret choice ({kind.replace('_', ' ')})"

    # ------------------------------------------------------------------ deciding
    @property
    def decision(self) -> Decision | None:
        decision = self._decision
        if decision is _UNSET:
            decision = self.pending()
            if decision is not None and decision.id != len(self.history):
                decision.numbered(len(self.history))
            self._decision = decision
        return decision  # type: ignore[no-any-return]

    @property
    def to_move(self) -> int | None:
        decision = self._decision
        if decision is _UNSET:
            decision = self.decision
        return None if decision is None else decision.player

    @property
    def is_over(self) -> bool:
        decision = self._decision
        if decision is _UNSET:
            decision = self.decision
        return decision is None

    def legal_actions(self) -> list[Action]:
        decision = self._decision
        if decision is _UNSET:
            decision = self.decision
        return [] if decision is None else list(decision.options)

    def apply(self, action: Action | str, expect: int | None = None) -> None:
        """Play one option of the pending decision, given as an ``Action`` or its id.

        With ``expect``, the pending decision's ``id`` must be ``expect`` (a late client
        answering a decision that is gone is refused). Raises ``IllegalAction`` and leaves
        the state unchanged for anything else.
        """
        decision = self._decision
        if decision is _UNSET:
            decision = self.decision
        if expect is not None and (decision is None or expect != decision.id):
            raise IllegalAction(self._stale(expect, decision))
        chosen = self._match(decision, action)
        self._record(decision, chosen)
        self.resolve(chosen)
        self._decision = _UNSET
        if self.forced_option() is not None:
            self.settle()

    def apply_unchecked(self, action: Action) -> None:
        """Search fast path: ``action`` must be one of ``legal_actions()``; nothing checks it."""
        decision = self._decision
        if decision is _UNSET:
            decision = self.decision
        self._record(decision, action)
        self.resolve(action)
        self._decision = _UNSET
        if self.forced_option() is not None:
            self.settle()

    def apply_raw(self, action: Action | str) -> None:
        """Re-apply one id of a recorded history, checked as ``apply`` checks it, but leave a
        forced decision that follows pending: the history's next id is its answer. Replays
        call ``settle()`` after the last id."""
        decision = self._decision
        if decision is _UNSET:
            decision = self.decision
        chosen = self._match(decision, action)
        self._record(decision, chosen)
        self.resolve(chosen)
        self._decision = _UNSET

    def forced_option(self) -> Action | None:
        """The pending decision's option when it is the only one, else ``None``. A game may
        answer without building the decision (``StackState`` does): ``apply`` asks it each time.
        Here the decision is not kept, so fields set by hand afterwards still count."""
        decision: Decision | None = self._decision
        if decision is _UNSET:
            decision = self.pending()
        if decision is not None and len(decision.options) == 1:
            return decision.options[0]
        return None

    def settle(self) -> None:
        """Play every pending decision that has a single option, recording each as an action
        of its seat; a no-op on a decision with a choice or once the game is over."""
        while (option := self.forced_option()) is not None:
            self._record(self.decision, option)  # type: ignore[arg-type]
            self.resolve(option)
            self._decision = _UNSET

    def forget_decision(self) -> None:
        """Drop the cached pending decision, after fields were edited directly (tests, tools)."""
        self._decision = _UNSET

    def _record(self, decision: Decision, action: Action) -> None:
        trail = self._trail
        step = len(self.history)
        self._trail = (trail, 0 if trail is None else trail[1] + 1, step, decision.player,
                       decision.kind, action)
        self.history.append(action.id)

    def _side(self, seat: int) -> str:
        """A seat as people read it: its side name and its 0-based number."""
        return f"P{seat + 1} (seat {seat})"

    def _stale(self, expect: Any, decision: Decision | None) -> str:
        if decision is None:
            return f"decision {expect!r} is gone: the {self.game} game is over"
        return (
            f"decision {expect!r} is not the pending one: decision {decision.id} "
            f"({decision.kind!r} of {self._side(decision.player)}) is waiting"
        )

    def _match(self, decision: Decision | None, action: Action | str) -> Action:
        if decision is None:
            raise IllegalAction(f"the {self.game} game is over; no action can be applied")
        options = decision.options
        if type(action) is Action:
            for option in options:
                if option is action:
                    return option
        if isinstance(action, str):
            text = action.strip()
            for option in options:
                if option.id == text:
                    return option
        elif isinstance(action, Action):
            for option in options:
                if option is action:
                    return option
            for option in options:
                if option == action:
                    return option
        else:
            raise IllegalAction(
                f"an action is an Action or its id string, got {type(action).__name__}, "
                f"for the pending decision {decision.kind!r} of {self._side(decision.player)} "
                f"({decision.prompt})"
            )
        shown = ", ".join(option.id for option in options[:12])
        more = f", ... ({len(options)} in all)" if len(options) > 12 else ""
        raise IllegalAction(
            f"{str(action)!r} is not an option of the pending decision {decision.kind!r} "
            f"of {self._side(decision.player)} ({decision.prompt}); options: {shown}{more}"
        )

    # ------------------------------------------------------------------ sides and results
    @property
    def sides(self) -> list[str]:
        """Every side that scores: ``"P1"``, ``"P2"``, ... for the seats, then the others."""
        return [f"P{seat + 1}" for seat in range(self.players)] + list(self.other_sides())

    def outcome(self) -> dict[str, Any]:
        """``{"sides", "scores", "winners"}`` by side; ``winners`` is empty until the end."""
        sides = self.sides
        return {
            "sides": sides,
            "scores": self.side_scores(),
            "winners": [sides[index] for index in self.side_winners()] if self.is_over else [],
        }

    # ------------------------------------------------------------------ what a seat knows
    def check_seat(self, seat: int | None) -> None:
        """``ValueError`` unless ``seat`` is a seat of this game or ``None`` (a spectator)."""
        if seat is None:
            return
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(
                f"seat {seat!r} is not in this {self.players}-player {self.game} game "
                f"(seats 0 to {self.players - 1}, or None for a spectator)"
            )

    def announce(self, kind: str, text: str | Callable[..., str], *args: Any) -> None:
        """Log a public event that no seat chose (a reveal, an automa's turn, a public draw).

        With ``args``, ``text`` is a template (``"round {} begins"``) or a function of them,
        and the text is made only when a log reads it: announcing costs a tuple in the
        applies of a simulation. ``args`` must be values the game will not change (ints,
        strings, tuples), never its lists.
        """
        payload = text if not args and type(text) is str else (text, args)
        trail = self._trail
        self._trail = (trail, 0 if trail is None else trail[1] + 1, -1, None, kind, payload)

    def reveal(self, step: int) -> None:
        """Make the secret action at history index ``step`` known to every seat."""
        self._revealed = self._revealed | {step}

    def log(self, seat: int | None, since: int = 0) -> list[dict[str, Any]]:
        """What ``seat`` knows of the game so far (``None``: a spectator), from entry ``since``.

        One entry per applied action, ``{"n", "seat", "kind", "id", "text"}`` (another
        seat's unrevealed secret action has ``id`` ``None`` and a neutral text), and one per
        public event, with ``seat`` and ``id`` ``None``.
        """
        self.check_seat(seat)
        sides = self.sides
        return [
            log_entry(entry, seat, sides, self._revealed, self.secret_note)
            for entry in entries_since(self._trail, since)
        ]

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know, in the envelope every game shares; ``body`` is the game's."""
        self.check_seat(seat)
        decision = self.decision
        shown: dict[str, Any] | None = None
        if decision is not None and seat is not None and decision.player == seat:
            shown = {
                "id": decision.id,
                "kind": decision.kind,
                "prompt": decision.prompt,
                "options": [{"id": a.id, "label": a.label} for a in decision.options],
            }
        sides = self.sides
        over = decision is None
        return {
            "game": self.game,
            "version": VIEW_VERSION,
            "players": self.players,
            "sides": sides,
            "seat": seat,
            "to_move": None if over else decision.player,  # type: ignore[union-attr]
            "decision": shown,
            "over": over,
            "scores": self.side_scores() if over else self.scores_seen_by(seat),
            "winners": [sides[index] for index in self.side_winners()] if over else [],
            "body": self.view_body(seat),
        }

    def render(self, seat: int | None = None) -> str:
        """A compact text picture of what ``seat`` sees, for a terminal."""
        self.check_seat(seat)
        return self.render_text(seat)

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
        decision = self._decision
        # A prompt not read yet is bound to this state, which may move on: the twin poses its own.
        if isinstance(decision, Decision) and not isinstance(decision._prompt, str):
            decision = _UNSET
        twin._decision = decision
        twin._trail = self._trail
        twin._revealed = self._revealed
        self.copy_fields(twin)
        return twin

    def determinize(self, seat: int | None, rng: Random | Rng) -> GameState:
        """A clone in which everything hidden from ``seat`` is re-sampled with ``rng``.

        The clone's own generator is re-seeded from ``rng`` too, so future chance events
        (bag draws, shuffles) are not the real ones. A decision of another seat whose options
        came from what was re-dealt may be left with one option: it is not played, so that
        the clone's view and log stay what ``seat`` knows; the next ``apply`` plays it.
        """
        self.check_seat(seat)
        twin = self.clone()
        twin.rng = Rng(rng.getrandbits(64))
        twin.resample_hidden(seat, rng)
        if seat is not None and seat == self.to_move:
            twin.forget_decision()  # the seat's own options never depend on what it cannot see
        else:
            twin.reopen()  # another seat's options may come from what was re-dealt
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
            "trail": self.trail_text(),
            "log_entries": self.log_length(),
            "revealed": self.revealed_steps(),
        }

    def revealed_steps(self) -> list[int]:
        """History indexes of the secret actions the rules have revealed, in order."""
        return sorted(self._revealed)

    def log_length(self) -> int:
        """How many entries the log holds (actions and events)."""
        trail = self._trail
        return 0 if trail is None else trail[1] + 1

    def trail_records(self) -> list[list[Any]]:
        """Every logged entry as compact plain data (see ``engine/trail.py``)."""
        return records(self._trail)

    def trail_text(self) -> str:
        """``trail_records()`` as the one JSON string a save stores."""
        return records_text(self._trail)

    @classmethod
    def restored(
        cls,
        players: int,
        seed: int,
        options: Mapping[str, Any],
        history: list[str],
        rng_state: int,
        data: dict[str, Any],
        trail_text: str,
        log_entries: int,
        revealed: list[int],
    ) -> GameState:
        """A state set from a snapshot without replaying (``load(text, verify=False)``).

        The saved log is kept as text and read the first time a log is asked for.
        """
        state = cls._bare(players, seed, options, history, Rng(0))
        state.rng.state = rng_state
        state._trail = segment_node(trail_text, log_entries, history)
        state._revealed = frozenset(revealed)
        state.restore(data)
        state.reopen()
        state.settle()  # a save written while a forced decision was pending
        return state

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState) or type(other) is not type(self):
            return NotImplemented
        return (
            self.players == other.players
            and self.seed == other.seed
            and dict(self.options) == dict(other.options)
            and self.history == other.history
            and self.rng == other.rng
            and self._revealed == other._revealed
            and self.snapshot() == other.snapshot()
            and self.trail_records() == other.trail_records()
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"<{self.game} players={self.players} seed={self.seed} "
            f"moves={len(self.history)} to_move={self.to_move}>"
        )


__all__ = ["SAVE_FORMAT", "SAVE_VERSION", "GameState", "TrailEntry"]
