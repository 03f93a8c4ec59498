"""OpenSpiel games for every boardlab game that has encodings: ``python_boardlab_<game>``.

>>> from boardlab.adapters import openspiel
>>> openspiel.register()
>>> game = pyspiel.load_game("python_boardlab_compounded", {"players": 3, "seed": 7})

* Parameters: ``players`` (default 2 when allowed), ``seed`` (the boardlab seed of every
  initial state, default 0), ``max_game_length`` (0: the codec's ``max_game_length`` at
  that player count, measured per game and documented in its codec, or 10000) and each
  game option under its own name (a list-valued option is written as its items joined by
  ``+``, ``""`` for an empty list).
* Chance: the games are declared ``DETERMINISTIC`` (no chance nodes). Draws and shuffles
  happen inside boardlab's ``apply`` from the state's own generator, seeded by ``seed``
  and copied by ``clone()``, so the game parameters and the action history fix the state:
  what OpenSpiel calls deterministic. (``SAMPLED_STOCHASTIC`` would make OpenSpiel save a
  game-level generator through ``Game::GetRNGState``, which a Python game cannot provide
  in open_spiel 2.0, so every serialisation would fail.) Other deals come from other
  ``seed`` values. Beware: a search run on ``clone()`` of the real state knows the real
  future draws and hidden cards; ``resample_from_infostate`` re-samples both.
* Information is imperfect when the game re-samples hidden information
  (``resample_hidden``), perfect otherwise. Observation tensors are the normalised
  observation vector of ``player`` (the game's fast encoder, equal to its encoder of
  ``view(player)``, clipped and scaled into ``[-1, 1]``); the information state tensor is
  that vector followed by a fixed-size encoding of the player's last 8 log entries
  (``boardlab.adapters.history``: who acted, hidden or not, the action's kind and index),
  in the observer's ``dict`` as ``"observation"`` and ``"log"``. The observation
  string is the view as canonical JSON without the pending decision's ``id`` (a count of
  decisions, not part of the position); the information state string adds the player's
  own past actions to it, so it also tells apart positions reached by different own
  choices. A public observer (``private_info=NONE``) uses ``view(None)``; observers of
  every player's private information are not provided.
* Returns come at the end only (``TERMINAL`` reward model): ``boardlab.adapters.outcome``,
  zero-sum in ``[-1/(n-1), 1]`` for ``n >= 2`` players, ``[-1, 1]`` general-sum alone. A
  game with a side no seat plays (an automa, which may win so that every seat loses) is
  general-sum. A game still running after ``max_game_length`` decisions (counted by the
  pending decision's ``id``) ends with every return 0.
* ``serialize()`` stores boardlab's ``to_json()``; deserialising replays it with
  ``boardlab.load``.
* ``resample_from_infostate(player, sampler)`` returns a copy built with
  ``state.determinize(player, rng)``, ``rng`` seeded from two draws of ``sampler``: what the
  Python ``ISMCTSBot`` (``open_spiel.python.algorithms.ismcts``) needs. OpenSpiel's C++
  ``ISMCTSBot`` cannot call a Python game's resampler, and the C++ ``MCTSBot.step``
  releases the GIL and crashes on a Python game: call ``bot.mcts_search(state)`` and take
  ``best_child().action`` instead.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any

try:
    import numpy as np
    import pyspiel  # type: ignore[import-not-found]  # a compiled module shipped without stubs
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError(
        "boardlab.adapters.openspiel needs open_spiel: pip install 'boardlab[rl]'"
    ) from error

import boardlab
from boardlab.adapters.history import LogEncoder
from boardlab.adapters.outcome import outcome, utility_range, zero_sum
from boardlab.encoding.encodings import (
    Encodings,
    default_players,
    encodable_games,
    encodings,
    has_encodings,
)
from boardlab.encoding.vectors import Observer
from boardlab.engine import GameSpec, GameState, OptionSpec, Rng, registry

PREFIX = "python_boardlab_"
DEFAULT_MAX_GAME_LENGTH = 10_000
LIST_SEPARATOR = "+"
_RESERVED = ("players", "seed", "max_game_length")


def game_name(game: str) -> str:
    """The OpenSpiel name of a boardlab game: ``"python_boardlab_" + game``."""
    return PREFIX + game


def register(games: Iterable[str] | None = None) -> list[str]:
    """Register ``games`` (default: every game with encodings); returns their OpenSpiel names.

    A game registered before is left as it is (OpenSpiel cannot replace a registration).
    """
    chosen = encodable_games() if games is None else list(games)
    known = set(pyspiel.registered_names())
    names = []
    for game in chosen:
        spec = registry.spec(game)
        if not has_encodings(spec):
            raise ValueError(f"{game} has no action codec and observation encoder")
        name = game_name(game)
        if name not in known:
            pyspiel.register_game(
                _game_type(spec, parameters=_parameter_specification(spec)), _game_class(game)
            )
        names.append(name)
    return names


def load_game(
    game: str, players: int | None = None, seed: int = 0, max_game_length: int = 0,
    **options: Any,
) -> pyspiel.Game:
    """Register ``game`` if needed and load it with boardlab-style arguments.

    >>> load_game("compounded", players=3, seed=7)  # python_boardlab_compounded(...)
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or not -(2**31) <= seed < 2**31:
        raise ValueError(f"an OpenSpiel seed parameter is a 32-bit int, got {seed!r}")
    enc = encodings(game, players, options)
    register([game])
    params: dict[str, Any] = {
        "players": enc.players, "seed": seed, "max_game_length": max_game_length,
    }
    for option in enc.spec.options:
        params[option.name] = _to_parameter(enc.options[option.name])
    return pyspiel.load_game(game_name(game), params)


