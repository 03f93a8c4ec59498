"""boardlab in the browser: a FastAPI server with a lobby, seat pages, live boards and replays.

``create_app(db_url)`` builds the application; ``boardlab serve`` runs it on uvicorn.
"""

from __future__ import annotations

from boardlab.web.app import app_from_env, create_app

__all__ = ["app_from_env", "create_app"]
