"""A MaskablePPO baseline for Konoten (2 players) that anyone can reproduce in 30 minutes.

    pip install -e '.[rl,sim,baseline]'          # torch and sb3-contrib (see the README)
    python benchmarks/ppo_baseline.py [--minutes 22] [--seed 0] [--out benchmarks/results]
    python benchmarks/ppo_baseline.py --quick --out /tmp/ppo      # a smoke run of seconds
    python benchmarks/ppo_baseline.py --evaluate policy.npz       # final games only

Trains sb3-contrib's ``MaskablePPO`` (``MultiInputPolicy``: the observation dict's
``action_mask`` and ``observation`` joined, then two tanh layers of 64 for the policy and
two for the value) on ``BoardlabEnv("konoten", players=2, seat="random")``, 8
environments in one process (``DummyVecEnv``), torch on one thread. The whole training,
learning-curve evaluations included, stops before ``--minutes`` of wall clock (or at
``--steps``). The opponents change with the share of the budget spent:

* the first ``--warmup`` of it (6%): random opponents in every environment (the basics:
  what scores, finishing a game);
* then ``--mix`` (default ``greedy:5,self:2,random:1``): ``greedy`` in five environments,
  a frozen copy of the learner itself in two (refreshed at every evaluation: self-play
  against its recent past, played by the numpy network), ``random`` in one (so it keeps
  punishing weak play).

A shaped reward (``--shaped``, default 0.05 per VP of the learner's lead in score, about
+-1 over a game, potential-based: see ``BoardlabEnv``) is added to the +1/-1 result.

Every ``--eval-every`` steps the current policy (the arg-max of its masked logits, the
numpy forward pass of ``boardlab.agents.policy``) plays ``--eval-games`` games against
``greedy`` and against ``random`` on held-out deals (seeds from 1,000,000 on; training
deals draw 63-bit seeds), the learner's seat alternating: the learning curve. At the end
the policy plays ``--final-games`` games against ``random``, ``greedy`` and
``mcts:iterations=N,seconds=1000`` (``--mcts-iterations``, see ``MCTS_ITERATIONS``: a
fixed budget, so the result does not depend on the machine's load) on other held-out deals
(from 2,000,000), with ``--workers`` processes. Win rates count a shared win as a share;
intervals are 95% Wilson (``boardlab.sim.wilson_interval``).

Writes to ``--out``: ``ppo_konoten.json`` (settings, steps, wall time, load averages,
curve, final win rates; rewritten as final games finish), ``ppo_konoten.png`` (the curve),
``ppo_konoten.zip`` (the SB3 model) and ``konoten_ppo.npz`` (the policy network for
``boardlab.agents.policy``; ``--ship`` also copies it into the package as the ``"policy"``
agent's default).
"""

from __future__ import annotations

import argparse
import functools
import json
import multiprocessing
import os
import platform
import shutil
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np

import boardlab
from boardlab.adapters.gymnasium import BoardlabEnv
from boardlab.agents import from_spec
from boardlab.agents.policy import DEFAULT_PATH, NetworkAgent, PolicyNetwork
from boardlab.sim import wilson_interval

GAME = "konoten"
PLAYERS = 2
ENVS = 8
WARMUP = 0.06
CURVE_SEEDS = 1_000_000
FINAL_SEEDS = 2_000_000
#: Konoten's mcts at 0.2 s of CPU time per decision (``stop_early=False``, 333 decisions
#: with a choice, 6 games against greedy) ran a median of 1,421 iterations before the last
#: round (2/3 of the decisions) and 101 in it (greedy playouts to the end, about 4 ms
#: each). 270 is the harmonic mean of those (2/3 at 1,421, 1/3 at 101): about the same
#: total search per game as 0.2 s per decision, spread evenly over the decisions.
MCTS_ITERATIONS = 270
ROOT = Path(__file__).resolve().parent.parent


# --------------------------------------------------------------------------- evaluation
def play(network: PolicyNetwork, spec: str, seed: int, seat: int) -> tuple[float, float]:
    """One game of the policy in ``seat`` against ``spec``: (its win share, VP lead)."""
    state = boardlab.new(GAME, PLAYERS, seed)
    learner = NetworkAgent(network=network)
    opponent = from_spec(spec, seed=seed)
    while not state.is_over:
        agent = learner if state.to_move == seat else opponent
        state.apply(agent.choose(state))
    winners = state.winners()
    share = 1.0 / len(winners) if seat in winners else 0.0
    scores = state.scores()
    return share, float(scores[seat] - scores[1 - seat])


