"""The application: storage, the game service, live sockets, bots, routes and pages."""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import os
from collections.abc import AsyncIterator
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from boardlab.web import analysis_api, api, pages, ws
from boardlab.web.analyses import Analyses
from boardlab.web.bots import Bots
from boardlab.web.db import DEFAULT_URL, is_postgres, make_store, migrate
from boardlab.web.edge import Edge, guard
from boardlab.web.hot import refused
from boardlab.web.listen import Watches, listen
from boardlab.web.live import Hub
from boardlab.web.schemas import document_bodies
from boardlab.web.service import Refusal, Service
from boardlab.web.settings import Settings
from boardlab.web.thinkers import ThinkPool
from boardlab.web.workers import BotPool

# FastAPI's own OpenTelemetry support (where its version has it) would otherwise look up
# the providers on every request.
QUIET: dict[str, Any] = ({"telemetry": {"tracing": False, "metrics": False, "logs": False}}
                         if "telemetry" in inspect.signature(FastAPI).parameters else {})


def create_app(db_url: str, *, run_bots: bool = True, settings: Settings | None = None,
               edge: Edge | None = None) -> FastAPI:
    """The boardlab server on the database ``db_url`` (migrated to the newest schema now)
    within the bounds of ``settings``, answering for the hosts and bodies ``edge`` allows;
    bot seats play in the background unless ``run_bots`` is false."""
    migrate(db_url)
    postgres = is_postgres(db_url)
    store = make_store(db_url)
    settings = settings or Settings()
    service = Service(store, settings)
    watches = Watches(db_url) if postgres else None
    hub = Hub(service, watches)
    pool = BotPool(settings.bot_workers, settings.bot_move_seconds, settings.bot_niceness)
    bots = Bots(service, pool, delay=settings.bot_delay, bot_only_rate=settings.bot_only_rate)
    analyses = Analyses(service,
                        ThinkPool(settings.analysis_jobs, settings.bot_niceness,
                                  "boardlab-analysis"),
                        ThinkPool(1, settings.bot_niceness, "boardlab-hints"), settings)
    service.listeners.append(hub.changed)
    service.forgotten.append(bots.forgotten)
    if run_bots:
        service.listeners.append(bots.changed)

    def heard(game_id: str, version: int | None) -> None:
        service.heard(game_id, version)
        hub.notified(game_id, version)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        listener = None
        if postgres:
            ready = asyncio.Event()
            listener = asyncio.create_task(listen(db_url, heard, ready))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(ready.wait(), timeout=10)
        if run_bots:
            await bots.resume()
        forgetting = asyncio.create_task(service.forget_idle_forever())
        try:
            yield
        finally:
            forgetting.cancel()
            await analyses.stop()
            await bots.stop()
            if listener is not None:
                listener.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await listener
            await hub.close()
            if watches is not None:
                await watches.close()
            await store.dispose()

    app = FastAPI(title="boardlab", lifespan=lifespan, docs_url=None,
                  openapi_url="/api/openapi.json", redoc_url=None, **QUIET)
    describe = app.openapi
    app.openapi = lambda: document_bodies(describe())  # type: ignore[method-assign]
    app.state.service, app.state.hub, app.state.bots = service, hub, bots
    app.state.analyses = analyses
    app.add_exception_handler(Refusal, _refused)  # type: ignore[arg-type]
    app.add_exception_handler(HTTPException, _http_error)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, _invalid)  # type: ignore[arg-type]
    app.include_router(api.router)
    app.include_router(analysis_api.router)
    app.include_router(ws.router)
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=pages.STATIC), name="static")
    guard(app, edge or Edge())
    return app


def app_from_env() -> FastAPI:
    """The server on ``$BOARDLAB_DB`` (default a SQLite file here), for ``uvicorn --factory``,
    with the settings of the ``$BOARDLAB_<SETTING>`` variables (``Settings.from_env``)."""
    return create_app(os.environ.get("BOARDLAB_DB", DEFAULT_URL), settings=Settings.from_env(),
                      edge=Edge.from_env())


async def _refused(_request: Request, refusal: Refusal) -> JSONResponse:
    return refused(refusal)


async def _http_error(request: Request, error: HTTPException) -> Response:
    message = "there is no such page" if error.status_code == 404 else str(error.detail)
    if not request.url.path.startswith("/api/"):  # a person's browser: a page, not JSON
        title = "Nothing here" if error.status_code == 404 else "Refused"
        return pages.error_page(error.status_code, title,
                                f"{message[:1].upper()}{message[1:]}.",
                                headers=getattr(error, "headers", None))
    return JSONResponse({"error": message}, status_code=error.status_code,
                        headers=getattr(error, "headers", None))


async def _invalid(_request: Request, error: RequestValidationError) -> JSONResponse:
    first = error.errors()[0] if error.errors() else {}
    where = ".".join(str(part) for part in first.get("loc", ()))
    return JSONResponse({"error": f"bad request: {where} {first.get('msg', '')}".strip()},
                        status_code=422)
