"""Playing the games of a run: one game, or a chunk of games inside a worker."""

from __future__ import annotations

import json
import time
from collections.abc import Iterable

from boardlab.agents import from_spec
from boardlab.api import new
from boardlab.engine import GameState
from boardlab.sim.census import Tally
from boardlab.sim.config import SimConfig
from boardlab.sim.plugins import load_plugins
from boardlab.sim.record import GameRecord, Outcome
from boardlab.tuning import tuning


class GameFailed(RuntimeError):
    """A game or an agent raised while a game was played; the message says how to replay it."""


def play_game(config: SimConfig, index: int, keep_state: bool = False) -> GameRecord:
    """Play game ``index`` of ``config`` to the end; ``record.save`` holds it if ``keep_state``
    (its ``save_line``).

    >>> record = play_game(SimConfig("compounded", players=3, games=10, seed=1), 4)
    >>> record.seed
    5
    """
    started = time.perf_counter()
    searches = [0] * config.players
    iterations = [0] * config.players
    tally = Tally() if config.census else None
    state = play_state(config, index, searches, iterations, tally)
    seconds = time.perf_counter() - started
    roles = tuning(config.game).roles
    outcome = state.outcome()
    return GameRecord(
        index=index,
        game=config.game,
        seed=state.seed,
        options=config.options,
        agents=config.seat_agents(index),
        scores=tuple(state.scores()),
        winners=tuple(state.winners()),
        decisions=len(state.history),
        roles=roles(state) if roles is not None else (),
        outcome=Outcome(
            tuple(outcome["sides"]), tuple(outcome["scores"]), tuple(outcome["winners"])
        ),
        seconds=seconds,
        searches=tuple(searches),
        iterations=tuple(iterations),
        save=save_line(state, index, config.seat_agents(index)) if keep_state else None,
        census=tally.census(state) if tally is not None else None,
    )


def save_line(state: GameState, index: int, agents: tuple[str, ...]) -> str:
    """The game's save (``state.to_json()``'s object) led by a ``"run"`` key, which
    ``boardlab.load`` ignores: the game's index in its run and each seat's agent, so a
    ``--save`` file written in finishing order is read by game number
    (``boardlab replay FILE --game K``)."""
    data = {"run": {"index": index, "agents": list(agents)}, **state.save_data()}
    return json.dumps(data, separators=(",", ":"))


def play_state(
    config: SimConfig,
    index: int,
    searches: list[int],
    iterations: list[int],
    tally: Tally | None = None,
) -> GameState:
    """The final state of game ``index`` of ``config``; ``GameFailed`` if a game or agent raises.

    ``searches`` and ``iterations`` (one count per seat) add up the decisions each seat's
    agent searched and the iterations it spent (its ``last_iterations``)."""
    seed = config.game_seed(index)
    specs = config.seat_agents(index)
    state: GameState | None = None
    try:
        state = new(config.game, config.players, seed, **config.options)
        agents = [
            from_spec(spec, seed=agent_seed)
            for spec, agent_seed in zip(specs, config.agent_seeds(index), strict=True)
        ]
        limit = config.max_decisions
        while True:
            seat = state.to_move
            if seat is None:
                return state
            if len(state.history) >= limit:
                raise RuntimeError(f"the game did not end within {limit} decisions")
            agent = agents[seat]
            action = agent.choose(state)
            if tally is not None and state.decision is not None:
                tally.see(state.decision, action)
            state.apply(action)
            spent = getattr(agent, "last_iterations", 0)
            if spent:
                searches[seat] += 1
                iterations[seat] += spent
    except Exception as error:
        where = f" after {len(state.history)} decisions" if state is not None else ""
        raise GameFailed(
            f"game {index} of {config.game} (seed {seed}, agents {', '.join(specs)}) "
            f"failed{where}: {type(error).__name__}: {error}"
        ) from error


def play_chunk(config: SimConfig, indices: Iterable[int], keep_state: bool) -> list[GameRecord]:
    """Play games ``indices`` of ``config`` in this process, loading its plugins first."""
    load_plugins(config.plugins)
    return [play_game(config, index, keep_state) for index in indices]
