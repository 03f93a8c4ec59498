"""Bot seats play in the background: one task per game while a bot is to move.

The agent chooses on a clone in a worker thread (the server keeps answering), then the move
goes through the same path as a person's, with the decision id it chose for: if the game
moved on meanwhile (an undo, another process), the bot looks again.
"""

from __future__ import annotations

import asyncio
import logging

from boardlab.agents import Agent, from_spec
from boardlab.web.service import Refusal, Service

log = logging.getLogger(__name__)


class Bots:
    """Runs the bot seats of every game this process changes."""

    def __init__(self, service: Service, delay: float = 0.0) -> None:
        self.service = service
        self.delay = delay  # seconds a bot waits before each move, so people can follow
        self.running: dict[str, asyncio.Task[None]] = {}
        self._agents: dict[tuple[str, int], Agent] = {}

    def changed(self, game_id: str) -> None:
        """Start ``game_id``'s bot task if a bot is to move and none runs."""
        if game_id not in self.running and self._bot_to_move(game_id) is not None:
            task = asyncio.get_running_loop().create_task(self._play(game_id))
            self.running[game_id] = task

    async def resume(self) -> None:
        """Start the bots of every unfinished game whose seat to move is a bot."""
        for game_id in await self.service.bot_turns():
            try:
                await self.service.current(game_id)
            except Exception:
                log.exception("game %s cannot be rebuilt; its bots stay idle", game_id)
                continue
            self.changed(game_id)

    async def stop(self) -> None:
        """Cancel every bot task."""
        tasks = list(self.running.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.running.clear()

    def _bot_to_move(self, game_id: str) -> int | None:
        game = self.service.cache.get(game_id)
        if game is None or game.state.is_over:
            return None
        seat = game.state.to_move
        if seat is None or game.seats[seat].kind != "bot":
            return None
        return seat

    def _agent(self, game_id: str, seat: int) -> Agent:
        agent = self._agents.get((game_id, seat))
        if agent is None:
            game = self.service.cache[game_id]
            spec = game.seats[seat].agent or "random"
            agent = from_spec(spec, seed=game.record.seed + 7919 * (seat + 1))
            self._agents[(game_id, seat)] = agent
        return agent

    async def _play(self, game_id: str) -> None:
        refused_at: tuple[int, int] | None = None
        try:
            while True:
                seat = self._bot_to_move(game_id)
                if seat is None:
                    break
                game = self.service.cache[game_id]
                decision = game.state.decision
                assert decision is not None
                here = (game.version, decision.id)
                if here == refused_at:
                    log.error("the bot of seat %s in game %s was refused twice", seat, game_id)
                    break
                twin = game.state.clone()
                if self.delay:
                    await asyncio.sleep(self.delay)
                action = await asyncio.to_thread(self._agent(game_id, seat).choose, twin)
                try:
                    await self.service.move(game_id, "", decision.id, action.id, bot_seat=seat)
                except Refusal:
                    refused_at = here
                    await self.service.current(game_id)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the bots of game %s stopped", game_id)
        finally:
            self.running.pop(game_id, None)
            for key in [k for k in self._agents if k[0] == game_id and self._done(game_id)]:
                del self._agents[key]

    def _done(self, game_id: str) -> bool:
        game = self.service.cache.get(game_id)
        return game is None or game.state.is_over
