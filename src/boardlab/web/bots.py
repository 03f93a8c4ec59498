"""Bot seats play in the background: one task per game while a bot is to move.

The agent chooses in a worker process (``workers.BotPool``: the server keeps answering, and
a thinking bot holds neither its event loop nor its interpreter), then the move goes
through the same path as a person's, with the decision id it chose for: if the game moved
on meanwhile (an undo, another process), the bot looks again. A bot that does not choose
within the pool's time limit plays a random option of the decision instead. The games
whose every seat is a bot share a rate of moves (``Settings.bot_only_rate``): nobody waits
for them, and unpaced they would take the server's time from people's moves.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time

from boardlab.web.positions import decision_id
from boardlab.web.service import Game, Refusal, Service
from boardlab.web.workers import BotPool

log = logging.getLogger(__name__)


class Bots:
    """Runs the bot seats of every game this process changes."""

    def __init__(self, service: Service, pool: BotPool, delay: float = 0.0,
                 bot_only_rate: float = 20.0) -> None:
        self.service = service
        self.pool = pool
        self.delay = delay  # seconds a bot waits before each move, so people can follow
        self.bot_only_gap = 1.0 / bot_only_rate
        self._next_bot_only = 0.0  # when the next move of a bot-only game may be made
        self.running: dict[str, asyncio.Task[None]] = {}
        self.fallbacks = 0  # moves played by the cheap choice since the server started

    def changed(self, game_id: str) -> None:
        """Start ``game_id``'s bot task if a bot is to move and none runs."""
        game = self.service.cache.get(game_id)
        if game_id not in self.running and game is not None and _bot_to_move(game) is not None:
            task = asyncio.get_running_loop().create_task(self._play(game_id))
            self.running[game_id] = task

    def forgotten(self, game_id: str) -> None:
        """The service let ``game_id`` leave memory: so does its worker."""
        if game_id not in self.running:
            self.pool.forget(game_id)

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
        """Cancel every bot task and stop the workers."""
        tasks = list(self.running.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.running.clear()
        await self.pool.close()

    async def _play(self, game_id: str) -> None:
        refused_at: tuple[int, int] | None = None
        try:
            while True:
                game = await self.service.cached(game_id)
                seat = _bot_to_move(game)
                if seat is None:
                    break
                decision = game.state.decision
                assert decision is not None
                here = (game.version, decision.id)
                position = decision_id(game)  # the id as pages see it (positions.py)
                if here == refused_at:
                    log.error("the bot of seat %s in game %s was refused twice", seat, game_id)
                    break
                if self.delay:
                    await asyncio.sleep(self.delay)
                if all(s.kind == "bot" for s in game.seats):
                    await self._bot_only_turn()
                action = await self._choose(game, seat, decision.id)
                try:
                    assert position is not None
                    await self.service.move(game_id, "", position, action, bot_seat=seat)
                except Refusal:
                    refused_at = here
                    await self.service.current(game_id)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the bots of game %s stopped", game_id)
        finally:
            self.running.pop(game_id, None)
            known = self.service.cache.get(game_id)
            if known is None or known.state.is_over:
                self.pool.forget(game_id)

    async def _bot_only_turn(self) -> None:
        """Wait for the next free slot of the bot-only games' shared rate."""
        now = time.monotonic()
        slot = max(now, self._next_bot_only)
        self._next_bot_only = slot + self.bot_only_gap
        if slot > now:
            await asyncio.sleep(slot - now)

    async def _choose(self, game: Game, seat: int, decision: int) -> str:
        """The bot's choice in its worker, or a random option if it gave none in time."""
        record = game.record
        pending = game.state.decision  # the game may move on while the bot thinks
        assert pending is not None
        spec = game.seats[seat].agent or "random"
        chosen = await self.pool.choose(
            game.id, (record.game, record.players, record.seed, record.options),
            game.version, [m.action for m in game.moves], seat, spec,
            record.seed + 7919 * (seat + 1), decision)
        if chosen is not None:
            return chosen
        self.fallbacks += 1
        pick = random.Random(f"{game.id}/{len(game.moves)}/{seat}")
        return pick.choice(pending.options).id


def _bot_to_move(game: Game) -> int | None:
    """The seat to move in ``game`` if it is a bot's, else ``None``."""
    if game.state.is_over:
        return None
    seat = game.state.to_move
    if seat is None or game.seats[seat].kind != "bot":
        return None
    return seat
