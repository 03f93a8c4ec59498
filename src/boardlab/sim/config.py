"""What a simulation plays: the game, its seeds, and which agent sits in which seat.

Seeds. Game ``g`` (0-based) is ``boardlab.new(game, players, seed + g, **options)``; the
agent in seat ``s`` of game ``g`` is made with ``agent_seed(seed, g, s)``. Both depend on
nothing else, so a game's result is the same whatever the backend, the number of workers
or the order in which games finish.

Same deals. With ``same_deals`` (which needs ``rotate_seats``), the ``N`` rotations of one
deal are played in a row: game ``g`` is dealt from ``seed + g // N``. Every agent then
plays every seat of every deal (and in Konoten every character board dealt), so the luck
of the deal cancels between agents, as in duplicate bridge, when GAMES is a multiple of N.

Seats. Without rotation, seat ``s`` is played by ``agents[s]``. With ``rotate_seats``,
game ``g`` shifts the list by ``g mod N``: seat ``s`` is played by ``agents[(s + g) % N]``,
so every agent sits in every seat equally often when the number of games is a multiple of
``N``. Rotations (not all ``N!`` permutations) are used because they balance seats with a
period of ``N`` games rather than ``N!``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from boardlab import agents
from boardlab.agents import from_spec, parse_spec
from boardlab.engine import registry
from boardlab.sim.plugins import defining_module, load_plugins

DEFAULT_AGENT = "random"
DEFAULT_MAX_DECISIONS = 100_000


def game_seed(seed: int, index: int, deal_repeats: int = 1) -> int:
    """The seed of game ``index`` of a run seeded ``seed``: ``seed + index // deal_repeats``
    (each deal played ``deal_repeats`` times in a row; 1 unless same deals are asked)."""
    return seed + index // deal_repeats


def agent_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the agent in ``seat`` of game ``index``: a 64-bit hash of the three numbers.

    >>> agent_seed(1, 0, 0) == agent_seed(1, 0, 0) != agent_seed(1, 0, 1)
    True
    """
    digest = hashlib.blake2b(f"{seed}/{index}/{seat}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little")


def agent_label(text: str) -> str:
    """The canonical text of an agent spec (``" mcts: iterations=9 "`` -> ``"mcts:iterations=9"``).

    Raises ``ValueError`` for an unknown agent or a malformed parameter.
    """
    name, params = parse_spec(text)
    if not params:
        return name
    return name + ":" + ",".join(f"{key}={_param_text(value)}" for key, value in params.items())


@dataclass(frozen=True, slots=True)
class SimConfig:
    """A run of ``games`` games of ``game`` for ``players`` seats, seeded ``seed``.

    ``agents`` holds one agent spec per seat, or one spec for every seat. ``plugins`` are
    modules defining a ``SPEC`` (games outside boardlab) that every process playing games
    imports and registers first; on Ray they are shipped with the job when boardlab starts
    or connects to the cluster. A game registered in this process with
    ``registry.register(SPEC)`` needs no plugin entry when the module defining its state
    class also defines that ``SPEC``: it is added by ``validated()``. A game still going
    after ``max_decisions`` decisions is stopped as failed (an agent stuck in a cycle).
    ``same_deals`` plays every rotation of the seats on the same deal (see the module).
    ``census`` records in each game's record what was played (``boardlab.sim.census``).

    >>> config = SimConfig("compounded", players=3, games=100, seed=7, agents=("random",))
    """

    game: str
    players: int
    games: int
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    agents: tuple[str, ...] = (DEFAULT_AGENT,)
    rotate_seats: bool = False
    plugins: tuple[str, ...] = ()
    same_deals: bool = False
    max_decisions: int = DEFAULT_MAX_DECISIONS
    census: bool = False

    def validated(self) -> SimConfig:
        """This config checked and normalised: options resolved, one canonical spec per seat.

        Raises ``ValueError`` saying what is wrong (unknown game, agent or option, bad player
        count, fewer than one game, a wrong number of agent specs).
        """
        load_plugins(self.plugins)
        spec = registry.spec(self.game)
        plugins = tuple(dict.fromkeys((*self.plugins, *defining_module(spec))))
        spec.check_players(self.players)
        if isinstance(self.games, bool) or not isinstance(self.games, int) or self.games < 1:
            raise ValueError(f"the number of games must be at least 1, got {self.games!r}")
        if not isinstance(self.max_decisions, int) or self.max_decisions < 1:
            raise ValueError(f"max_decisions must be at least 1, got {self.max_decisions!r}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise ValueError(f"the seed must be an integer, got {self.seed!r}")
        if self.same_deals and not self.rotate_seats:
            raise ValueError("same deals need rotated seats: add --rotate-seats")
        options = json.loads(json.dumps(spec.resolve_options(dict(self.options))))
        agents = tuple(self.agents) or (DEFAULT_AGENT,)
        if len(agents) == 1:
            agents = agents * self.players
        if len(agents) != self.players:
            raise ValueError(
                f"give one agent spec for every seat or one per seat: {len(agents)} specs "
                f"for {self.players} players"
            )
        labels = tuple(agent_label(text) for text in agents)
        for label in dict.fromkeys(labels):
            from_spec(label, seed=0)  # bad parameters are only found by making the agent
        return replace(self, options=options, agents=labels, plugins=plugins)

    def seat_agents(self, index: int) -> tuple[str, ...]:
        """The agent spec of each seat in game ``index`` (seat rotation applied)."""
        agents = self.agents if len(self.agents) == self.players else self.agents * self.players
        if not self.rotate_seats:
            return tuple(agents)
        shift = index % self.players
        return tuple(agents[(seat + shift) % self.players] for seat in range(self.players))

    def game_seed(self, index: int) -> int:
        """The seed of game ``index``."""
        return game_seed(self.seed, index, self.players if self.same_deals else 1)

    def agent_seeds(self, index: int) -> tuple[int, ...]:
        """The seed of each seat's agent in game ``index``."""
        return tuple(agent_seed(self.seed, index, seat) for seat in range(self.players))


def split_agents(text: str | Sequence[str]) -> tuple[str, ...]:
    """Agent specs from comma-separated text (see ``boardlab.agents.split_specs``)."""
    return agents.split_specs(text)


def _param_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