def _play_many(task: tuple[PolicyNetwork, str, list[tuple[int, int]]]) -> list[tuple[float, float]]:
    network, spec, games = task
    return [play(network, spec, seed, seat) for seed, seat in games]


class Workers:
    """The evaluation processes (``count`` 0: play in this process)."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.pool = multiprocessing.get_context("spawn").Pool(count) if count > 0 else None

    def map(self, tasks: list[Any]) -> Iterator[list[tuple[float, float]]]:
        """The results of each task, as they finish (in any order)."""
        if self.pool is None:
            return (_play_many(task) for task in tasks)
        return self.pool.imap_unordered(_play_many, tasks)

    def close(self) -> None:
        if self.pool is not None:
            self.pool.close()
            self.pool.join()


def evaluate(
    network: PolicyNetwork,
    spec: str,
    games: int,
    first_seed: int,
    workers: Workers,
    progress: Callable[[dict[str, Any]], None] | None = None,
    per_task: int = 0,
) -> dict[str, Any]:
    """``games`` games against ``spec`` on seeds ``first_seed...``, seat alternating, in
    tasks of ``per_task`` games (default: four tasks per worker); ``progress`` gets the
    summary of the games finished so far after every task."""
    deals = [(first_seed + k, k % PLAYERS) for k in range(games)]
    size = per_task or max(1, -(-games // (4 * max(1, workers.count))))
    tasks = [(network, spec, deals[i : i + size]) for i in range(0, games, size)]
    began = time.perf_counter()
    results: list[tuple[float, float]] = []
    summary: dict[str, Any] = {}
    for part in workers.map(tasks):
        results += part
        summary = _summary(spec, games, results, time.perf_counter() - began)
        if progress is not None:
            progress(summary)
    return summary


def _summary(
    spec: str, planned: int, results: list[tuple[float, float]], seconds: float
) -> dict[str, Any]:
    games = len(results)
    wins = sum(share for share, _ in results)
    low, high = wilson_interval(wins, games)
    return {
        "opponent": spec,
        "games": games,
        "planned": planned,
        "wins": wins,
        "rate": wins / games if games else 0.0,
        "ci95": [low, high],
        "mean_vp_lead": float(np.mean([lead for _, lead in results])) if results else 0.0,
        "seconds": round(seconds, 1),
    }


# --------------------------------------------------------------------------- the network
def export_network(model: Any, info: dict[str, Any] | None = None) -> PolicyNetwork:
    """The policy MLP of a ``MaskablePPO`` ``MultiInputPolicy`` (feature extractor: the
    observation dict flattened and joined; then ``mlp_extractor.policy_net``, then
    ``action_net``) as a numpy ``PolicyNetwork``."""
    from torch import nn

    policy = model.policy
    layers: list[nn.Linear] = []
    activations = set()
    for module in policy.mlp_extractor.policy_net:
        if isinstance(module, nn.Linear):
            layers.append(module)
        else:
            activations.add(type(module).__name__.lower())
    layers.append(policy.action_net)
    if len(activations) > 1 or not activations <= {"tanh", "relu"}:
        raise ValueError(f"only tanh or relu MLPs can be exported, not {activations}")
    inputs = list(model.observation_space.spaces)
    return PolicyNetwork(
        GAME,
        PLAYERS,
        inputs,
        [layer.weight.detach().cpu().numpy().T.copy() for layer in layers],
        [layer.bias.detach().cpu().numpy().copy() for layer in layers],
        activations.pop() if activations else "tanh",
        info,
    )


# --------------------------------------------------------------------------- training
def parse_mix(text: str) -> list[str]:
    """``"greedy:4,self:2,random:2"`` as one opponent name per environment."""
    names: list[str] = []
    for part in filter(None, text.split(",")):
        name, _, count = part.partition(":")
        if name not in ("greedy", "self", "random"):
            raise ValueError(f"--mix names greedy, self or random, not {name!r}")
        names += [name] * int(count or 1)
    if len(names) != ENVS:
        raise ValueError(f"--mix must give {ENVS} environments, not {len(names)}")
    return names


def schedule(
    share: float, mix: list[str], warmup: float, frozen: NetworkAgent | None
) -> list[Any]:
    """The opponent of each environment once ``share`` of the budget is spent."""
    if share < warmup or frozen is None:
        return ["random"] * ENVS
    return [frozen if name == "self" else name for name in mix]


def _same(env: BoardlabEnv) -> BoardlabEnv:
    return env


def train(args: argparse.Namespace, workers: Workers) -> dict[str, Any]:
    import sb3_contrib
    import stable_baselines3
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv

    torch.set_num_threads(args.threads)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    envs = [
        BoardlabEnv(GAME, PLAYERS, seat="random", opponents="random",
                    shaped_reward=args.shaped, seed=args.seed * 1000 + i)
        for i in range(ENVS)
    ]
    vec = DummyVecEnv([functools.partial(_same, env) for env in envs])
    mix = parse_mix(args.mix)
    net = [int(width) for width in args.net.split(",")]
    model = MaskablePPO(
        "MultiInputPolicy",
        vec,
        n_steps=args.n_steps,
        batch_size=args.batch_size,
        n_epochs=args.epochs,
        learning_rate=args.lr,
        gamma=0.995,
        gae_lambda=0.95,
        ent_coef=0.01,
        seed=args.seed,
        policy_kwargs={"net_arch": {"pi": net, "vf": net}},
        device="cpu",
        verbose=0,
    )
    budget = args.minutes * 60.0
    began = time.perf_counter()
    curve: list[dict[str, Any]] = []
    loads: list[float] = []
    frozen: NetworkAgent | None = None
    steps = 0
    chunk = max(args.eval_every, ENVS * args.n_steps)
    while True:
        elapsed = time.perf_counter() - began
        share = max(elapsed / budget, steps / args.steps)
        opponents = schedule(share, mix, args.warmup, frozen)
        for env, opponent in zip(envs, opponents, strict=True):
            env.set_opponents(opponent)
        model.learn(chunk, reset_num_timesteps=False, progress_bar=False)
        steps = int(model.num_timesteps)
        network = export_network(model)
        frozen = NetworkAgent(network=network)
        point: dict[str, Any] = {"steps": steps, "train_seconds": 0.0}
        point["train_seconds"] = round(time.perf_counter() - began, 1)
        for spec in ("greedy", "random"):
            point[spec] = evaluate(network, spec, args.eval_games, CURVE_SEEDS, workers)
        point["seconds"] = round(time.perf_counter() - began, 1)
        point["load1"] = os.getloadavg()[0]
        loads.append(point["load1"])
        curve.append(point)
        print(
            f"{steps:>8} steps {point['seconds']:>7.0f} s  vs greedy "
            f"{point['greedy']['rate']:.2f}  vs random {point['random']['rate']:.2f}  "
            f"load {point['load1']:.2f}",
            flush=True,
        )
        # stop when another chunk like the last would not fit the budget
        pace = point["seconds"] - (curve[-2]["seconds"] if len(curve) > 1 else 0.0)
        if steps >= args.steps or point["seconds"] + pace > budget:
            break
    wall = time.perf_counter() - began
    network = export_network(
        model, {"steps": steps, "seed": args.seed, "trained_by": "benchmarks/ppo_baseline.py"}
    )
    model.save(out / "ppo_konoten.zip")
    network.save(out / "konoten_ppo.npz")
    if args.ship:
        shutil.copyfile(out / "konoten_ppo.npz", DEFAULT_PATH)
    return {
        "steps": steps,
        "train_wall_seconds": round(wall, 1),
        "load1_during_training": {
            "mean": round(float(np.mean(loads)), 2),
            "min": round(min(loads), 2),
            "max": round(max(loads), 2),
        },
        "curve": curve,
        "versions": {
            "python": platform.python_version(),
            "torch": torch.__version__,
            "stable_baselines3": stable_baselines3.__version__,
            "sb3_contrib": sb3_contrib.__version__,
        },
        "network": network,
    }


COLOURS = {"random": "tab:green", "greedy": "tab:blue", "mcts": "tab:red"}


def plot(curve: Sequence[dict[str, Any]], final: dict[str, Any], path: Path) -> None:
    """The learning curve (win rates with Wilson bands) and the final results at the end."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    fig, ax = plt.subplots(figsize=(7.5, 4.4))
    steps = [p["steps"] for p in curve]
    for spec in ("random", "greedy"):
        if not curve:
            break
        rates = [p[spec]["rate"] for p in curve]
        low = [p[spec]["ci95"][0] for p in curve]
        high = [p[spec]["ci95"][1] for p in curve]
        games = curve[0][spec]["games"]
        ax.plot(steps, rates, marker="o", ms=3, color=COLOURS[spec],
                label=f"vs {spec}, every {steps[0]:,} steps ({games} games)")
        ax.fill_between(steps, low, high, color=COLOURS[spec], alpha=0.15)
    end = steps[-1] if steps else 0
    for k, (name, result) in enumerate(final.items()):
        rate, (low, high) = result["rate"], result["ci95"]
        ax.errorbar(
            [end * (1.02 + 0.02 * k)], [rate], yerr=[[rate - low], [high - rate]], fmt="s",
            capsize=3, color=COLOURS.get(name, "black"),
            label=f"final vs {result['opponent'].replace(',seconds=1000', '')}: {rate:.1%} "
            f"of {result['games']} games",
        )
    ax.set_xlabel("training steps (learner decisions)")
    ax.set_ylabel("learner's win rate (95% Wilson)")
    ax.set_ylim(0, 1)
    ax.axhline(0.5, color="grey", lw=0.6, ls=":")
    ax.set_title("MaskablePPO on Konoten, 2 players: held-out deals, seats alternating",
                 fontsize=10)
    ax.legend(fontsize=7, loc="center left", bbox_to_anchor=(0.02, 0.64))
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=22.0, help="training wall-clock budget")
    parser.add_argument("--steps", type=int, default=10**9, help="training steps at most")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results"))
    parser.add_argument("--quick", action="store_true", help="a smoke run of a few seconds")
    parser.add_argument("--eval-every", type=int, default=40_000)
    parser.add_argument("--eval-games", type=int, default=40)
    parser.add_argument("--final-games", type=int, default=200)
    parser.add_argument("--mcts-iterations", type=int, default=MCTS_ITERATIONS)
    parser.add_argument("--final", default="random,greedy,mcts",
                        help="final opponents, among random, greedy and mcts")
    parser.add_argument("--evaluate", metavar="NPZ",
                        help="no training: play the final games of this policy file and "
                             "update the results in --out")
    parser.add_argument("--workers", type=int, default=2, help="processes for evaluations")
    parser.add_argument("--threads", type=int, default=1, help="torch threads")
    parser.add_argument("--net", default="64,64", help="hidden layer widths")
    parser.add_argument("--mix", default="greedy:5,self:2,random:1",
                        help="opponents of the 8 environments after the warm-up")
    parser.add_argument("--warmup", type=float, default=WARMUP,
                        help="share of the budget against random opponents only")
    parser.add_argument("--shaped", type=float, default=0.05, help="shaped reward per VP")
    parser.add_argument("--n-steps", type=int, default=256, help="rollout steps per env")
    parser.add_argument("--batch-size", type=int, default=256)
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--ship", action="store_true", help="copy the policy into the package")
    parser.add_argument("--replot", action="store_true",
                        help="only redraw ppo_konoten.png from the results in --out")
    args = parser.parse_args(argv)
    if args.replot:
        report = json.loads((Path(args.out) / "ppo_konoten.json").read_text())
        plot(report["curve"], report.get("final", {}), Path(args.out) / "ppo_konoten.png")
        return 0
    if args.quick:
        args.steps, args.n_steps, args.batch_size, args.epochs = 256, 32, 64, 1
        args.eval_every, args.eval_games, args.final_games = 256, 2, 2
        args.mcts_iterations, args.workers = 2, 0
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    results = out / "ppo_konoten.json"
    workers = Workers(args.workers)
    try:
        if args.evaluate:
            network = PolicyNetwork.load(args.evaluate)
            report = json.loads(results.read_text()) if results.exists() else {"curve": []}
            report["evaluated"] = str(args.evaluate)
        else:
            trained = train(args, workers)
            network = trained.pop("network")
            settings = {k: v for k, v in vars(args).items() if k not in ("out", "ship")}
            report = {
                "game": GAME, "players": PLAYERS, "envs": ENVS, "settings": settings,
                "cpus": os.cpu_count(), **trained,
            }
        # --evaluate keeps the final results of the opponents it does not play again
        final = report["final"] = {} if not args.evaluate else report.get("final", {})
        report["mcts_spec"] = f"mcts:iterations={args.mcts_iterations},seconds=1000"
        results.write_text(json.dumps(report, indent=2) + "\n")
        for name in filter(None, args.final.split(",")):
            spec = report["mcts_spec"] if name == "mcts" else name

            def save(summary: dict[str, Any], name: str = name) -> None:
                final[name] = summary  # written as games finish: a long run can be read
                results.write_text(json.dumps(report, indent=2) + "\n")

            per_task = 5 if name == "mcts" else 0
            result = evaluate(
                network, spec, args.final_games, FINAL_SEEDS, workers, save, per_task
            )
            print(
                f"final vs {spec}: {result['wins']:g}/{result['games']} = {result['rate']:.3f} "
                f"[{result['ci95'][0]:.3f}, {result['ci95'][1]:.3f}] in {result['seconds']} s",
                flush=True,
            )
    finally:
        workers.close()
    plot(report["curve"], final, out / "ppo_konoten.png")
    print(f"wrote {results} and ppo_konoten.png in {out}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
