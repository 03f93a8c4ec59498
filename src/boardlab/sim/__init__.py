"""Simulation: play many games between agents, on all cores or a Ray cluster, and summarise.

>>> from boardlab.sim import SimConfig, run
>>> result = run(SimConfig("compounded", players=3, games=500, seed=1, agents=("greedy",)))
>>> result.summary.to_json()["wins"]

Game ``g`` of a run seeded ``S`` is played with seed ``S + g``; see ``boardlab.sim.config``
for the agents' seeds and seat rotation, ``boardlab.sim.summary`` for how ties count.
"""

from boardlab.sim.config import SimConfig, agent_seed, game_seed, split_agents
from boardlab.sim.play import GameFailed, play_game
from boardlab.sim.ratings import Rating
from boardlab.sim.record import GameRecord
from boardlab.sim.runner import SimResult, run
from boardlab.sim.stats import wilson_interval
from boardlab.sim.summary import Standing, Summary, summarise

__all__ = [
    "GameFailed",
    "GameRecord",
    "Rating",
    "SimConfig",
    "SimResult",
    "Standing",
    "Summary",
    "agent_seed",
    "game_seed",
    "play_game",
    "run",
    "split_agents",
    "summarise",
    "wilson_interval",
]
