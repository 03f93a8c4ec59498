"""Self-play with a real learner (issue 29 item 6): ``frozen_policy`` after ``learn()``.

Stable-Baselines3 keeps the last batch's action distribution on the policy after
``learn()``; its tensors refuse ``deepcopy``, which is how the self-play recipe of the
READMEs failed at its first generation. Needs the ``baseline`` extra (torch, sb3-contrib).
"""

from __future__ import annotations

import pytest

sb3_contrib = pytest.importorskip("sb3_contrib")
torch = pytest.importorskip("torch")

from boardlab.adapters.gymnasium import BoardlabEnv, frozen_policy  # noqa: E402


def _learner(env: BoardlabEnv) -> object:
    return sb3_contrib.MaskablePPO(
        "MultiInputPolicy", env, n_steps=64, batch_size=32, n_epochs=1, seed=3, device="cpu"
    )


def test_frozen_policy_of_a_maskable_ppo_after_learn_plays_and_stays_frozen() -> None:
    env = BoardlabEnv("konoten", players=2, seed=1, opponents="random")
    model = _learner(env)
    model.learn(128)  # type: ignore[attr-defined]
    frozen = frozen_policy(model)
    kept = {k: v.clone() for k, v in frozen.model.state_dict().items()}
    live = model.policy.state_dict()  # type: ignore[attr-defined]
    assert all(torch.equal(kept[k], live[k]) for k in live), "the copy holds today's weights"

    env.set_opponents(frozen)
    observation, _ = env.reset(seed=5)
    for _ in range(60):  # the frozen policy answers every opponent decision
        legal = observation["action_mask"].nonzero()[0]
        observation, _, done, truncated, _ = env.step(int(legal[0]))
        if done or truncated:
            observation, _ = env.reset()
    assert frozen.illegal_choices == 0, "a masked policy only plays legal actions"

    model.learn(128)  # type: ignore[attr-defined]
    after = model.policy.state_dict()  # type: ignore[attr-defined]
    assert any(not torch.equal(kept[k], after[k]) for k in after), "the learner moved on"
    assert all(
        torch.equal(kept[k], v) for k, v in frozen.model.state_dict().items()
    ), "learning further does not change the frozen copy"
