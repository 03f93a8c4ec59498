"""PettingZoo environments (AEC, turn by turn) for every boardlab game that has encodings.

Agents are ``player_0`` ... ``player_{n-1}`` (seat ``i`` is ``player_i``); the agent
selected is always the seat the game waits on, so one agent may act several times in a
row (a compound turn is a chain of decisions). Each agent observes
``{"observation": float32 vector, "action_mask": int8 mask of the codec}``: the vector of
what the seat sees (the game's fast encoder, equal to its encoder's ``encode(state, seat)``),
clipped and normalised into the encoder's bounds; the mask is all 0 for agents not to
move. ``state()`` is the global state for centralised critics: every seat's vector joined,
seat 0 first (``state_space``).

Rewards are 0 until the game ends, then every agent gets its result from
``boardlab.adapters.outcome`` (+1 for a sole win, results summing to 0), so the rewards
of an episode sum to its result. An index that is not a legal action ends the episode
with ``illegal_reward`` for the agent that chose it and 0 for the others
(``illegal_action="penalize"``, the default), or raises ``boardlab.IllegalAction`` and
leaves everything unchanged (``illegal_action="raise"``). With ``max_cycles`` set, the
episode is truncated (reward 0) once the agent to move has already made ``max_cycles``
decisions, so no agent makes more.

``reset(seed=s)`` deals ``boardlab.new(game, players, seed=s)``; ``reset()`` deals the
constructor's ``seed`` the first time, then seeds drawn from a generator seeded by the
last seed given, so a sequence of episodes repeats exactly.

>>> env = boardlab.adapters.pettingzoo.env("compounded", players=3, seed=7)
>>> env.reset()
>>> for agent in env.agent_iter():
...     obs, reward, terminated, truncated, info = env.last()
...     action = None if terminated or truncated else int(obs["action_mask"].argmax())
...     env.step(action)
"""

from __future__ import annotations

import copy
import random
from typing import Any

try:
    import gymnasium
    import numpy as np

    # pettingzoo ships no type information (no stubs, no py.typed): its names are Any
    from pettingzoo import AECEnv, ParallelEnv  # type: ignore[import-untyped]
    from pettingzoo.utils.conversions import (  # type: ignore[import-untyped]
        turn_based_aec_to_parallel,
    )
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper  # type: ignore[import-untyped]
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError(
        "boardlab.adapters.pettingzoo needs pettingzoo: pip install 'boardlab[rl]'"
    ) from error

import boardlab
from boardlab.adapters import spaces
from boardlab.adapters.outcome import outcome
from boardlab.encoding import vectors
from boardlab.encoding.encodings import encodings
from boardlab.engine import GameState, IllegalAction, Rng

ILLEGAL_ACTION_MODES = ("penalize", "raise")


def env(game: str, players: int | None = None, seed: int | None = None, **kwargs: Any) -> AECEnv:
    """An AEC environment of ``game`` wrapped in PettingZoo's order-enforcing wrapper.

    Keyword arguments are those of ``raw_env``: ``render_mode``, ``illegal_action``,
    ``illegal_reward``, ``max_cycles`` and the game's own options.
    """
    return OrderEnforcingWrapper(raw_env(game, players=players, seed=seed, **kwargs))


def parallel_env(
    game: str, players: int | None = None, seed: int | None = None, **kwargs: Any
) -> ParallelEnv:
    """The same game as a parallel environment in which only the agent to move acts per step."""
    return turn_based_aec_to_parallel(env(game, players=players, seed=seed, **kwargs))


