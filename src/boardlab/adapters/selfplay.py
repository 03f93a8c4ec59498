"""Policies as boardlab agents: a learner's own policy (or a frozen copy) as an opponent.

``PolicyAgent(predict)`` plays any seat by calling ``predict(observation) -> index`` with
the observation the learning environments give that seat (``{"observation",
"action_mask"}``, the same vector and mask ``BoardlabEnv`` returns), then decoding the
index with the game's codec. ``frozen_policy(model)`` is a ``PolicyAgent`` over a deep
copy of a learner taken now, so training the learner further does not change it: the
usual self-play loop is

>>> from boardlab.adapters.gymnasium import BoardlabEnv
>>> env = BoardlabEnv("konoten", players=2, opponents="random")
>>> model = MaskablePPO("MultiInputPolicy", env)           # sb3-contrib, for example
>>> for generation in range(10):
...     model.learn(20_000)
...     env.set_opponents(frozen_policy(model))           # from the next reset on

``model`` is anything with ``predict(observation, deterministic=..., action_masks=...)``
(Stable-Baselines3 models and policies; ``action_masks`` is passed only when ``predict``
takes it) or a plain function of the observation. An index that is not legal (a policy
that ignores the mask) is replaced by the first legal action, and counted in
``illegal_choices``.
"""

from __future__ import annotations

import copy
import inspect
import json
from collections.abc import Callable
from typing import Any

import numpy as np

from boardlab.adapters import spaces
from boardlab.adapters.encodings import Encodings, encodings
from boardlab.engine import Action, GameState

Predict = Callable[[dict[str, np.ndarray]], Any]


class PolicyAgent:
    """A boardlab agent that asks ``predict(observation)`` for a codec index."""

    #: It only reads the state it is given, so environments may show it the live state.
    reads_only = True

    def __init__(self, predict: Predict, name: str = "policy") -> None:
        self.predict = predict
        self.name = name
        self.illegal_choices = 0
        self._observers: dict[tuple[str, int, str], tuple[Encodings, spaces.Observer]] = {}

    def _observer(self, state: GameState) -> tuple[Encodings, spaces.Observer]:
        key = (state.game, state.players, json.dumps(dict(state.options), sort_keys=True))
        found = self._observers.get(key)
        if found is None:
            enc = encodings(state.game, state.players, state.options)
            self.check(enc)
            found = self._observers[key] = (enc, spaces.Observer(enc))
        return found

    def check(self, enc: Encodings) -> None:
        """Raise ``ValueError`` if ``predict`` cannot play a game with these encodings (run
        once per game, player count and options; by default every game is played)."""

    def choose(self, state: GameState) -> Action:
        seat = state.to_move
        if seat is None:
            raise ValueError("the game is over: there is nothing to choose")
        enc, observer = self._observer(state)
        observation = {
            "observation": observer.vector(state, seat),
            "action_mask": spaces.action_mask(enc, state, seat),
        }
        chosen = self.predict(observation)
        index = spaces.as_index(chosen, enc.codec.size)
        if index is not None:
            try:
                return enc.codec.decode(index, state)
            except ValueError:
                pass
        self.illegal_choices += 1
        return state.legal_actions()[0]


def frozen_policy(model: Any, deterministic: bool = True, name: str = "frozen") -> PolicyAgent:
    """A ``PolicyAgent`` playing a deep copy of ``model`` as it is now (see the module doc)."""
    source: Any = getattr(model, "policy", None)
    if not callable(getattr(source, "predict", None)):
        source = model
    if not callable(getattr(source, "predict", None)):
        if not callable(model):
            raise ValueError(f"{model!r} has no predict() and is not a function")
        return PolicyAgent(copy.deepcopy(model), name=name)
    frozen = copy.deepcopy(source)
    predict = frozen.predict
    masked = "action_masks" in inspect.signature(predict).parameters

    def play(observation: dict[str, np.ndarray]) -> Any:
        if masked:
            action, _ = predict(
                observation, deterministic=deterministic, action_masks=observation["action_mask"]
            )
        else:
            action, _ = predict(observation, deterministic=deterministic)
        return action

    return PolicyAgent(play, name=name)
