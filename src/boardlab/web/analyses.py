"""Analyses of finished games as background jobs, and hints for the decision at hand.

An analysis is one row of ``analyses`` per game and setting (``seconds=S``): the first
request inserts it and runs the job in a worker process (``thinkers.ThinkPool``); every
later request for the same game and setting gets that row (its progress, then its result),
from any server process and after a restart. A running job writes a sign of life at least
every ``BEAT`` seconds; one not heard of for ``ALIVE_SECONDS`` was abandoned (its server
stopped) and the next request for it starts it again. Each game runs at most one job at a
time, and each server process at most ``Settings.analysis_jobs``.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from boardlab.web.positions import decision_id
from boardlab.web.service import Game, Refusal, Service
from boardlab.web.settings import Settings
from boardlab.web.store import Job
from boardlab.web.thinkers import Failed, Task, ThinkPool

log = logging.getLogger(__name__)

BEAT = 1.0  # seconds between two writes of a running job's progress
ALIVE_SECONDS = 60.0  # a running job not heard of for this long was abandoned
HINT_QUEUE = 8  # hint requests waiting for the hint worker, beyond which one is refused


def setting_key(seconds: float) -> str:
    """The name of a setting in the database: ``seconds=0``, ``seconds=0.5``."""
    return f"seconds={seconds:g}"


def setup_of(game: Game) -> tuple[str, int, int, dict[str, Any]]:
    record = game.record
    return record.game, record.players, record.seed, record.options


def job_json(job: Job, seconds: float, alive_since: float) -> dict[str, Any]:
    """The API's answer for ``job``: status, progress in percent, the result once done."""
    status, error = job.status, job.error
    if status == "running" and job.updated_at < alive_since:
        status, error = "failed", "the server running it stopped: ask for it again"
    if status == "done":
        percent = 100
    elif job.total:
        percent = min(99, 100 * job.done // job.total)
    else:
        percent = 0
    return {"game": job.game_id, "setting": {"seconds": seconds}, "status": status,
            "done": job.done, "total": job.total, "percent": percent,
            "analysis": job.result if status == "done" else None, "error": error}


class Analyses:
    """Starts, runs and reports the analyses of this server process, and answers hints."""

    def __init__(self, service: Service, pool: ThinkPool, hint_pool: ThinkPool,
                 settings: Settings) -> None:
        self.service = service
        self.store = service.store
        self.pool = pool
        self.hint_pool = hint_pool
        self.settings = settings
        self.running: dict[tuple[str, str], asyncio.Task[None]] = {}

    # ------------------------------------------------------------------ analyses
    async def start(self, game_id: str, seconds: float) -> tuple[dict[str, Any], bool]:
        """The analysis of a finished game at ``seconds``, started unless it ran or runs;
        whether it is still running (409 for a game not over, or another setting of the
        same game running; 429 when this server runs all the analyses it may)."""
        game = await self.service.current(game_id)
        if not game.state.is_over:
            raise Refusal(409, "a game is analysed once it is over")
        key = setting_key(seconds)
        alive_since = time.time() - ALIVE_SECONDS
        job = await self.store.job(game_id, key)
        if job is None or job.status == "failed" or (
                job.status == "running" and job.updated_at < alive_since):
            busy = [s for s in await self.store.running_jobs(game_id, alive_since) if s != key]
            if busy:
                raise Refusal(409, f"this game is being analysed already ({busy[0]}): ask "
                                   "again once that analysis is done")
            if len(self.running) >= self.settings.analysis_jobs:
                raise Refusal(429, "this server is analysing as many games as it may: try "
                                   "again in a minute")
            if await self.store.take_job(game_id, key, alive_since):
                task = asyncio.get_running_loop().create_task(self._run(game, key, seconds))
                self.running[(game_id, key)] = task
            job = await self.store.job(game_id, key)
            assert job is not None
        answer = job_json(job, seconds, alive_since)
        return answer, answer["status"] == "running"

    async def read(self, game_id: str, seconds: float) -> dict[str, Any]:
        """The analysis of ``game_id`` at ``seconds`` as it stands (404 if never asked for)."""
        await self.service.current(game_id)
        job = await self.store.job(game_id, setting_key(seconds))
        if job is None:
            raise Refusal(404, f"this game has no analysis at {setting_key(seconds)} yet: "
                               "ask for one with POST")
        return job_json(job, seconds, time.time() - ALIVE_SECONDS)

    async def _run(self, game: Game, key: str, seconds: float) -> None:
        progress = [0, 0]  # decisions judged, decisions to judge

        def report(done: int, total: int) -> None:
            progress[:] = [done, total]

        async def beat() -> None:
            while True:
                await asyncio.sleep(BEAT)
                await self.store.job_progress(game.id, key, *progress)  # a sign of life too

        beating = asyncio.get_running_loop().create_task(beat())
        task = Task("analyse", setup_of(game), tuple(m.action for m in game.moves),
                    seconds=seconds)
        try:
            found = await self.pool.run(task, self.settings.analysis_job_seconds, report)
            beating.cancel()
            await self.store.finish_job(game.id, key, found)
        except Failed as error:
            beating.cancel()
            log.warning("the analysis of game %s at %s failed: %s", game.id, key, error)
            await self.store.finish_job(game.id, key, None, f"the analysis failed: {error}")
        except Exception:
            beating.cancel()
            log.exception("the analysis of game %s at %s failed", game.id, key)
            await self.store.finish_job(game.id, key, None, "the analysis failed")
        finally:
            beating.cancel()
            self.running.pop((game.id, key), None)

    async def stop(self) -> None:
        """Cancel the running jobs (their rows are taken over after a restart) and stop the
        workers."""
        tasks = list(self.running.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.pool.close()
        await self.hint_pool.close()

    # ------------------------------------------------------------------ hints
    async def hint(self, game: Game, seat: int, decision: int) -> dict[str, Any]:
        """The options rated highest for ``seat``'s pending ``decision`` (the server's id),
        from that seat's knowledge only; counted once per decision (403 in a game made
        without hints; 409 when the seat is not to move or the decision is gone)."""
        if not game.record.hints:
            raise Refusal(403, "this game was created without hints")
        pending = game.state.decision
        if pending is None:
            raise Refusal(409, "the game is over")
        if pending.player != seat:
            raise Refusal(409, f"it is not your turn: P{pending.player + 1} is to move")
        if decision != decision_id(game):
            raise Refusal(409, f"decision {decision} is no longer pending (reload the page)")
        if self.hint_pool.waiting >= HINT_QUEUE:
            raise Refusal(429, "too many hints are being worked out: try again in a moment")
        task = Task("hints", setup_of(game), tuple(m.action for m in game.moves), seat=seat,
                    decision=pending.id)
        try:
            found = await self.hint_pool.run(task, self.settings.hint_seconds)
        except Failed as error:
            raise Refusal(503, f"no hint could be worked out: {error}") from None
        await self.store.count_hint(game.id, seat, decision)
        used = await self.store.hints_used(game.id)
        return {"decision": decision, "hints": found, "used": used[seat]}

    async def hints_used(self, game: Game) -> list[int] | None:
        """How many hints each seat used, or ``None`` in a game made without hints."""
        return await self.store.hints_used(game.id) if game.record.hints else None