class raw_env(AECEnv):  # type: ignore[misc]  # AECEnv is Any: pettingzoo has no types
    """A boardlab game as an AEC environment; see the module docstring for its rules."""

    metadata: dict[str, Any] = {  # noqa: RUF012  (PettingZoo reads it as a class attribute)
        "render_modes": ["ansi", "human"],
        "name": "boardlab_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        players: int | None = None,
        seed: int | None = None,
        render_mode: str | None = None,
        illegal_action: str = "penalize",
        illegal_reward: float = -1.0,
        max_cycles: int | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.encodings = encodings(game, players, options)
        self.game = game
        self.players = self.encodings.players
        self.options = self.encodings.options
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(
                f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}"
            )
        if illegal_action not in ILLEGAL_ACTION_MODES:
            raise ValueError(
                f"illegal_action {illegal_action!r} is not one of {list(ILLEGAL_ACTION_MODES)}"
            )
        if max_cycles is not None and (
            isinstance(max_cycles, bool) or not isinstance(max_cycles, int) or max_cycles < 1
        ):
            raise ValueError(f"max_cycles must be a positive int or None, got {max_cycles!r}")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ValueError(f"seed must be an int or None, got {seed!r}")
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.max_cycles = max_cycles
        self.metadata = {**self.metadata, "name": f"boardlab_{game}_v0"}
        self.possible_agents = [f"player_{seat}" for seat in range(self.players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observer = vectors.Observer(self.encodings)
        observation_space = spaces.observation_space(self.encodings, self.observer)
        action_space = spaces.action_space(self.encodings)
        box = spaces.box(self.observer)
        self.state_space = gymnasium.spaces.Box(
            np.tile(box.low, self.players), np.tile(box.high, self.players), dtype=box.dtype
        )
        # one space object per agent, so seeding one agent's space leaves the others alone
        self.observation_spaces = {
            agent: observation_space if seat == 0 else copy.deepcopy(observation_space)
            for seat, agent in enumerate(self.possible_agents)
        }
        self.action_spaces = {
            agent: action_space if seat == 0 else copy.deepcopy(action_space)
            for seat, agent in enumerate(self.possible_agents)
        }
        self._first_seed = seed
        self._seeds: Rng | None = None
        self._game_state: GameState | None = None
        self.decisions: list[int] = []

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> gymnasium.spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Discrete:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ episode
    @property
    def game_state(self) -> GameState:
        """The boardlab state of the current episode (read it, do not change it)."""
        if self._game_state is None:
            raise RuntimeError("call reset() before using the environment")
        return self._game_state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: from ``seed`` if given, else by the seeding rules above.

        ``options`` is accepted for the API and ignored: game options are fixed when the
        environment is made.
        """
        game_seed = self._next_seed(seed)
        self._game_state = boardlab.new(self.game, self.players, game_seed, **self.options)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.decisions = [0] * self.players
        self._skip_agent_selection = None
        to_move = self._game_state.to_move
        self.agent_selection = self.possible_agents[0 if to_move is None else to_move]
        if self._game_state.is_over:
            self._finish(outcome(self._game_state))

    def _next_seed(self, seed: int | None) -> int:
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
                raise ValueError(f"seed must be an int or None, got {seed!r}")
            self._seeds = Rng(int(seed))
            return int(seed)
        if self._seeds is None:
            first = self._first_seed
            if first is None:
                first = random.SystemRandom().getrandbits(63)
            self._seeds = Rng(first)
            return first
        return self._seeds.next64() >> 1

    def observe(self, agent: str) -> dict[str, Any]:
        state = self.game_state
        seat = self._seat[agent]
        return {
            "observation": self.observer.vector(state, seat),
            "action_mask": vectors.action_mask(self.encodings, state, seat),
        }

    def state(self) -> np.ndarray:
        """The global state for centralised training: every seat's observation vector, seat
        0 first, joined (so it holds each seat's private information; ``state_space``)."""
        state = self.game_state
        return np.concatenate([self.observer.vector(state, seat) for seat in range(self.players)])

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.game_state
        seat = self._seat[agent]
        chosen = None
        index = vectors.as_index(action, self.encodings.codec.size)
        if index is not None:
            try:
                chosen = self.encodings.codec.decode(index, state)
            except ValueError:
                chosen = None
        if chosen is None:
            self._illegal(agent, action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        state.apply(chosen)
        self.decisions[seat] += 1
        if state.is_over:
            self._finish(outcome(state))
            self.agent_selection = agent
        else:
            to_move = state.to_move
            assert to_move is not None
            self.agent_selection = self.possible_agents[to_move]
            if self.max_cycles is not None and self.decisions[to_move] >= self.max_cycles:
                self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _illegal(self, agent: str, action: Any) -> None:
        state = self.game_state
        if self.illegal_action == "raise":
            legal = [i for i, bit in enumerate(self.encodings.codec.mask(state)) if bit]
            raise IllegalAction(
                f"{agent} chose {action!r}, which is not a legal action index of the pending "
                f"decision {state.decision.kind!r}; legal indices: {legal}"
                if state.decision is not None
                else f"{agent} chose {action!r} but the game is over"
            )
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.rewards[agent] = self.illegal_reward
        self.terminations = dict.fromkeys(self.agents, True)
        for other in self.agents:
            self.infos[other] = {"illegal_action": agent}
        self._accumulate_rewards()

    def _finish(self, results: list[float]) -> None:
        state = self.game_state
        scores = list(state.scores())
        winners = list(state.winners())
        for agent in self.agents:
            self.rewards[agent] = results[self._seat[agent]]
            self.infos[agent] = {"scores": scores, "winners": winners, "outcome": state.outcome()}
        self.terminations = dict.fromkeys(self.agents, True)

    # ------------------------------------------------------------------ showing
    def render(self) -> str | None:
        """The game's text picture (spectator view): returned for "ansi", printed for "human"."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        text = self.game_state.render(None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        return None
