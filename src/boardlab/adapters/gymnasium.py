"""A single-agent Gymnasium environment: one seat learns, boardlab agents play the others.

The observation is ``{"observation": float32 vector of the encoder, "action_mask": int8
mask of the codec}`` for the learning seat, built from ``state.view(seat)`` only; the
action is an index of the codec. After the seat's action the other seats play (their
agents are made from specs such as ``"random"`` or ``"mcts:seconds=0.1"``) until the seat
must decide again or the game ends. The reward is 0 until the end, then the seat's result
from ``boardlab.adapters.outcome`` (+1 for a sole win, -1/(n-1) for a loss).

An index that is not a legal action (``invalid_action="penalize"``, the default) ends the
episode with ``invalid_reward`` and ``info["invalid_action"] = True``; with
``invalid_action="raise"`` it raises ``boardlab.IllegalAction`` and changes nothing.

``reset(seed=s)`` deals ``boardlab.new(game, players, seed=s)``; ``reset()`` deals the
constructor's ``seed`` the first time, then seeds drawn from ``self.np_random``. The other
seats' agents are re-made at every reset with seeds derived from the game's seed, so an
episode is fully determined by its seed and the learner's actions.

>>> env = BoardlabEnv("compounded", players=3, seat=0, opponents="random", seed=7)
>>> obs, info = env.reset()
>>> obs, reward, terminated, truncated, info = env.step(int(obs["action_mask"].argmax()))
"""

from __future__ import annotations

from collections.abc import Sequence
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
from boardlab.adapters.encodings import encodings
from boardlab.adapters.outcome import outcome
from boardlab.engine import GameState, IllegalAction, Rng

INVALID_ACTION_MODES = ("penalize", "raise")


class BoardlabEnv(gym.Env[dict[str, Any], np.int64]):
    """One seat of a boardlab game against boardlab agents; see the module docstring."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game: str,
        players: int | None = None,
        seat: int = 0,
        opponents: str | Sequence[str] = "random",
        seed: int | None = None,
        render_mode: str | None = None,
        invalid_action: str = "penalize",
        invalid_reward: float = -1.0,
        **options: Any,
    ) -> None:
        self.encodings = encodings(game, players, options)
        self.game = game
        self.players = self.encodings.players
        self.options = self.encodings.options
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"seat must be an int in 0..{self.players - 1}, got {seat!r}")
        self.seat = seat
        others = self.players - 1
        specs = [opponents] * others if isinstance(opponents, str) else list(opponents)
        if len(specs) != others:
            raise ValueError(
                f"opponents takes one agent spec, or one per other seat ({others}), "
                f"got {len(specs)}"
            )
        for spec in specs:
            agents.parse_spec(spec)  # a bad spec fails now, not at the first reset
        self.opponent_specs = specs
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
        self.observation_space = spaces.observation_space(self.encodings)
        self.action_space = spaces.action_space(self.encodings)
        self._first_seed = seed
        self._game_state: GameState | None = None
        self._opponents: dict[int, agents.Agent] = {}
        self._done = False

    @property
    def game_state(self) -> GameState:
        """The boardlab state of the current episode (read it, do not change it)."""
        if self._game_state is None:
            raise RuntimeError("call reset() before using the environment")
        return self._game_state

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Deal a new game and play the other seats up to this seat's first decision.

        ``options`` is accepted for the API and ignored: game options are fixed when the
        environment is made.
        """
        if seed is None and self._first_seed is not None and self._game_state is None:
            seed = self._first_seed
        super().reset(seed=seed)
        game_seed = int(seed) if seed is not None else int(self.np_random.integers(2**63))
        self._game_state = boardlab.new(self.game, self.players, game_seed, **self.options)
        seeds = Rng(game_seed)
        others = [s for s in range(self.players) if s != self.seat]
        self._opponents = {
            other: agents.from_spec(spec, seed=seeds.next64() >> 1)
            for other, spec in zip(others, self.opponent_specs, strict=True)
        }
        self._done = False
        self._play_others()
        if self._game_state.is_over:
            raise RuntimeError(
                f"the {self.game} game with seed {game_seed} ended before seat {self.seat} "
                f"had a decision"
            )
        if self.render_mode == "human":
            self.render()
        return self._observation(), {}

    def step(
        self, action: Any
    ) -> tuple[dict[str, np.ndarray], SupportsFloat, bool, bool, dict[str, Any]]:
        """Play this seat's action, then the other seats' until this seat decides again."""
        state = self.game_state
        if self._done:
            raise RuntimeError("the episode is over: call reset() to start another")
        index = spaces.as_index(action, self.encodings.codec.size)
        chosen = None
        if index is not None:
            try:
                chosen = self.encodings.codec.decode(index, state)
            except ValueError:
                chosen = None
        if chosen is None:
            if self.invalid_action == "raise":
                legal = [i for i, bit in enumerate(self.encodings.codec.mask(state)) if bit]
                raise IllegalAction(
                    f"{action!r} is not a legal action index for seat {self.seat} now; "
                    f"legal indices: {legal}"
                )
            self._done = True
            return self._observation(), self.invalid_reward, True, False, {"invalid_action": True}
        state.apply(chosen)
        self._play_others()
        if self.render_mode == "human":
            self.render()
        if state.is_over:
            self._done = True
            info = {
                "scores": list(state.scores()),
                "winners": list(state.winners()),
                "outcome": state.outcome(),
            }
            return self._observation(), outcome(state)[self.seat], True, False, info
        return self._observation(), 0.0, False, False, {}

    def _play_others(self) -> None:
        state = self.game_state
        while not state.is_over and state.to_move != self.seat:
            to_move = state.to_move
            assert to_move is not None
            state.apply(self._opponents[to_move].choose(state.clone()))

    def _observation(self) -> dict[str, np.ndarray]:
        return spaces.observation(self.encodings, self.game_state, self.seat)

    def action_masks(self) -> np.ndarray:
        """The current action mask (the method name maskable RL libraries look for)."""
        return spaces.action_mask(self.encodings, self.game_state, self.seat)

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
