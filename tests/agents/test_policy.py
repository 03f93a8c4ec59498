"""The ``"policy"`` agent: the shipped Konoten PPO network, run with numpy alone."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytest.importorskip("numpy", reason="the 'rl' extra (numpy) is not installed")
pytest.importorskip("gymnasium", reason="the 'rl' extra (gymnasium) is not installed")

import numpy as np

import boardlab
from boardlab import agents
from boardlab.agents.policy import DEFAULT_PATH, NetworkAgent, PolicyNetwork

ROOT = Path(__file__).resolve().parents[2]
#: The shipped policy wins 40 of these 40 games against random (seats alternating) and won
#: 200 of 200 other deals (benchmarks/results/ppo_konoten.json); a network trained for 256
#: steps only (``ppo_baseline.py --quick``) wins 32 of these 40, as random is that weak.
BEATS_RANDOM = 36


def _game(specs: list[str], seed: int) -> tuple[boardlab.GameState, list[int]]:
    """A whole Konoten game; also the number of options each policy decision had."""
    state = boardlab.new("konoten", 2, seed)
    players = [agents.from_spec(spec, seed=seed) for spec in specs]
    choices: list[int] = []
    while not state.is_over:
        agent = players[state.to_move]
        action = agent.choose(state)
        if agent.name == "policy":
            assert action in state.legal_actions()
            choices.append(len(state.legal_actions()))
        state.apply(action)
    return state, choices


def test_the_shipped_policy_loads_and_plays_without_torch() -> None:
    code = textwrap.dedent(
        """
        import sys
        sys.modules["torch"] = None  # importing torch now raises ImportError
        import boardlab
        from boardlab.agents import make
        state = boardlab.new("konoten", 2, 3)
        agents = [make("policy"), make("random", seed=3)]
        while not state.is_over:
            state.apply(agents[state.to_move].choose(state))
        print("over", "torch" in sys.modules and sys.modules["torch"] is not None)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["over", "False"]


def test_the_policy_plays_only_legal_moves_through_whole_games() -> None:
    for seed, specs in ((1, ["policy", "greedy"]), (2, ["random", "policy"])):
        state, choices = _game(specs, seed)
        assert state.is_over
        assert len(choices) > 20 and max(choices) > 1  # it really chose, many times


def test_the_policy_plays_both_seats_against_itself() -> None:
    state, choices = _game(["policy", "policy"], 5)
    assert state.is_over and len(choices) > 40


def test_the_policy_beats_random() -> None:
    wins = 0.0
    for k in range(40):
        seat = k % 2
        specs = ["random", "random"]
        specs[seat] = "policy"
        state, _ = _game(specs, 100 + k)
        winners = state.winners()
        wins += 1 / len(winners) if seat in winners else 0.0
    assert wins >= BEATS_RANDOM


def test_it_is_deterministic_and_reads_only() -> None:
    state = boardlab.new("konoten", 2, 9)
    agent = agents.make("policy")
    assert getattr(agent, "reads_only", False) is True
    before = state.to_json()
    picks = {str(agent.choose(state)) for _ in range(3)}
    assert len(picks) == 1 and state.to_json() == before


def test_a_game_or_player_count_it_was_not_trained_on_is_refused() -> None:
    agent = agents.make("policy")
    with pytest.raises(ValueError, match="trained on konoten with 2 players, not compounded"):
        agent.choose(boardlab.new("compounded", 2, 1))
    with pytest.raises(ValueError, match="not konoten with 3"):
        agent.choose(boardlab.new("konoten", 3, 1))


def test_bad_parameters_and_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="has no parameter 'depth'"):
        agents.from_spec("policy:depth=3")
    junk = tmp_path / "junk.npz"
    np.savez(junk, w0=np.zeros((2, 2)))
    with pytest.raises(ValueError, match="is not a boardlab policy network"):
        agents.make("policy", path=str(junk))


def test_a_network_survives_save_and_load(tmp_path: Path) -> None:
    shipped = PolicyNetwork.load(DEFAULT_PATH)
    assert (shipped.game, shipped.players, shipped.output_size) == ("konoten", 2, 224)
    path = tmp_path / "copy.npz"
    shipped.save(path)
    again = PolicyNetwork.load(path)
    assert again.inputs == shipped.inputs and again.activation == shipped.activation
    for a, b in zip(again.weights + again.biases, shipped.weights + shipped.biases, strict=True):
        assert np.array_equal(a, b)
    state = boardlab.new("konoten", 2, 4)
    assert str(NetworkAgent(network=again).choose(state)) == str(
        NetworkAgent(path=DEFAULT_PATH).choose(state)
    )


# ---------------------------------------------------------------- with torch and sb3-contrib
def _baseline() -> object:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import ppo_baseline
    finally:
        sys.path.pop(0)
    return ppo_baseline


def test_the_numpy_forward_pass_equals_the_torch_policy() -> None:
    torch = pytest.importorskip("torch", reason="the 'baseline' extra is not installed")
    sb3_contrib = pytest.importorskip("sb3_contrib", reason="the 'baseline' extra is not installed")
    from boardlab.adapters.gymnasium import BoardlabEnv

    env = BoardlabEnv("konoten", 2, seat="random", seed=3)
    model = sb3_contrib.MaskablePPO("MultiInputPolicy", env, seed=1, device="cpu")
    network = _baseline().export_network(model)  # type: ignore[attr-defined]
    rng = np.random.default_rng(0)
    space = env.observation_space
    batch = {
        "observation": rng.uniform(
            space["observation"].low, space["observation"].high, (16, space["observation"].shape[0])
        ).astype(np.float32),
        "action_mask": rng.integers(0, 2, (16, env.action_space.n)).astype(np.int8),
    }
    with torch.no_grad():
        tensors, _ = model.policy.obs_to_tensor(batch)
        distribution = model.policy.get_distribution(tensors)
        expected = distribution.distribution.logits.numpy()
    got = network.logits(batch)
    # torch's Categorical normalises logits (minus logsumexp): compare after the same
    got = got - np.log(np.exp(got - got.max(1, keepdims=True)).sum(1, keepdims=True)) - got.max(
        1, keepdims=True
    )
    assert np.allclose(got, expected, atol=1e-4)
    one = {key: value[0] for key, value in batch.items()}
    masked = model.predict(one, deterministic=True, action_masks=one["action_mask"])[0]
    assert network.best(one) == int(masked)


def test_the_quick_baseline_trains_and_writes_its_outputs(tmp_path: Path) -> None:
    pytest.importorskip("torch", reason="the 'baseline' extra is not installed")
    pytest.importorskip("sb3_contrib", reason="the 'baseline' extra is not installed")
    pytest.importorskip("matplotlib", reason="the 'sim' extra is not installed")
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "ppo_baseline.py"), "--quick",
         "--out", str(tmp_path)],
        capture_output=True, text=True, timeout=300, check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    import json

    report = json.loads((tmp_path / "ppo_konoten.json").read_text())
    assert report["steps"] >= 256 and report["curve"]
    assert set(report["final"]) == {"random", "greedy", "mcts"}
    for name in ("ppo_konoten.png", "ppo_konoten.zip", "konoten_ppo.npz"):
        assert (tmp_path / name).stat().st_size > 0
    trained = NetworkAgent(path=tmp_path / "konoten_ppo.npz")
    state = boardlab.new("konoten", 2, 1)
    assert trained.choose(state) in state.legal_actions()
