"""A single-agent Gymnasium environment: one seat learns, other agents play the others.

The observation is ``{"observation": float32 vector, "action_mask": int8 mask of the
codec}`` for the learning seat, the vector written straight from the state by the game's
fast encoder (the same numbers as its encoder's ``encode(state, seat)``),
clipped into the encoder's bounds and normalised into ``[-1, 1]``; the action is an index
of the codec (one action space for every player count). After the seat's action the other
seats play until the seat must decide again or the game ends. The reward is 0 until the
end, then the seat's result from ``boardlab.adapters.outcome`` (+1 for a sole win,
-1/(n-1) for a loss), plus the optional shaped reward below.

* ``opponents``: one for every other seat, or a list with one per other seat; each is an
  agent spec (``"random"``, ``"mcts:seconds=0.1"``: a fresh agent every episode, seeded
  from the game's seed), an agent object (anything with ``choose(state) -> Action``, kept
  across episodes) or a callable ``f(state) -> Action``. ``PolicyAgent`` plays a policy
  that maps this environment's observations to indices, and ``frozen_policy(model)`` a
  frozen copy of a learner (self-play; see ``boardlab.adapters.selfplay``).
  ``set_opponents(...)`` replaces them from the next reset on. Every opponent is given a
  clone of the state, except boardlab's random agent and agents whose ``reads_only``
  attribute is ``True`` (``PolicyAgent``), which only read it and see the live state.
* ``seat`` (or its other name ``learner_seat``): the learning seat, or ``"random"`` for a
  seat drawn at every reset (from the environment's generator); ``env.seat`` and
  ``info["seat"]`` of ``reset`` tell which.
* ``shaped_reward=c`` (default 0: off) adds ``c`` times the change, over the step, of the
  seat's score minus the mean score of the other sides, as the seat may know them
  (``state.scores_seen_by(seat)``: Scythe hides the other seats' coins until the end, and
  then only the seat's own score counts; in solo Linnaeus the other side is the automa, so
  it is the margin over the automa). The sum over an episode is ``c`` times that
  difference at the end minus at the start (a potential-based shaping).
* ``invalid_action="penalize"`` (the default) ends the episode with ``invalid_reward`` and
  ``info["invalid_action"] = True`` for an index that is not legal; ``"raise"`` raises
  ``boardlab.IllegalAction`` and changes nothing.

``reset(seed=s)`` deals ``boardlab.new(game, players, seed=s)``; ``reset()`` deals the
constructor's ``seed`` the first time, then seeds drawn from ``self.np_random``.

Importing this module registers ``boardlab/<game>-v0`` for every game with encodings, so
``gymnasium.make("boardlab/konoten-v0", players=3)`` works; without importing it first,
``gymnasium.make("boardlab.adapters.gymnasium:boardlab/konoten-v0")`` imports it.
``register_envs()`` registers games added later.

Vector environments (Gymnasium 1.x): in the default ``AutoresetMode.NEXT_STEP`` the step
that ends an episode returns the final observation, whose mask is all 0 (no action is
legal once the game is over), and the next action is ignored while the sub-environment
resets. A masked sampler must not sample from an all-0 row: make the vector environment
with ``vector_kwargs={"autoreset_mode": gymnasium.vector.AutoresetMode.SAME_STEP}`` (the
ending step then returns the next episode's first observation, the final one in
``info["final_obs"]``), or pass masks through ``sampling_masks`` (all-0 rows become all 1:
the action is ignored anyway).

>>> env = BoardlabEnv("compounded", players=3, seat="random", opponents="random", seed=7)
>>> obs, info = env.reset()
>>> obs, reward, terminated, truncated, info = env.step(int(obs["action_mask"].argmax()))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, SupportsFloat

try:
    import gymnasium as gym
    import numpy as np
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError(
        "boardlab.adapters.gymnasium needs gymnasium: pip install 'boardlab[rl]'"
    ) from error

import boardlab
from boardlab import agents
from boardlab.adapters import spaces
from boardlab.adapters.outcome import outcome
from boardlab.adapters.selfplay import frozen_policy
from boardlab.agents.policy import PolicyAgent
from boardlab.agents.random_agent import RandomAgent
from boardlab.encoding import vectors
from boardlab.encoding.encodings import encodable_games, encodings
from boardlab.encoding.vectors import mask_of
from boardlab.engine import Action, Decision, GameState, IllegalAction, Rng

INVALID_ACTION_MODES = ("penalize", "raise")
ID_PREFIX = "boardlab/"

#: An opponent: an agent spec, an agent object, or a function of the state.
Opponent = str | agents.Agent | Callable[[GameState], Action]

__all__ = [
    "BoardlabEnv",
    "PolicyAgent",
    "env_id",
    "frozen_policy",
    "register_envs",
    "sampling_masks",
]


class _FunctionAgent:
    """A callable ``f(state) -> Action`` as an agent."""

    def __init__(self, function: Callable[[GameState], Action]) -> None:
        self.function = function
        self.name = getattr(function, "__name__", "function")

    def choose(self, state: GameState) -> Action:
        return self.function(state)


def _opponent_list(opponents: Opponent | Sequence[Opponent], others: int) -> list[Opponent]:
    if isinstance(opponents, str) or not isinstance(opponents, Sequence):
        chosen: list[Opponent] = [opponents] * others
    else:
        chosen = list(opponents)
    if len(chosen) != others:
        raise ValueError(
            f"opponents takes one opponent, or one per other seat ({others}), got {len(chosen)}"
        )
    for opponent in chosen:
        if isinstance(opponent, str):
            agents.parse_spec(opponent)  # a bad spec fails now, not at the first reset
        elif not callable(getattr(opponent, "choose", None)) and not callable(opponent):
            raise ValueError(
                f"an opponent is an agent spec, an object with choose(state) or a function "
                f"of the state, not {opponent!r}"
            )
    return chosen


class BoardlabEnv(gym.Env[dict[str, Any], np.int64]):
    """One seat of a boardlab game against other agents; see the module docstring."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game: str,
        players: int | None = None,
        seat: int | str = 0,
        opponents: Opponent | Sequence[Opponent] = "random",
        seed: int | None = None,
        render_mode: str | None = None,
        invalid_action: str = "penalize",
        invalid_reward: float = -1.0,
        shaped_reward: float = 0.0,
        learner_seat: int | str | None = None,
        **options: Any,
    ) -> None:
        self.encodings = encodings(game, players, options)
        self.game = game
        self.players = self.encodings.players
        self.options = self.encodings.options
        chosen_seat = seat if learner_seat is None else learner_seat
        if chosen_seat != "random" and (
            isinstance(chosen_seat, bool)
            or not isinstance(chosen_seat, int)
            or not 0 <= chosen_seat < self.players
        ):
            raise ValueError(
                f"seat must be an int in 0..{self.players - 1} or 'random', got {chosen_seat!r}"
            )
        self.random_seat = chosen_seat == "random"
        self.seat: int = 0 if isinstance(chosen_seat, str) else chosen_seat
        self.opponents = _opponent_list(opponents, self.players - 1)
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(
                f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}"
            )
        if invalid_action not in INVALID_ACTION_MODES:
            raise ValueError(
                f"invalid_action {invalid_action!r} is not one of {list(INVALID_ACTION_MODES)}"
            )
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ValueError(f"seed must be an int or None, got {seed!r}")
        self.render_mode = render_mode
        self.invalid_action = invalid_action
        self.invalid_reward = float(invalid_reward)
        self.shaped_reward = float(shaped_reward)
        self.observer = vectors.Observer(self.encodings)
        self.observation_space = spaces.observation_space(self.encodings, self.observer)
        self.action_space = spaces.action_space(self.encodings)
        self._first_seed = seed
        self._game_state: GameState | None = None
        self._agents: dict[int, agents.Agent] = {}
        # per other seat: its agent, and whether it may see the live state
        self._movers: dict[int, tuple[agents.Agent, bool]] = {}
        self._pending_opponents: list[Opponent] | None = None
        self._potential = 0.0
        self._done = False
        # the mask of the last observation, the decision it was made for and its legal
        # indices (in the decision's option order): action_masks() and the next step's
        # decoding reuse them instead of listing the options again
        self._mask: np.ndarray | None = None
        self._masked: Decision | None = None
        self._legal: list[int] | None = None
        self._legal_of = getattr(self.encodings.codec, "legal_indices", None)
        self._indices: int = self.encodings.codec.size

    @property
    def opponent_specs(self) -> list[Opponent]:
        """The opponents as given (kept for older callers)."""
        return list(self.opponents)

    @property
    def game_state(self) -> GameState:
        """The boardlab state of the current episode (read it, do not change it)."""
        if self._game_state is None:
            raise RuntimeError("call reset() before using the environment")
        return self._game_state

    def set_opponents(self, opponents: Opponent | Sequence[Opponent]) -> None:
        """Replace the opponents from the next ``reset()`` on (e.g. a newer frozen learner)."""
        self._pending_opponents = _opponent_list(opponents, self.players - 1)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Deal a new game and play the other seats up to the learning seat's first decision.

        ``options`` is accepted for the API and ignored: game options are fixed when the
        environment is made.
        """
        if seed is None and self._first_seed is not None and self._game_state is None:
            seed = self._first_seed
        super().reset(seed=seed)
        if self._pending_opponents is not None:
            self.opponents, self._pending_opponents = self._pending_opponents, None
        game_seed = int(seed) if seed is not None else int(self.np_random.integers(2**63))
        if self.random_seat:
            self.seat = int(self.np_random.integers(self.players))
        self._game_state = boardlab.new(self.game, self.players, game_seed, **self.options)
        seeds = Rng(game_seed)
        others = [s for s in range(self.players) if s != self.seat]
        self._agents = {}
        for other, opponent in zip(others, self.opponents, strict=True):
            if isinstance(opponent, str):
                self._agents[other] = agents.from_spec(opponent, seed=seeds.next64() >> 1)
            elif callable(getattr(opponent, "choose", None)):
                self._agents[other] = opponent  # type: ignore[assignment]
            else:
                self._agents[other] = _FunctionAgent(opponent)  # type: ignore[arg-type]
        # agents that only read (boardlab's random agent, PolicyAgent) see the live state
        self._movers = {
            other: (
                agent,
                type(agent) is RandomAgent or getattr(agent, "reads_only", False) is True,
            )
            for other, agent in self._agents.items()
        }
        self._done = False
        self._play_others()
        if self._game_state.is_over:
            raise RuntimeError(
                f"the {self.game} game with seed {game_seed} ended before seat {self.seat} "
                f"had a decision"
            )
        self._potential = self._score_difference()
        if self.render_mode == "human":
            self.render()
        return self._observation(), {"seat": self.seat}

    def step(
        self, action: Any
    ) -> tuple[dict[str, np.ndarray], SupportsFloat, bool, bool, dict[str, Any]]:
        """Play this seat's action, then the other seats' until this seat decides again."""
        state = self._game_state
        if state is None:
            raise RuntimeError("call reset() before using the environment")
        if self._done:
            raise RuntimeError("the episode is over: call reset() to start another")
        codec = self.encodings.codec
        size = self._indices
        index = (
            action if type(action) is int and 0 <= action < size
            else vectors.as_index(action, size)
        )
        chosen = None
        unchecked = False
        if index is not None:
            decision = state.decision
            legal = self._legal
            if decision is not None and decision is self._masked and legal is not None:
                # the option at the index's place among the legal indices of the last mask
                try:
                    chosen = decision.options[legal.index(index)]
                    unchecked = True
                except ValueError:  # not among the legal indices
                    chosen = None
            else:
                try:
                    chosen = codec.decode(index, state)
                except ValueError:
                    chosen = None
        if chosen is None:
            if self.invalid_action == "raise":
                legal = [i for i, bit in enumerate(codec.mask(state)) if bit]
                raise IllegalAction(
                    f"{action!r} is not a legal action index for seat {self.seat} now; "
                    f"legal indices: {legal}"
                )
            self._done = True
            return self._observation(), self.invalid_reward, True, False, {"invalid_action": True}
        if unchecked:  # an option of the pending decision itself: nothing to check
            state.apply_unchecked(chosen)
        else:
            state.apply(chosen)
        self._play_others()
        if self.render_mode == "human":
            self.render()
        reward = 0.0
        if self.shaped_reward:
            potential = self._score_difference()
            reward = self.shaped_reward * (potential - self._potential)
            self._potential = potential
        if state.is_over:
            self._done = True
            info = {
                "scores": list(state.scores()),
                "winners": list(state.winners()),
                "outcome": state.outcome(),
            }
            return self._observation(), reward + outcome(state)[self.seat], True, False, info
        return self._observation(), reward, False, False, {}

    def _score_difference(self) -> float:
        """The seat's score minus the mean of the other sides' it may know (an automa's
        included: in solo, the margin over it); 0 when shaping is off."""
        if not self.shaped_reward:
            return 0.0
        seat = self.seat
        scores = self.game_state.scores_seen_by(seat)
        mine = scores[seat] or 0.0
        others = [score for p, score in enumerate(scores) if p != seat and score is not None]
        return float(mine - (sum(others) / len(others) if others else 0.0))

    def _play_others(self) -> None:
        state = self.game_state
        seat = self.seat
        movers = self._movers
        while True:
            to_move = state.to_move
            if to_move is None or to_move == seat:
                return
            agent, reads_only = movers[to_move]
            state.apply(agent.choose(state if reads_only else state.clone()))

    def _observation(self) -> dict[str, np.ndarray]:
        state = self.game_state
        seat = self.seat
        decision = state.decision
        legal = None
        legal_of = self._legal_of
        if decision is not None and legal_of is not None and decision.player == seat:
            legal = legal_of(state)
            mask = mask_of(legal, self._indices)
        else:
            mask = vectors.action_mask(self.encodings, state, seat)
        self._masked, self._legal, self._mask = decision, legal, mask
        return {"observation": self.observer.vector(state, seat), "action_mask": mask}

    def action_masks(self) -> np.ndarray:
        """The current action mask (the method name maskable RL libraries look for): the
        array of the last observation (a new one every step; the environment never
        changes it)."""
        state = self.game_state
        if self._mask is None or state.decision is not self._masked:
            return vectors.action_mask(self.encodings, state, self.seat)
        return self._mask

    def render(self) -> str | None:
        """The text picture this seat sees: returned for "ansi", printed for "human"."""
        if self.render_mode is None:
            gym.logger.warn("render() was called without a render_mode")
            return None
        text = self.game_state.render(self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def sampling_masks(masks: np.ndarray) -> np.ndarray:
    """``masks`` (one row per sub-environment) with every all-0 row made all 1.

    In a vector environment's ``NEXT_STEP`` autoreset, the row of a sub-environment whose
    episode just ended is all 0 and the action sampled for it is ignored; this keeps a
    masked sampler from dividing by zero there.
    """
    rows = np.asarray(masks)
    empty = ~rows.any(axis=-1, keepdims=True)
    return np.where(empty, np.ones_like(rows), rows)


def _make(**kwargs: Any) -> BoardlabEnv:
    return BoardlabEnv(**kwargs)


def env_id(game: str) -> str:
    """The Gymnasium id of a game: ``"boardlab/<game>-v0"``."""
    return f"{ID_PREFIX}{game}-v0"


def register_envs(games: Sequence[str] | None = None) -> list[str]:
    """Register ``boardlab/<game>-v0`` for ``games`` (default: every game with encodings).

    Keyword arguments of ``gymnasium.make`` go to ``BoardlabEnv`` (``players``, ``seat``,
    ``opponents``, game options...). Returns the ids; an id registered before is kept.
    """
    ids = []
    for game in encodable_games() if games is None else games:
        name = env_id(game)
        if name not in gym.registry:
            gym.register(id=name, entry_point=_make, kwargs={"game": game})
        ids.append(name)
    return ids


register_envs()