def _game_class(game: str) -> type[BoardlabGame]:
    # OpenSpiel keeps the factory until C++ teardown, after Python has stopped; a class
    # (unlike a partial or a closure) is never freed by that last release, so exit is clean.
    return type(f"BoardlabGame_{game}", (BoardlabGame,), {"game": game})


def _game_type(
    spec: GameSpec,
    parameters: Mapping[str, Any],
    players: int | None = None,
    general: bool = False,
) -> pyspiel.GameType:
    """The OpenSpiel game type; general-sum when ``general`` or for one player."""
    imperfect = spec.state_class.resample_hidden is not GameState.resample_hidden
    alone = general or players == 1 or (players is None and spec.max_players == 1)
    return pyspiel.GameType(
        short_name=game_name(spec.name),
        long_name=f"boardlab {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=(
            pyspiel.GameType.Information.IMPERFECT_INFORMATION
            if imperfect
            else pyspiel.GameType.Information.PERFECT_INFORMATION
        ),
        utility=(
            pyspiel.GameType.Utility.GENERAL_SUM if alone else pyspiel.GameType.Utility.ZERO_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(parameters),
    )


def _parameter_specification(spec: GameSpec) -> dict[str, Any]:
    parameters: dict[str, Any] = {
        "players": default_players(spec),
        "seed": 0,
        "max_game_length": 0,
    }
    for option in spec.options:
        if option.name in _RESERVED:
            raise ValueError(
                f"{spec.name} option {option.name!r} clashes with an OpenSpiel parameter"
            )
        parameters[option.name] = _to_parameter(option.default)
    return parameters


