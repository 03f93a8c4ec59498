"""``boardlab play``: a whole game in the terminal against bots, or bots alone to watch; a
saved game continued with ``--load``."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from boardlab.agents import Agent, from_spec
from boardlab.cli import display
from boardlab.cli.app import app
from boardlab.cli.errors import fail
from boardlab.cli.invocation import command_name
from boardlab.cli.options import (
    complete_game,
    game_spec,
    new_game,
    options_text,
    parse_options,
    parse_seat,
    split_agent_specs,
)
from boardlab.cli.savefile import PLAY_KEY, PlaySettings, read_game
from boardlab.cli.session import PlaySession, console_reader
from boardlab.engine import GameState

DEFAULT_BOT = "random"
WATCHING_DELAY = 0.5
"""Seconds between bot moves when nobody plays: slow enough to follow the game."""
RECAP = 6
"""Log entries shown again when a saved game is continued."""


@app.command()
def play(
    game: Annotated[
        str | None,
        typer.Argument(
            help="The game to play (see 'boardlab games'); not needed with --load.",
            autocompletion=complete_game,
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option("--players", "-n", help="Number of players \\[default: the game's minimum]."),
    ] = None,
    seat: Annotated[
        str | None,
        typer.Option(help="Your seat, from 0; omit it or give 'none' to watch bots play."),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="Seed of the game \\[default: a random one, shown].")
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="A game option as key=value (repeatable)."),
    ] = None,
    bots: Annotated[
        list[str] | None,
        typer.Option(
            help="Agent specs for the bot seats (every seat but yours), comma-separated: one "
            "spec for every bot seat, or one per bot seat in seat order (e.g. 'random' or "
            "'greedy,mcts:iterations=2000') \\[default: random].",
        ),
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(
            help="Write the whole game to this file at the end and when you leave "
            "\\[default with --load: the loaded file].",
        ),
    ] = None,
    load: Annotated[
        Path | None,
        typer.Option(
            help="Continue the game saved in this file, with its seats and bots "
            "(--seat, --bots and --delay change them).",
        ),
    ] = None,
    delay: Annotated[
        float | None,
        typer.Option(
            min=0,
            help="Seconds to wait after each bot move, to follow them \\[default: "
            f"{WATCHING_DELAY:g} when watching bots, else 0].",
        ),
    ] = None,
) -> None:
    """Play a game in the terminal against bots, or watch bots; --load continues a save.

    Answer with an option's number or id; '?' explains the options ('? N' one of them),
    'u' takes back your last decision, 'q' leaves (offering to save the game).
    """
    if load is not None:
        state, stored = _loaded(load, game, players, seed, option)
        if save is None:
            save = load
    else:
        if game is None:
            fail("give the GAME to play (see 'boardlab games'), or --load a saved game")
        stored = None
        spec = game_spec(game)
        count = spec.min_players if players is None else players
        game_seed = secrets.randbelow(2**31) if seed is None else seed
        state = new_game(game, count, game_seed, parse_options(option))
    count = state.players
    human = parse_seat(seat, count) if seat is not None or stored is None else stored.seat
    if save is not None and not save.parent.is_dir():
        fail(f"--save: directory {str(save.parent)!r} does not exist")
    if save is not None and save.is_dir():
        fail(f"--save: {str(save)!r} is a directory; give a file name")
    bot_seats = [s for s in range(count) if s != human]
    if bots is None and stored is not None and stored.seat == human:
        bot_specs = dict(stored.bots)
    else:
        bot_specs = assign_bots(split_agent_specs(bots), bot_seats)
    if delay is None and stored is not None and seat is None:
        delay = stored.delay
    pause = delay if delay is not None else (WATCHING_DELAY if human is None else 0.0)
    settings = PlaySettings(human, bot_specs, delay)
    agents = make_bots(bot_specs, state.seed)
    names = seat_names(state, human, bot_specs)
    console = display.quiet_console()
    console.print(Text(headline(state, human, load)))
    shown_from = 0
    if load is not None:
        shown_from = max(0, state.log_length() - RECAP)
        if shown_from:
            console.print(
                Text(f"The last moves ('{command_name()} replay {load}' shows them all):")
            )
    session = PlaySession(
        state,
        human,
        agents,
        names,
        console,
        console_reader(console),
        save,
        bot_delay=pause,
        settings=settings,
        offer_path=Path(f"{state.game}-{state.seed}.json"),
        shown_from=shown_from,
    )
    if not session.run():
        raise typer.Exit(1)


def _loaded(
    path: Path,
    game: str | None,
    players: int | None,
    seed: int | None,
    option: list[str] | None,
) -> tuple[GameState, PlaySettings | None]:
    """The game saved at ``path`` and the play settings stored with it (none in a save
    written by ``simulate`` or by hand); one-line errors for flags the save fixes."""
    for flag, given in (("--players", players), ("--seed", seed), ("--option", option)):
        if given is not None:
            fail(f"{flag} cannot be given with --load: the saved game fixes it")
    loaded = read_game(path)
    if loaded.count > 1:
        fail(f"--load: {str(path)!r} holds {loaded.count} games; play continues one saved game")
    state = loaded.state
    if game is not None and game != state.game:
        fail(f"--load: {str(path)!r} is a game of {state.game}, not {game}")
    stored = loaded.extra.get(PLAY_KEY)
    if stored is None:
        return state, None
    try:
        return state, PlaySettings.from_json(stored, state.players)
    except ValueError as error:
        fail(f"--load: {str(path)!r}: {error}")


def headline(state: GameState, human: int | None, loaded: Path | None) -> str:
    """``"Konoten: 2 players, seed 7, options ...; you are P1 (seat 0)"``, with the step a
    loaded game continues from."""
    who = f"you are {state.sides[human]} (seat {human})" if human is not None else "watching bots"
    where = ""
    if loaded is not None:
        where = f"; continuing {loaded} at step {display.actions_played(state)}"
    return (
        f"{state.SPEC.title}: {state.players} players, seed {state.seed}, "
        f"{options_text(state)}{where}; {who}"
    )


def seat_names(state: GameState, human: int | None, bots: dict[int, str]) -> list[str]:
    """``"P1 (you)"`` for the person's seat, ``"P2 random"`` for a bot's."""
    sides = state.sides
    return [
        f"{sides[s]} (you)" if s == human else f"{sides[s]} {bots[s]}" for s in range(state.players)
    ]


def assign_bots(specs: list[str], seats: list[int]) -> dict[int, str]:
    """The agent spec of each bot seat: one spec for all, or one per seat in seat order."""
    specs = specs or [DEFAULT_BOT]
    if len(specs) == 1:
        return dict.fromkeys(seats, specs[0])
    if len(specs) != len(seats):
        if len(seats) == 1:
            fail(f"--bots takes one agent spec for the one bot seat, got {len(specs)}")
        fail(
            f"--bots takes one agent spec for every bot seat or one per bot seat "
            f"({len(seats)}), got {len(specs)}"
        )
    return dict(zip(seats, specs, strict=True))


def make_bots(specs: dict[int, str], seed: int) -> dict[int, Agent]:
    """An agent for each bot seat, seeded from the game seed and the seat."""
    agents: dict[int, Agent] = {}
    for seat, text in specs.items():
        try:
            agents[seat] = from_spec(text, seed=seed * 1_000 + seat + 1)
        except (TypeError, ValueError) as error:
            fail(f"--bots {text!r}: {error}")
    return agents
