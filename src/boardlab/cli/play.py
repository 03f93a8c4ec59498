"""``boardlab play``: a whole game in the terminal against bots, or bots alone to watch."""

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
from boardlab.cli.options import (
    game_spec,
    new_game,
    options_text,
    parse_options,
    parse_seat,
    split_agent_specs,
)
from boardlab.cli.session import PlaySession, console_reader

DEFAULT_BOT = "random"


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="The game to play (see 'boardlab games').")],
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
            help="Agent specs for the other seats, comma-separated, one for all or one per seat "
            "in seat order (e.g. 'random' or 'mcts:iterations=2000') \\[default: random].",
        ),
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(help="Write the whole game to this file at the end and when you quit."),
    ] = None,
    delay: Annotated[
        float, typer.Option(min=0, help="Seconds to wait after each bot move, to follow them.")
    ] = 0.0,
) -> None:
    """Play a game in the terminal: answer with an option's number or id, '?' or 'q'."""
    spec = game_spec(game)
    count = spec.min_players if players is None else players
    game_seed = secrets.randbelow(2**31) if seed is None else seed
    state = new_game(game, count, game_seed, parse_options(option))
    human = parse_seat(seat, count)
    if save is not None and not save.parent.is_dir():
        fail(f"--save: directory {str(save.parent)!r} does not exist")
    if save is not None and save.is_dir():
        fail(f"--save: {str(save)!r} is a directory; give a file name")
    bot_specs = assign_bots(split_agent_specs(bots), [s for s in range(count) if s != human])
    agents = make_bots(bot_specs, game_seed)
    sides = state.sides
    names = [
        f"{sides[s]} (you)" if s == human else f"{sides[s]} {bot_specs[s]}" for s in range(count)
    ]
    console = display.quiet_console()
    who = f"you are {sides[human]} (seat {human})" if human is not None else "watching bots"
    console.print(
        Text(f"{spec.title}: {count} players, seed {game_seed}, {options_text(state)}; {who}")
    )
    session = PlaySession(
        state, human, agents, names, console, console_reader(console), save, bot_delay=delay
    )
    if not session.run():
        raise typer.Exit(1)


def assign_bots(specs: list[str], seats: list[int]) -> dict[int, str]:
    """The agent spec of each bot seat: one spec for all, or one per seat in seat order."""
    specs = specs or [DEFAULT_BOT]
    if len(specs) == 1:
        return dict.fromkeys(seats, specs[0])
    if len(specs) != len(seats):
        fail(f"--bots takes 1 agent spec or {len(seats)} (one per bot seat), got {len(specs)}")
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