def _to_parameter(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return LIST_SEPARATOR.join(str(item) for item in value)
    return value


def _from_parameter(option: OptionSpec, value: Any) -> Any:
    default = option.default
    if isinstance(default, list | tuple):
        items = [] if value in ("", None) else str(value).split(LIST_SEPARATOR)
        numeric = option.choices is not None and all(
            isinstance(c, int) and not isinstance(c, bool) for c in option.choices
        )
        return [int(item) for item in items] if numeric else items
    if isinstance(default, bool):
        return value
    if isinstance(default, float) and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    if isinstance(default, str):
        return str(value)
    return value


# ---------------------------------------------------------------------------- the game
class BoardlabGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no stubs: Game is Any
    """A boardlab game at one player count, seed and option set, seen by OpenSpiel.

    ``register()`` makes one subclass per boardlab game, naming it in ``game``.
    """

    game: str

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        game = self.game
        spec = registry.spec(game)
        given = dict(_parameter_specification(spec))
        given.update(params or {})
        unknown = set(given) - set(_parameter_specification(spec))
        if unknown:
            raise ValueError(f"{game_name(game)} has no parameter {', '.join(sorted(unknown))}")
        options = {
            option.name: _from_parameter(option, given[option.name]) for option in spec.options
        }
        seed = given["seed"]
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be an int, got {seed!r}")
        context = _context(game, int(given["players"]), options, int(given["max_game_length"]))
        enc = context.encodings
        initial = boardlab.new(game, enc.players, seed, **enc.options)
        summed = zero_sum(initial)
        low, high = utility_range(enc.players)
        info = pyspiel.GameInfo(
            num_distinct_actions=enc.codec.size,
            max_chance_outcomes=0,
            num_players=enc.players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if summed else None,
            max_game_length=context.max_game_length,
        )
        super().__init__(_game_type(spec, given, enc.players, not summed), info, given)
        self.context = context
        self.seed = seed
        self.initial = initial
        #: What the fresh states have computed of the initial position, shared among them.
        self.initial_seen: dict[int | None, list[Any]] = {}

    def new_initial_state(self) -> BoardlabState:
        """The game dealt from this game's ``seed``."""
        return BoardlabState(self)

    def make_py_observer(
        self,
        iig_obs_type: pyspiel.IIGObservationType | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> BoardlabObserver:
        """An observer of one player's view (or the public view), as tensor and string."""
        return BoardlabObserver(self.context, iig_obs_type, params)


class _Context:
    """What every state of one game shares: encodings, observer, log encoder, length limit."""

    __slots__ = ("encodings", "log", "max_game_length", "observer")

    def __init__(self, encodings: Encodings, max_game_length: int) -> None:
        self.encodings = encodings
        self.max_game_length = max_game_length
        self.observer = Observer(encodings)
        self.log = LogEncoder(encodings.codec, encodings.players)


@functools.lru_cache(maxsize=256)
def _cached_context(game: str, players: int, options_json: str, max_length: int) -> _Context:
    enc = encodings(game, players, json.loads(options_json))
    if max_length <= 0:
        max_length = enc.max_game_length or DEFAULT_MAX_GAME_LENGTH
    return _Context(enc, max_length)


def _context(game: str, players: int, options: Mapping[str, Any], max_length: int) -> _Context:
    return _cached_context(game, players, json.dumps(dict(options), sort_keys=True), max_length)


class _Board:
    """The boardlab state inside an OpenSpiel state: deep-copied by ``clone()``, saved as JSON.

    It also keeps each seat's own past action indices as text (for information state
    strings) and caches, until the next action, the legal indices and each seat's view,
    view text and vector: OpenSpiel asks for them several times per state.
    """

    __slots__ = ("_seen", "context", "legal", "own", "state")

    def __init__(
        self,
        context: _Context,
        state: GameState,
        own: tuple[str, ...] = (),
        seen: dict[int | None, list[Any]] | None = None,
    ) -> None:
        self.context = context
        self.state = state
        self.own = own or ("",) * state.players
        self.legal: list[int] | None = None
        # per seat: [view, view text, vector, log block], filled as asked; ``seen`` shares
        # the entries of the initial position among the game's fresh states (OpenSpiel makes
        # a fresh state to size every information-state tensor it is asked for)
        self._seen: dict[int | None, list[Any]] = {} if seen is None else seen

    def __deepcopy__(self, memo: dict[int, Any]) -> _Board:
        return _Board(self.context, self.state.clone(), self.own)

    def __reduce__(self) -> tuple[Callable[..., _Board], tuple[Any, ...]]:
        return _restore_board, (self.state.to_json(), self.context.max_game_length, self.own)

    @property
    def cut(self) -> bool:
        """Whether the game ran out of decisions before it ended (the pending decision's id
        counts the decisions answered)."""
        decision = self.state.decision
        return decision is not None and decision.id >= self.context.max_game_length

    def apply(self, index: int) -> None:
        state = self.state
        player = state.to_move
        state.apply(self.context.encodings.codec.decode(index, state))
        if player is not None:
            mine = self.own[player]
            mine = f"{mine},{index}" if mine else str(index)
            self.own = (*self.own[:player], mine, *self.own[player + 1 :])
        self.legal = None
        self._seen = {}  # a new dict: the old one may be shared (see __init__)

    def _entry(self, seat: int | None) -> list[Any]:
        entry = self._seen.get(seat)
        if entry is None:
            entry = self._seen[seat] = [None, None, None, None]
        if entry[0] is None:
            entry[0] = self.state.view(seat)
        return entry

    def view_text(self, seat: int | None) -> str:
        """``view(seat)`` as canonical JSON, without the pending decision's ``id``."""
        entry = self._entry(seat)
        if entry[1] is None:
            view = dict(entry[0])
            shown = view.get("decision")
            if shown is not None:
                view["decision"] = {key: value for key, value in shown.items() if key != "id"}
            entry[1] = json.dumps(view, sort_keys=True, separators=(",", ":"))
        text: str = entry[1]
        return text

    def vector(self, seat: int | None) -> np.ndarray:
        """The normalised observation vector of ``seat`` (the adapters' ``Observer``)."""
        entry = self._seen.get(seat)
        if entry is None:
            entry = self._seen[seat] = [None, None, None, None]
        if entry[2] is None:
            entry[2] = self.context.observer.vector(self.state, seat)
        vector: np.ndarray = entry[2]
        return vector

    def log_block(self, seat: int | None) -> np.ndarray:
        """The block of ``seat``'s last log entries (``history.LogEncoder``)."""
        entry = self._seen.get(seat)
        if entry is None:
            entry = self._seen[seat] = [None, None, None, None]
        if entry[3] is None:
            log = self.context.log
            block = np.zeros(log.size, np.float32)
            log.encode(self.state, seat, block)
            entry[3] = block
        recent: np.ndarray = entry[3]
        return recent


def _restore_board(text: str, max_game_length: int, own: tuple[str, ...]) -> _Board:
    state = boardlab.load(text)
    context = _context(state.game, state.players, state.options, max_game_length)
    return _Board(context, state, tuple(own))


# ---------------------------------------------------------------------------- the state
class BoardlabState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no stubs: State is Any
    """An OpenSpiel state wrapping one boardlab state (``self.board.state``)."""

    def __init__(self, game: BoardlabGame) -> None:
        super().__init__(game)
        self.board = _Board(game.context, game.initial.clone(), seen=game.initial_seen)

    @property
    def boardlab_state(self) -> GameState:
        """The wrapped boardlab state (read it; change it only through ``apply_action``)."""
        return self.board.state

    def current_player(self) -> int:
        board = self.board
        if board.state.is_over or board.cut:
            return int(pyspiel.PlayerId.TERMINAL)
        to_move = board.state.to_move
        assert to_move is not None
        return to_move

    def _legal_actions(self, player: int) -> list[int]:
        board = self.board
        if board.legal is None:
            mask = board.context.encodings.codec.mask(board.state)
            board.legal = [index for index, bit in enumerate(mask) if bit]
        return list(board.legal)

    def _apply_action(self, action: int) -> None:
        self.board.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        board = self.board
        try:
            return str(board.context.encodings.codec.decode(int(action), board.state))
        except ValueError:
            return f"#{action}"  # not legal here: only the codec index can be shown

    def is_terminal(self) -> bool:
        return self.board.state.is_over or self.board.cut

    def returns(self) -> list[float]:
        state = self.board.state
        if state.is_over:
            return outcome(state)
        return [0.0] * state.players

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> BoardlabState:
        """A copy in which what ``player_id`` cannot see (and future chance) is re-sampled."""
        seed = 0
        for _ in range(2):
            seed = (seed << 32) | (int(probability_sampler() * 2**32) & 0xFFFFFFFF)
        twin: BoardlabState = self.clone()
        board = self.board
        twin.board = _Board(
            board.context, board.state.determinize(player_id, Rng(seed)), board.own
        )
        return twin

    def __str__(self) -> str:
        return self.board.state.render(None)


# ---------------------------------------------------------------------------- observing
class BoardlabObserver:
    """One player's view (or the public view) as the encoder's tensor and as JSON text."""

    def __init__(
        self,
        context: _Context,
        iig_obs_type: pyspiel.IIGObservationType | None,
        params: Mapping[str, Any] | None,
    ) -> None:
        if params:
            raise ValueError(f"boardlab observers take no parameters, got {dict(params)}")
        private = (
            pyspiel.PrivateInfoType.SINGLE_PLAYER
            if iig_obs_type is None
            else iig_obs_type.private_info
        )
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError(
                "boardlab observers show one player's view or the public view, "
                "not every player's private information"
            )
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.size = context.encodings.encoder.size
        self.log = context.log if self.perfect_recall else None
        extra = 0 if self.log is None else self.log.size
        self.tensor = np.zeros(self.size + extra, np.float32)
        self.dict = {"observation": self.tensor[: self.size]}
        if self.log is not None:
            self.dict["log"] = self.tensor[self.size :]

    def set_from(self, state: BoardlabState, player: int) -> None:
        seat = None if self.public_only else player
        self.tensor[: self.size] = state.board.vector(seat)
        if self.log is not None:
            self.tensor[self.size :] = state.board.log_block(seat)

    def string_from(self, state: BoardlabState, player: int) -> str:
        board = state.board
        view = board.view_text(None if self.public_only else player)
        if not self.perfect_recall:
            return f"p{player} {view}"
        own = "" if self.public_only else board.own[player]
        return f"p{player} own={own} {view}"
