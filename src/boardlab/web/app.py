"""The application: storage, the game service, live sockets, bots, routes and pages."""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import AsyncIterator

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from boardlab.web import api, pages, ws
from boardlab.web.bots import Bots
from boardlab.web.db import DEFAULT_URL, is_postgres, make_store, migrate
from boardlab.web.listen import listen
from boardlab.web.live import Hub
from boardlab.web.service import Refusal, Service


def create_app(db_url: str, *, run_bots: bool = True, bot_delay: float = 0.0) -> FastAPI:
    """The boardlab server on the database ``db_url`` (migrated to the newest schema now);
    bot seats play in the background unless ``run_bots`` is false."""
    migrate(db_url)
    postgres = is_postgres(db_url)
    store = make_store(db_url)
    service = Service(store)
    hub = Hub(service)
    bots = Bots(service, delay=bot_delay)
    service.listeners.append(hub.changed)
    if run_bots:
        service.listeners.append(bots.changed)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        listener = None
        if postgres:
            ready = asyncio.Event()
            listener = asyncio.create_task(listen(db_url, hub.notified, ready))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(ready.wait(), timeout=10)
        if run_bots:
            await bots.resume()
        try:
            yield
        finally:
            await bots.stop()
            if listener is not None:
                listener.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await listener
            await hub.close()
            await store.dispose()

    app = FastAPI(title="boardlab", lifespan=lifespan, docs_url="/api/docs",
                  openapi_url="/api/openapi.json", redoc_url=None)
    app.state.service, app.state.hub, app.state.bots = service, hub, bots
    app.add_exception_handler(Refusal, _refused)  # type: ignore[arg-type]
    app.add_exception_handler(HTTPException, _http_error)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, _invalid)  # type: ignore[arg-type]
    app.include_router(api.router)
    app.include_router(ws.router)
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=pages.STATIC), name="static")
    return app


def app_from_env() -> FastAPI:
    """The server on ``$BOARDLAB_DB`` (default a SQLite file here), for ``uvicorn --factory``;
    ``$BOARDLAB_BOT_DELAY`` seconds before each bot move."""
    delay = float(os.environ.get("BOARDLAB_BOT_DELAY", "0") or 0)
    return create_app(os.environ.get("BOARDLAB_DB", DEFAULT_URL), bot_delay=delay)


async def _refused(_request: Request, refusal: Refusal) -> JSONResponse:
    return JSONResponse({"error": refusal.message}, status_code=refusal.status)


async def _http_error(_request: Request, error: HTTPException) -> JSONResponse:
    message = "there is no such page" if error.status_code == 404 else str(error.detail)
    return JSONResponse({"error": message}, status_code=error.status_code,
                        headers=getattr(error, "headers", None))


async def _invalid(_request: Request, error: RequestValidationError) -> JSONResponse:
    first = error.errors()[0] if error.errors() else {}
    where = ".".join(str(part) for part in first.get("loc", ()))
    return JSONResponse({"error": f"bad request: {where} {first.get('msg', '')}".strip()},
                        status_code=422)
