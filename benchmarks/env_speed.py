"""Gymnasium environment steps per second against the engine's random playouts, per game.

    python benchmarks/env_speed.py --seconds 12 [--games konoten,scythe] [--players 2]

For each game, in one process, interleaved in short slices (so that a machine whose speed
drifts slows every figure alike): the engine's random-playout decisions per second (a
random agent's ``choose`` and ``apply`` until the game ends, fresh deals, as
``boardlab.bench``), and ``BoardlabEnv`` steps per second with random opponents and a
learner that picks a random legal index from the observation's mask (numpy's ``nonzero``
of the mask viewed as booleans, half the cost of ``nonzero`` on int8, and Python's
``random``: ``np.flatnonzero`` and ``Generator.integers`` would cost about an engine
decision themselves; episodes reset as they end, resets counted in the time), with each
kind of observation: the compiled encoder (``native``, the default), the Python fast
encoder (``python``) and the reference encoder of ``view(seat)`` (``view``). Each env step
is one learner decision plus the opponents' decisions up to its next one, observation and
mask included (``decisions/step``). ``ratio`` = env steps per second / engine decisions per
second: the figure of issue 18 (goal >= 0.3; it cannot pass 1 / decisions per step).
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import numpy as np

import boardlab
from boardlab.adapters.gymnasium import BoardlabEnv
from boardlab.agents import make
from boardlab.encoding.encodings import encodable_games
from boardlab.encoding.vectors import Observer
from boardlab.engine import GameState

SLICES = 6


class EnginePlayouts:
    """Random playouts of fresh deals, timed slice by slice."""

    def __init__(self, game: str, players: int, seed: int = 0) -> None:
        self.game, self.players, self.seed = game, players, seed
        self.decisions = 0
        self.seconds = 0.0
        self.played = 0
        self.state: GameState | None = None

    def run(self, seconds: float) -> None:
        began = time.perf_counter()
        deadline = began + seconds
        decisions = 0
        while time.perf_counter() < deadline:
            state = boardlab.new(self.game, self.players, self.seed + self.played)
            agent = make("random", seed=self.seed + self.played)
            while not state.is_over:
                state.apply(agent.choose(state))
                decisions += 1
            self.played += 1
        self.seconds += time.perf_counter() - began
        self.decisions += decisions

    @property
    def per_second(self) -> float:
        return self.decisions / self.seconds


class EnvSteps:
    """A Gymnasium environment stepped by a random masked learner, timed slice by slice."""

    def __init__(self, game: str, players: int, observer: str, seed: int = 0) -> None:
        self.env = BoardlabEnv(game, players=players, seed=seed)
        if observer != "native":
            self.env.observer = Observer(
                self.env.encodings, fast=observer == "python", native=False
            )
        self.rng = random.Random(seed)
        self.episodes = 0
        self.obs, _ = self.env.reset(seed=seed)
        self.steps = 0
        self.seconds = 0.0
        self.decisions = 0  # engine decisions of the finished episodes
        self.episode_steps = 0  # learner steps of the finished episodes

    def run(self, seconds: float) -> None:
        env, rng = self.env, self.rng
        obs = self.obs
        steps = episode = 0
        began = time.perf_counter()
        deadline = began + seconds
        while True:
            # the learner's own cost kept small: nonzero of the mask seen as booleans (half
            # the cost of nonzero on int8) and Python's generator (np.flatnonzero and
            # Generator.integers cost more than an engine decision)
            legal = obs["action_mask"].view(np.bool_).nonzero()[0]
            obs, _, terminated, truncated, _ = env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
            episode += 1
            if terminated or truncated:
                # counted for the decisions/step figure only; no seat sees it
                self.decisions += len(env.game_state.history)
                self.episode_steps += episode
                episode = 0
                self.episodes += 1
                obs, _ = env.reset(seed=self.episodes)
                if time.perf_counter() >= deadline:
                    break
        self.seconds += time.perf_counter() - began
        self.steps += steps
        self.obs = obs

    @property
    def per_second(self) -> float:
        return self.steps / self.seconds

    @property
    def decisions_per_step(self) -> float:
        return self.decisions / max(self.episode_steps, 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=12.0, help="time per figure")
    parser.add_argument("--games", default="", help="comma-separated games (default: all)")
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args(argv)
    games = [g for g in args.games.split(",") if g] or encodable_games()
    kinds = ("native", "python", "view")
    print(
        "| game | players | engine decisions/s | "
        + " | ".join(f"env steps/s ({kind}) | ratio ({kind})" for kind in kinds)
        + " | decisions/step |"
    )
    print("|---|---:|---:|" + "---:|---:|" * len(kinds) + "---:|")
    for game in games:
        engine = EnginePlayouts(game, args.players)
        envs = [EnvSteps(game, args.players, kind) for kind in kinds]
        part = args.seconds / SLICES
        for _ in range(SLICES):
            engine.run(part)
            for env in envs:
                env.run(part)
        base = engine.per_second
        figures = " | ".join(
            f"{env.per_second:,.0f} | {env.per_second / base:.3f}" for env in envs
        )
        print(
            f"| {game} | {args.players} | {base:,.0f} | {figures} "
            f"| {envs[0].decisions_per_step:.2f} |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
