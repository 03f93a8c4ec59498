"""``boardlab serve``: the browser game server (lobby, seats, live boards, replays)."""

from __future__ import annotations

import os
import socket
from typing import Annotated

import typer

from boardlab.cli.app import app
from boardlab.cli.errors import fail, missing_module

DEFAULT_DB = "sqlite:///boardlab.db"
BACKLOG = 2048  # connections waiting to be accepted, per process (uvicorn's default)


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
    bot_workers: Annotated[
        int | None, typer.Option(help="Processes where bots think, per server process "
                                      "(default: the cores but one, at least 1).")
    ] = None,
    bot_niceness: Annotated[
        int, typer.Option(help="How far below the server's the bot processes' scheduling "
                               "priority is (0 to 19), so people's moves come first.")
    ] = 10,
    bot_move_seconds: Annotated[
        float, typer.Option(help="A bot's time for one move; past it the bot plays a random "
                                 "option and its worker restarts.")
    ] = 15.0,
    bot_games: Annotated[
        int, typer.Option(help="Unfinished games with bots in every seat, at most (429 past).")
    ] = 20,
    bot_only_rate: Annotated[
        float, typer.Option(help="Moves per second of all the games with bots alone, "
                                 "together.")
    ] = 20.0,
    games_per_client: Annotated[
        int, typer.Option(help="Games one client address may create or upload in an hour "
                               "(429 past).")
    ] = 100,
    idle_seconds: Annotated[
        float, typer.Option(help="A game unused this long leaves memory; it is rebuilt from "
                                 "its log when next asked for.")
    ] = 600.0,
    analysis_jobs: Annotated[
        int, typer.Option(help="Analyses of finished games running at once, per server "
                               "process, each in a process of its own (429 past).")
    ] = 1,
    analysis_job_seconds: Annotated[
        float, typer.Option(help="An analysis's time limit; past it the analysis fails.")
    ] = 1200.0,
    allowed_host: Annotated[
        list[str] | None,
        typer.Option(help="A host name browsers may reach the server by, besides localhost "
                          "and --host (repeat for several); with --host 0.0.0.0 and none "
                          "given, any name is answered."),
    ] = None,
    max_body: Annotated[
        int, typer.Option(help="The largest request body in bytes (413 past).")
    ] = 2 * 1024 * 1024,
) -> None:
    """Serve boardlab in the browser: open the printed address, create a game and play.

    Every move is stored before it is acknowledged, so a restarted server continues every
    game where it stopped.
    """
    if not 0 < port < 65536:
        fail(f"--port {port} is not a TCP port (1 to 65535)")
    if workers < 1:
        fail(f"--workers {workers}: give 1 or more server processes")
    try:
        import uvicorn

        from boardlab.web import db as database
        from boardlab.web.edge import Edge
        from boardlab.web.protocols import UVICORN_OPTIONS
        from boardlab.web.security import allowed_hosts
        from boardlab.web.settings import Settings, default_bot_workers
    except ImportError as error:
        fail(f"boardlab serve needs the web extra ({missing_module(error)} is missing): "
             "run `make serve`, or pip install 'boardlab[web]'")
    try:
        settings = Settings(bot_workers=bot_workers or default_bot_workers(),
                            bot_niceness=bot_niceness,
                            bot_move_seconds=bot_move_seconds, bot_delay=bot_delay,
                            bot_games=bot_games, bot_only_rate=bot_only_rate,
                            games_per_client=games_per_client,
                            idle_seconds=idle_seconds, analysis_jobs=analysis_jobs,
                            analysis_job_seconds=analysis_job_seconds)
    except ValueError as error:
        fail(f"--{str(error).split()[0].replace('_', '-')}: {error}")
    try:
        edge = Edge(allowed_hosts=allowed_hosts(host, allowed_host or ()), max_body=max_body)
    except ValueError as error:
        fail(f"--max-body: {error}")
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
    os.environ.update(settings.to_env())
    os.environ.update(edge.to_env())
    shown = f"[{host}]" if ":" in host else host
    options = {"app": "boardlab.web.app:app_from_env", "factory": True, "host": host,
               "port": port, "access_log": False, "log_level": "warning", **UVICORN_OPTIONS}
    sockets: list[socket.socket] = []
    if workers > 1:  # each process with a listening socket of its own (web/processes.py)
        from boardlab.web.processes import listening_sockets

        try:
            sockets = listening_sockets(host, port, workers, backlog=BACKLOG)
        except OSError as error:
            fail(f"--port {port}: cannot listen on {shown}:{port}: {error.strerror or error}")
    typer.echo(f"boardlab is serving at http://{shown}:{port}/ (games stored in {db}); "
               "press Ctrl+C to stop", err=False)
    if workers == 1:
        uvicorn.run(**options)
        return
    from boardlab.web.processes import run_processes

    run_processes(sockets, options)
