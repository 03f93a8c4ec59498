"""``boardlab serve``: the browser game server (lobby, seats, live boards, replays)."""

from __future__ import annotations

import os
from typing import Annotated

import typer

from boardlab.cli.app import app
from boardlab.cli.errors import fail, missing_module

DEFAULT_DB = "sqlite:///boardlab.db"


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="The TCP port to listen on.")] = 8000,
    db: Annotated[
        str,
        typer.Option(help="Where games are stored: sqlite:///file.db (the default, a file "
                          "here) or postgresql+psycopg://user@host/db."),
    ] = DEFAULT_DB,
    workers: Annotated[
        int, typer.Option(help="Server processes; more than 1 needs PostgreSQL.")
    ] = 1,
    bot_delay: Annotated[
        float, typer.Option(help="Seconds a bot waits before each move, so people can follow.")
    ] = 0.0,
) -> None:
    """Serve boardlab in the browser: open the printed address, create a game and play.

    Every move is stored before it is acknowledged, so a restarted server continues every
    game where it stopped.
    """
    if not 0 < port < 65536:
        fail(f"--port {port} is not a TCP port (1 to 65535)")
    if workers < 1:
        fail(f"--workers {workers}: give 1 or more server processes")
    if bot_delay < 0 or bot_delay != bot_delay:
        fail(f"--bot-delay {bot_delay}: give a number of seconds, 0 or more")
    try:
        import uvicorn

        from boardlab.web import db as database
    except ImportError as error:
        fail(f"boardlab serve needs the web extra ({missing_module(error)} is missing): "
             "run `make serve`, or pip install 'boardlab[web]'")
    try:
        database.check_url(db)
    except ValueError as error:
        fail(f"--db: {error}")
    if workers > 1 and not database.is_postgres(db):
        fail("--workers above 1 needs PostgreSQL (--db postgresql+psycopg://...): "
             "the processes share moves through it")
    try:
        database.migrate(db)
    except Exception as error:
        fail(f"--db: cannot prepare the database {db}: {error}")
    os.environ["BOARDLAB_DB"] = db
    os.environ["BOARDLAB_BOT_DELAY"] = str(bot_delay)
    shown = f"[{host}]" if ":" in host else host
    typer.echo(f"boardlab is serving at http://{shown}:{port}/ (games stored in {db}); "
               "press Ctrl+C to stop", err=False)
    uvicorn.run("boardlab.web.app:app_from_env", factory=True, host=host, port=port,
                workers=workers, access_log=False, log_level="warning", timeout_keep_alive=30)
