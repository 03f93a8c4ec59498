"""A learner's own policy, frozen, as an opponent for self-play.

``frozen_policy(model)`` is a ``PolicyAgent`` (``boardlab.agents.policy``: it plays any seat
by asking ``predict(observation) -> index`` with the observation the learning environments
give that seat) over a copy of a learner taken now, so training the learner further does
not change it: the usual self-play loop is

>>> from boardlab.adapters.gymnasium import BoardlabEnv
>>> env = BoardlabEnv("konoten", players=2, opponents="random")
>>> model = MaskablePPO("MultiInputPolicy", env)           # sb3-contrib, for example
>>> for generation in range(10):
...     model.learn(20_000)
...     env.set_opponents(frozen_policy(model))           # from the next reset on

``model`` is anything with ``predict(observation, deterministic=..., action_masks=...)``
(Stable-Baselines3 models and policies; ``action_masks`` is passed only when ``predict``
takes it) or a plain function of the observation. A Stable-Baselines3 policy is copied the
way it saves itself (its constructor parameters and its weights), not with ``deepcopy``:
after ``learn()`` it keeps the last batch's distribution, whose tensors refuse to be deep
copied. An index that is not legal (a policy that ignores the mask) is replaced by the
first legal action, and counted in ``illegal_choices``.
"""

from __future__ import annotations

import copy
import inspect
from typing import Any

import numpy as np

from boardlab.agents.policy import PolicyAgent


def frozen_policy(model: Any, deterministic: bool = True, name: str = "frozen") -> PolicyAgent:
    """A ``PolicyAgent`` playing a copy of ``model`` as it is now (see the module doc)."""
    source: Any = getattr(model, "policy", None)
    if not callable(getattr(source, "predict", None)):
        source = model
    if not callable(getattr(source, "predict", None)):
        if not callable(model):
            raise ValueError(f"{model!r} has no predict() and is not a function")
        function = copy.deepcopy(model)
        return PolicyAgent(function, name=name, model=function)
    frozen = _frozen_copy(source)
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

    return PolicyAgent(play, name=name, model=frozen)


def _frozen_copy(source: Any) -> Any:
    """An independent copy of a policy: rebuilt from its constructor parameters and weights
    when it can save itself that way (Stable-Baselines3's ``BasePolicy``), else deep-copied."""
    parameters = getattr(source, "_get_constructor_parameters", None)
    weights = getattr(source, "state_dict", None)
    if not (callable(parameters) and callable(weights)):
        return copy.deepcopy(source)
    twin = type(source)(**parameters())
    twin.load_state_dict(weights())  # copies the values into the twin's own tensors
    device = getattr(source, "device", None)
    if device is not None:
        twin = twin.to(device)
    twin.set_training_mode(False)
    return twin
